"""The human model and the simulated clock: the figures the model claims, the
live match's rules of time, and the calibrated paces in a small slice."""

from __future__ import annotations

import random
import statistics
from dataclasses import replace

import pytest

from spit_widget import Game
from spit_widget.computer import View
from spit_widget.computer.calibration import TARGETS, measure
from spit_widget.computer.human import BEGINNER, MEDIAN_HUMAN, HumanModel, human_choice
from spit_widget.computer.pace import pace
from spit_widget.computer.timed import ComputerSeat, HumanSeat, human_vs_computer, play_timed
from spit_widget.engine import Action


def test_the_median_person_takes_about_a_second_to_play_from_a_full_row() -> None:
    # notice 0.24 + 10.5 comparisons x 40 ms + reach 0.40 (the figures in the docstring)
    assert MEDIAN_HUMAN.median_look(5, 2, found=True) == pytest.approx(1.06)
    # Being sure there is nothing checks every comparison: longer.
    assert MEDIAN_HUMAN.median_look(5, 2, found=False) == pytest.approx(1.44)
    # Fewer cards, a quicker look; a card that fits both piles costs a choice.
    assert MEDIAN_HUMAN.median_look(2, 2, found=True) < MEDIAN_HUMAN.median_look(5, 2, True)
    assert MEDIAN_HUMAN.median_look(5, 2, True, fits_both=True) == pytest.approx(1.21)
    assert HumanModel(speed=2.0).median_look(5, 2, True) == pytest.approx(2.12)


def test_drawn_looks_centre_on_the_median_with_a_slow_tail() -> None:
    view = View(race_position(), 0)  # two face-up cards (7S, 9D), two centre piles
    rng = random.Random(0)
    looks = [MEDIAN_HUMAN.delay(view, Action("play", 0, "7S", 0), rng) for _ in range(4000)]
    assert statistics.median(looks) == pytest.approx(0.24 + 0.04 * 4.5 + 0.40, rel=0.05)
    assert statistics.fmean(looks) > statistics.median(looks)  # skewed: a slow tail
    stuck = [MEDIAN_HUMAN.delay(view, Action("stuck", 0), rng) for _ in range(4000)]
    assert statistics.median(stuck) == pytest.approx(0.24 + 0.04 * 8 + 0.40, rel=0.05)
    slips = sum(MEDIAN_HUMAN.slips(rng) for _ in range(20_000))
    assert 0.025 < slips / 20_000 < 0.035


def test_a_person_plays_any_play_they_find() -> None:
    game = Game("duel", seed=11)
    choose = human_choice(random.Random(1))
    seen = {choose(View(game, 0)) for _ in range(200)}
    assert {(a.card, a.target) for a in seen if a} <= set(game.legal_plays(0))


def test_a_timed_game_is_repeatable_keeps_every_card_and_takes_simulated_time() -> None:
    one = human_vs_computer("duel", pace("duel", "normal"), seed=4)
    two = human_vs_computer("duel", pace("duel", "normal"), seed=4)
    assert one.game.history == two.game.history and one.now == two.now
    assert sorted(one.game.all_cards()) == sorted(Game("duel", seed=0).all_cards())
    # A duel of some forty cards a side at about a second a card: minutes, not instants.
    assert 10 < one.now < 600
    classic = human_vs_computer("classic", pace("classic", "take_turns"), seed=4)
    assert classic.game.winner is not None


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


@pytest.mark.parametrize("computer_mean", [0.2, 5.0])
def test_the_quicker_seat_takes_the_contested_pile_and_the_other_looks_again(
    computer_mean: float,
) -> None:
    game = race_position()
    quick = computer_mean < MEDIAN_HUMAN.median_look(1, 2, True)
    seats = (HumanSeat(replace(MEDIAN_HUMAN, slip_rate=0.0, spread=0.01), random.Random(1)),
             ComputerSeat(replace(pace("duel", "normal"), mean=computer_mean, spread=0.01)))
    landed: list[tuple[Action | None, float]] = []
    play_timed(game, seats, random.Random(2),
               on_action=lambda g, now: landed.append((g.history[-1] if g.history else None, now)))
    plays = [a for a, _ in landed if a is not None]
    assert plays[0] == (("play", 1, "5C", 0) if quick else ("play", 0, "7S", 0))
    # The slower seat's plan was spoiled: it never landed on the covered pile.
    spoiled = ("play", 0, "7S", 0) if quick else ("play", 1, "5C", 0)
    assert spoiled not in plays
    times = [t for _, t in landed]
    assert times == sorted(times)


def test_a_quicker_computer_wins_more_on_the_same_deals() -> None:
    normal = pace("duel", "normal")
    slow = measure("duel", replace(normal, mean=normal.mean * 2), 150, seed=7)
    fast = measure("duel", replace(normal, mean=normal.mean / 2), 150, seed=7)
    assert fast.win_rate > slow.win_rate + 0.3


@pytest.mark.parametrize("variant", ["duel", "classic"])
def test_the_calibrated_paces_are_in_order_and_normal_is_near_even(variant: str) -> None:
    """A small slice of `python -m spit_widget calibrate` (the full run: docs/benchmarks.md)."""
    games = 300 if variant == "duel" else 120
    rates = {t.pace: measure(variant, pace(variant, t.pace), games, human=t.human, seed=1)
             for t in TARGETS[variant] if t.win_rate is not None}
    by_speed = [rates[t.pace].win_rate for t in TARGETS[variant]
                if t.win_rate is not None and t.human is MEDIAN_HUMAN]
    assert by_speed == sorted(by_speed)
    even = "normal" if variant == "duel" else "steady"
    low, high = rates[even].interval()
    assert low < 0.5 < high
    if variant == "classic":
        assert rates["relaxed"].human is BEGINNER
