"""The course in a notebook cell: ``learn.show()`` is a :class:`CourseWidget`.

The course is the normal table with a course bar over it: a map of stages and
levels with their stars, then one level at a time, with its goal, **Hint**,
**Retry** and **Next**, and a daily deal against the computer. It is a
:class:`SpitWidget` whose seats are the learner's (:class:`.seats_lesson.LessonSeats`):
while a level is on, they deal its games in the level's match
(:class:`.course_match.LevelMatch`), where every learner's action is refereed by
``level.attempt`` (a refusal names the rule), the scripted opponent moves on
the level's clock, and ``level.solved`` / ``level.failed`` end it. The widget
holds no rules. Course games are shown positions, never counted in the stats
as games against the computer; stars and daily results go to the course's
progress store.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from typing import Any

import traitlets

from ..computer.pace import PACES
from ..engine import GAME_OVER, Event, Hint, IllegalMove
from ..stats import StatsStore
from . import voice as V
from .assets import MISSING_BUNDLE, bundle
from .course_book import Book, Section, teachers_sections
from .course_match import LevelMatch
from .course_state import CourseView, course_state, daily_line, level_line
from .seats_lesson import LessonSeats
from .table import SpitWidget

log = logging.getLogger("spit_widget")

COURSE_ACTIONS = ("open", "retry", "next", "map", "daily", "hint", "play_game")
"""What the course bar's buttons ask of the kernel: ``{"kind": "course", "do": ...}``."""


def _esm() -> Any:
    """The course's bundle (js/course.js, which draws the table inside it); without
    it, a sentence in the cell rather than a table with no course around it."""
    return bundle("course.js", MISSING_BUNDLE)


def _css() -> Any:
    return bundle("course.css", SpitWidget._css)


def _learn() -> Any:
    from .. import learn  # the course's data; imported when a course is made
    return learn


def course_sections(levels: Sequence[Any] | None) -> list[Section]:
    """The project's course (its stages, then each variant's puzzles), or a
    teacher's own levels grouped by stage."""
    learn = _learn()
    if levels is not None:
        if isinstance(levels, (str, bytes)) or not isinstance(levels, Sequence):
            raise TypeError(f"levels= takes a list of learn.Level, not {type(levels).__name__}.")
        for n, level in enumerate(levels, 1):
            if not isinstance(level, learn.Level):
                raise TypeError(f"levels= takes learn.Level objects; item {n} is a "
                                f"{type(level).__name__} ({level!r:.40}).")
        return teachers_sections(list(levels))
    by_id = {lv.id: lv for lv in learn.course()}
    sections = [Section(s.id, s.title, "course", tuple(by_id[i] for i in s.levels if i in by_id))
                for s in learn.STAGES]
    for variant in ("duel", "classic"):
        sections.append(Section(f"puzzles-{variant}", f"Puzzles: {variant}",
                                f"puzzles-{variant}", tuple(learn.puzzles(variant))))
    return sections


class CourseWidget(SpitWidget):
    """The course: ``CourseWidget()`` (the project's), or ``CourseWidget(levels=[...])``
    for a teacher's own levels (each made with ``learn.Level``, which refuses a
    broken one when it is made). Opens on the map; ``open_level(id)`` a level."""

    _esm = _esm()
    _css = _css()

    course = traitlets.Dict().tag(sync=True)

    def __init__(self, levels: Sequence[Any] | None = None, *,
                 stats: StatsStore | None = None, **kwargs: Any) -> None:
        self._lesson = CourseView(Book(course_sections(levels)))
        self._progress = _learn().progress  # the stars, kept in the stats file
        first = self._lesson.book.sections[0].levels[0]
        self._learner = LessonSeats(self._level_on, self._judge)
        super().__init__(game=first.game(), seats=self._learner, stats=stats, **kwargs)
        self._lesson.stars = self._read_stars()
        self.publish()

    # ------------------------------------------------------------ the course
    @property
    def level(self) -> Any:
        """The level on the table (None on the map or at the daily deal)."""
        return self._lesson.level

    @property
    def result(self) -> dict[str, Any] | None:
        """How the level on the table ended: stars and why, or the failure's sentence."""
        return self._lesson.result

    @property
    def screen(self) -> str:
        """``"map"``, ``"level"``, ``"daily"`` or ``"game"``."""
        return self._lesson.screen

    def open_level(self, level_id: str) -> None:
        """Put the level ``level_id`` on the table, at its start."""
        level = self._lesson.book.level(level_id)
        self._lesson.start_level(level)
        self._learner.follow_script()  # the level's script plays seat 2
        self.session.pauses.clear()
        self.show(level.game())
        self._lesson.say(level_line(self._lesson))
        self.publish()

    def retry(self) -> None:
        """The level (or the daily deal, or the game) again from its start."""
        if self._lesson.screen == "game":
            self.play_game(self.game.variant)
        elif self._lesson.daily is not None:
            self.daily()
        elif self._lesson.level is not None:
            self.open_level(self._lesson.level.id)

    def next(self) -> None:
        """The next level of this stage's track; when the course's levels of one
        rule set end, a whole game of it at the slowest pace; when a track of
        puzzles ends, the map."""
        level = self._lesson.level
        if level is None:
            self.map()
            return
        after = self._lesson.book.after(level.id)
        if self._lesson.book.game_after(level.id):
            self.play_game(level.variant)
        elif after is None:
            self.map()
        else:
            self.open_level(after)

    def play_game(self, variant: str = "duel") -> None:
        """A whole game against the computer at the slowest pace (Slow in the
        duel), as at any table: it counts in the stats, as a game played."""
        slowest = PACES[variant][0]
        self._lesson.start_game(variant, slowest.label)
        self._learner.face_computer()
        SpitWidget.new_game(self, variant=variant)
        self.pace = slowest.name

    def map(self) -> None:
        """Back to the map; the level's clock stops."""
        self.match.pause()
        self._lesson.screen = "map"
        self._lesson.say(V.COURSE_MAP)
        self.publish()

    def daily(self) -> None:
        """Today's deal against the computer at Normal, the same for everyone today."""
        daily = _learn().daily()
        self._lesson.start_daily(daily)
        self._learner.face_computer()
        self.session.pauses.clear()
        self.show(daily.game())
        self.pace = daily.pace
        self._lesson.started = time.time()
        self._lesson.say(daily_line(daily))
        self.publish()

    def hint(self, seat: int = 1, *, view: str | None = None) -> Hint:
        """The level's hint (its sentence, the card or pile lit on the table);
        at the daily deal, the engine's hint as at any table."""
        level = self._lesson.level
        if level is None or self._lesson.screen != "level":
            return super().hint(seat, view=view)
        hint = level.hint
        if hint is None:
            self.say(V.LEVEL_NO_HINT, "hint")
            return Hint(None, V.LEVEL_NO_HINT_SHORT)
        self._lesson.hint = hint
        self.say(hint.sentence, "hint", card=hint.card, centre=hint.pile)
        return Hint(None, hint.sentence)

    def new_game(self, seed: int | None = None, variant: str | None = None) -> None:
        """Play Again: the same level (or daily deal) from its start."""
        if self._lesson.screen == "map":
            return
        self.retry()

    # ------------------------------------------------------------- internals
    @property
    def _store_path(self) -> Any:
        """The stats file, where the course's progress is kept beside the games."""
        return self.session.book.store.path

    def _level_on(self) -> Any:
        """The level being played now (None on the map, at a game or the daily deal)."""
        return self._lesson.level if self._lesson.screen == "level" else None

    def _read_stars(self) -> dict[str, int]:
        try:
            return dict(self._progress.stars(self._store_path))
        except Exception as exc:  # progress must never stop the course
            log.warning("spit-widget could not read the course progress: %s", exc)
            return {}

    def _judge(self, _events: Sequence[Event]) -> None:
        """After every action: is the level solved, or failed? Is the daily over?"""
        view = self._lesson
        if view.result is not None:
            return
        match = self.match
        if isinstance(match, LevelMatch) and view.level is not None:
            self._judge_level(match, view.level)
        elif view.daily is not None and self.game.status == GAME_OVER:
            self._end_daily()
        if view.result is not None:
            self.publish()

    def _judge_level(self, match: LevelMatch, level: Any) -> None:
        game = self.game
        if level.solved(game):
            stars = int(level.stars(match.moves))
            try:
                self._progress.record_stars(level.id, stars, self._store_path)
            except Exception as exc:
                log.warning("spit-widget could not record the stars: %s", exc)
            self._lesson.stars = self._read_stars() or {**self._lesson.stars, level.id: stars}
            self._lesson.solved(stars, match.moves)
            match.closed_for = V.LEVEL_SOLVED
        else:
            failure = level.failed(game)
            if failure is None and game.status == GAME_OVER:
                failure = V.LEVEL_GAME_ENDED
            if failure is None:
                return
            self._lesson.failed(str(failure))
            match.closed_for = V.level_failed(str(failure))
        match.pause()

    def _end_daily(self) -> None:
        outcome = self.game.outcome
        assert outcome is not None
        daily = self._lesson.daily
        result = daily.result(self.game, time.time() - self._lesson.started)
        try:  # the day's first result is kept; a later game of the same deal is not
            self._progress.record_daily(daily.day, result.won, result.margin, result.seconds,
                                        self._store_path)
        except Exception as exc:  # progress must never stop the course
            log.warning("spit-widget could not record the daily deal: %s", exc)
        self._lesson.daily_over(outcome, daily.share_line(result))

    def own_message(self, content: Any) -> bool:
        """The course bar's messages are the course's; the table's go to the table."""
        if not (isinstance(content, dict) and content.get("kind") == "course"):
            return False
        try:
            self._course_message(content)
        except (ValueError, IllegalMove) as exc:
            log.warning("spit-widget refused a course message from the page: %s", exc)
            self.say(str(exc), "refused")
        except Exception:
            log.exception("spit-widget failed on a course message: %.200r", content)
            self.say(V.COURSE_FAILED, "refused")
        return True

    def _course_message(self, content: dict[str, Any]) -> None:
        do = content.get("do")
        if do not in COURSE_ACTIONS:
            raise ValueError(f"Unknown course request {do!r:.30} from the page; it was ignored.")
        if do == "open":
            level_id = content.get("level")
            if not isinstance(level_id, str) or len(level_id) > 80:
                raise ValueError("That request names no level.")
            self.open_level(level_id)
        elif do == "hint":
            self.hint()
        else:
            getattr(self, str(do))()

    def publish(self) -> None:  # noqa: D102 (the table's, with the course's part)
        super().publish()
        if hasattr(self, "_lesson"):
            match = self.match
            moves = match.moves if isinstance(match, LevelMatch) else 0
            self.course = course_state(self._lesson, moves)

    def __repr__(self) -> str:
        where = self._lesson.level.id if self._lesson.level is not None else self._lesson.screen
        return f"<CourseWidget {where}>"


def show(levels: Sequence[Any] | None = None, **kwargs: Any) -> CourseWidget:
    """The course table (``learn.show`` calls this): the project's course, or
    ``levels``, a teacher's own; ``kwargs`` go to the table (``size=``, ...)."""
    return CourseWidget(levels, **kwargs)
