"""A person across a network on the simulated clock: they see each change half
a trip late and their click lands half a trip later; the computer, compensated,
waits the trip out too, so a pace means the same win rate wherever they sit."""

from __future__ import annotations

import random
import statistics
from dataclasses import replace

import pytest

from spit_widget import Game
from spit_widget.computer import View
from spit_widget.computer.calibration import measure
from spit_widget.computer.human import MEDIAN_HUMAN
from spit_widget.computer.matchme import ReactionMeter
from spit_widget.computer.pace import LOCAL_ROUND_TRIP, compensation, pace
from spit_widget.computer.timed import ComputerSeat, HumanSeat, human_vs_computer, play_timed
from spit_widget.engine import Action

STEADY = replace(MEDIAN_HUMAN, slip_rate=0.0, spread=0.001)


def race_position() -> Game:
    """Your 7S and the computer's 5C both fit only the 6H."""
    return Game.from_dict({
        "variant": "duel",
        "players": [
            {"stock": [["7S"], ["2C", "9D"], [], [], []], "spit": ["3S"]},
            {"stock": [["5C"], ["KH"], [], [], []], "spit": ["4S"]},
        ],
        "centre": [["6H"], ["JD"]],
    })


def first_landing(trip: float, computer_mean: float) -> tuple[Action, float]:
    seats = (HumanSeat(STEADY, random.Random(1), trip),
             ComputerSeat(replace(pace("duel", "normal"), mean=computer_mean, spread=0.001)))
    landed: list[tuple[Action, float]] = []
    play_timed(race_position(), seats, random.Random(2),
               on_action=lambda g, now: landed.append((g.history[-1], now)) if g.history else None)
    return landed[0]


def test_a_remote_persons_click_lands_a_whole_trip_later() -> None:
    local_action, local_time = first_landing(0.0, 20.0)
    remote_action, remote_time = first_landing(0.4, 20.0)
    assert local_action == remote_action == ("play", 0, "7S", 0)
    assert remote_time == pytest.approx(local_time + 0.4, abs=0.01)


def test_a_click_sent_before_the_change_showed_is_refused_and_the_person_looks_again() -> None:
    """The computer covers the 6H while the person's click is on its way (sent
    before the change could reach their screen): the click lands on the covered
    pile and is refused, and their next card comes a whole look after they saw
    the change."""
    trip = 1.0
    look = STEADY.median_look(2, 2, True)  # 7S and 9D against the two piles
    clicked_at = trip / 2 + look  # the deal reaches the screen half a trip late
    scan = 0.6 + 0.4 * 4 / 7  # the computer's look scales with the four cards it scans
    mean = (clicked_at - trip / 4) / scan  # it covers the 6H a quarter trip before the click
    seats = (HumanSeat(STEADY, random.Random(1), trip),
             ComputerSeat(replace(pace("duel", "normal"), mean=mean, spread=0.001)))
    landed: list[tuple[Action, float]] = []
    run = play_timed(race_position(), seats, random.Random(2),
                     on_action=lambda g, now: landed.append((g.history[-1], now))
                     if g.history else None)
    computer, covered_at = landed[0]
    assert computer[:3] == ("play", 1, "5C") and covered_at < clicked_at < covered_at + trip / 2
    assert run.refused[0] == (pytest.approx(clicked_at + trip / 2, abs=0.01), ("play", 0, "7S", 0))
    assert ("play", 0, "7S", 0) not in [a for a, _ in landed]
    mine = [t for a, t in landed if a[1] == 0]
    assert mine[0] > covered_at + trip + 0.3  # seen half a trip late, a look, half a trip


def test_compensation_is_the_trip_beyond_a_local_page() -> None:
    assert compensation(0.0) == 0.0
    assert compensation(LOCAL_ROUND_TRIP) == 0.0
    assert compensation(0.18) == pytest.approx(0.18 - LOCAL_ROUND_TRIP)


def test_the_compensated_computer_waits_the_trip_on_every_reaction() -> None:
    plain = ComputerSeat(pace("duel", "normal"))
    lagged = ComputerSeat(pace("duel", "normal"), lag=0.25)
    view = View(race_position(), 1)
    action = Action("play", 1, "5C", 0)
    for fresh in (True, False):
        a = plain.delay(view, action, fresh, random.Random(3))
        b = lagged.delay(view, action, fresh, random.Random(3))
        assert b == pytest.approx(a + 0.25)


def test_paces_hold_over_a_network_only_when_compensated() -> None:
    """The same 300 deals at Normal: a quarter-second trip, uncompensated, hands
    the computer many more games; compensated, the rate is the local one."""
    normal = pace("duel", "normal")
    local = measure("duel", normal, 300, seed=5).win_rate
    held = measure("duel", normal, 300, seed=5, trip=0.25).win_rate
    unfair = measure("duel", normal, 300, seed=5, trip=0.25, compensate=False).win_rate
    assert abs(held - local) < 0.05
    assert unfair > local + 0.08


def test_match_me_times_the_person_on_the_pages_clock_so_the_trip_is_not_counted() -> None:
    """Timed on the kernel's clock a remote person looks a whole trip slower;
    on the page's clock (the meter takes the trip off) they are as quick as at home."""
    def median(trip: float, meter_trip: float) -> float:
        samples: list[float] = []
        for s in range(40):
            meter = ReactionMeter(trip=meter_trip)
            human_vs_computer("duel", pace("duel", "normal"), s, on_action=meter.update,
                              trip=trip)
            samples.extend(meter.samples)
        return statistics.median(samples)

    home = median(0.0, 0.0)
    assert median(0.3, 0.0) > home + 0.2  # the trip counted: slower than they are
    assert median(0.3, 0.3) == pytest.approx(home, abs=0.06)
