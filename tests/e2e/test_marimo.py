"""The table as a marimo app (``marimo run``, ``mo.ui.anywidget``): the shipped
example deals and the computer plays on marimo's loop, and a short duel is
played by clicking to its end dialog and Play Again; and the example plays in
the notebook editor (``marimo edit``) once its cells are run.

marimo draws an anywidget in a shadow root; Playwright's CSS locators reach
into it. The server is hermetic like the JupyterLab harness
(tools.apps).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from spit_apps import SHORT_DUEL, assert_example_plays, play_short_duel, the_table
from spit_e2e import expect

from tools.apps import AppServer

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e

APP = '''import marimo

app = marimo.App()


@app.cell
def _():
    import marimo as mo

    from spit_widget import Game, SpitWidget

    table = mo.ui.anywidget({widget})
    table
    return


if __name__ == "__main__":
    app.run()
'''

APPS = {"short_duel.py": APP.format(widget=SHORT_DUEL)}
"""The apps the server is started with (marimo lists its folder once)."""


def test_example_app_deals_and_the_computer_plays(app_page: Page,
                                                  marimo_server: AppServer) -> None:
    assert_example_plays(app_page, marimo_server.url("play_marimo.py"))


def test_short_duel_to_its_end_and_play_again(app_page: Page, marimo_server: AppServer) -> None:
    app_page.goto(marimo_server.url("short_duel.py"))
    play_short_duel(the_table(app_page))


def run_all_cells(page: Page) -> None:
    """What a person does in ``marimo edit``, where a notebook opens with its
    cells not yet run: press the run button in the corner (run all stale cells),
    and again if the table has not come (a press before the kernel is
    connected is lost, and the page shows no sign of which it was)."""
    run = page.get_by_test_id("run-button").last
    for _ in range(12):
        run.click()
        try:
            expect(page.locator(".spit-root")).to_have_count(1, timeout=5_000)
            return
        except AssertionError:
            continue
    raise AssertionError("the editor's run button never drew the table")


def test_example_plays_in_the_notebook_editor(app_page: Page, marimo_editor: AppServer) -> None:
    assert_example_plays(app_page, marimo_editor.url("play_marimo.py"), run=run_all_cells)
