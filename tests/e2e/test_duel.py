"""The duel in a real browser: a whole game by clicking, refusals, pause, pace, keys."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from spit_e2e import (
    FITS_BOTH_OR_NEITHER,
    MakeNotebook,
    Notebook,
    assert_table_matches,
    cards_left,
    centre,
    expect,
    has_class,
    observe_stillness,
    play_to_the_end,
    your_card,
)

from tools.harness import Lab

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e


def test_whole_duel_against_the_fast_computer(page: Page, lab: Lab,
                                              notebook: MakeNotebook) -> None:
    notebook("duel_game.ipynb", ['w = SpitWidget(seed=20261130, pace="fast")\nw'], "w=w")
    nb = Notebook(page, lab, "duel_game.ipynb", 3).open()
    nb.run_all(views=1)
    view = nb.view()
    expect(view.locator(".spit-pace")).to_have_value("fast")

    done = play_to_the_end(nb)
    assert done["landed"] >= 5, done

    kernel = nb.probe()["w"]
    game = kernel["game"]
    assert game["status"] == "game_over"
    outcome = game["outcome"]
    you, computer = outcome["cards_left"]
    assert (you, computer) == cards_left(game)
    dialog = view.locator(".spit-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator(".spit-dialog-cards")).to_have_text(
        f"Cards left: you {you}, computer {computer}")
    title = {0: "You win!", 1: "The computer wins", None: "A draw"}[outcome["winner"]]
    expect(dialog.locator(".spit-dialog-title")).to_have_text(title)
    expect(dialog.locator(".spit-dialog-text")).to_have_text(outcome["text"])
    expect(view.locator(".spit-cards-left")).to_have_text(
        f"Cards left: you {you}, computer {computer}")
    assert_table_matches(nb.table(), game)
    assert kernel["stats"]["games"] >= 1
    print(f"\n[duel] {dict(done)}; {outcome['termination']}, cards left {you}/{computer}")


def test_refused_click_and_early_stuck_say_why(page: Page, lab: Lab,
                                               notebook: MakeNotebook) -> None:
    notebook("refusals.ipynb", [FITS_BOTH_OR_NEITHER], "w=w")
    nb = Notebook(page, lab, "refusals.ipynb", 3).open()
    nb.run_all(views=1)
    view = nb.view()
    message = view.locator(".spit-message")
    start = nb.probe()["w"]["game"]

    # 2C fits neither pile: the kernel refuses it and the page says why.
    two = your_card(view, 1)
    expect(two).not_to_have_class(has_class("spit-playable"))
    two.click()
    expect(message).to_have_attribute("data-kind", "refused")
    expect(message).to_contain_text("doesn't fit")
    expect(message).to_contain_text("needs 5 or 7")
    expect(two).to_have_attribute("data-card", "2C")
    expect(two).not_to_have_class(has_class("spit-in-flight"))  # back on its pile

    # Stuck while 7H fits: refused, naming the card.
    view.locator(".spit-btn-stuck").click()
    expect(message).to_contain_text("You're not stuck: 7♥ goes on")
    expect(view.locator(".spit-side-you .spit-stuck-chip")).to_be_hidden()

    kernel = nb.probe()["w"]["game"]
    assert kernel == start, "a refusal must leave the game as it was"
    assert kernel["stuck"] == [False, False]
    assert_table_matches(nb.table(), kernel)

    # 7H fits both piles (6 and 8): picked up first, then played where you click.
    seven = your_card(view, 0)
    expect(seven).to_have_class(has_class("spit-fits-both"))
    seven.click()
    expect(seven).to_have_class(has_class("spit-selected"))
    expect(view.locator(".spit-prompt")).to_contain_text("fits both piles")
    expect(view.locator(".spit-centre.spit-fits")).to_have_count(2)
    centre(view, 1).click()
    expect(centre(view, 1)).to_have_attribute("data-top", "7H")
    expect(centre(view, 1)).to_have_attribute("data-count", "2")
    expect(centre(view, 0)).to_have_attribute("data-top", "6S")
    expect(seven).to_have_attribute("data-card", "3D")  # the card under it turned up
    game = nb.probe()["w"]["game"]
    assert game["centre"] == [["6S"], ["8D", "7H"]]
    assert_table_matches(nb.table(), game)


RUN_FOR_THE_COMPUTER = """# The computer holds a run (2S, 3S, ... KH): it always has a card to play.
w = SpitWidget(ai="greedy", pace="fast", game=position(
    "duel",
    you=[["2D", "9C"], ["KC"], ["4D", "JC"]],
    computer=[list(reversed(DECK[1:26]))],
    centre=[["AS"], ["7D"]],
    you_spit=["5C"], computer_spit=["6C"]))
w"""

CENTRE_TOTAL_JS = """([root, n]) => [...root.querySelectorAll('.spit-centre')]
    .reduce((sum, c) => sum + Number(c.dataset.count), 0) >= n"""


def test_pause_stops_the_computer_and_resume_restarts_it(page: Page, lab: Lab,
                                                          notebook: MakeNotebook) -> None:
    notebook("pause.ipynb", [RUN_FOR_THE_COMPUTER], "w=w")
    nb = Notebook(page, lab, "pause.ipynb", 3).open()
    nb.run_all(views=1)
    view = nb.view()
    root = view.element_handle()
    page.wait_for_function(CENTRE_TOTAL_JS, arg=[root, 4])  # the computer is playing

    pause = view.locator(".spit-btn-pause")
    pause.click()
    expect(view).to_have_attribute("data-paused", "true")
    expect(pause).to_have_text("Resume")
    expect(view.locator(".spit-status")).to_have_text("Paused")
    changes = observe_stillness(page, view, 3.0)
    assert changes == [], f"cards moved while paused: {changes}"
    kernel = nb.probe()["w"]
    assert kernel["paused"] is True
    assert_table_matches(nb.table(), kernel["game"])
    total = sum(c["count"] for c in nb.table()["centre"])

    pace = view.locator(".spit-pace")
    pace.select_option("slow")
    expect(pace).to_have_value("slow")
    assert nb.probe()["w"]["pace"] == "slow"
    pace.select_option("fast")
    expect(pace).to_have_value("fast")

    pause.click()
    expect(view).to_have_attribute("data-paused", "false")
    expect(pause).to_have_text("Pause")
    page.wait_for_function(CENTRE_TOTAL_JS, arg=[root, total + 2], timeout=15_000)
    kernel = nb.probe()["w"]
    assert kernel["paused"] is False
    assert kernel["pace"] == "fast"


KEYS = """w = SpitWidget(ai=None, game=position(
    "duel",
    you=[["5D"], ["2C"], ["3D", "8C"], ["7H"]],
    computer=[["KC"], ["4S"]],
    centre=[["6S"], ["8D"]],
    you_spit=["AS"], computer_spit=["AH"]))
w"""


def test_keys_one_to_five_play_your_piles(page: Page, lab: Lab,
                                          notebook: MakeNotebook) -> None:
    notebook("keys.ipynb", [KEYS], "w=w")
    nb = Notebook(page, lab, "keys.ipynb", 3).open()
    nb.run_all(views=1)
    view = nb.view()
    keyboard = page.keyboard
    view.focus()

    # 4: the seven of hearts fits both piles, so it is picked up; Right, Enter.
    keyboard.press("4")
    expect(your_card(view, 3)).to_have_class(has_class("spit-selected"))
    keyboard.press("ArrowRight")
    expect(centre(view, 1)).to_have_class(has_class("spit-chosen"))
    keyboard.press("Enter")
    expect(centre(view, 1)).to_have_attribute("data-top", "7H")

    keyboard.press("1")  # 5D on the six of spades
    expect(centre(view, 0)).to_have_attribute("data-top", "5D")
    keyboard.press("3")  # 8C on the seven of hearts; 3D turns up
    expect(centre(view, 1)).to_have_attribute("data-top", "8C")
    expect(your_card(view, 2)).to_have_attribute("data-card", "3D")
    keyboard.press("2")  # 2C fits nowhere: refused with the reason
    expect(view.locator(".spit-message")).to_contain_text("doesn't fit")

    # The digits went to the game, not to JupyterLab (1-5 there make headings).
    expect(page.locator(".jp-Notebook .jp-MarkdownCell")).to_have_count(0)
    game = nb.probe()["w"]["game"]
    assert game["centre"] == [["6S", "5D"], ["8D", "7H", "8C"]]
    assert_table_matches(nb.table(), game)
