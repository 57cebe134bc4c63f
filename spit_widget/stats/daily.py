"""The daily deal's results: the first result of each day's deal."""

from __future__ import annotations

import sqlite3
import time

from .connection import Queries

STEPS: dict[int, tuple[str, ...]] = {
    3: (
        """CREATE TABLE IF NOT EXISTS daily_results (
            day         TEXT    PRIMARY KEY,  -- ISO date of the deal
            won         INTEGER NOT NULL CHECK (won IN (0, 1)),
            margin      INTEGER NOT NULL,     -- the computer's cards left minus yours
            seconds     REAL    NOT NULL,
            finished_at REAL    NOT NULL
        )""",
    ),
}
"""This feature's migration steps (see :mod:`spit_widget.stats.migrations`)."""


class DailyQueries(Queries):
    """Each day's first result of the daily deal."""

    def record_daily(self, day: str, won: bool, margin: int, seconds: float) -> bool:
        """Keep the first result of the daily deal of ``day`` (ISO date); False when that
        day already has one (a replay does not change the day's result)."""
        sql = ("INSERT OR IGNORE INTO daily_results (day, won, margin, seconds, finished_at)"
               " VALUES (?, ?, ?, ?, ?)")
        row = (day, int(bool(won)), int(margin), float(seconds), time.time())
        return bool(self._run(lambda conn: conn.execute(sql, row).rowcount))

    def daily_results(self) -> list[tuple[str, bool, int, float]]:
        """Each day's daily result, oldest first: (day, won, margin, seconds)."""
        sql = "SELECT day, won, margin, seconds FROM daily_results ORDER BY day"
        rows = self._run(lambda conn: conn.execute(sql).fetchall())
        return [(str(d), bool(w), int(m), float(s)) for d, w, m, s in rows]


def forget(conn: sqlite3.Connection) -> None:
    """Delete every day's result (inside the caller's transaction)."""
    conn.execute("DELETE FROM daily_results")
