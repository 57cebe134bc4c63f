"""Leagues: paired deals, Elo ratings fitted to all games, the table, the plot,
the command line and the local backends."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from spit_widget.__main__ import main
from spit_widget.computer import greedy
from spit_widget.computer.backends import check_backend
from spit_widget.computer.league import league, plot
from spit_widget.computer.ratings import fit


def greedy_twin(view):  # type: ignore[no-untyped-def]
    return greedy(view)


def test_paired_deals_cancel_the_luck_of_the_deal() -> None:
    """Two copies of one strategy: on each deal the same seat wins both games,
    so with the seats swapped each copy wins exactly one of every pair."""
    result = league("duel", [greedy, greedy_twin], 30, seed=7)
    assert len(result.games) == 60
    for deal in range(7, 37):
        pair = [g for g in result.games if g.deal == deal]
        assert sorted(g.a_seat for g in pair) == [0, 1]
        assert {g.winner for g in pair} in ({0, 1}, {None})
    a, b = result.ratings()
    assert a.elo == pytest.approx(1500) and b.elo == pytest.approx(1500)


def test_every_pair_plays_the_same_deals() -> None:
    result = league("classic", ["random", "greedy", "expert"], 4, seed=2)
    pairs = {(g.a, g.b) for g in result.games}
    assert pairs == {(0, 1), (0, 2), (1, 2)}
    for pair in pairs:
        assert sorted(g.deal for g in result.games if (g.a, g.b) == pair) == [2, 2, 3, 3, 4, 4,
                                                                              5, 5]


def test_ratings_follow_the_win_rates() -> None:
    elos, errors = fit([[0, 75], [25, 0]])
    # 75% is 191 Elo points; the weak prior pulls it in a little.
    assert 180 < elos[0] - elos[1] < 192
    assert sum(elos) / 2 == pytest.approx(1500)
    assert 20 < 1.96 * errors[0] < 60
    # A sweep stays finite (the prior), and more games narrow the interval.
    sweep, _ = fit([[0, 10], [0, 0]])
    assert math.isfinite(sweep[0]) and sweep[0] > sweep[1]
    _, more = fit([[0, 750], [250, 0]])
    assert more[0] < errors[0] / 3


def test_table_ranks_the_expert_first_with_intervals(tmp_path: Path) -> None:
    result = league("duel", ["random", "greedy", "expert"], 60, seed=0)
    ratings = result.ratings()
    assert ratings[0].name == "expert"
    assert all(r.interval[0] < r.elo < r.interval[1] for r in ratings)
    assert all(r.games == 240 for r in ratings)
    table = result.table()
    assert "60 deals per pair, each dealt twice with seats swapped; 360 games" in table
    assert table.splitlines()[2].split()[:2] == ["1", "expert"]
    assert "head to head" in table
    chart = plot(result, str(tmp_path / "league.png"))
    assert (tmp_path / "league.png").read_bytes()[:4] == b"\x89PNG"
    assert chart._repr_png_()[:4] == b"\x89PNG"


def test_league_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    png = tmp_path / "l.png"
    main(["league", "random", "spit_widget.computer.strategies:expert", "greedy",
          "--deals", "20", "--variant", "classic", "--plot", str(png)])
    out = capsys.readouterr().out
    assert "classic league: 3 entrants, 20 deals per pair" in out
    assert "   1  expert" in out
    assert f"plot saved to {png}" in out and png.exists()


def test_league_on_two_processes_gives_the_same_games() -> None:
    one = league("duel", ["random", "expert"], 40, seed=3)
    two = league("duel", ["random", "expert"], 40, seed=3, jobs=2)
    assert one.games == two.games


@pytest.mark.parametrize(("entrants", "message"), [
    (["greedy"], "at least two entrants"),
    (["greedy", "greedy"], "different names"),
    (["greedy", "clever"], "Unknown strategy 'clever'"),
    (["greedy", "no.such.module:f"], "Cannot load strategy 'no.such.module:f'"),
])
def test_bad_entrants_are_named(entrants: list[str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        league("duel", entrants, 2)


def test_bad_backends_are_named() -> None:
    with pytest.raises(ValueError, match="Unknown backend 'spark'"):
        check_backend("spark")
    with pytest.raises(ValueError, match="scheduler address goes with backend='dask'"):
        league("duel", ["random", "greedy"], 2, scheduler="tcp://127.0.0.1:8786",
               backend="processes")
    with pytest.raises(ValueError, match="Several processes need strategy names"):
        league("duel", [greedy_twin, "greedy"], 2, jobs=2)


def test_league_games_are_the_paired_tournaments_games() -> None:
    """A league's pair plays the very games paired_tournament plays."""
    from spit_widget.computer.tournament import paired_tournament

    paired = paired_tournament("duel", ("expert", "random"), 10, seed=4)
    result = league("duel", ["expert", "random"], 10, seed=4)
    for deal in paired.deals:
        games = {g.a_seat: g.winner for g in result.games if g.deal == deal.seed}
        assert (games[0], games[1]) == (deal.a_first, deal.a_second)


def test_paired_tournament_on_two_processes_gives_the_same_deals() -> None:
    from spit_widget.computer.tournament import paired_tournament

    one = paired_tournament("classic", ("greedy", "random"), 30, seed=1)
    two = paired_tournament("classic", ("greedy", "random"), 30, seed=1, jobs=2)
    assert one.deals == two.deals
