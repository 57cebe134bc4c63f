"""The table as a Voila app: the shipped notebook deals and the computer plays,
and a short duel is played by clicking to its end dialog and Play Again.

Voila runs each page's notebook in a new kernel and shows only the outputs;
the server is hermetic like the JupyterLab harness (tools.apps).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from spit_apps import SHORT_DUEL, assert_example_plays, play_short_duel, the_table

from tools.apps import AppServer
from tools.harness import write_notebook

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e


def test_play_notebook_deals_and_the_computer_plays(app_page: Page,
                                                    voila_server: AppServer) -> None:
    assert_example_plays(app_page, voila_server.url("play.ipynb"))


def test_short_duel_to_its_end_and_play_again(app_page: Page, voila_server: AppServer) -> None:
    write_notebook(voila_server.root / "short_duel.ipynb",
                   [f"from spit_widget import Game, SpitWidget\n\n{SHORT_DUEL}"])
    app_page.goto(voila_server.url("short_duel.ipynb"))
    play_short_duel(the_table(app_page))
