"""Every click counts once across a link that drops, in a real browser: Chromium
reaches the Jupyter server through the delaying relay (tools/relay.py), which
cuts the kernel's websocket with a click still inside it, or with the kernel's
answer to a click inside it. Each time the click is applied exactly once, the
page says within three seconds that the link is down, and after the
reconnection the page and the kernel are in step (js/outbox.js, js/link.js,
widget/delivery.py)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from spit_e2e import (
    Deadline,
    MakeNotebook,
    Notebook,
    assert_table_matches,
    expect,
    far_lab,
    kernel,
)
from test_seats_human import Person

from spit_widget.widget.network import GONE_AFTER_S
from tools.harness import Lab
from tools.relay import Relay

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

pytestmark = pytest.mark.e2e

TRIP = 0.4
"""Half of it, 0.2 s, is how long a click stays inside the relay: the cut falls in it."""
OUTAGE_S = 4.0
"""Longer than the page's silence before it says the link is down (2 s), shorter
than the kernel's before the game pauses (5 s): the click lands on a game still on."""
NOTICE_S = 3.0

# 7S fits the 6H, 8S then fits the 7S; nobody in seat 2 (no computer), so
# nothing but the person's clicks changes the table.
TABLE = """w = SpitWidget(opponent=None, game=position(
    "duel", you=[["7S"], ["8S"], ["KD"]], computer=[["QC"], ["2H"]],
    centre=[["6H"], ["JD"]], you_spit=["3D", "9H"], computer_spit=["4S", "9S"]))
w"""


@pytest.fixture
def far(lab: Lab) -> Iterator[tuple[Relay, Lab]]:
    """The lab as a page ``TRIP`` seconds away sees it."""
    with far_lab(lab, TRIP) as pair:
        yield pair


def open_table(page: Page, lab: Lab, notebook: MakeNotebook, name: str) -> tuple[Notebook, Locator]:
    notebook(name, [TABLE], "w=w")
    nb = Notebook(page, lab, name, 3).open()
    nb.run_all(views=1)
    view = nb.view()
    deadline = Deadline(30)
    while kernel(page, "w.network")["echoes"] < 2:  # the page answers pings: the link is up
        deadline.check("the kernel hears the page's echoes")
        page.wait_for_timeout(200)
    return nb, view


def through_the_outage(page: Page, relay_: Relay, view: Locator) -> dict[str, float]:
    """Wait out the cut: when the page said the link was down, when JupyterLab
    reconnected, when the page said it was back. Seconds after the cut."""
    cut = relay_.cuts[-1]
    expect(view).to_have_attribute("data-link", "down", timeout=10_000)
    down = time.monotonic() - cut
    expect(view.locator(".spit-link")).to_contain_text("Nothing you do is lost")
    deadline = Deadline(60)
    while len(relay_.reconnected) < len(relay_.cuts):
        deadline.check("JupyterLab reconnects its kernel")
        page.wait_for_timeout(50)
    expect(view).to_have_attribute("data-link", "up", timeout=15_000)
    back = time.monotonic() - cut
    return {"notice": down, "reconnected": relay_.reconnected[-1] - cut, "up": back}


def plays_of(page: Page, card: str) -> int:
    history = kernel(page, "[list(a) for a in w.game.history]")
    return sum(1 for a in history if a[0] == "play" and a[2] == card)


def in_step(nb: Notebook, page: Page, view: Locator, card: str, centre: int) -> float:
    """Seconds until the page shows ``card`` on ``centre``, as the kernel does."""
    start = time.monotonic()
    expect(view.locator(f".spit-centre[data-centre='{centre}']")).to_have_attribute(
        "data-top", card, timeout=15_000)
    took = time.monotonic() - start
    assert_table_matches(nb.table(), kernel(page, "w.game.to_dict()"))
    return took


def test_a_click_lost_in_a_dropped_link_lands_once_when_it_is_back(
    page: Page, far: tuple[Relay, Lab], notebook: MakeNotebook,
) -> None:
    relay_, lab = far
    nb, view = open_table(page, lab, notebook, "link_click.ipynb")
    relay_.hold_requests(3.0)  # what the page sends now waits inside the relay
    view.locator('.spit-card[data-card="7S"]').click()
    relay_.cut(outage=OUTAGE_S)  # the click's bytes are still inside: lost with the link
    relay_.hold_requests(0.0)
    times = through_the_outage(page, relay_, view)
    resync = in_step(nb, page, view, "7S", 0)
    assert plays_of(page, "7S") == 1, "the click was lost, or played twice"
    repeats = kernel(page, "w.session.ledger.repeats")
    # Sent again, and no repeat answered: the first sending never reached the kernel.
    assert int(view.get_attribute("data-resent") or 0) >= 1 and repeats == 0
    print(f"\n[link] a click cut inside a {TRIP * 1000:.0f} ms link: the page said the link "
          f"was down {times['notice']:.2f} s after the cut, JupyterLab reconnected at "
          f"{times['reconnected']:.1f} s, the page was up at {times['up']:.1f} s and in "
          f"step {resync:.2f} s later; played once ({repeats} repeats answered)")
    assert times["notice"] <= NOTICE_S, times
    view.locator('.spit-card[data-card="8S"]').click()  # and the table plays on
    in_step(nb, page, view, "8S", 0)


def test_a_click_whose_answer_is_lost_is_answered_again_not_played_twice(
    page: Page, far: tuple[Relay, Lab], notebook: MakeNotebook,
) -> None:
    relay_, lab = far
    nb, view = open_table(page, lab, notebook, "link_answer.ipynb")
    relay_.cut_on_reply(b'"ack"', outage=OUTAGE_S)  # the kernel's answer to the click
    view.locator('.spit-card[data-card="7S"]').click()
    deadline = Deadline(20)
    while not relay_.dropped:
        deadline.check("the kernel answers the click (and the relay drops the answer)")
        page.wait_for_timeout(20)
    times = through_the_outage(page, relay_, view)
    resync = in_step(nb, page, view, "7S", 0)
    assert plays_of(page, "7S") == 1, "the click was played twice"
    repeats = kernel(page, "w.session.ledger.repeats")
    print(f"\n[link] a click whose answer was cut: the page said the link was down "
          f"{times['notice']:.2f} s after the cut, reconnected at {times['reconnected']:.1f} s, "
          f"up at {times['up']:.1f} s, in step {resync:.2f} s later; {repeats} repeat(s) "
          f"answered, not applied")
    assert repeats >= 1, "the page never sent the click again"
    assert times["notice"] <= NOTICE_S, times
    log = view.locator(".spit-log")
    assert log.inner_text().count("7♠") == 1, "the move log shows the play once"


PEOPLE = """w = SpitWidget(opponent="human", names=("Ann", "Bob"), game=position(
    "duel", you=[["7S"], ["8C"], ["9D"]], computer=[["QD"], ["KH"], ["AS"]],
    centre=[["6H"], ["JD"]], you_spit=["3D", "9S", "4C"], computer_spit=["5S", "9C", "8D"]))"""


def test_two_people_one_cut_off_stay_in_step_and_the_cut_ones_click_lands_once(
    browser: Browser, lab: Lab, notebook: MakeNotebook, people: list[Person],
) -> None:
    """Ann reaches the server directly, Bob through the relay. Bob's link drops
    for longer than the kernel waits before his seat is away (the game pauses);
    Bob clicks meanwhile (his click waits on his page) and Ann plays on before
    the pause. When Bob is back his seat is his again before his click is
    handled: it lands once, and both tables are the kernel's."""
    notebook("link_people.ipynb", [PEOPLE, "w"], "w=w")
    with far_lab(lab, 0.15) as (r, far):
        ann = Person(browser, lab, "link_people.ipynb", 4)
        people.append(ann)
        ann.nb.run_all(views=1)
        expect(ann.view).to_have_attribute("data-seat", "0")
        bob = Person(browser, far, "link_people.ipynb", 4)
        people.append(bob)
        bob.show_table(2)
        expect(bob.view).to_have_attribute("data-seat", "1")
        expect(ann.view).to_have_attribute("data-paused", "false")
        for person in (ann, bob):
            person.page.emulate_media(reduced_motion="reduce")
        deadline = Deadline(30)
        views = [s["view"] for s in kernel(ann.page, "w.seats")]
        while True:
            measured = kernel(ann.page, "w.network")["views"]
            if all(measured.get(v, {}).get("echoes", 0) >= 2 for v in views):
                break
            deadline.check(f"the kernel hears both pages' echoes: {measured}")
            ann.page.wait_for_timeout(200)
        r.cut(outage=GONE_AFTER_S + 1)
        expect(bob.view).to_have_attribute("data-link", "down", timeout=NOTICE_S * 1000)
        noticed = time.monotonic() - r.cuts[-1]
        bob.view.locator('.spit-card[data-card="QD"]').click()  # waits on Bob's page
        expect(bob.view.locator('.spit-card[data-card="QD"]')).to_have_class(
            re.compile(r"\bspit-queued\b"))
        ann.view.locator('.spit-card[data-card="7S"]').click()  # Ann plays on meanwhile
        expect(ann.view.locator(".spit-centre").nth(0)).to_have_attribute("data-top", "7S")
        expect(bob.view).to_have_attribute("data-link", "up", timeout=30_000)
        for person in (ann, bob):
            tops = person.view.locator(".spit-centre")
            expect(tops.nth(0)).to_have_attribute("data-top", "7S", timeout=10_000)
            expect(tops.nth(1)).to_have_attribute("data-top", "QD", timeout=10_000)
        state = kernel(ann.page, "{'game': w.game.to_dict(), 'seats': w.seats, "
                                 "'history': [list(a) for a in w.game.history]}")
        print(f"\n[link] two people, Bob cut for {GONE_AFTER_S + 1:.0f} s: his page said so "
              f"{noticed:.2f} s after the cut; after it, his click landed once and both "
              f"tables are the kernel's")
        assert noticed <= NOTICE_S
        assert sum(1 for a in state["history"] if a[2] == "QD") == 1
        assert [s["status"] for s in state["seats"]] == ["taken", "taken"]
        game = state["game"]
        assert_table_matches(ann.nb.table(), game)
        assert_table_matches(bob.nb.table(), {**game, "players": game["players"][::-1]})
