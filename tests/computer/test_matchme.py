"""Match me: the player's reactions measured, the computer's speed set from
them; simulated people of different speeds each end up near an even game."""

from __future__ import annotations

import pytest

from spit_widget import Game
from spit_widget.computer.calibration import match_me_session
from spit_widget.computer.human import MEDIAN_HUMAN, HumanModel
from spit_widget.computer.matchme import GAME_STEP, LONGEST_SAMPLE, MatchMe, ReactionMeter
from spit_widget.computer.pace import EVEN_MEAN, HUMAN_PLAYABLE_TO_CLICK


def race_position() -> Game:
    """Your 7S fits the 6H; the computer's KH fits the QD."""
    return Game.from_dict({
        "variant": "duel",
        "players": [
            {"stock": [["7S"], ["2C", "9D"], [], [], []], "spit": ["3S"]},
            {"stock": [["5C"], ["KH"], [], [], []], "spit": ["4S"]},
        ],
        "centre": [["6H"], ["QD"]],
    })


def test_meter_times_from_a_card_becoming_playable_to_its_click() -> None:
    game = race_position()
    meter = ReactionMeter()
    assert meter.update(game, 10.0) is None  # the deal: the 7S is playable from now
    game.play(1, "KH", 1)  # the computer plays elsewhere: still the same wait
    assert meter.update(game, 10.4) is None
    game.play(0, "7S", 0)
    assert meter.update(game, 11.25) == pytest.approx(1.25)
    assert meter.samples == [pytest.approx(1.25)]


def test_meter_counts_no_pause_and_no_look_away() -> None:
    game = race_position()
    meter = ReactionMeter()
    meter.update(game, 0.0)
    meter.pause()
    meter.update(game, 50.0)  # resumed at 50 s: the clock restarts here
    game.play(0, "7S", 0)
    assert meter.update(game, 50.9) == pytest.approx(0.9)
    long = race_position()
    away = ReactionMeter()
    away.update(long, 0.0)
    long.play(0, "7S", 0)
    assert away.update(long, LONGEST_SAMPLE + 1) is None and away.samples == []


def test_a_new_player_starts_at_the_even_pace_and_a_quick_one_meets_a_quick_computer() -> None:
    assert MatchMe("duel").mean == pytest.approx(EVEN_MEAN["duel"])
    quick = [HUMAN_PLAYABLE_TO_CLICK["duel"] / 2] * 40
    aim = MatchMe("duel", quick).aim()
    assert aim == pytest.approx(EVEN_MEAN["duel"] / 2)
    # ... but gently: one game moves the mean at most GAME_STEP from the last one.
    moved = MatchMe("duel", quick, previous=EVEN_MEAN["duel"])
    assert moved.mean == pytest.approx(EVEN_MEAN["duel"] * (1 - GAME_STEP))
    # Wins make the computer quicker, losses slower.
    assert MatchMe("duel", won=[True] * 6).aim() < EVEN_MEAN["duel"] < \
        MatchMe("duel", won=[False] * 6).aim()
    assert "Match me" in moved.describe() and "you react in" in moved.describe()
    assert "measuring you" in MatchMe("duel").describe()


PLAYERS = [
    MEDIAN_HUMAN,
    HumanModel(speed=0.6, name="quick"),
    HumanModel(speed=1.8, name="slow"),
    HumanModel(speed=0.75, slip_rate=0.12, name="quick and sloppy"),
    HumanModel(speed=1.4, slip_rate=0.0, spread=0.6, name="slow and erratic"),
]


@pytest.mark.parametrize("human", PLAYERS, ids=lambda h: h.name)
def test_each_simulated_player_wins_about_half_over_200_games(human: HumanModel) -> None:
    run = match_me_session("duel", human, 200, seed=11)
    assert 0.40 <= run.win_rate <= 0.60
    # The computer's speed followed the player: quicker players meet a quicker computer.
    if human.speed != 1.0:
        direction = run.means[-1] < EVEN_MEAN["duel"]
        assert direction == (human.speed < 1.0)


def test_match_me_in_classic_too() -> None:
    run = match_me_session("classic", HumanModel(speed=0.7, name="quick"), 60, seed=3)
    assert 0.3 <= run.win_rate <= 0.7
