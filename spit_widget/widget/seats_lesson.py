"""The course's learner: seat 1 is the person at the page, seat 2 follows the
lesson (a level's script, or the computer at a whole game or the daily deal).

The third kind of :class:`~.seats.Seats`, so the course's table is a table like
any other: the widget asks these seats for the match of each new game, and
they answer with the level's own (:class:`~.course_match.LevelMatch`, every
action refereed by the level) while a level is on, or the computer's. A level
is a shown position: it never counts in the stats; a game against the
computer does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from .course_match import LevelMatch
from .seats_computer import ComputerSeats

if TYPE_CHECKING:
    from ..computer import Match
    from ..engine import Event, Game

LESSON_COMPUTER = "expert"
"""The computer at the course's whole games and daily deal: honest and strong;
its pace, not its choices, makes it gentle."""


class LessonSeats(ComputerSeats):
    """Seat 2 follows ``level`` (a callable: the level on the table, or None)
    until :meth:`face_computer`; ``judge`` hears every action of every game, to
    tell when a level is solved or failed, or the daily deal over."""

    def __init__(self, level: Callable[[], Any], judge: Callable[[Sequence[Event]], None]) -> None:
        super().__init__(None)
        self._level = level
        self._judge = judge

    def follow_script(self) -> None:
        """From the next deal, seat 2 is the level's script (no computer)."""
        self.seat_computer(None)

    def face_computer(self) -> None:
        """From the next deal, seat 2 is the computer (a game that counts)."""
        self.seat_computer(LESSON_COMPUTER)

    def new_match(self, game: Game, pace: str | None, seed: int | None) -> Match:  # noqa: D102 (see Seats)
        level = self._level() if self.computer is None else None
        if level is None:
            match = super().new_match(game, pace, seed)
        else:
            opponent = level.opponent
            match = LevelMatch(game, level, timed=bool(opponent is not None and opponent.timed))
        match.on_events(self._judge)
        return match

    def runs(self, match: Match) -> bool:  # noqa: D102 (a level runs its clock: LevelMatch.start)
        return isinstance(match, LevelMatch) or super().runs(match)
