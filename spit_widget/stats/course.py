"""The course's stars (:mod:`spit_widget.learn`): the best stars per level or puzzle,
and the moves that solved each level, for the record a pupil hands in
(``learn.hand_in``: a teacher checks it by replaying them). Course games are never
rows of ``games``."""

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
    5: (
        # 6: the moves that solved each version of a level (its fingerprint), the fewest
        # kept, for the record a pupil hands in.
        """CREATE TABLE IF NOT EXISTS course_solutions (
            level       TEXT    NOT NULL,
            fingerprint TEXT    NOT NULL,
            moves       TEXT    NOT NULL,  -- the public actions as JSON, both players'
            learner     INTEGER NOT NULL,  -- how many of them were the learner's
            solved_at   REAL    NOT NULL,
            PRIMARY KEY (level, fingerprint)
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


    def record_course_solution(self, level: str, fingerprint: str, moves: str,
                               learner: int) -> bool:
        """Keep ``moves`` (JSON text) as the solution of ``level`` at ``fingerprint``
        unless a solution of fewer learner moves is kept; True when it was kept."""
        sql = (
            "INSERT INTO course_solutions (level, fingerprint, moves, learner, solved_at)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT(level, fingerprint) DO UPDATE SET"
            " moves = excluded.moves, learner = excluded.learner,"
            " solved_at = excluded.solved_at WHERE excluded.learner <= course_solutions.learner"
        )

        def write(conn: sqlite3.Connection) -> bool:
            return conn.execute(sql, (str(level), str(fingerprint), str(moves), int(learner),
                                      time.time())).rowcount > 0

        return self._run(write)

    def course_solutions(self) -> list[tuple[str, str, str, float]]:
        """Every kept solution, the first solved first: (level, fingerprint, moves as
        JSON text, solved_at in seconds since the epoch)."""
        rows = self._run(lambda conn: conn.execute(
            "SELECT level, fingerprint, moves, solved_at FROM course_solutions"
            " ORDER BY solved_at, level").fetchall())
        return [(str(a), str(b), str(c), float(d)) for a, b, c, d in rows]


def forget(conn: sqlite3.Connection) -> None:
    """Delete every level's stars and solutions (inside the caller's transaction)."""
    conn.execute("DELETE FROM course_stars")
    conn.execute("DELETE FROM course_solutions")
