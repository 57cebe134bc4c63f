"""Progress that lasts: the best stars per level and puzzle, the moves that
solved each level (for the record a pupil hands in), and each day's daily
result, kept in the stats SQLite file (``SPIT_WIDGET_HOME`` honoured).

The stats store already handles what a file on a user's disk meets (two
kernels at once, a damaged file, a folder that cannot be written), so progress
goes there rather than into a file of its own. Each call opens the store for
that one call, like the widget's own stats, so a kernel never holds the file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

from ..stats import StatsStore
from . import actions as A
from .levelfile import fingerprint

if TYPE_CHECKING:
    from ..engine import Game
    from .level import Level


def _store(path: Path | None) -> StatsStore:
    return StatsStore(path)


def record_stars(level_id: str, stars: int, path: Path | None = None) -> int:
    """Keep ``stars`` for ``level_id`` if better than before; the stars now kept."""
    with _store(path) as store:
        return store.record_course_stars(level_id, stars)


def stars(path: Path | None = None) -> dict[str, int]:
    """The best stars per level or puzzle id."""
    with _store(path) as store:
        return store.course_stars()


def record_solution(level: Level, game: Game, path: Path | None = None) -> bool:
    """Keep the moves that solved ``level`` in ``game`` (every public action since
    the level's start, the computer's scripted ones included) for the record a
    pupil hands in, unless a solution of fewer moves of the learner is kept."""
    moves = [A.from_engine(a) for a in game.history]
    learner = sum(1 for a in moves if A.is_learners(a))
    with _store(path) as store:
        return store.record_course_solution(level.id, fingerprint(level),
                                            json.dumps(moves, separators=(",", ":")), learner)


def solutions(path: Path | None = None) -> list[tuple[str, str, list[list[object]], float]]:
    """Every kept solution, the first solved first: (level id, fingerprint, the
    moves, solved_at in seconds since the epoch); a row that does not parse is left out."""
    with _store(path) as store:
        rows = store.course_solutions()
    found = []
    for level_id, print_, moves, at in rows:
        try:
            found.append((level_id, print_, json.loads(moves), at))
        except ValueError:
            continue
    return found


def record_daily(day: str, won: bool, margin: int, seconds: float,
                 path: Path | None = None) -> bool:
    """Keep the first result of ``day``'s daily deal; False if the day had one."""
    with _store(path) as store:
        return store.record_daily(day, won, margin, seconds)


def daily_results(path: Path | None = None) -> list[tuple[str, bool, int, float]]:
    """Every day's daily result, oldest first: (day, won, margin, seconds)."""
    with _store(path) as store:
        return store.daily_results()


def reset(path: Path | None = None) -> None:
    """Forget every star, solution and daily result (the games' stats stay)."""
    with _store(path) as store:
        store.reset_course()
