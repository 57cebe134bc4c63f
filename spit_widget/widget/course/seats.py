"""The lesson's seats: seat 1 is the person at the page, seat 2 follows the
lesson (a level's script, or the computer at a whole game or the daily deal).

The third kind of :class:`~..seats.Seats`, so the course's table is a table
like any other and never asks which kind it has. These seats claim the
course's page messages in :meth:`LessonSeats.route` (the course bar's, and
the table's own **Play Again** and **Hint**, which mean Retry and the level's
hint here) and add the course's part of the state in
:meth:`LessonSeats.decorate`; for each new game they make the level's own
match (:class:`.match.LevelMatch`, every action refereed by the level) while a
level is on, or the computer's. A level is a shown position: it never counts
in the stats; a game against the computer does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..parsing import Request, parse
from ..seats_computer import ComputerSeats
from .match import LevelRefusal

if TYPE_CHECKING:
    from ...computer import Match, Strategy
    from ...engine import Game, IllegalMove
    from ..protocol import State
    from .lesson import Lesson


class LessonSeats(ComputerSeats):
    """The seats of a course table: who plays seat 2 is the ``lesson``'s choice."""

    def __init__(self, lesson: Lesson) -> None:
        super().__init__(None)
        self.lesson = lesson

    @property
    def computer(self) -> str | Strategy | None:  # noqa: D102 (see Seats)
        return self.lesson.computer

    def route(self, content: Any, game: Game, paused: bool) -> Request | None:  # noqa: D102
        if isinstance(content, dict) and content.get("kind") == "course":
            self.lesson.from_page(content)
            return None
        request = parse(content)
        if request.kind == "new_game":
            self.lesson.again()
            return None
        if request.kind == "hint" and self.lesson.level_on() is not None:
            self.lesson.hint()
            return None
        return request

    def refusal_notes(self, refusal: IllegalMove) -> dict[str, Any]:  # noqa: D102
        rule = refusal.rule if isinstance(refusal, LevelRefusal) else None
        return {"rule": self.lesson.rule_ref(rule)} if rule else {}

    def decorate(self, state: State, game: Game, paused: bool) -> None:  # noqa: D102
        self.lesson.decorate(game)

    def new_match(self, game: Game, pace: str | None, seed: int | None) -> Match:  # noqa: D102
        match = self.lesson.new_match(game) or super().new_match(game, pace, seed)
        match.on_events(self.lesson.judge)
        return match

    def runs(self, match: Match) -> bool:  # noqa: D102 (a level runs its clock: LevelMatch.start)
        return self.lesson.runs(match) or super().runs(match)
