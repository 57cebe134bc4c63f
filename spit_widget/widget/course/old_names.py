"""The course table's names from before :attr:`CourseWidget.lesson`, kept for a
release: ``w.level``, ``w.result``, ``w.screen``, ``w.open_level(id)``,
``w.retry()``, ``w.next()``, ``w.map()``, ``w.play_game()`` and ``w.daily()``
moved to ``w.lesson`` in 0.2.0. A teacher's notebook written before still runs,
and a DeprecationWarning tells its author the new name; they go in 0.3.0
(CHANGELOG.md, "Deprecated").
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ...learn import Level
    from .lesson import Lesson

PROPERTIES = ("level", "result", "screen")
METHODS = ("open_level", "retry", "next", "map", "play_game", "daily")


def _moved(name: str) -> None:
    warnings.warn(f"w.{name} is deprecated since 0.2.0 and goes in 0.3.0: use w.lesson.{name}",
                  DeprecationWarning, stacklevel=3)


class OldNames:
    """Each old name forwards to :attr:`lesson`, warning first."""

    lesson: Lesson

    @property
    def level(self) -> Level | None:
        """Deprecated: ``w.lesson.level``."""
        _moved("level")
        return self.lesson.level

    @property
    def result(self) -> dict[str, Any] | None:
        """Deprecated: ``w.lesson.result``."""
        _moved("result")
        return self.lesson.result

    @property
    def screen(self) -> str:
        """Deprecated: ``w.lesson.screen``."""
        _moved("screen")
        return self.lesson.screen

    def open_level(self, level_id: str) -> None:
        """Deprecated: ``w.lesson.open_level(level_id)``."""
        _moved("open_level")
        self.lesson.open_level(level_id)

    def retry(self) -> None:
        """Deprecated: ``w.lesson.retry()``."""
        _moved("retry")
        self.lesson.retry()

    def next(self) -> None:
        """Deprecated: ``w.lesson.next()``."""
        _moved("next")
        self.lesson.next()

    def map(self) -> None:
        """Deprecated: ``w.lesson.map()``."""
        _moved("map")
        self.lesson.map()

    def play_game(self, variant: str = "duel") -> None:
        """Deprecated: ``w.lesson.play_game(variant)``."""
        _moved("play_game")
        self.lesson.play_game(variant)

    def daily(self) -> None:
        """Deprecated: ``w.lesson.daily()``."""
        _moved("daily")
        self.lesson.daily()
