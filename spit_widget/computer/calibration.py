"""Calibrating the paces: the computer at a pace against the human model, on
the simulated clock, and the reaction time that hits a target win rate.

The targets say what each pace is for. Duel (the issue's): Slow lets the
median person win about two games in three (the computer wins 35%), Normal is
an even game, Fast a stiff one (70%). Classic: Relaxed is where every classic
game starts, and the rules text promises it "waits several seconds between
plays, so you have time to look": it is the beginner's pace, at which someone
new (:data:`~.human.BEGINNER`) wins almost every game (the computer 12%),
which the calibration puts at about three seconds. Steady is an even game for
the median person; Brisk a stiff one (75%: classic's rounds make speed count
for more than in the duel, so a few points more keep it distinctly quicker
than Steady). Take turns is for those who "would rather not race at all": its
speed is not its difficulty (you and the computer alternate cards), so it is
measured, not solved, and kept brisk (1 s) so that waiting for the computer's
card is never dull.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from ..engine import Game
from .human import BEGINNER, MEDIAN_HUMAN, HumanModel
from .matchme import RESULT_WINDOW, SAMPLES_KEPT, MatchMe, ReactionMeter
from .pace import Pace
from .strategies import strategy
from .timed import ComputerSeat, HumanSeat, human_vs_computer, play_timed
from .tournament import wilson_interval

Progress = Callable[[Iterable[int], int], Iterable[int]]


BISECTION_STEPS = 12
"""Halvings of the 0.05-20 s range (in logs): the mean to within about 0.4%."""


@dataclass(frozen=True)
class Target:
    """What a pace is for: the computer's win rate against ``human``."""

    pace: str
    win_rate: float | None  # None: measured only
    human: HumanModel = MEDIAN_HUMAN


TARGETS: dict[str, tuple[Target, ...]] = {
    "duel": (Target("slow", 0.35), Target("normal", 0.50), Target("fast", 0.70)),
    "classic": (Target("relaxed", 0.12, BEGINNER), Target("steady", 0.50),
                Target("brisk", 0.75), Target("take_turns", None)),
}


@dataclass(frozen=True)
class Measured:
    """The computer's wins against a human model at one pace (``trip``: the
    round trip a network added; ``compensated``: the computer waited it out)."""

    pace: Pace
    human: HumanModel
    wins: int
    games: int
    trip: float = 0.0
    compensated: bool = True

    @property
    def win_rate(self) -> float:
        """The computer's share of the games."""
        return self.wins / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the win rate."""
        return wilson_interval(self.wins, self.games)


def measure(variant: str, pace: Pace, games: int, *,  # noqa: PLR0913 (by name)
            human: HumanModel = MEDIAN_HUMAN, seed: int = 0,
            progress: Progress | None = None, trip: float = 0.0,
            compensate: bool = True) -> Measured:
    """Play ``games`` seeded timed games (the same deals and random streams for
    the same seed, whatever the pace or the trip, so two are compared fairly);
    ``trip`` and ``compensate`` as in :func:`~.timed.human_vs_computer`."""
    seeds: Iterable[int] = range(seed, seed + games)
    if progress is not None:
        seeds = progress(seeds, games)
    wins = sum(human_vs_computer(variant, pace, s, human=human, trip=trip,
                                 compensate=compensate).game.winner == 1
               for s in seeds)
    return Measured(pace, human, wins, games, trip, compensate)


def solve(variant: str, pace: Pace, target: float, games: int, *,
          human: HumanModel = MEDIAN_HUMAN, seed: int = 0,
          progress: Progress | None = None) -> Pace:
    """The pace with the mean reaction time at which the computer wins
    ``target`` of its games: bisection on the log of the mean (a slower
    computer wins less), every step on the same seeded games."""
    low, high = math.log(0.05), math.log(20.0)
    for _ in range(BISECTION_STEPS):
        mid = (low + high) / 2
        rate = measure(variant, replace(pace, mean=math.exp(mid)), games, human=human,
                       seed=seed, progress=progress).win_rate
        if rate > target:
            low = mid  # the computer wins too often: slow it down
        else:
            high = mid
    return replace(pace, mean=round(math.exp((low + high) / 2), 2))


@dataclass(frozen=True)
class MatchMeRun:
    """A simulated player's games at Match me: who won each, and the computer's
    mean at the end of each."""

    human: HumanModel
    won: tuple[bool, ...]
    means: tuple[float, ...]

    @property
    def win_rate(self) -> float:
        """The player's share of the games."""
        return sum(self.won) / len(self.won) if self.won else 0.0


def match_me_session(variant: str, human: HumanModel, games: int, *,
                     seed: int = 0, progress: Progress | None = None,
                     trip: float = 0.0, compensate: bool = True) -> MatchMeRun:
    """A player (the model) playing ``games`` games in a row at Match me, with
    what the widget keeps between games (reaction times, results, the last
    mean) carried from one to the next, as the stats file carries them.
    ``trip``: the player's round trip; the meter times them on the page's
    clock (the trip taken off), and ``compensate`` adds it to the computer."""
    samples: list[float] = []
    won: list[bool] = []
    means: list[float] = []
    seeds: Iterable[int] = range(seed, seed + games)
    for s in progress(seeds, games) if progress else seeds:
        matchme = MatchMe(variant, samples[-SAMPLES_KEPT:], won[-RESULT_WINDOW:],
                          means[-1] if means else None)
        computer = ComputerSeat(matchme.pace(), strategy("expert"),
                                trip if compensate else 0.0)
        meter = ReactionMeter(trip=trip)

        def on_action(game: Game, now: float, matchme: MatchMe = matchme,
                      computer: ComputerSeat = computer, meter: ReactionMeter = meter) -> None:
            if meter.update(game, now) is not None:
                matchme.observe(meter.samples[-1])
                computer.pace = matchme.pace()  # as the widget sets the match's pace

        seats = (HumanSeat(human, random.Random(s * 2 + 1), trip), computer)
        run = play_timed(Game(variant, seed=s), seats, random.Random(s), on_action)
        samples.extend(meter.samples)
        won.append(run.game.winner == 0)
        means.append(matchme.mean)
    return MatchMeRun(human, tuple(won), tuple(means))
