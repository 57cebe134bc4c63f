"""Two people at one table in real browsers: one JupyterLab server, the same
notebook open in several browser contexts (each its own person: own storage,
own tab), each taking a seat; a spectator; a closed tab; hot seat."""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING, Any

import pytest
from spit_e2e import (
    Deadline,
    MakeNotebook,
    Notebook,
    assert_table_matches,
    close_page,
    expect,
    new_page,
    take_turn,
    your_card,
)

from tools.harness import Lab

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

pytestmark = pytest.mark.e2e

# Seat 1 (Ann) and seat 2 (Bob) each hold a 7 that fits the 6 on the left
# pile: the race. A short game after it (a few cards each, spit piles to
# spit when both are stuck).
DUEL = """w = SpitWidget(opponent="human", grace=8, game=position(
    "duel",
    you=[["7H"], ["2C", "8C"], ["QH"]], computer=[["7D"], ["3S", "8S"], ["TC"]],
    centre=[["6S"], ["KD"]], you_spit=["2D", "9H", "4C"], computer_spit=["4H", "9S", "5C"]))"""


class Person:
    """One browser context with the notebook open: a person at their own screen."""

    def __init__(self, browser: Browser, lab: Lab, name: str, cells: int) -> None:
        self.context = browser.new_context(viewport={"width": 1300, "height": 950})
        self.page, self.errors = new_page(self.context)
        self.nb = Notebook(self.page, lab, name, cells).open()
        self.closed = False

    @property
    def view(self) -> Locator:
        return self.nb.view(0)

    def show_table(self, cell: int) -> None:
        """Run the cell that displays ``w`` (the widget already lives in the kernel)."""
        self.page.locator(".jp-Notebook .jp-Cell").nth(cell).locator(".jp-InputPrompt").click()
        self.page.keyboard.press("Control+Enter")
        expect(self.page.locator(".spit-root")).to_have_count(1, timeout=60_000)

    def rename(self, name: str) -> None:
        box = self.view.locator(".spit-name-input:visible")
        box.fill(name)
        box.press("Enter")

    def close(self, name: str, failed: bool) -> None:
        if not self.closed:
            self.closed = True
            try:
                close_page(self.page, self.errors, name, failed)
            finally:
                self.context.close()


def seat_table(people: list[Person], browser: Browser, lab: Lab, notebook: MakeNotebook,
               name: str, setup: str, count: int) -> None:
    """``count`` people open the notebook; the first runs it all, the others
    show the table; each waits for its seat (or to watch)."""
    notebook(name, [setup, "w"], "w=w")
    for i in range(count):
        person = Person(browser, lab, name, 4)
        people.append(person)
        if i == 0:
            person.nb.run_all(views=1)
        else:
            person.show_table(2)
        want = "0" if i == 0 else "1" if i == 1 else "watching"
        expect(person.view).to_have_attribute("data-seat", want)


def piles(table: dict[str, Any], flip: bool) -> list[Any]:
    """What is on the table (not what this view may do), seat 1's side first."""
    stock = [[(s["top"], s["count"]) for s in side] for side in table["stock"]]
    stock = stock[::-1] if flip else stock
    spit = table["spit"][::-1] if flip else table["spit"]
    return [stock, spit, table["centre"], table["status"]]


def click_at_once(pages: list[Page], cards: list[Locator]) -> list[bool]:
    """Click in every page at the same wall-clock instant (a timer in each page);
    returns whether each card was still playable in its page when clicked."""
    at = time.time() * 1000 + 400
    handles = [c.element_handle() for c in cards]
    for page, handle in zip(pages, handles, strict=True):
        page.evaluate("""([el, at]) => { window.__raced = null; setTimeout(() => {
            window.__raced = el.classList.contains('spit-playable'); el.click(); },
            at - Date.now()); }""", [handle, at])
    for page in pages:
        page.wait_for_function("() => window.__raced !== null")
    return [bool(page.evaluate("window.__raced")) for page in pages]


def turn(person: Person) -> str:
    """One move of this person's, when they have one (never waiting on the other)."""
    table = person.nb.table()
    if table["status"] != "playing" or table["paused"]:
        return "none"
    if any(s["playable"] or s["selected"] for s in table["stock"][0]) or table["canStuck"]:
        return take_turn(person.nb)
    return "none"


def test_two_people_play_a_whole_duel_with_a_race_and_a_spectator(
        browser: Browser, lab: Lab, notebook: MakeNotebook, people: list[Person]) -> None:
    seat_table(people, browser, lab, notebook, "human_duel.ipynb", DUEL, 3)
    ann, bob, cat = people
    ann.rename("Ann")
    bob.rename("Bob")
    for person, me, them in ((ann, "Ann", "Bob"), (bob, "Bob", "Ann"), (cat, "Ann", "Bob")):
        names = person.view.locator(".spit-name")
        expect(names.nth(0)).to_have_text(them)  # the top side first in the DOM
        expect(names.nth(1)).to_have_text(me)
    expect(ann.view).to_have_attribute("data-paused", "false")
    expect(cat.view.locator(".spit-watchers")).to_have_text("1 watching")

    # Each view draws its own seat at the bottom: Bob's bottom row is Ann's top row.
    a, b, c = ann.nb.table(), bob.nb.table(), cat.nb.table()
    assert piles(a, False) == piles(b, True) and piles(a, False) == piles(c, False)
    assert [s["top"] for s in b["stock"][0]][:3] == ["7D", "8S", "TC"]

    # The spectator sees the same table and cannot act: told why, in its own view only.
    your_card(cat.view, 0).click()
    # A minute: the third JupyterLab in one browser, beside the whole suite, once took
    # longer than 15 s to show the kernel's answer (no other sentence came meanwhile).
    expect(cat.view.locator(".spit-message")).to_contain_text("You are watching", timeout=60_000)
    expect(ann.view.locator(".spit-message")).not_to_contain_text("watching")
    assert cat.nb.table()["centre"] == a["centre"]

    # The race: both 7s fit the 6; both click at the same instant.
    raced = click_at_once([ann.page, bob.page], [your_card(ann.view, 0), your_card(bob.view, 0)])
    assert raced == [True, True], "a click came after the other card had landed: no race"
    for person in people:
        expect(person.view.locator('.spit-centre[data-centre="0"]')).to_have_attribute(
            "data-top", re.compile("^7[HD]$"))
    top = ann.view.locator('.spit-centre[data-centre="0"]').get_attribute("data-top")
    winner, loser = (ann, bob) if top == "7H" else (bob, ann)
    expect(loser.view.locator(".spit-message")).to_have_attribute("data-kind", "refused")
    # The loser's card was right for the pile it saw: told who got there first.
    first = "Ann" if winner is ann else "Bob"
    expect(loser.view.locator(".spit-message")).to_contain_text(f"{first} got there first: 7")
    expect(winner.view.locator(".spit-message")).not_to_contain_text("got there first")
    expect(your_card(loser.view, 0)).to_have_attribute("data-card", "7D" if top == "7H" else "7H")
    kernel = ann.nb.probe()["w"]["game"]
    assert [pile[-1] for pile in kernel["centre"]] == [top, "KD"]

    # Then the rest of the duel, by clicks in both views, to its end.
    deadline = Deadline(150)
    done = {0: 0, 1: 0}
    while ann.view.get_attribute("data-status") != "game_over":
        deadline.check(f"the game is still on after {done}")
        for i, person in enumerate((ann, bob)):
            # A card that landed, or a Stuck pressed (the spits come from both): each
            # is a person's click the game went on by. Counting landed plays alone
            # came to 2 in a loaded run where Ann won by clearing her piles.
            if turn(person) in ("landed", "stuck"):
                done[i] += 1
    assert done[0] + done[1] >= 3, done
    kernel = ann.nb.probe()["w"]
    outcome = kernel["game"]["outcome"]
    winner_name = ["Ann", "Bob"][outcome["winner"]]
    for person in people:
        dialog = person.view.locator(".spit-dialog")
        expect(dialog.locator(".spit-dialog-title")).to_have_text(f"{winner_name} wins!")
    left = outcome["cards_left"]
    expect(bob.view.locator(".spit-dialog-cards")).to_have_text(
        f"Cards left: Bob {left[1]}, Ann {left[0]}")
    assert_table_matches(ann.nb.table(), kernel["game"])


def test_a_closed_tab_frees_its_seat_for_the_spectator(
        browser: Browser, lab: Lab, notebook: MakeNotebook, people: list[Person]) -> None:
    seat_table(people, browser, lab, notebook, "human_seat_freed.ipynb", DUEL, 3)
    ann, bob, cat = people
    bob.rename("Bob")
    expect(ann.view.locator(".spit-name").nth(0)).to_have_text("Bob")
    expect(cat.view.locator(".spit-btn-take:visible")).to_have_count(0)
    bob.close("bob", failed=False)  # the tab goes: no message, the heartbeat stops
    expect(ann.view).to_have_attribute("data-paused", "true", timeout=15_000)
    expect(ann.view.locator(".spit-status")).to_contain_text("Bob", timeout=15_000)  # away
    take = cat.view.locator('.spit-btn-take[data-seat="1"]')
    expect(take).to_be_visible(timeout=20_000)  # after the grace period
    expect(ann.view.locator(".spit-message")).to_have_text("Bob went away: seat 2 is free.")
    # Then a click is refused while the seat is empty. (Clicked before the seat was
    # freed, the refusal could come back after the notice under load, and replace it.)
    your_card(ann.view, 0).click()
    expect(ann.view.locator(".spit-message")).to_have_attribute("data-kind", "refused")
    expect(ann.view.locator(".spit-message")).to_contain_text("take seat 2")
    take.click()
    expect(cat.view).to_have_attribute("data-seat", "1")
    expect(ann.view).to_have_attribute("data-paused", "false")
    your_card(cat.view, 0).click()  # Cat plays Bob's 7 now
    expect(ann.view.locator('.spit-centre[data-centre="0"]')).to_have_attribute("data-top", "7D")

    # The page loaded again in the same tab keeps its seat at once (the view id is
    # kept for the tab), without waiting out the grace period.
    ann.nb.open()
    ann.show_table(2)
    expect(ann.view).to_have_attribute("data-seat", "0")
    expect(cat.view).to_have_attribute("data-seat", "1")


CLASSIC = """w = SpitWidget("classic", opponent="human", names=("Ann", "Bob"), game=position(
    "classic",
    you=[["5H"]], computer=[["3D"]],
    centre=[["9S"], ["JD"]], you_spit=["2H", "6C"], computer_spit=["8C", "QH"]))"""


def test_classic_spit_by_both_and_the_slap_by_whoever_went_out(
        browser: Browser, lab: Lab, notebook: MakeNotebook, people: list[Person]) -> None:
    seat_table(people, browser, lab, notebook, "human_classic.ipynb", CLASSIC, 2)
    ann, bob = people
    for person in people:  # nobody can play: Spit! lights up for both
        expect(person.view.locator(".spit-btn-spit")).to_be_enabled()
    ann.view.locator(".spit-btn-spit").click()
    expect(bob.view.locator(".spit-status")).to_have_text("Ann is ready to spit: waiting for Bob")
    expect(ann.view.locator(".spit-btn-spit")).to_be_disabled()
    left = [p.view.locator('.spit-centre[data-centre="0"]') for p in people]
    expect(left[0]).to_have_attribute("data-top", "9S")  # no spit on one press
    bob.view.locator(".spit-btn-spit").click()
    for pile in left:
        expect(pile).to_have_attribute("data-top", "6C")
    your_card(ann.view, 0).click()  # 5♥ on the 6♣: Ann goes out
    expect(bob.view.locator(".spit-status")).to_have_text(
        "Ann went out: Ann slaps the smaller centre pile.")
    bob.view.locator('.spit-centre[data-centre="1"]').click()
    expect(bob.view.locator(".spit-message")).to_have_text("Only Ann, who went out, may slap.")
    ann.view.locator('.spit-centre[data-centre="1"]').click()  # the smaller pile (2 cards)
    for person in people:  # the slap ends the round (and, with so few cards, the game)
        expect(person.view).not_to_have_attribute("data-status", "round_over")
    game = ann.nb.probe()["w"]["game"]
    assert game["round"] == 2
    held = [sum(len(p) for p in pl["stock"]) + len(pl["spit"]) for pl in game["players"]]
    centre = sum(len(c) for c in game["centre"])
    assert held[0] + held[1] + centre == 8  # every card of the position still on the table
    expect(ann.view.locator(".spit-log")).to_contain_text("Ann slaps the right pile (2 cards)")


HOT_SEAT = """w = SpitWidget(opponent="human", hot_seat=True, names=("Ann", "Bob"), game=position(
    "duel",
    you=[["7H"], ["2C", "8C"]], computer=[["7D"], ["QS", "8S"]],
    centre=[["6S"], ["8D"]], you_spit=["KC"], computer_spit=["3H"]))"""


def test_hot_seat_two_players_one_keyboard(
        browser: Browser, lab: Lab, notebook: MakeNotebook, people: list[Person]) -> None:
    notebook("human_hot_seat.ipynb", [HOT_SEAT, "w"], "w=w")
    person = Person(browser, lab, "human_hot_seat.ipynb", 4)
    people.append(person)
    person.nb.run_all(views=1)
    view, page = person.view, person.page
    expect(view).to_have_attribute("data-seat", "both")
    expect(view.locator(".spit-legend")).to_contain_text("6\u20130")
    top_cards = view.locator('.spit-stock[data-player="1"] .spit-slotcard')
    left, right = (view.locator(f'.spit-centre[data-centre="{c}"]') for c in (0, 1))
    expect(top_cards.nth(0)).to_have_class(re.compile("spit-fits-both"))  # 7♦: 6♠ and 8♦
    expect(top_cards.nth(0)).to_have_attribute("aria-label", re.compile("^Bob's pile 1"))
    view.focus()

    page.keyboard.press("1")  # bottom: 7♥ fits both piles: picked up ...
    expect(your_card(view, 0)).to_have_class(re.compile("spit-selected"))
    page.keyboard.press("w")  # ... and put on the right pile
    expect(right).to_have_attribute("data-top", "7H")
    page.keyboard.press("7")  # top pile 2: 8♠ on the 7♥
    expect(right).to_have_attribute("data-top", "8S")
    page.keyboard.press("6")  # top pile 1: 7♦ fits both: picked up ...
    expect(top_cards.nth(0)).to_have_class(re.compile("spit-selected"))
    page.keyboard.press("ArrowLeft")  # ... and put on the left pile
    expect(left).to_have_attribute("data-top", "7D")
    page.keyboard.press("2")  # bottom pile 2: 8♣ on the 7♦
    expect(left).to_have_attribute("data-top", "8C")
    page.keyboard.press("6")  # top pile 1 is empty now: nothing to play, nothing sent
    page.keyboard.press("Space")  # bottom: stuck (2♣ fits neither 8)
    expect(view.locator(".spit-status")).to_have_text("Ann is stuck: waiting for Bob")
    page.keyboard.press("Enter")  # top: stuck too: both spit
    expect(left).to_have_attribute("data-top", "KC")
    expect(right).to_have_attribute("data-top", "3H")
    page.keyboard.press("7")  # top: Q♠ on the K♣, and Bob's stock is empty
    expect(view.locator(".spit-dialog-title")).to_have_text("Bob wins!")
    kernel = person.nb.probe()["w"]["game"]
    assert kernel["outcome"]["winner"] == 1
    assert_table_matches(person.nb.table(), kernel)
