"""The course in a notebook cell: ``learn.show()`` makes a :class:`CourseWidget`.

The course is the normal table with a course bar over it: a map of stages and
levels with their stars, then one level at a time, with its goal, **Hint**,
**Retry** and **Next**, and a daily deal against the computer. The table is a
:class:`~..table.SpitWidget` like any other; what makes it the course is its
seats (:class:`.seats.LessonSeats`) and the :class:`.lesson.Lesson` they
follow, as the page's ``js/course.js`` renders the normal table inside the
course bar. The widget holds no rules. Course levels are shown positions,
never counted in the stats as games against the computer; stars and daily
results go to the course's progress store.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import traitlets

from ...locale import preferred, speaking
from ...stats import StatsStore
from ..assets import MISSING_BUNDLE, bundle
from ..table import SpitWidget
from .lesson import Lesson, Progress
from .old_names import OldNames
from .seats import LessonSeats

if TYPE_CHECKING:
    from ...learn import Daily
    from ...learn.coursebook import Book


def _esm() -> Any:
    """The course's bundle (js/course.js, which draws the table inside it); without
    it, a sentence in the cell rather than a table with no course around it."""
    return bundle("course.js", MISSING_BUNDLE)


def _css() -> Any:
    return bundle("course.css", SpitWidget._css)


class CourseWidget(OldNames, SpitWidget):
    """The course table: a :class:`SpitWidget` with lesson seats and the
    ``course`` trait the course bar draws. Made by ``learn.show()``, which hands
    it ``book`` (the levels in order), ``progress`` and ``daily`` (None: no daily
    deal), ``games`` (False: no whole games against the computer) and ``record``
    (the pupil's record for a typed name: the map's **Download my work**). Opens on the
    map; :attr:`lesson` does what the bar does (``w.lesson.open_level(id)``,
    ``retry()``, ``next()``, ``map()``, ``daily()``, ``play_game()``, ``hint()``); the
    names it had before (``w.level``, ``w.retry()``, ...) still forward there, with a
    DeprecationWarning, until 0.3.0 (:mod:`.old_names`)."""

    _esm = _esm()
    _css = _css()

    course = traitlets.Dict().tag(sync=True)

    def __init__(self, book: Book | Callable[[], Book], *, progress: Progress,
                 daily: Callable[[], Daily] | None, games: bool = True,
                 stats: StatsStore | None = None,
                 record: Callable[[str], dict[str, Any]] | None = None, **kwargs: Any) -> None:
        store = stats if stats is not None else StatsStore()
        code = kwargs.get("language")
        with speaking(code if code is not None else preferred()):  # the first book, in it
            self.lesson = Lesson(book, progress, daily, store.path, show=self._show_course,
                                 games=games, record=record)
        """The course on this table: where the learner is, and what the bar asks."""
        super().__init__(game=self.lesson.view.book.first().game(), seats=LessonSeats(self.lesson),
                         stats=store, **kwargs)
        self.lesson.attach(self.session)

    def _show_course(self, course: dict[str, Any]) -> None:
        self.course = course

    def __repr__(self) -> str:
        return f"<CourseWidget {self.lesson.where()}>"
