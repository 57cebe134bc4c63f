"""Finished games' records, kept for review: the ``game_records`` table.

A review (:mod:`spit_widget.review`) reads a game back action by action, so it
needs the whole record (the deal, every action, each action's time), not the
totals the ``games`` table keeps. Only the last :data:`KEEP` are kept: a review
is about recent play, and fifty records of a few kilobytes each stay small.
The record is stored as JSON text, as ``save_game`` writes it, so the store
needs no knowledge of the engine.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Mapping
from typing import Any

from .connection import Queries, write_transaction

KEEP = 50
"""How many finished games' records the store keeps (the newest)."""

STEPS: dict[int, tuple[str, ...]] = {
    4: (
        """CREATE TABLE IF NOT EXISTS game_records (
            id          INTEGER PRIMARY KEY,
            variant     TEXT    NOT NULL,
            finished_at REAL    NOT NULL,
            record      TEXT    NOT NULL  -- the record as JSON, times included when known
        )""",
    ),
}
"""This feature's migration steps (see :mod:`spit_widget.stats.migrations`)."""


class RecordQueries(Queries):
    """Keeping a finished game's record, and reading the kept ones back."""

    def keep_record(self, record: Mapping[str, Any]) -> None:
        """Keep ``record`` (a game's record, JSON-ready) and drop all but the
        newest :data:`KEEP`, in one transaction."""
        text = json.dumps(dict(record), separators=(",", ":"))
        row = (str(record.get("variant", "")), time.time(), text)

        def write(conn: sqlite3.Connection) -> None:
            with write_transaction(conn):
                conn.execute("INSERT INTO game_records (variant, finished_at, record)"
                             " VALUES (?, ?, ?)", row)
                conn.execute("DELETE FROM game_records WHERE id NOT IN"
                             f" (SELECT id FROM game_records ORDER BY id DESC LIMIT {KEEP:d})")

        self._run(write)

    def game_records(self, n: int = KEEP) -> list[dict[str, Any]]:
        """The newest ``n`` kept records, oldest first, each with ``finished_at``
        (seconds since the epoch) added; a row that no longer parses is skipped."""
        if n <= 0:
            return []
        sql = ("SELECT finished_at, record FROM game_records ORDER BY id DESC LIMIT ?")
        rows = self._run(lambda conn: conn.execute(sql, (n,)).fetchall())
        out: list[dict[str, Any]] = []
        for finished_at, text in reversed(rows):
            try:
                record = json.loads(text)
            except ValueError:
                continue
            if isinstance(record, dict):
                out.append({**record, "finished_at": float(finished_at)})
        return out
