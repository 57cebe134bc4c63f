"""What a newcomer met while playing (issue 24, items 2, 3, 4 and 6), in a real
browser: the keyboard still works after a mouse click on Stuck, a refusal
outlives the computer's next play, a play that lost the race for a pile says
so, and at a two-person table a click on the other's cards is answered, a
spectator reads names, and a seat notice goes away."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from spit_e2e import MakeNotebook, Notebook, expect, has_class, your_card
from test_seats_human import Person, seat_table

from tools.harness import Lab, execute

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.e2e

SCROLLED_JS = "() => document.querySelector('.jp-WindowedPanel-outer, .jp-Notebook').scrollTop"


def test_after_a_mouse_click_on_stuck_the_keys_still_work(page: Page, lab: Lab,
                                                          notebook: MakeNotebook) -> None:
    # You are stuck (2♣ and 3♣ fit neither 6♠ nor K♦); the computer is not, and waits: a
    # play of its would clear your Stuck before the test could see it (CI met that race).
    cell = """w = SpitWidget(ai=lambda view: None, pace="slow", game=position(
    "duel", you=[["2C"], ["3C"]], computer=[["9D", "7H"], ["QC"]],
    centre=[["6S"], ["KD"]], you_spit=["4C"], computer_spit=["5H"]))
w"""
    notebook("focus.ipynb", [cell], "w=w")
    nb = Notebook(page, lab, "focus.ipynb", 3).open()
    nb.run_all(views=1)
    view = nb.view()
    stuck = view.locator(".spit-btn-stuck")
    expect(stuck).to_be_enabled()
    stuck.click()  # the mouse: the button takes the focus, then disables itself
    expect(view.locator(".spit-stuck-chip").nth(1)).to_be_visible()  # yours, drawn second
    expect(stuck).to_be_disabled()
    inside = view.evaluate("(root) => root.contains(document.activeElement)")
    assert inside, "the focus left the table after the click"
    scrolled = page.evaluate(SCROLLED_JS)
    page.keyboard.press("Space")  # Stuck again: nothing to do, and no scrolling
    assert page.evaluate(SCROLLED_JS) == scrolled, "Space scrolled the notebook"
    page.keyboard.press("p")
    expect(view).to_have_attribute("data-paused", "true")
    page.keyboard.press("p")
    expect(view).to_have_attribute("data-paused", "false")


def test_a_refusal_outlives_the_computers_next_play(page: Page, lab: Lab,
                                                    notebook: MakeNotebook) -> None:
    # 2♣ fits nothing; the computer holds a run up the left pile (7♥ 8♥ ...).
    cell = """w = SpitWidget(ai="greedy", pace="fast", game=position(
    "duel", you=[["2C"], ["3D"]], computer=[["QH", "JH", "TH", "9H", "8H", "7H"], ["4S"]],
    centre=[["6S"], ["KD"]], you_spit=["4C", "AD"], computer_spit=["5H", "AC"]))
w"""
    notebook("refusal.ipynb", [cell], "w=w")
    nb = Notebook(page, lab, "refusal.ipynb", 3).open()
    nb.run_all(views=1)
    view = nb.view()
    message = view.locator(".spit-message")
    left = view.locator('.spit-centre[data-centre="0"]')
    your_card(view, 0).click()
    expect(message).to_contain_text("2♣ doesn't fit on")
    text = message.text_content()
    top = left.get_attribute("data-top")
    # The computer plays on (the kernel drops its refusal then): the page keeps it.
    expect(left).not_to_have_attribute("data-top", top or "", timeout=20_000)
    expect(message).to_be_visible()
    expect(message).to_have_text(text or "")
    expect(message).to_have_attribute("data-stale", "true")
    assert nb.probe()["w"]["message"] is None, "the kernel still says it: no test of the page"
    # The computer runs up to Q♥ and is stuck, so nothing moves until the player acts.
    expect(view.locator(".spit-side-opp .spit-stuck-chip")).to_be_visible(timeout=30_000)
    expect(left).to_have_attribute("data-top", "QH")
    # The player's own next action replaces it (3♦: refused in turn, for its own reason).
    your_card(view, 1).click()
    expect(message).to_contain_text("3♦ doesn't fit on")
    expect(message).to_have_attribute("data-stale", "false")


def test_a_play_that_lost_the_race_says_the_computer_got_there_first(
        page: Page, lab: Lab, notebook: MakeNotebook) -> None:
    cell = """w = SpitWidget(ai=None, game=position(
    "duel", you=[["9D"], ["KS"]], computer=[["7H"], ["QC"]],
    centre=[["8C"], ["2D"]], you_spit=["4C"], computer_spit=["5H"]))
w"""
    notebook("race.ipynb", [cell], "w=w")
    nb = Notebook(page, lab, "race.ipynb", 3).open()
    nb.run_all(views=1)
    view = nb.view()
    expect(your_card(view, 0)).to_have_class(has_class("spit-playable"))
    # The computer covers 8♣ in the kernel and the page has not heard yet: the
    # race, made certain (the engine moves without publishing; the page's
    # snapshot still shows 8♣).
    execute(page, "w.game.play(1, '7H', 0)")
    expect(view.locator('.spit-centre[data-centre="0"]')).to_have_attribute("data-top", "8C")
    your_card(view, 0).click()
    expect(view.locator(".spit-message")).to_have_text(
        "The computer got there first: 7♥ now covers 8♣ on the left pile, so 9♦ no longer "
        "fits (it needs 6 or 8).")
    expect(view.locator('.spit-centre[data-centre="0"]')).to_have_attribute("data-top", "7H")
    expect(your_card(view, 0)).to_have_attribute("data-card", "9D")  # back home


TWO = """w = SpitWidget(opponent="human", names=("Ann", "Bob"), game=position(
    "duel", you=[["7H"], ["2C", "8C"], ["QH"]], computer=[["7D"], ["3S", "8S"], ["TC"]],
    centre=[["6S"], ["KD"]], you_spit=["2D", "9H", "4C"], computer_spit=["4H", "9S", "5C"]))"""


def test_two_people_the_others_cards_a_spectator_and_a_passing_notice(
        browser: Browser, lab: Lab, notebook: MakeNotebook, people: list[Person]) -> None:
    seat_table(people, browser, lab, notebook, "newcomer_two.ipynb", TWO, 3)
    ann, bob, cat = people
    # Bob sat down a moment ago: said, then gone while the game runs.
    notice = ann.view.locator(".spit-message")
    expect(notice).to_be_hidden(timeout=10_000)
    # Ann clicks one of Bob's cards: it is Bob's, and she is told so.
    theirs = ann.view.locator('.spit-stock[data-player="1"][data-slot="0"] .spit-slotcard')
    theirs.click()
    expect(ann.view.locator(".spit-message")).to_have_text("7♦ is Bob's card.")
    expect(ann.view.locator('.spit-centre[data-centre="0"]')).to_have_attribute("data-top", "6S")
    # The spectator reads both players' names, and no call to play.
    expect(cat.view.locator('.spit-spitpile[data-player="0"] .spit-spitlabel')).to_have_text(
        "Ann's spit")
    expect(cat.view).not_to_contain_text("Your spit")
    expect(cat.view.locator(".spit-status")).to_have_text("Watching Ann and Bob play")
    expect(bob.view.locator(".spit-status")).to_have_text("Play!")
