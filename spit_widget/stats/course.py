"""The course's stars (:mod:`spit_widget.learn`): the best stars per level or puzzle.
Course games are never rows of ``games``."""

from __future__ import annotations

import sqlite3
import time

from .connection import Queries

STEPS: dict[int, tuple[str, ...]] = {
    3: (
        # 4: the course: the best stars per level or puzzle (and, in ``daily``, the
        # first result of each day's daily deal).
        """CREATE TABLE IF NOT EXISTS course_stars (
            level      TEXT    PRIMARY KEY,
            stars      INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 3),
            updated_at REAL    NOT NULL
        )""",
    ),
}
"""This feature's migration steps (see :mod:`spit_widget.stats.migrations`)."""


class CourseQueries(Queries):
    """The best stars of each course level or puzzle."""

    def record_course_stars(self, level: str, stars: int) -> int:
        """Keep ``stars`` (1 to 3) for a course level or puzzle if better than the stored
        ones; returns the stars now stored."""
        if isinstance(stars, bool) or not isinstance(stars, int) or not 1 <= stars <= 3:
            raise ValueError(f"stars are 1, 2 or 3, not {stars!r}")
        sql = (
            "INSERT INTO course_stars (level, stars, updated_at) VALUES (?, ?, ?)"
            " ON CONFLICT(level) DO UPDATE SET stars = MAX(stars, excluded.stars),"
            " updated_at = excluded.updated_at"
        )

        def write(conn: sqlite3.Connection) -> int:
            conn.execute(sql, (str(level), stars, time.time()))
            row = conn.execute("SELECT stars FROM course_stars WHERE level = ?", (level,))
            return int(row.fetchone()[0])

        return self._run(write)

    def course_stars(self) -> dict[str, int]:
        """The best stars per course level or puzzle id."""
        rows = self._run(lambda conn: conn.execute("SELECT level, stars FROM course_stars")
                         .fetchall())
        return {str(level): int(stars) for level, stars in rows}


def forget(conn: sqlite3.Connection) -> None:
    """Delete every level's stars (inside the caller's transaction)."""
    conn.execute("DELETE FROM course_stars")
