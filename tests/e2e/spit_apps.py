"""What the Voila and marimo tests play, the same in both: a short duel set up
by hand, played to its end by clicking, and the shipped example's deal.

Every check is on what a person sees: the pile tops, the message, the log, the
end dialog. The hosts differ only in how the table gets on the page (marimo
draws it in a shadow root: Playwright's CSS locators reach into it).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from spit_e2e import centre, expect, your_card

if TYPE_CHECKING:
    from collections.abc import Callable

    from playwright.sync_api import Locator, Page

SHORT_DUEL = """SpitWidget(ai="greedy", pace="fast", game=Game.position(
    "duel",
    you=[["2C"], ["8H", "7H"]],
    computer=[["9S"]],
    centre=[["6S"], ["2D"]],
    you_spit=["AS"], computer_spit=["AH"]))"""
"""2C fits nowhere; 7H then 8H go on the left pile, and only then can the
computer's one card, 9S, follow them there: it goes out and wins."""


def the_table(page: Page) -> Locator:
    """The one table on the page, once it is drawn (a fresh kernel runs the code first)."""
    view = page.locator(".spit-root")
    expect(view).to_have_count(1, timeout=60_000)
    expect(view).to_have_attribute("data-status", "playing", timeout=30_000)
    return view


def play_short_duel(view: Locator) -> None:
    """:data:`SHORT_DUEL` from the first click to Play Again, checking each step."""
    message = view.locator(".spit-message")
    log = view.locator(".spit-log")
    two, seven = your_card(view, 0), your_card(view, 1)
    expect(two).to_have_attribute("data-card", "2C")
    expect(centre(view, 0)).to_have_attribute("data-top", "6S")

    two.click()  # refused by the kernel, with the reason
    expect(message).to_have_attribute("data-kind", "refused")
    expect(message).to_contain_text("doesn't fit")
    expect(message).to_contain_text("needs 5 or 7")
    expect(two).to_have_attribute("data-card", "2C")  # back on its pile

    seven.click()  # lands: the left pile shows it, the 8H under it turns up
    expect(centre(view, 0)).to_have_attribute("data-top", "7H")
    expect(centre(view, 0)).to_have_attribute("data-count", "2")
    expect(seven).to_have_attribute("data-card", "8H")
    expect(log).to_contain_text("You play 7♥ on the left pile.")

    seven.click()  # 8H lands, and the computer's 9S can follow it
    expect(log).to_contain_text("You play 8♥ on the left pile.")
    expect(log).to_contain_text("The computer plays 9♠ on the left pile.", timeout=15_000)
    expect(centre(view, 0)).to_have_attribute("data-top", "9S")
    expect(centre(view, 0)).to_have_attribute("data-count", "4")
    expect(view.locator('.spit-stock[data-player="1"] [data-card]')).to_have_count(0)

    dialog = view.locator(".spit-dialog")
    expect(dialog).to_be_visible()
    expect(view).to_have_attribute("data-status", "game_over")
    expect(dialog.locator(".spit-dialog-title")).to_have_text("The computer wins")
    expect(dialog.locator(".spit-dialog-text")).to_have_text(
        "The computer cleared its five stock piles first.")
    expect(dialog.locator(".spit-dialog-cards")).to_have_text("Cards left: you 2, computer 1")

    dialog.locator(".spit-dialog-new").click()  # a fresh deal, the computer playing again
    expect(dialog).to_be_hidden()
    expect(view).to_have_attribute("data-status", "playing")
    assert_dealt(view)
    expect(log).not_to_contain_text("You play 7♥")  # the old game's log is gone


def assert_dealt(view: Locator) -> None:
    """A freshly dealt duel: five piles of 1 to 5 cards each side, a card on each
    centre pile, your top cards face up."""
    expect(view).to_have_attribute("data-variant", "duel")
    mine = view.locator('.spit-stock[data-player="0"]')
    expect(mine).to_have_count(5)
    expect(view.locator('.spit-stock[data-player="1"]')).to_have_count(5)
    expect(mine.locator(".spit-slotbtn[data-card]")).to_have_count(5)
    for c in (0, 1):
        expect(centre(view, c)).to_have_attribute("data-top", re.compile(r"^[2-9TJQKA][CDHS]$"))
    expect(view.locator(".spit-cards-left")).to_contain_text("Cards left: you 25,")


def assert_computer_plays(page: Page, view: Locator) -> None:
    """The computer's task runs: a card lands on a centre pile without a click
    (fast pace; with no play left it says Stuck instead, also on its own)."""
    page.wait_for_function(
        """(root) => [...root.querySelectorAll('.spit-centre')]
              .reduce((n, c) => n + Number(c.dataset.count), 0) > 2
            || !root.querySelector('.spit-side-opp .spit-stuck-chip').hidden""",
        arg=view.element_handle(), timeout=20_000)


def assert_example_plays(page: Page, url: str,
                         run: Callable[[Page], None] | None = None) -> None:
    """The shipped example at ``url``: a fresh deal at the normal pace, the
    computer playing on its own, and no "front end not built" notice
    (``run``: how a person runs its cells, where opening it does not)."""
    page.goto(url)
    if run is not None:
        run(page)
    view = the_table(page)
    assert_dealt(view)
    expect(view.locator(".spit-pace")).to_have_value("normal")
    assert_computer_plays(page, view)
    expect(page.get_by_text("not built")).to_have_count(0)
