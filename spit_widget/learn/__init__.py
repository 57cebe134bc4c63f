"""Learn Spit by playing: the rules catalogue, a course of levels checked by the
engine, puzzles with proven answers, a daily deal, and progress that lasts; and
for a class, the pupil's record handed in (:func:`hand_in`), checked by replay
(:func:`check`) and read for the whole class (:func:`class_report`).

Engine-only (the course table lives in ``spit_widget.widget.course`` and loads
on ``learn.show()``, which hands it the course), so the course can be checked
and solved headless.
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING, Any

from ..keywords import check_keywords, keywords_of
from . import actions, progress
from .actions import PublicAction
from .catalogue import RULES, Rule
from .checks import (
    All,
    AnyOf,
    Check,
    Cleared,
    Custom,
    Fail,
    Made,
    Moved,
    OnCentre,
    RoundReached,
    Slapped,
    Spat,
    Uncovered,
    Won,
)
from .classreport import ClassReport, class_report
from .coursebook import Stage, book, course, level, stages
from .daily import Daily, DailyResult, daily
from .grading import CheckedRecord, Claim, check
from .handin import HandingIn, hand_in, record_of
from .hint import LevelHint
from .level import Attempt, Level
from .levelfile import LevelFileError, load_levels, save_levels
from .positions import position
from .puzzles import puzzles
from .record import RecordError
from .script import Opponent

if TYPE_CHECKING:
    from ..widget.course import CourseWidget

__all__ = [
    "RULES", "STAGES", "All", "AnyOf", "Attempt", "Check", "CheckedRecord", "Claim",
    "ClassReport", "Cleared", "Custom", "Daily", "DailyResult", "Fail", "Level",
    "LevelFileError", "LevelHint", "Made", "Moved", "OnCentre", "Opponent", "PublicAction",
    "RecordError", "RoundReached", "Rule", "Slapped", "Spat", "Stage", "Uncovered", "Won",
    "actions", "check", "class_report", "course", "daily", "hand_in", "level", "load_levels",
    "position", "progress", "puzzles", "reset", "save_levels", "show",
]


_MADE_BY_SHOW = frozenset({"book", "progress", "daily", "games", "game", "seats", "record"})
"""The course table's keywords that ``show`` fills itself (the rest pass through)."""

DEPRECATED = {"Hint": "LevelHint"}
"""Old public names kept for a release (0.2.0 -> removed in 0.3.0), each with its new name."""


def __getattr__(name: str) -> Any:
    """``STAGES`` is built on first use (building validates every level); an old
    name (:data:`DEPRECATED`) still works, with a DeprecationWarning naming the new one."""
    if name == "STAGES":
        return stages()
    if name in DEPRECATED:
        new = DEPRECATED[name]
        warnings.warn(f"learn.{name} is deprecated since 0.2.0 and goes in 0.3.0: use learn.{new} "
                      "(the same class)", DeprecationWarning, stacklevel=2)
        return globals()[new]
    raise AttributeError(f"module 'spit_widget.learn' has no attribute {name!r}")


def reset() -> None:
    """Forget the course's progress: every star and daily result (not the games)."""
    progress.reset()


def show(levels: list[Level] | None = None, *, daily_deal: bool = True, play_game: bool = True,
         hand_in: str | None = None, **kwargs: Any) -> CourseWidget:
    """The course table in the notebook: the project's course, or ``levels``, a
    teacher's own (each made with :class:`Level`, which refuses a broken one
    when it is made). ``daily_deal=False`` and ``play_game=False`` leave out the
    map's **Daily deal** and **Play a game** (and the whole game the course
    leads into after a rule set's levels), for a class that should stay on the
    levels; ``hand_in="your name"`` writes the pupil's record
    (``spit-record.json``, beside the notebook: see :func:`hand_in`) each time a
    level is solved; ``language="fr"`` (or ``"es"``, ``"de"``, ``"en"``) makes the
    course in that language, its levels and its page alike, whatever the package
    speaks; ``kwargs`` go to the table (``size=``, ``stats=``, ...)."""
    # The one edge from the course to the widget (declared in tests/test_layers.py):
    # the widget loads here, on demand, so the course stays importable and checkable
    # with no widget library; the widget is handed the course and never imports it.
    from ..widget.course import CourseWidget

    check_keywords("learn.show", kwargs, keywords_of(show, CourseWidget) - _MADE_BY_SHOW,
                   also=CourseWidget.class_trait_names())
    kept = progress if hand_in is None else HandingIn(hand_in)
    # The table makes the book in its language (language=, else the page's...), and again
    # whenever that changes: a book says its levels in the language it was made in.
    book(levels)  # a levels= that is no list of levels: refused here, with its sentence
    return CourseWidget(lambda: book(levels), progress=kept,
                        daily=daily if daily_deal else None, games=play_game,
                        record=record_of, **kwargs)
