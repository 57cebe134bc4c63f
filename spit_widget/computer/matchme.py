"""Match me: a pace that measures the player and sets the computer's speed so
that the player wins about half the time.

Two parts, both clock-free so the live match and the simulated clock share them:

* :class:`ReactionMeter` measures the player: the time from a card becoming
  playable for them (the first moment since their last card at which they had
  a play) to their click, on the page's clock: the card shows half a trip
  after it became playable and the click lands half a trip after it was
  made, so a network's round trip is no part of a reaction (the computer is
  compensated for it separately, :func:`~.pace.compensation`; counted here
  too, it would count twice). Long gaps (a look away) are not counted.
* :class:`MatchMe` turns that into the computer's mean reaction time. The
  calibration says which mean gives an even game against the median human
  model, and what that model's playable-to-click median is; the computer's
  mean scales with the player's measured median (a player twice as quick
  meets a computer twice as quick). What the scale misses (slips, choices,
  nerves) the results correct: each match-me game the player won among the
  recent ones makes the computer a little quicker, each lost a little slower.
  It moves gently: at most :data:`GAME_STEP` per game and a tenth of the way
  to its aim per measured card.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from ..engine import PLAYING, YOU, Game
from .pace import EVEN_MEAN, HUMAN_PLAYABLE_TO_CLICK, MATCH_ME, Pace, pace

LONGEST_SAMPLE = 8.0
"""Seconds beyond which a wait is a look away, not a reaction: not counted."""
SAMPLES_KEPT = 120
"""The player's most recent measured plays the estimate uses."""
MIN_SAMPLES = 5
"""Fewer than this and the median human model stands in for the player."""
RESULT_WINDOW = 12
"""Recent match-me games whose results correct the scale."""
RESULT_STEP = 0.05
"""Log-speed moved per game of surplus wins (about 5%)."""
MAX_BIAS = 0.6
GAME_STEP = 0.15
"""The most the computer's mean changes from one game to the next (15%)."""
IN_GAME_PULL = 0.1
"""Share of the way to its aim the mean moves after each measured card."""


@dataclass
class ReactionMeter:
    """Times the player from a card becoming playable to their click."""

    player: int = YOU
    samples: list[float] = field(default_factory=list)
    trip: float = 0.0
    """The player's round trip (seconds), taken off a wait timed on the kernel's clock."""
    _seen: int = 0
    _since: float | None = None

    def update(self, game: Game, now: float, count: bool = True,
               waited: float | None = None) -> float | None:
        """Call after every action that lands (and at the deal); returns the new
        sample when the player's card just landed. ``count=False`` for a card
        that was not a reaction (played from code): the clock restarts, no sample.
        ``waited``: the wait as the page timed it, from the card showing playable
        to the click (the kernel's own timing, less the trip, stands in without it;
        a page's figure longer than the kernel's is not believed)."""
        new = game.history[self._seen:]
        self._seen = len(game.history)
        sample = None
        if self._since is not None and any(
                a.kind == "play" and a.player == self.player for a in new):
            kernel = now - self._since
            waited = kernel - self.trip if waited is None else min(waited, kernel)
            if count and 0 <= waited <= LONGEST_SAMPLE:
                sample = waited
                self.samples.append(waited)
            self._since = None
        if game.status == PLAYING and game.can_play(self.player):
            if self._since is None:
                self._since = now
        else:
            self._since = None
        return sample

    def pause(self) -> None:
        """A pause is not reaction time: the clock restarts at the next update."""
        self._since = None


@dataclass
class MatchMe:
    """The computer's mean reaction for a player, from their measured speed
    (``samples``, oldest first) and their recent match-me results (``won``,
    oldest first, True where the player won); ``previous`` is the mean the
    last match-me game ended at."""

    variant: str
    samples: list[float] = field(default_factory=list)
    won: Sequence[bool] = ()
    previous: float | None = None
    mean: float = 0.0

    def __post_init__(self) -> None:
        self.samples = list(self.samples[-SAMPLES_KEPT:])
        aim = self.aim()
        last = self.previous if self.previous else aim
        self.mean = min(max(aim, last * (1 - GAME_STEP)), last * (1 + GAME_STEP))

    def player_median(self) -> float | None:
        """The player's median playable-to-click time, once there are enough plays."""
        if len(self.samples) < MIN_SAMPLES:
            return None
        return statistics.median(self.samples[-SAMPLES_KEPT:])

    def bias(self) -> float:
        """Log-speed correction from recent results: wins make the computer quicker."""
        recent = list(self.won)[-RESULT_WINDOW:]
        surplus = sum(1 if w else -1 for w in recent)
        return max(-MAX_BIAS, min(MAX_BIAS, -RESULT_STEP * surplus))

    def aim(self) -> float:
        """The mean that should give this player an even game."""
        median = self.player_median()
        ratio = median / HUMAN_PLAYABLE_TO_CLICK[self.variant] if median else 1.0
        return EVEN_MEAN[self.variant] * ratio * math.exp(self.bias())

    def observe(self, sample: float) -> float:
        """A new measured play: move the mean a little toward the new aim."""
        self.samples.append(sample)
        del self.samples[:-SAMPLES_KEPT]
        self.mean *= (self.aim() / self.mean) ** IN_GAME_PULL
        return self.mean

    def pace(self) -> Pace:
        """The Match me pace at the current mean."""
        return replace(pace(self.variant, MATCH_ME), mean=round(self.mean, 3))

    def describe(self) -> str:
        """What it is doing, for the status line."""
        median = self.player_median()
        if median is None:
            return (f"Match me: measuring you ({len(self.samples)} of {MIN_SAMPLES} plays); "
                    f"computer at {self.mean:.1f} s")
        return (f"Match me: you react in {median:.1f} s, the computer in {self.mean:.1f} s")
