"""Headless games between strategies: simulations, tournaments and benchmarks.

Without a clock both sides are equally quick: at each step a fair coin says
who looks first, and the first with something to do acts. So a tournament
measures the quality of choices, not speed of hand.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import GAME_OVER, Game, IllegalMove
from ..engine.spaces import MAX_ACTIONS
from .backends import check_backend, run_tasks
from .strategies import Strategy, strategy, strategy_name
from .view import View


class NoProgress(RuntimeError):
    """Neither strategy does anything although the game is not over."""


def play_out(game: Game, strategies: Sequence[Strategy], rng: random.Random) -> Game:
    """Play ``game`` to its end with ``strategies[0]`` and ``[1]``; return it."""
    for _ in range(MAX_ACTIONS):
        if game.status == GAME_OVER:
            return game
        first = 0 if rng.random() < 0.5 else 1
        for p in (first, 1 - first):
            action = strategies[p](View(game, p))
            if action is not None:
                game.apply(_own_seat(action, p))
                break
        else:
            raise NoProgress(f"Neither strategy acts in this position:\n{game!r}")
    raise NoProgress(f"No end after {MAX_ACTIONS} actions:\n{game!r}")


def _own_seat(action: Any, p: int) -> Any:
    """A strategy acts for its own seat only, as in the live match."""
    player = action[1] if isinstance(action, (tuple, list)) and len(action) > 1 else None
    if player is not None and player != p:
        raise IllegalMove(f"A strategy returned {action!r:.80}: an action for player "
                          f"{player!r:.10}, but this strategy plays for player {p}.")
    return action


@dataclass(frozen=True)
class GameSummary:
    """What a tournament keeps of one game; ``winner`` 0 is strategy A, 1 is B."""

    seed: int
    winner: int | None
    termination: str
    actions: int
    rounds: int


def simulate(variant: str, names: tuple[str | Strategy, str | Strategy], seed: int,
             max_rounds: int | None = None) -> GameSummary:
    """One seeded game between strategies A and B (repeatable). A sits in
    player 0's seat on even seeds and player 1's on odd ones, so that neither
    profits from a seat (a duel's tied stalemate goes to player 0)."""
    swap = seed % 2 == 1
    seats = (names[1], names[0]) if swap else names
    game = Game(variant, seed=seed, max_rounds=max_rounds)
    strategies = [strategy(seats[0], seed * 2 + 1), strategy(seats[1], seed * 2 + 2)]
    play_out(game, strategies, random.Random(seed))
    assert game.outcome is not None
    winner = game.outcome.winner
    if swap and winner is not None:
        winner = 1 - winner
    return GameSummary(seed, winner, game.outcome.termination, len(game.history), game.round)


def _simulate_args(
    args: tuple[str, tuple[str | Strategy, str | Strategy], int, int | None],
) -> GameSummary:
    return simulate(*args)


@dataclass
class TournamentResult:
    """Games between strategy A and strategy B (``names`` are their names)."""

    variant: str
    names: tuple[str, str]
    games: list[GameSummary] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def wins(self) -> tuple[int, int]:
        """Games won by A and by B."""
        return (sum(g.winner == 0 for g in self.games), sum(g.winner == 1 for g in self.games))

    @property
    def draws(self) -> int:
        """Games nobody won."""
        return sum(g.winner is None for g in self.games)

    def win_rate(self) -> float:
        """A's share of all the games played (a draw counts for neither side)."""
        return self.wins[0] / len(self.games) if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        """A 95% Wilson interval around A's win rate."""
        return wilson_interval(self.wins[0], len(self.games))

    def report(self) -> str:
        """A few lines for the terminal: wins, interval, endings, game lengths."""
        a, b = self.names
        n = len(self.games)
        low, high = self.interval()
        terms = Counter(g.termination for g in self.games)
        lengths = [g.actions for g in self.games]
        lines = [
            f"{self.variant}: {a} vs {b} (seats alternate), {n} games in {self.seconds:.1f} s "
            f"({n / max(self.seconds, 1e-9):.0f} games/s)",
            f"  {a} wins {self.wins[0]} ({self.win_rate():.1%}, 95% CI {low:.1%}-{high:.1%}), "
            f"{b} wins {self.wins[1]}, draws {self.draws}",
            "  endings: " + ", ".join(f"{k} {v}" for k, v in terms.most_common()),
            f"  actions per game: median {statistics.median(lengths):.0f}, "
            f"max {max(lengths)}" if lengths else "  no games",
        ]
        if self.variant == "classic" and self.games:
            rounds = [g.rounds for g in self.games]
            lines.append(f"  rounds per game: median {statistics.median(rounds):.0f}, "
                         f"max {max(rounds)}")
        return "\n".join(lines)


def wilson_interval(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval: honest near 0% and 100%, unlike p +- 2se."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def tournament(  # noqa: PLR0913 (the options are keyword-only, each with a default)
    variant: str,
    names: tuple[str | Strategy, str | Strategy],
    games: int,
    *,
    seed: int = 0,
    jobs: int = 1,
    max_rounds: int | None = None,
    progress: Callable[[Iterable[GameSummary], int], Iterable[GameSummary]] | None = None,
    backend: str = "processes",
    scheduler: object = None,
) -> TournamentResult:
    """Play ``games`` seeded games (on ``jobs`` processes, or on Dask with
    ``backend="dask"``: see :mod:`.backends`); repeatable for a seed.

    A strategy is a built-in name or your own function; several processes need
    names (a function written in a notebook cell cannot travel to a process).
    """
    check_backend(backend, scheduler)
    if backend == "processes" and jobs > 1 and not all(isinstance(n, str) for n in names):
        raise ValueError("Several processes need built-in strategy names; use jobs=1 for "
                         "your own function.")
    tasks = [(variant, names, seed + i, max_rounds) for i in range(games)]
    result = TournamentResult(variant, (strategy_name(names[0]), strategy_name(names[1])))
    started = time.perf_counter()
    with run_tasks(_simulate_args, tasks, jobs=jobs, backend=backend,
                   scheduler=scheduler) as stream:
        result.games = list(progress(stream, games) if progress else stream)
    result.seconds = time.perf_counter() - started
    return result


@dataclass(frozen=True)
class Chart:
    """A matplotlib figure that draws itself as a picture when it ends a cell,
    whatever plotting backend the notebook uses (none needs to be set up)."""

    figure: Any

    def _repr_png_(self) -> bytes:
        import io

        buffer = io.BytesIO()
        self.figure.savefig(buffer, format="png", dpi=100)
        return buffer.getvalue()


def plot(result: TournamentResult, path: str | None = None) -> Chart:
    """The running win rate of A (with its 95% band) against games played, also
    saved to ``path`` when given."""
    # The object API, not pyplot: no backend is switched, so a notebook's inline
    # plots keep working, and the figure shows itself when it ends a cell.
    from matplotlib.figure import Figure

    xs, rates, lows, highs = [], [], [], []
    wins = 0
    for i, g in enumerate(result.games, start=1):
        wins += g.winner == 0
        low, high = wilson_interval(wins, i)
        xs.append(i)
        rates.append(wins / i)
        lows.append(low)
        highs.append(high)
    fig = Figure(figsize=(7, 4))
    ax = fig.subplots()
    ax.plot(xs, rates, label=f"{result.names[0]} win rate")
    ax.fill_between(xs, lows, highs, alpha=0.25, label="95% interval")
    ax.axhline(0.5, color="grey", linewidth=0.8, linestyle="--")
    ax.set(xlabel="games played", ylabel="win rate", ylim=(0, 1),
           title=f"{result.variant}: {result.names[0]} vs {result.names[1]}")
    ax.legend(loc="lower right")
    fig.tight_layout()
    if path is not None:
        fig.savefig(path, dpi=100)
    return Chart(fig)


# ------------------------------------------------------------------ paired deals
@dataclass(frozen=True)
class PairedDeal:
    """One deal played twice, seats swapped, on the same random stream: A's
    score is 1 (won both), 0.5 (one each, or draws) or 0 (lost both)."""

    seed: int
    a_first: int | None  # winner with A in seat 0 (0 = A, 1 = B)
    a_second: int | None  # winner with A in seat 1, counted from A's side

    @property
    def score(self) -> float:
        """A's share of the two games (a draw counts half)."""
        return sum(0.5 if w is None else float(w == 0) for w in (self.a_first, self.a_second)) / 2


def _paired_game(variant: str, seats: tuple[str | Strategy, str | Strategy], seed: int,
                 max_rounds: int | None) -> int | None:
    """One game of a deal; every random draw (the coin, a random strategy's
    choices) comes from streams fixed by the deal, the same for either seating."""
    game = Game(variant, seed=seed, max_rounds=max_rounds)
    strategies = [strategy(seats[0], seed * 2 + 1), strategy(seats[1], seed * 2 + 2)]
    play_out(game, strategies, random.Random(seed))
    assert game.outcome is not None
    return game.outcome.winner


def paired_deal(variant: str, names: tuple[str | Strategy, str | Strategy], seed: int,
                max_rounds: int | None = None) -> PairedDeal:
    """Deal ``seed`` played by A-B and by B-A."""
    first = _paired_game(variant, names, seed, max_rounds)
    second = _paired_game(variant, (names[1], names[0]), seed, max_rounds)
    return PairedDeal(seed, first, None if second is None else 1 - second)


@dataclass
class PairedResult:
    """Strategy A against B on fixed deals, each played both ways round."""

    variant: str
    names: tuple[str, str]
    deals: list[PairedDeal] = field(default_factory=list)

    def win_rate(self) -> float:
        """A's share of all the games."""
        return statistics.fmean(d.score for d in self.deals) if self.deals else 0.0

    def interval(self) -> tuple[float, float]:
        """95% interval of A's win rate from the spread of the per-deal scores
        (the deal's own luck cancels within a pair)."""
        return mean_interval([d.score for d in self.deals])

    def report(self) -> str:
        """Win rate, interval, and how the deals split."""
        a, b = self.names
        low, high = self.interval()
        both = sum(d.score == 1 for d in self.deals)
        none = sum(d.score == 0 for d in self.deals)
        return (f"{self.variant}: {a} vs {b}, paired: {len(self.deals)} deals x 2 seatings\n"
                f"  {a} wins {self.win_rate():.1%} (95% CI {low:.1%}-{high:.1%}); "
                f"deals won both ways {both}, split {len(self.deals) - both - none}, "
                f"lost both ways {none}")


def mean_interval(values: Sequence[float], z: float = 1.96) -> tuple[float, float]:
    """Normal-approximation 95% interval of a mean (fine for hundreds of deals)."""
    if len(values) < 2:
        return (0.0, 1.0)
    mean = statistics.fmean(values)
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return (mean - half, mean + half)


def _paired_deal_args(
    args: tuple[str, tuple[str | Strategy, str | Strategy], int, int | None],
) -> PairedDeal:
    return paired_deal(*args)


def paired_tournament(  # noqa: PLR0913 (keyword-only options, each with a default)
        variant: str, names: tuple[str | Strategy, str | Strategy], deals: int,
                      *, seed: int = 0, max_rounds: int | None = None, jobs: int = 1,
                      backend: str = "processes", scheduler: object = None) -> PairedResult:
    """A against B on ``deals`` fixed deals, each played with A in either seat
    on the same random stream: the seat and the deal's luck cancel. Runs on
    ``jobs`` processes or on Dask as :func:`tournament` does."""
    result = PairedResult(variant, (strategy_name(names[0]), strategy_name(names[1])))
    tasks = [(variant, names, seed + i, max_rounds) for i in range(deals)]
    with run_tasks(_paired_deal_args, tasks, jobs=jobs, backend=backend,
                   scheduler=scheduler) as stream:
        result.deals = list(stream)
    return result


@dataclass(frozen=True)
class Comparison:
    """Two strategies, each against the same opponent on the same deals and
    streams: the difference is measured deal by deal."""

    first: PairedResult
    second: PairedResult

    def difference(self) -> float:
        """First's win rate minus second's."""
        return self.first.win_rate() - self.second.win_rate()

    def interval(self) -> tuple[float, float]:
        """95% interval of the difference from the per-deal differences."""
        return mean_interval([x.score - y.score
                              for x, y in zip(self.first.deals, self.second.deals, strict=True)])

    def report(self) -> str:
        """Both win rates and the paired difference."""
        low, high = self.interval()
        a, b = self.first.names[0], self.second.names[0]
        return (f"{self.first.report()}\n{self.second.report()}\n"
                f"  {a} - {b}: {self.difference():+.1%} (paired 95% CI {low:+.1%} to {high:+.1%})")


def compare(variant: str, names: tuple[str | Strategy, str | Strategy],
            opponent: str | Strategy, deals: int, *, seed: int = 0) -> Comparison:
    """How much better is ``names[0]`` than ``names[1]`` against ``opponent``?
    Both play the same deals on the same streams, so a 1-point gap shows."""
    return Comparison(paired_tournament(variant, (names[0], opponent), deals, seed=seed),
                      paired_tournament(variant, (names[1], opponent), deals, seed=seed))
