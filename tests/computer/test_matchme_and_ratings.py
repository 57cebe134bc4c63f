"""Match me follows a player within a game; league ratings centre on 1500."""

from __future__ import annotations

import pytest

from spit_widget.computer.matchme import IN_GAME_PULL, MatchMe
from spit_widget.computer.pace import EVEN_MEAN, HUMAN_PLAYABLE_TO_CLICK
from spit_widget.computer.ratings import fit


def test_a_quick_player_pulls_the_computer_quicker_play_by_play() -> None:
    m = MatchMe("duel")
    start = m.mean
    assert start == pytest.approx(EVEN_MEAN["duel"])  # no measurement yet: an even game
    quick = HUMAN_PLAYABLE_TO_CLICK["duel"] / 2
    means = [m.observe(quick) for _ in range(8)]
    assert means == sorted(means, reverse=True) and means[-1] < start
    aim = m.aim()
    assert aim == pytest.approx(EVEN_MEAN["duel"] / 2)
    before = m.mean
    assert m.observe(quick) == pytest.approx(before * (aim / before) ** IN_GAME_PULL)
    assert aim < m.mean  # a little at a time, not in one jump


def test_ratings_are_centred_on_1500_and_the_winner_rates_higher() -> None:
    wins = [[0, 30, 20], [10, 0, 15], [20, 25, 0]]
    ratings, errors = fit(wins)
    assert sum(ratings) / 3 == pytest.approx(1500.0)
    assert ratings[0] > ratings[2] > ratings[1]
    assert all(e > 0 for e in errors)


def test_a_rating_cannot_be_changed_by_accident() -> None:
    import dataclasses

    from spit_widget.computer.league import league

    rating = league("duel", ["greedy", "random"], 2, seed=1).ratings()[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        rating.elo = 3000.0  # type: ignore[misc]


def test_an_empty_tournament_reports_no_games() -> None:
    from spit_widget.computer.tournament import tournament

    result = tournament("duel", ("greedy", "random"), 0)
    assert result.report().endswith("\n  no games")
    assert result.win_rate() == 0.0 and result.interval() == (0.0, 1.0)
