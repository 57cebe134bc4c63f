"""The person's reactions at a table against the computer, and the pace
Match me draws from them.

Kept apart from the widget because it is one concept with its own state: a
meter that times each card from becoming playable to its click, and, at the
Match me pace, the model that turns those times (this game's and past
games', from the stats) into the computer's speed.
"""

from __future__ import annotations

import logging
import time

from ..computer import Match
from ..computer.matchme import RESULT_WINDOW, SAMPLES_KEPT, MatchMe, ReactionMeter
from ..computer.pace import MATCH_ME
from ..stats import StatsStore

log = logging.getLogger("spit_widget")


class Reactions:
    """The reaction meter of one game and, at the Match me pace, its pace model."""

    def __init__(self, store: StatsStore) -> None:
        self._store = store
        self.meter = ReactionMeter()
        self.matchme: MatchMe | None = None

    @property
    def samples(self) -> list[float]:
        """This game's reaction times, in seconds."""
        return self.meter.samples

    def new_game(self, match: Match) -> None:
        """A fresh meter for ``match``'s game (and Match me, if that is its pace)."""
        self.meter = ReactionMeter(trip=self.meter.trip)  # the person's trip stays theirs
        self.meter.update(match.game, time.monotonic())
        self.matchme = None
        self.follow_pace(match)

    def follow_pace(self, match: Match) -> None:
        """Match me: the computer's speed from your measured reactions (past games'
        and this one's) and your recent Match me results; off at any other pace."""
        if match.pace != MATCH_ME:
            self.matchme = None
            return
        variant = match.game.variant
        try:
            past = self._store.reaction_samples(variant, SAMPLES_KEPT)
            history = self._store.match_me_history(variant, RESULT_WINDOW)
        except Exception as exc:  # stats must never stop the game
            log.warning("spit-widget could not read the stats: %s", exc)
            past, history = [], []
        self.matchme = MatchMe(variant, past + self.meter.samples,
                               won=[won for won, _ in history],
                               previous=history[-1][1] if history else None)
        match.set_pace(self.matchme.pace())

    def landed(self, match: Match, clicked: bool, waited: float | None = None) -> None:
        """An action landed (``clicked``: the page's, so a reaction to time;
        ``waited``: the reaction as the page timed it, when it did)."""
        sample = self.meter.update(match.game, time.monotonic(), count=clicked, waited=waited)
        if sample is not None and self.matchme is not None:
            self.matchme.observe(sample)
            match.set_pace(self.matchme.pace())

    def pause(self) -> None:
        """A pause is no reaction time: stop the clock."""
        self.meter.pause()

    def resume(self, match: Match) -> None:
        """Play on: time from now."""
        self.meter.update(match.game, time.monotonic())

    def describe(self) -> str | None:
        """What Match me is doing, for the status line (None at any other pace)."""
        return self.matchme.describe() if self.matchme is not None else None
