"""Two people at different distances from the kernel, in real browsers: Ann's
page reaches the Jupyter server directly, Bob's through the delaying relay
(tools/relay.py) a set round trip away. The kernel measures both, tells Ann's
page its hold (widget/holds.py), and a change then puts both people's clicks
at the kernel equally late; both tables stay in step with the kernel's game."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from statistics import median
from typing import TYPE_CHECKING, Any
from urllib.parse import urlparse

import pytest
from spit_e2e import Deadline, MakeNotebook, assert_table_matches, expect
from test_seats_human import Person

from tools.harness import Lab, execute
from tools.relay import relay

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.e2e

TRIP = 0.15
REFLEX_MS = 120
"""Both people's scripted reaction: from the card showing playable to the click."""

# Each race starts from this position, put on the table from a cell; the change,
# made from a cell too, is a card of Ann's and one of Bob's at once, each on its
# own pile; then Ann's reflex card fits only her pile's new top, Bob's only his.
# No reflex card fits before the change.
POSITION = """position(
    "duel",
    you=[["7S"], ["8C"], ["9D"], ["TC"], ["4H"]], computer=[["QD"], ["KH"], ["AS"], ["2H"], ["6C"]],
    centre=[["6H"], ["JD"]], you_spit=["3D", "9S", "4C"], computer_spit=["5S", "9C", "8D"])"""
DUEL = f'w = SpitWidget(opponent="human", names=("Ann", "Bob"), game={POSITION})'
CHANGE = 'w.play("7S", 0, seat=1); w.play("QD", 1, seat=2)'
REFLEXES = ("8C", "KH")  # Ann's, Bob's
HELD = re.compile(r"^[1-9][0-9]*$")
"""A page's data-hold while it holds: whole milliseconds, not 0."""
RACES = 5
"""Races with the hold and without, alternated: one race's lead moves by tens of
milliseconds on a loaded machine (each page's timers run late by their own
amount; with a core kept busy beside the whole suite, by hundreds: 381, 354 and
-6 ms in three held races of one run), so the medians of five are compared, and
drift in the load falls on both."""

ARM = """(root, [card, ms]) => {
  window.__shown = null;
  const mine = '.spit-stock[data-player="0"] .spit-card';
  const find = () => root.querySelector(`${mine}[data-card="${card}"]`);
  const mo = new MutationObserver(() => {
    const el = find();
    if (!el || !el.classList.contains("spit-playable")) return;
    mo.disconnect();
    window.__shown = Date.now();
    setTimeout(() => el.click(), ms);
  });
  mo.observe(root, {subtree: true, attributes: true, attributeFilter: ["class"]});
}"""


def kernel(page: Page, expression: str) -> Any:
    return json.loads(execute(page, f"print(json.dumps({expression}))"))


def both_measured(page: Page, views: list[str]) -> dict[str, Any]:
    """``w.network`` once the kernel has nine echoes of each view and their trips
    differ by the relay's (within 20%): while JupyterLab still loads in the other
    browser a busy machine answers late, and the median of nine seconds waits that out."""
    deadline = Deadline(90)
    while True:
        net: dict[str, Any] = kernel(page, "w.network")
        trips = [net["views"].get(v, {}) for v in views]
        if all(t.get("echoes", 0) >= 9 for t in trips):
            difference = trips[1]["round_trip"] - trips[0]["round_trip"]
            if abs(difference - TRIP) <= 0.2 * TRIP:
                return net
        deadline.check(f"the far view's trip is the relay's beyond the near one's: {trips}")
        page.wait_for_timeout(500)


def race(ann: Person, bob: Person) -> dict[str, float]:
    """Put the position on the table, wait until both pages show it, arm both
    reflexes and make the change from a cell; returns, on the kernel's clock, how
    long after the change each person's play arrived, and when (on the one
    machine's wall clock) each page showed it."""
    execute(ann.page, f"w.show({POSITION})")
    for person in (ann, bob):
        tops = person.view.locator(".spit-centre")
        expect(tops.nth(0)).to_have_attribute("data-top", "6H")
        expect(tops.nth(1)).to_have_attribute("data-top", "JD")
    for person, card in zip((ann, bob), REFLEXES, strict=True):
        person.view.evaluate(ARM, [card, REFLEX_MS])
    execute(ann.page, CHANGE)
    deadline = Deadline(30)
    while True:
        record = kernel(ann.page, "w.record()")
        plays = {a[2]: t for t, a in zip(record["times"], record["actions"], strict=True)}
        if all(c in plays for c in REFLEXES):
            break
        deadline.check(f"both reflex plays land: {sorted(plays)}")
        ann.page.wait_for_timeout(100)
    change = max(plays["7S"], plays["QD"])
    shown = [float(p.page.evaluate("window.__shown")) / 1000 for p in (ann, bob)]
    return {"ann": plays[REFLEXES[0]] - change, "bob": plays[REFLEXES[1]] - change,
            "shown_later": shown[0] - shown[1]}


def test_the_nearer_seat_is_held_so_both_clicks_arrive_equally_late(
    browser: Browser, lab: Lab, notebook: MakeNotebook, people: list[Person],
) -> None:
    port = urlparse(lab.base).port
    assert port
    notebook("far_seats.ipynb", [DUEL, "w"], "w=w")
    with relay(port, TRIP) as r:
        ann = Person(browser, lab, "far_seats.ipynb", 4)
        people.append(ann)
        ann.nb.run_all(views=1)
        expect(ann.view).to_have_attribute("data-seat", "0")
        bob = Person(browser, replace(lab, base=r.base), "far_seats.ipynb", 4)
        people.append(bob)
        bob.show_table(2)
        expect(bob.view).to_have_attribute("data-seat", "1")
        expect(ann.view).to_have_attribute("data-paused", "false")
        for person in (ann, bob):  # no flights: a card's flight lands on each page's own frames
            person.page.emulate_media(reduced_motion="reduce")
        seats = kernel(ann.page, "w.seats")
        views = [seats[0]["view"], seats[1]["view"]]
        net = both_measured(ann.page, views)
        near, far = (net["views"][v] for v in views)
        hold = near["hold"]
        print(f"\n[far seats] Ann {near['round_trip'] * 1000:.1f} ms, Bob (relay at "
              f"{TRIP * 1000:.0f} ms) {far['round_trip'] * 1000:.1f} ms: Ann's hold "
              f"{hold * 1000:.0f} ms")
        difference = far["round_trip"] - near["round_trip"]
        assert hold == pytest.approx(difference, abs=max(0.02, 0.15 * hold))  # holds.HOLD_STEP
        assert far["hold"] == 0
        # The page shows a hold; not always this one: it follows the trips, and on a
        # loaded machine Ann's own trip wanders (holds of 144-292 ms in one run).
        expect(ann.view).to_have_attribute("data-hold", HELD)
        expect(bob.view).to_have_attribute("data-hold", "0")

        # The same race with the hold and without it (alternated): without it the near
        # person's click lands about a round trip's difference sooner (the
        # unfairness the hold removes).
        races: dict[str, list[dict[str, float]]] = {"held": [], "bare": []}
        holds: list[float] = []  # the hold Ann's page had as each held race began
        for _ in range(RACES):
            execute(ann.page, "w.session.connection.__dict__.pop('even', None)")
            expect(ann.view).to_have_attribute("data-hold", HELD)
            holds.append(float(ann.view.get_attribute("data-hold") or 0) / 1000)
            races["held"].append(race(ann, bob))
            execute(ann.page, "w.session.connection.even = lambda _rivals: False")
            expect(ann.view).to_have_attribute("data-hold", "0")
            races["bare"].append(race(ann, bob))
        lead = {k: median(r["bob"] - r["ann"] for r in rs) for k, rs in races.items()}
        shown_later = {k: median(r["shown_later"] for r in rs) for k, rs in races.items()}
        for name, rs in races.items():
            leads = ", ".join(f"{(r['bob'] - r['ann']) * 1000:.0f}" for r in rs)
            print(f"[far seats] {name}: Ann's lead at the kernel {leads} ms (median "
                  f"{lead[name] * 1000:.0f}); Ann's page drew the change "
                  f"{shown_later[name] * 1000:+.0f} ms after Bob's (median)")
        # Ann's lead at the kernel shrinks by about her hold (both reflexes are the same).
        held = median(holds)
        print(f"[far seats] Ann's hold in the held races: "
              f"{', '.join(f'{h * 1000:.0f}' for h in holds)} ms")
        assert lead["bare"] - lead["held"] > held / 2, (holds, races)
        assert shown_later["held"] - shown_later["bare"] > held / 2, (holds, races)

        game = kernel(ann.page, "w.game.to_dict()")
        for person in (ann, bob):
            tops = person.view.locator(".spit-centre")
            expect(tops.nth(0)).to_have_attribute("data-top", "8C")
            expect(tops.nth(1)).to_have_attribute("data-top", "KH")
        assert_table_matches(ann.nb.table(), game)
        assert_table_matches(bob.nb.table(), {**game, "players": game["players"][::-1]})
