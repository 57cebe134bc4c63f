"""Two people at different distances, evened by the nearer one's hold
(widget/holds.py): the kernel measures both, tells the nearer page how much
later to show each change, and delays nothing itself."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest
from test_seats import VIEWS, Table

from spit_widget import Game, SpitWidget
from spit_widget.widget.holds import HOLD_FROM_S, MAX_HOLD_S, Holds, hold_for
from spit_widget.widget.network import PING_S

ANN, BOB, CAT = VIEWS


@pytest.fixture
def table(make_widget: Callable[..., SpitWidget]) -> Callable[..., Table]:
    def make(**kwargs: Any) -> Table:
        return Table(make_widget(opponent="human", **kwargs))
    return make


def measure(w: SpitWidget, trips: dict[str, float], pings: int = 5) -> dict[str, Any]:
    """``pings`` pings, each view echoing after its trip; returns the last ping sent."""
    conn = w.session.connection
    rivals = w._seats.rivals()
    now = time.monotonic() - PING_S * pings
    ping: dict[str, Any] = {}
    for _ in range(pings):
        ping = dict(conn.ping(now, 0, rivals))
        for view, trip in trips.items():
            conn.trips.echo(view, ping["n"], now + trip, 1.7e9)
        conn.even(rivals)
        now += PING_S
    return dict(conn.ping(now, 0, rivals))


def seated(t: Table) -> None:
    t.sit(ANN, "Ann")
    t.sit(BOB, "Bob")


def test_the_hold_is_the_difference_of_the_trips_bounded() -> None:
    assert hold_for(0.02, 0.17) == pytest.approx(0.15)
    assert hold_for(0.17, 0.02) == 0, "the farther page is never held"
    assert hold_for(0.10, 0.10 + HOLD_FROM_S / 2) == 0, "jitter is no distance"
    assert hold_for(0.02, 2.0) == MAX_HOLD_S == 0.5


def test_the_nearer_of_two_seated_people_is_told_its_hold_with_the_ping(
    table: Callable[..., Table],
) -> None:
    t = table(seed=3)
    seated(t)
    ping = measure(t.w, {ANN: 0.02, BOB: 0.17, CAT: 0.9})
    assert ping["holds"] == {ANN: 150}
    views = t.w.network["views"]
    assert views[ANN]["hold"] == pytest.approx(0.15)
    assert views[BOB]["hold"] == 0 and views[CAT]["hold"] == 0
    # The other way round: Bob is the nearer one.
    ping = measure(t.w, {ANN: 0.4, BOB: 0.05}, pings=9)
    assert ping["holds"] == {BOB: 350}
    assert t.w.network["views"][ANN]["hold"] == 0


def test_a_watcher_a_hot_seat_and_the_computer_race_nobody(
    table: Callable[..., Table], make_widget: Callable[..., SpitWidget],
) -> None:
    t = table(seed=3)
    t.sit(ANN, "Ann")
    t.sit(BOB, "Bob")
    t.sit(CAT)  # watches, and is far
    assert measure(t.w, {ANN: 0.05, BOB: 0.05, CAT: 0.45}).get("holds") is None
    hot = table(seed=3, hot_seat=True)
    hot.sit(ANN)
    hot.sit(BOB)  # watches: the hot seat's page holds both seats
    assert measure(hot.w, {ANN: 0.02, BOB: 0.3}).get("holds") is None
    computer = make_widget(seed=3)
    assert measure(computer, {"v-1": 0.02, "v-2": 0.3}).get("holds") is None
    assert all(v["hold"] == 0 for v in computer.network["views"].values())


def test_a_seat_given_up_ends_the_hold(table: Callable[..., Table]) -> None:
    t = table(seed=3)
    seated(t)
    assert measure(t.w, {ANN: 0.02, BOB: 0.22})["holds"] == {ANN: 200}
    t.msg(BOB, kind="stand")
    assert "holds" not in measure(t.w, {ANN: 0.02, BOB: 0.22})
    assert t.w.network["views"][ANN]["hold"] == 0


def test_a_jittery_echo_does_not_move_the_hold() -> None:
    holds = Holds()
    assert holds.follow({"a": 0.02, "b": 0.17}) == {"a": pytest.approx(0.15)}
    assert holds.follow({"a": 0.03, "b": 0.19}) == {"a": pytest.approx(0.15)}, "a 10 ms wobble"
    assert holds.follow({"a": 0.02, "b": 0.30}) == {"a": pytest.approx(0.28)}, "a real move"
    assert holds.follow({"a": 0.02}) == {}, "one page measured: nobody to even with"


def test_the_hold_follows_a_move_beyond_its_step() -> None:
    # As the far-seats browser test once saw: Ann's trip grew from 5 to 87 ms,
    # Bob's stayed 270 ms; a hold kept at 265 ms would now put Ann 85 ms behind.
    holds = Holds()
    assert holds.follow({"a": 0.005, "b": 0.27}) == {"a": pytest.approx(0.265)}
    assert holds.follow({"a": 0.087, "b": 0.27}) == {"a": pytest.approx(0.183)}
    assert holds.follow({"a": 0.05, "b": 0.11}) == {"a": pytest.approx(0.06)}, "a small hold"


def test_the_engine_delays_nothing_and_a_state_update_is_not_a_byte_longer(
    table: Callable[..., Table],
) -> None:
    game = Game.position("duel", you=[["9D"], ["3S"]], computer=[["7H"], ["QC"]],
                         centre=[["8C"], ["2D"]], you_spit=["4C"], computer_spit=["5H"])
    near, far = table(game=game), table(game=game)
    for t in (near, far):
        seated(t)
    measure(near.w, {ANN: 0.02, BOB: 0.3})
    assert near.w.network["views"][ANN]["hold"] > 0
    measure(far.w, {ANN: 0.1, BOB: 0.1})
    assert far.w.network["views"][ANN]["hold"] == 0
    size = [len(json.dumps(t.w.session.state(), sort_keys=True)) for t in (near, far)]
    assert size[0] == size[1], "the hold travels with the ping, not the state"
    # Bob's 7♥ covers 8♣; Ann's page (held) still showed 8♣ when she clicked 9♦:
    # her click is taken the moment it arrives and refused as a lost race.
    near.msg(BOB, kind="play", card="7H", centre=0, id=1)
    state = near.msg(ANN, kind="play", card="9D", centre=0, id=2, seen=["8C", "2D"])
    assert state["message"]["text"] == ("Bob got there first: 7♥ now covers 8♣ on the left "
                                        "pile, so 9♦ no longer fits (it needs 6 or 8).")
    # A click on a pile that did not change lands at once, held page or not.
    near.msg(ANN, kind="play", card="3S", centre=1, id=3, seen=["8C", "2D"])
    assert near.w.game.history[-1][:3] == ("play", 0, "3S")
