"""Classic Spit in a real browser: moving into an empty pile, Spit! and End Round,
and a round that ends with the slap. One notebook holds three tables, each set up
with ``Game.from_dict`` and no computer (``ai=None``) so every rule is one or two
clicks away and the outcome is fixed."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from spit_e2e import (
    Notebook,
    assert_table_matches,
    centre,
    close_page,
    expect,
    has_class,
    make_notebook,
    new_page,
    your_card,
)

from tools.harness import Lab

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext

pytestmark = pytest.mark.e2e

MOVE = """move = SpitWidget(ai=None, game=position(
    "classic",
    you=[[], ["3C", "9H"], ["2D"], ["8C", "8D"], ["KH"]],
    computer=[["9C"], ["2S"], ["KC"], ["8H"], ["3H"]],
    centre=[["5S"], ["JD"]],
    you_spit=["AD", "AC"], computer_spit=["AH", "AS"]))
move"""

SPIT = """# Nobody can play, one spit card each; after the spit still nobody can play.
named = ["2C", "9H", "KH", "3D", "7C", "QS", "5S", "JD"]
left = others(named, n=14)
right = others(named, left, n=13)
spit = SpitWidget(ai=None, game=position(
    "classic",
    you=[["2C"], ["9H"]], computer=[["3D"], ["7C"]],
    centre=[left + ["5S"], right + ["JD"]],
    you_spit=["KH"], computer_spit=["QS"]))
spit"""

SLAP = """# Your last stock card goes on the left pile, and the round is over.
named = ["7H", "6S", "JD", "9D", "8C"]
you_spit = others(named, n=10)
small = others(named, you_spit, n=7)
big = others(named, you_spit, small, n=9)
computer_spit = others(named, you_spit, small, big, n=10)
slap = SpitWidget(ai=None, game=position(
    "classic",
    you=[["7H"]], computer=[["9D"], ["8C"]],
    centre=[small + ["6S"], big + ["JD"]],
    you_spit=you_spit, computer_spit=computer_spit))
slap"""

MOVE_VIEW, SPIT_VIEW, SLAP_VIEW = 0, 1, 2


@pytest.fixture(scope="module")
def nb(context: BrowserContext, lab: Lab) -> Iterator[Notebook]:
    make_notebook(lab.root, "classic.ipynb", [MOVE, SPIT, SLAP],
                  "move=move, spit=spit, slap=slap")
    page, errors = new_page(context)
    notebook = Notebook(page, lab, "classic.ipynb", 5).open()
    notebook.run_all(views=3)
    yield notebook
    try:
        close_page(page, errors, "classic", failed=False)
    finally:
        lab.shutdown_kernels()


def cards_in_play(table: dict[str, object]) -> int:
    """Cards left of both players plus the centre piles, as the page shows them."""
    text = str(table["cardsLeft"])
    found = re.fullmatch(r"Cards left: you (\d+), computer (\d+)", text)
    assert found, text
    centre_cards = sum(c["count"] for c in table["centre"])  # type: ignore[attr-defined]
    return int(found[1]) + int(found[2]) + centre_cards


def test_move_into_an_empty_pile(nb: Notebook) -> None:
    view = nb.view(MOVE_VIEW)
    nine = your_card(view, 1)
    empty = your_card(view, 0)
    expect(view).to_have_attribute("data-variant", "classic")
    expect(nine).to_have_class(has_class("spit-movable"))
    expect(nine).not_to_have_class(has_class("spit-playable"))
    expect(empty).to_have_class(has_class("spit-move-target"))

    nine.click()  # fits no centre pile, can move: picked up
    expect(nine).to_have_class(has_class("spit-selected"))
    expect(view.locator(".spit-prompt")).to_contain_text("click an empty pile")
    empty.click()
    expect(empty).to_have_attribute("data-card", "9H")
    expect(nine).to_have_attribute("data-card", "3C")  # the card under it turned up
    expect(view.locator('.spit-stock[data-player="0"][data-slot="1"]')).to_have_attribute(
        "data-count", "1")
    game = nb.probe()["move"]["game"]
    assert game["players"][0]["stock"][:2] == [["9H"], ["3C"]]
    assert_table_matches(nb.table(MOVE_VIEW), game)


def test_spit_then_end_round(nb: Notebook) -> None:
    view = nb.view(SPIT_VIEW)
    button = view.locator(".spit-btn-spit")
    expect(view.locator(".spit-status")).to_have_text("Both stuck")
    expect(button).to_have_text("Spit!")
    expect(button).to_be_enabled()
    expect(view.locator(".spit-btn-stuck")).to_be_hidden()  # no Stuck in classic
    before = cards_in_play(nb.table(SPIT_VIEW))

    button.click()
    expect(centre(view, 0)).to_have_attribute("data-top", "KH")
    expect(centre(view, 1)).to_have_attribute("data-top", "QS")
    expect(centre(view, 0)).to_have_attribute("data-count", "16")
    expect(view.locator('.spit-spitpile[data-player="0"]')).to_have_attribute("data-count", "0")
    expect(button).to_have_text("End Round")  # still stuck, and no spit cards left
    expect(button).to_be_enabled()
    game = nb.probe()["spit"]["game"]
    assert [pile[-1] for pile in game["centre"]] == ["KH", "QS"]
    assert_table_matches(nb.table(SPIT_VIEW), game)

    button.click()  # each takes the pile on their side, and round 2 is dealt
    expect(view.locator(".spit-variant")).to_have_text("Classic · round 2")
    game = nb.probe()["spit"]["game"]
    assert game["round"] == 2 and game["status"] == "playing"
    table = nb.table(SPIT_VIEW)
    assert_table_matches(table, game)
    assert cards_in_play(table) == before  # no card lost or made
    held = [sum(map(len, p["stock"])) + len(p["spit"]) for p in game["players"]]
    assert table["cardsLeft"] == f"Cards left: you {held[0]}, computer {held[1]}"


def test_round_ends_with_the_slap(nb: Notebook) -> None:
    view = nb.view(SLAP_VIEW)
    before = cards_in_play(nb.table(SLAP_VIEW))
    your_card(view, 0).click()  # 7H on the six: your stock is empty
    expect(view).to_have_attribute("data-status", "round_over")
    expect(view.locator(".spit-status")).to_have_text(
        "You went out: slap the smaller centre pile!")
    expect(centre(view, 0)).to_have_attribute("data-count", "9")
    expect(centre(view, 0)).to_have_class(has_class("spit-slappable"))
    expect(centre(view, 1)).not_to_have_class(has_class("spit-slappable"))

    centre(view, 1).click()  # the bigger pile: refused, saying why
    message = view.locator(".spit-message")
    expect(message).to_have_attribute("data-kind", "refused")
    expect(message).to_contain_text("bigger pile (10 cards)")
    expect(view).to_have_attribute("data-status", "round_over")

    centre(view, 0).click()
    expect(view.locator(".spit-variant")).to_have_text("Classic · round 2")
    expect(view).to_have_attribute("data-status", "playing")
    game = nb.probe()["slap"]["game"]
    assert game["round"] == 2
    held = [sum(map(len, p["stock"])) + len(p["spit"]) for p in game["players"]]
    centre_cards = sum(map(len, game["centre"]))
    assert held[0] + held[1] + centre_cards == before
    # You kept your 10 spit cards and took the 9-card pile (less the opening spit).
    assert held[0] + (1 if game["spitter"][0] == 0 else 0) == 19
    table = nb.table(SLAP_VIEW)
    assert_table_matches(table, game)
    assert table["cardsLeft"] == f"Cards left: you {held[0]}, computer {held[1]}"
