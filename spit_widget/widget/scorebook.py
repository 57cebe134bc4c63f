"""A table's finished games, filed in the stats store, and the figures it shows.

Only games the table dealt count (against a computer, or between two people):
not a position passed in or shown (a tutorial), not a game with no computer
driven from Python. The seats decide how a game is filed (whose names).
"""

from __future__ import annotations

import logging
import time
from typing import Any

from ..computer import Match
from ..stats import GameResult, StatsStore
from .seats import Seats

log = logging.getLogger("spit_widget")

EMPTY = {"games": 0, "wins": 0, "losses": 0, "draws": 0, "win_rate": 0.0}


class Scorebook:
    """Whether this game counts, when it started, and the variant's record."""

    def __init__(self, store: StatsStore, variant: str, *, counts: bool) -> None:
        self.store = store
        self.counts = counts
        self._recorded = False
        self._started_at = time.time()
        self.summary = self.read(variant)

    def deal(self, variant: str, *, counts: bool) -> None:
        """A new game on the table (``counts``: whether it goes into the stats)."""
        self.counts = counts
        self._recorded = False
        self._started_at = time.time()
        self.summary = self.read(variant)

    def finish(self, match: Match, reactions: list[float], seats: Seats) -> None:
        """The game is over: file it once, if it counts, and read the figures again."""
        if self._recorded:
            return
        self._recorded = True
        if not self.counts:
            return
        game = match.game
        outcome = game.outcome
        assert outcome is not None
        result = seats.filed(GameResult(
            variant=game.variant, winner=outcome.winner, termination=outcome.termination,
            cards_left=outcome.cards_left, rounds=game.round,
            seconds=time.time() - self._started_at, finished_at=time.time(),
            strategy=match.strategy_name, pace=match.pace,
            pace_mean=match.pace_model.mean, reactions=tuple(reactions)))
        try:
            self.store.record(result)
            self.store.keep_record(match.record())  # the last games' records, for review
        except Exception as exc:  # stats must never stop the game
            log.warning("spit-widget could not record the game in the stats: %s", exc)
        self.summary = self.read(game.variant)
        seats.read_stats(self.store, game.variant)

    def read(self, variant: str) -> dict[str, Any]:
        """The variant's record against the computer (zeros when the file cannot be read)."""
        try:
            return dict(self.store.summary(variant).as_dict())
        except Exception as exc:  # stats must never stop the game
            log.warning("spit-widget could not read the stats: %s", exc)
            return dict(EMPTY)

    def close(self) -> None:
        """Close the store."""
        self.store.close()
