"""The table across a network: each page's echo times its round trip, the
computer is compensated for the person's, the pace menu says so, and a page
that stops answering pauses the game until it is back."""

from __future__ import annotations

import time
from typing import Any

import pytest
from page import Page, send

from spit_widget.computer.pace import LOCAL_ROUND_TRIP
from spit_widget.widget.network import GONE_AFTER_S, PING_S, QUIET_S
from spit_widget.widget.pauses import Pause


class Clock:
    """The table's presence clock, driven by hand; ``tick()`` is the once-a-second
    ping (its number returned), ``echo`` a page's answer to one."""

    def __init__(self, w: Any, now: float = 100.0) -> None:
        self.w = w
        self.now = now
        seats = w._seats
        getattr(seats, "inner", seats).clock = lambda: self.now
        self.pings: list[int] = []
        w.session.send = lambda msg: self.pings.append(msg["n"]) if msg["kind"] == "ping" else None

    def tick(self, seconds: float = PING_S, *, late: bool = False) -> int:
        self.now += seconds
        self.w.session.tick(late)
        return self.pings[-1] if self.pings else 0

    def echo(self, view: str, n: int, after: float = 0.0) -> None:
        self.now += after
        send(self.w, {"kind": "echo", "n": n, "view": view})


def echo_after(w: Any, view: str, trip: float, now: float) -> float:
    """A ping sent at ``now`` echoed by ``view`` ``trip`` seconds later; returns then."""
    n = w.session.connection.trips.ping(now)
    w.session.connection.trips.echo(view, n, now + trip, 1.7e9)
    lag = w.session.connection.follow(now + trip, computer=True)
    w.match.lag = lag.lag
    return now + trip


def measured(w: Any, trips: list[float], view: str = "view-one") -> None:
    now = time.monotonic() - PING_S * len(trips)  # the table judges "lately" on its clock
    for trip in trips:
        echo_after(w, view, trip, now)
        now += PING_S


def test_the_round_trip_is_the_lower_quartile_of_recent_echoes(make_widget: Any) -> None:
    w = make_widget(seed=0)
    assert w.network["round_trip"] is None and w.network["compensation"] == 0
    measured(w, [0.18, 0.19, 0.17, 0.9, 0.18, 0.2, 0.18])  # one slow echo: not the trip
    assert w.network["round_trip"] == pytest.approx(0.18)
    # A busy machine answers late, never early: the trip is the network's floor
    # (the lower quartile), not the median a loaded page drags up.
    measured(w, [0.15, 0.27, 0.31, 0.15, 0.29, 0.16, 0.3, 0.28, 0.26], view="view-busy")
    assert w.network["views"]["view-busy"]["round_trip"] == pytest.approx(0.155)
    net = w.network
    assert net["round_trip"] == pytest.approx(0.18)
    assert 0 < net["spread"] < 0.05
    assert net["measured_at"] == 1.7e9 and net["echoes"] == 7
    assert list(net["views"]) == ["view-one", "view-busy"]


def test_the_computer_waits_out_the_trip_beyond_a_local_pages(make_widget: Any) -> None:
    w = make_widget(seed=0)
    measured(w, [0.25] * 5)
    assert w.match.lag == pytest.approx(0.25 - LOCAL_ROUND_TRIP)
    assert w.network["compensation"] == pytest.approx(0.25 - LOCAL_ROUND_TRIP)
    # A new game keeps the person's trip.
    send(w, {"kind": "new_game"})
    assert w.match.lag == pytest.approx(0.25 - LOCAL_ROUND_TRIP)


def test_the_pace_note_says_when_it_adjusts_and_a_local_page_gets_no_note(
    make_widget: Any,
) -> None:
    w = make_widget(seed=0)
    measured(w, [0.01] * 5)
    assert w.match.lag == 0 and "pace_note" not in w.session.state()
    far = make_widget(seed=0)
    measured(far, [0.18] * 5)
    far.publish()
    assert far.state["pace_note"] == "adjusted for your 180 ms connection"


def test_an_echo_redraws_nothing_unless_the_note_changes(make_widget: Any) -> None:
    w = make_widget(seed=0)
    page = Page(w)
    for _ in range(5):
        send(w, {"kind": "echo", "n": w.session.connection.trips.ping(0.0), "view": "v-1"})
    updates = [m for m in page.received if m.get("method") == "update"]
    assert updates == [], "an echo from a page beside the kernel must cost it no frame"


@pytest.mark.parametrize("content", [
    {"kind": "echo", "n": "3", "view": "v-1"}, {"kind": "echo", "n": 3},
    {"kind": "echo", "n": 3, "view": "x" * 65},
])
def test_a_malformed_echo_is_refused_with_a_sentence(make_widget: Any, content: Any) -> None:
    w = make_widget(seed=0)
    state = send(w, content)
    assert state["message"]["kind"] == "refused"
    assert "echo should name its ping and its view" in state["message"]["text"]


def test_an_echo_of_a_ping_never_sent_or_from_an_outage_is_no_trip(make_widget: Any) -> None:
    w = make_widget(seed=0)
    trips = w.session.connection.trips
    trips.echo("v", 99, 5.0, 1.0)  # never sent
    n = trips.ping(0.0)
    trips.echo("v", n, 30.0, 1.0)  # the backlog of a long outage
    assert w.network["round_trip"] is None


def test_a_page_that_stops_answering_pauses_the_game_until_it_is_back(make_widget: Any) -> None:
    w = make_widget(seed=0)
    clock = Clock(w)
    clock.echo("v", clock.tick(), after=0.1)
    start = clock.now
    while clock.now < start + GONE_AFTER_S + 2 * PING_S:  # pings go out, no echo comes
        clock.tick()
    assert w.paused and Pause.SEATS in w.session.pauses
    assert "stopped answering" in w.state["message"]["text"]
    # A click that was on its way is not lost: it arrives, the page is back first.
    play = w.game.legal_plays(0)[0]
    state = send(w, {"kind": "play", "card": play[0], "centre": play[1], "id": 7, "view": "v"})
    assert not w.paused
    assert w.game.history[-1][:3] == ("play", 0, play[0])
    assert GONE_AFTER_S < w.network["outages"][0]["seconds"] < 12
    assert w.network["outages"][0]["actions"] == 0, "nothing played while the page was gone"
    assert state["paused"] is False


def test_the_computer_waits_for_a_quiet_page_before_the_game_pauses_for_it(
        make_widget: Any) -> None:
    w = make_widget(seed=0)
    clock = Clock(w)
    clock.echo("v", clock.tick(), after=0.1)
    conn = w.session.connection
    assert not w.match.page_quiet()
    first = clock.tick()  # unanswered from here
    assert first
    assert not conn.quiet(clock.now + QUIET_S - 0.1), "a slow answer is not a cut"
    assert conn.quiet(clock.now + QUIET_S + 0.1)
    assert not w.paused, "the game pauses, and says so, only later"
    assert w.step(), "the computer played before it could notice"
    since = clock.now
    while not w.paused:
        clock.tick()
    assert clock.now - since > GONE_AFTER_S
    clock.echo("v", clock.tick(), after=0.1)
    assert w.network["outages"][0]["unseen"] == 1
    assert not conn.quiet(clock.now + 0.1)


def test_the_page_coming_back_says_so_and_a_players_pause_stays(make_widget: Any) -> None:
    w = make_widget(seed=0)
    clock = Clock(w)
    clock.echo("v", clock.tick(), after=0.1)
    w.pause()
    for _ in range(7):
        clock.tick()
    assert w.session.connection.lost_since is not None and Pause.SEATS in w.session.pauses
    clock.echo("v", clock.tick())
    assert Pause.SEATS not in w.session.pauses and w.paused, "the player's pause is theirs"
    assert "connection dropped" in w.state["message"]["text"]
    assert "still paused" in w.state["message"]["text"]


def test_a_table_no_page_has_answered_and_a_held_up_loop_never_pause(make_widget: Any) -> None:
    w = make_widget(seed=0)
    clock = Clock(w)
    for _ in range(20):
        clock.tick()
    assert not w.paused, "a table nobody has drawn is not a dropped connection"
    clock.echo("v", clock.tick(), after=0.1)
    for _ in range(19):
        clock.tick(late=True)  # a long cell held the loop
    assert not w.paused


def test_no_pings_when_no_game_is_on_at_a_computers_table(make_widget: Any) -> None:
    """An idle table costs nothing: the pings stop with the game."""
    from spit_widget import Game

    w = make_widget(game=Game.position("duel", you=[["7H"]], computer=[["KC"]],
                                       centre=[["6S"], ["JD"]], you_spit=[], computer_spit=[]))
    clock = Clock(w)
    clock.tick()
    assert len(clock.pings) == 1, "a game on: pinged"
    w.play("7H", 0)  # your last card: the game is over
    assert w.game.status == "game_over"
    clock.pings.clear()
    clock.tick()
    assert clock.pings == []


def test_a_page_heard_only_by_a_message_naming_no_view_is_missed_when_it_goes(
        make_widget: Any) -> None:
    """The course bar's messages name no view: a level opened from the map before
    any ping was echoed still pauses when its page goes silent."""
    w = make_widget(seed=0)
    clock = Clock(w)
    send(w, {"kind": "pause"})  # a message from the page, naming no view
    send(w, {"kind": "resume"})
    for _ in range(7):  # pings go out; nothing answers
        clock.tick()
    assert Pause.SEATS in w.session.pauses and "stopped answering" in w.state["message"]["text"]
