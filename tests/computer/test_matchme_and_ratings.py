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


def test_each_rating_has_its_own_weak_prior_which_pulls_a_short_record_towards_even() -> None:
    """Decision: every entrant starts 1500 +- 700 on its own (the module's
    docstring). After 3 wins to 1 between two entrants, the fitted gap ``d``
    (in log-odds) is where the record's pull, 3 - 4 P(d), meets the prior's,
    d / (2 PRIOR_SD**2) (each rating is d / 2 from the mean): a little under
    the record's own log(3), and the same to the last digits. Each rating's
    error, taken from its distance to the mean, comes from the information
    of 4 games at P(d), 4 P (1 - P) per entrant, plus the prior's own."""
    import math

    from spit_widget.computer.ratings import ELO, PRIOR_SD

    ratings, errors = fit([[0, 3], [1, 0]])
    d = (ratings[0] - ratings[1]) / ELO
    p = 1 / (1 + math.exp(-d))
    assert 3 - 4 * p == pytest.approx(d / (2 * PRIOR_SD**2), abs=1e-9)
    assert 0.9 * math.log(3) < d < math.log(3)
    information = 4 * p * (1 - p)
    error = ELO * math.sqrt(1 / (2 * (2 * information + 1 / PRIOR_SD**2)))
    assert errors == pytest.approx([error, error], rel=1e-9)


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


def test_a_look_longer_than_the_longest_sample_is_no_reaction() -> None:
    from spit_widget import Game
    from spit_widget.computer.matchme import LONGEST_SAMPLE, ReactionMeter

    for waited, counted in ((LONGEST_SAMPLE - 0.5, True), (LONGEST_SAMPLE + 0.5, False)):
        game = Game.position("duel", you=["7S", "2C 9C"], computer=["KH"], centre=["6H", "JD"],
                             you_spit="2S", computer_spit="2H")
        meter = ReactionMeter()
        assert meter.update(game, 100.0) is None  # the 7S became playable: the clock starts
        game.apply(("play", 0, "7S", 0))
        assert meter.update(game, 100.0 + waited) == (waited if counted else None)
    assert LONGEST_SAMPLE <= 10  # a longer pause is a player looking away, not a reaction


def test_the_league_counts_each_entrants_wins_and_its_time() -> None:
    from spit_widget.computer.league import league

    result = league("duel", ["greedy", "random"], 6, seed=2)
    ratings = {r.name: r for r in result.ratings()}
    for i, name in enumerate(result.names):
        assert ratings[name].wins == sum(g.winner == i for g in result.games)
        assert ratings[name].games == len(result.games)
    assert 0 < result.seconds < 60


def test_a_paired_report_splits_the_deals() -> None:
    from spit_widget.computer.tournament import paired_tournament

    result = paired_tournament("duel", ("expert", "random"), 10, seed=4)
    both = sum(d.score == 1 for d in result.deals)
    none = sum(d.score == 0 for d in result.deals)
    assert result.report().endswith(
        f"deals won both ways {both}, split {10 - both - none}, lost both ways {none}")
