"""A level on the table: the learner's actions refereed by the level, its
scripted opponent on a clock.

:class:`LevelMatch` takes the place of the computer's :class:`Match` while a
level is on the table, so the widget drives it exactly as it drives a game
against the computer (``act``, ``start``, ``pause``, the event observers),
and every check is the level's own (``level.attempt``): the widget holds no
rules. The learner's moves are counted for the stars; the scripted
opponent's timed moves (``level.due``) land on the kernel's loop like the
computer's would.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from ...computer import Match, View
from ...computer.match import Sleeper, interruptible_sleep
from ...engine import PLAYING, YOU, Action, Event, Game, IllegalMove
from .. import voice as V

TICK_S = 0.1
"""How often the clock looks for the scripted opponent's due moves: well under
a person's reaction time, so a move lands within a tenth of a second of its time."""

class Attempted(Protocol):
    """What ``level.attempt`` answers (see :mod:`spit_widget.learn`)."""

    @property
    def ok(self) -> bool:
        """Applied (True) or refused, the game unchanged (False)."""

    @property
    def sentence(self) -> str:
        """Why it was refused: the rule, in words."""

    @property
    def rule(self) -> str | None:
        """The id of the rule a refusal enforces (None: not a move at all)."""


class Scripted(Protocol):
    """The part of a level the table drives: the referee, the clock, the count."""

    def attempt(self, game: Game, action: Action) -> Attempted:
        """Referee the learner's action (an engine action: the level reads it as
        the course writes actions): refused (state unchanged) or applied."""

    def play_due(self, game: Game, elapsed_s: float) -> object | None:
        """Make the scripted moves due by ``elapsed_s``; None when none were."""

    def moves(self, game: Game) -> int:
        """The learner's moves so far."""


class LevelRefusal(IllegalMove):
    """A learner's move the level refused: its sentence, and the id of the rule
    it enforces (None: not a move at all), which the page links to the rule's
    text (the lesson's seats add it to the refusal's notice)."""

    def __init__(self, reason: str, rule: str | None) -> None:
        super().__init__(reason)
        self.rule = rule


class Clock:
    """Seconds the level has been running, its pauses left out."""

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self._now = now
        self._banked = 0.0
        self._since: float | None = None

    def run(self) -> None:
        """Start counting (again)."""
        if self._since is None:
            self._since = self._now()

    def stop(self) -> None:
        """Stop counting; the seconds so far are kept."""
        if self._since is not None:
            self._banked += self._now() - self._since
            self._since = None

    def elapsed(self) -> float:
        """Seconds counted so far."""
        running = self._now() - self._since if self._since is not None else 0.0
        return self._banked + running


def script(_view: View) -> None:
    """Seat 2 at a level: it never chooses a move. The level's script plays
    seat 2 on the level's clock (:meth:`LevelMatch.run`); the match's name for
    seat 2, on the page and in the log, is this function's."""
    return


class LevelMatch(Match):
    """The match of one level: the level's script plays seat 2, not a strategy."""

    def __init__(self, game: Game, level: Scripted, *, timed: bool,
                 sleep: Sleeper = interruptible_sleep, clock: Clock | None = None,
                 on_refused: Callable[[str], None] | None = None) -> None:
        super().__init__(game, script, None, sleep=sleep)
        self.level = level
        self.timed = timed
        self.clock = clock or Clock()
        self.closed_for: str | None = None
        """Set (to the sentence that says why) once the level is over: then moves are refused."""
        self.on_refused = on_refused
        """Told the sentence of each move the rules refuse (a lesson whose levels
        give one try: the review's moments); None: a refusal is only said."""

    def act(self, action: Action | Sequence[Any]) -> list[Event]:
        """The learner's action, refereed by the level (which applies it, and the
        scripted answers). A refusal raises IllegalMove with the level's sentence,
        which names the rule; the game is unchanged."""
        if len(action) > 1 and action[1] not in (None, YOU):
            raise IllegalMove(V.said(V.COURSE_BOTTOM_ROW))
        if self.closed_for is not None:
            raise IllegalMove(self.closed_for)
        before = len(self.game.events)
        attempt = self.level.attempt(self.game, Action(*(*action, None, None, None)[:4]))
        if not attempt.ok:
            if attempt.rule is not None and self.on_refused is not None:
                self.on_refused(attempt.sentence)
            raise LevelRefusal(attempt.sentence, attempt.rule)
        return self.landed(before)

    @property
    def moves(self) -> int:
        """The learner's moves so far (the stars count them against par)."""
        return self.level.moves(self.game)

    def step(self) -> list[Event]:
        """The script's moves due now (a paused level stepped from a cell)."""
        return self._due_now()

    def start(self) -> None:
        """Run the clock (and the scripted opponent's timed moves) on the loop."""
        if self.timed and self.closed_for is None:
            super().start()

    def pause(self) -> None:
        """Stop the clock and the scripted opponent's task."""
        self.clock.stop()
        super().pause()

    def _due_now(self) -> list[Event]:
        before = len(self.game.events)
        played = self.level.play_due(self.game, self.clock.elapsed())
        return self.landed(before) if played is not None else []

    async def run(self) -> None:
        """The level's clock: the scripted moves land as they fall due. It stands
        while the learner's page is silent (a dropped connection loses no time)."""
        self.clock.run()
        while self.game.status == PLAYING and self.closed_for is None:
            if self.page_quiet():
                self.clock.stop()
                await self.wait_for_page()
                self.clock.run()
            self._due_now()
            await self.nap(TICK_S)
