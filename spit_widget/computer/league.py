"""A league: every pair of strategies plays the same paired deals; ratings follow.

Each pair plays each deal twice with the seats swapped, the coin that models
who looks first (see :func:`~.tournament.play_out`) seeded alike both times,
so the luck of the deal and of the coin cancels within a pair of games; and
every pair plays the same deals. The ratings are Elo points fitted to all
the games at once (:mod:`.ratings` says why not game-by-game updates), each
with its 95% interval; the table ranks by rating.
"""

from __future__ import annotations

import importlib
import itertools
import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import Game
from .backends import check_backend, run_tasks
from .ratings import fit
from .strategies import Strategy, strategy, strategy_name
from .tournament import Chart, play_out, wilson_interval

Entrant = str | Strategy
"""A built-in strategy name, ``"module:function"``, or a strategy function."""


@dataclass(frozen=True)
class LeagueGame:
    """One game: entrants ``a`` and ``b`` (indices), ``a`` in seat ``a_seat``;
    ``winner`` is an entrant index, or None for a draw."""

    a: int
    b: int
    deal: int
    a_seat: int
    winner: int | None
    termination: str
    actions: int


@dataclass(frozen=True)
class Rating:
    """One entrant's standing after the league: Elo points and games."""

    name: str
    elo: float
    error: float
    """The rating's standard error (Elo points)."""
    games: int
    wins: int
    draws: int

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of the rating."""
        return (self.elo - 1.96 * self.error, self.elo + 1.96 * self.error)


def resolve(entrant: Entrant, seed: int | None = None) -> Strategy:
    """The strategy an entrant names: a built-in, ``module:function``, or itself."""
    if isinstance(entrant, str) and ":" in entrant:
        module, _, attr = entrant.partition(":")
        try:
            found = getattr(importlib.import_module(module), attr)
        except (ImportError, AttributeError) as missing:
            raise ValueError(f"Cannot load strategy {entrant!r}: {missing}") from missing
        if not callable(found):
            raise ValueError(f"{entrant!r} is not a function from a View to an Action.")
        return found  # type: ignore[no-any-return]
    return strategy(entrant, seed)


def _name(entrant: Entrant) -> str:
    if isinstance(entrant, str):
        return entrant.rpartition(":")[2]
    return strategy_name(entrant)


def play_seated(task: tuple[str, tuple[Entrant, Entrant], int, int | None]
                ) -> tuple[int | None, str, int]:
    """One game of deal ``task[2]`` with ``task[1]`` in seats 0 and 1: the
    winning seat (None: draw), the termination and the number of actions."""
    variant, seats, deal, max_rounds = task
    game = Game(variant, seed=deal, max_rounds=max_rounds)
    players = [resolve(seats[0], deal * 2 + 1), resolve(seats[1], deal * 2 + 2)]
    play_out(game, players, random.Random(deal))
    assert game.outcome is not None
    return game.outcome.winner, game.outcome.termination, len(game.history)


@dataclass
class LeagueResult:
    """Every game of a league, with the ratings and table made from them."""

    variant: str
    names: list[str]
    deals: int
    games: list[LeagueGame] = field(default_factory=list)
    seconds: float = 0.0

    def ratings(self) -> list[Rating]:
        """The entrants' ratings, best first."""
        n = len(self.names)
        wins = [[0.0] * n for _ in range(n)]
        for g in self.games:
            if g.winner is None:
                wins[g.a][g.b] += 0.5
                wins[g.b][g.a] += 0.5
            else:
                wins[g.winner][g.b if g.winner == g.a else g.a] += 1
        elos, errors = fit(wins)
        ratings = []
        for i, name in enumerate(self.names):
            mine = [g for g in self.games if i in (g.a, g.b)]
            ratings.append(Rating(name, elos[i], errors[i], len(mine),
                                  sum(g.winner == i for g in mine),
                                  sum(g.winner is None for g in mine)))
        return sorted(ratings, key=lambda r: r.elo, reverse=True)

    def head_to_head(self, i: int, j: int) -> tuple[int, int]:
        """Games entrant ``i`` won against ``j``, and games they played."""
        mine = [g for g in self.games if {g.a, g.b} == {i, j}]
        return sum(g.winner == i for g in mine), len(mine)

    def table(self) -> str:
        """The ranked table, then who beat whom."""
        n = len(self.games)
        lines = [f"{self.variant} league: {len(self.names)} entrants, {self.deals} deals per "
                 f"pair, each dealt twice with seats swapped; {n} games in "
                 f"{self.seconds:.1f} s",
                 f"{'rank':>4}  {'entrant':16} {'Elo':>6} {'95% interval':>13} "
                 f"{'games':>6} {'wins':>5} {'draws':>5} {'win rate (95% CI)':>22}"]
        for rank, r in enumerate(self.ratings(), start=1):
            low, high = r.interval
            rate_low, rate_high = wilson_interval(r.wins, r.games)
            rate = r.wins / r.games if r.games else 0.0
            lines.append(f"{rank:>4}  {r.name[:16]:16} {r.elo:6.0f} {low:6.0f} - {high:4.0f} "
                         f"{r.games:6d} {r.wins:5d} {r.draws:5d} "
                         f"{rate:7.1%} ({rate_low:.1%}-{rate_high:.1%})")
        lines.append("head to head (row's win rate against column):")
        order = self.ranked()
        width = max(8, *(len(x) for x in self.names))
        lines.append(" " * width + "".join(f"{self.names[j][:width]:>{width + 2}}"
                                           for j in order))
        for i in order:
            cells = [f"{'-' if i == j else f'{self.win_rate(i, j):.0%}':>{width + 2}}"
                     for j in order]
            lines.append(f"{self.names[i][:width]:{width}}" + "".join(cells))
        return "\n".join(lines)

    def ranked(self) -> list[int]:
        """Entrant indices, best rated first."""
        return [self.names.index(r.name) for r in self.ratings()]

    def win_rate(self, i: int, j: int) -> float:
        """The share of their games entrant ``i`` won against ``j``."""
        won, played = self.head_to_head(i, j)
        return won / played if played else float("nan")


def league(  # noqa: PLR0913 (keyword-only options, as tournament() takes them)
    variant: str,
    entrants: Sequence[Entrant],
    deals: int,
    *,
    seed: int = 0,
    jobs: int = 1,
    backend: str = "processes",
    scheduler: object = None,
    max_rounds: int | None = None,
    progress: Callable[[Iterable[Any], int], Iterable[Any]] | None = None,
) -> LeagueResult:
    """Every pair of ``entrants`` plays deals ``seed`` .. ``seed + deals - 1``,
    each twice with the seats swapped (see the module docstring). Runs on
    ``jobs`` processes or on Dask like :func:`~.tournament.tournament`."""
    names = [_name(e) for e in entrants]
    if len(entrants) < 2:
        raise ValueError("A league needs at least two entrants.")
    if len(set(names)) != len(names):
        raise ValueError(f"Entrants need different names; got {', '.join(names)}.")
    if deals < 1:
        raise ValueError(f"deals must be at least 1, not {deals!r}")
    check_backend(backend, scheduler)
    if backend == "processes" and jobs > 1 and not all(isinstance(e, str) for e in entrants):
        raise ValueError("Several processes need strategy names (built-in or module:function); "
                         "use jobs=1 or backend='dask' for a function from this session.")
    for e in entrants:
        resolve(e)  # an unknown name fails now, not in a worker
    schedule = [(a, b, deal, a_seat) for deal in range(seed, seed + deals)
                for a, b in itertools.combinations(range(len(entrants)), 2) for a_seat in (0, 1)]
    tasks = [(variant, (entrants[a], entrants[b]) if a_seat == 0 else (entrants[b], entrants[a]),
              deal, max_rounds) for a, b, deal, a_seat in schedule]
    result = LeagueResult(variant, names, deals)
    started = time.perf_counter()
    with run_tasks(play_seated, tasks, jobs=jobs, backend=backend,
                   scheduler=scheduler) as stream:
        outcomes = list(progress(stream, len(tasks)) if progress else stream)
    result.seconds = time.perf_counter() - started
    for (a, b, deal, a_seat), (seat, termination, actions) in zip(schedule, outcomes, strict=True):
        winner = None if seat is None else (a if seat == a_seat else b)
        result.games.append(LeagueGame(a, b, deal, a_seat, winner, termination, actions))
    return result


def plot(result: LeagueResult, path: str | None = None) -> Chart:
    """Ratings with their 95% intervals beside the head-to-head win rates;
    also saved to ``path`` when given."""
    from matplotlib.figure import Figure

    ratings = result.ratings()[::-1]  # best at the top of the chart
    fig = Figure(figsize=(11, 0.6 * len(ratings) + 2.5))
    left, right = fig.subplots(1, 2, gridspec_kw={"width_ratios": [3, 2]})
    left.errorbar([r.elo for r in ratings], range(len(ratings)),
                  xerr=[1.96 * r.error for r in ratings], fmt="o",
                  capsize=4)
    left.set(yticks=range(len(ratings)), yticklabels=[r.name for r in ratings],
             xlabel="Elo rating (95% interval)",
             title=f"{result.variant} league, {len(result.games)} games")
    order = [result.names.index(r.name) for r in ratings[::-1]]
    names = [result.names[i] for i in order]
    grid = [[float("nan") if i == j else result.win_rate(i, j) for j in order] for i in order]
    image = right.imshow(grid, vmin=0, vmax=1, cmap="RdBu")
    right.set(xticks=range(len(order)), yticks=range(len(order)),
              title="row's win rate against column")
    right.set_xticklabels(names, rotation=45, ha="right")
    right.set_yticklabels(names)
    for r, c in itertools.product(range(len(order)), repeat=2):
        if r != c:
            right.text(c, r, f"{grid[r][c]:.0%}", ha="center", va="center", fontsize=9)
    fig.colorbar(image, ax=right, fraction=0.046)
    fig.tight_layout()
    if path is not None:
        fig.savefig(path, dpi=100)
    return Chart(fig)
