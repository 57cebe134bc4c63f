"""The shipped play notebook, as a new user meets it: Run All, and a dealt table."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest
from spit_e2e import expect

from tools.harness import Lab, open_notebook, run_all, wait_kernel_idle

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e


def test_play_notebook_deals_a_game(page: Page, lab: Lab) -> None:
    cells = len(json.loads((lab.root / "play.ipynb").read_text())["cells"])
    open_notebook(page, lab, "play.ipynb", cells)
    run_all(page)
    view = page.locator(".spit-root")
    expect(view).to_have_count(1, timeout=60_000)
    wait_kernel_idle(page)
    expect(view).to_have_attribute("data-variant", "duel")
    expect(view).to_have_attribute("data-status", "playing")
    expect(view.locator(".spit-stock")).to_have_count(10)
    expect(view.locator(".spit-centre")).to_have_count(2)
    expect(view.locator(".spit-pace")).to_have_value("normal")
    for c in (0, 1):  # the opening spit put a card on each centre pile
        expect(view.locator(f'.spit-centre[data-centre="{c}"]')).not_to_have_attribute(
            "data-top", "")
    # Your five piles show their top cards, face up, in piles of 1 to 5.
    mine = view.locator('.spit-stock[data-player="0"]')
    assert [mine.nth(s).get_attribute("data-count") for s in range(5)] == list("12345")
    expect(view.locator('.spit-stock[data-player="0"] .spit-slotbtn[data-card]')).to_have_count(5)
    expect(page.locator(".jp-OutputArea-output", has_text="not built")).to_have_count(0)
