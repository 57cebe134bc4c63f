"""The one migration path: the schema's version, and the steps that bring any
older file up to it.

Each feature keeps its tables beside its queries (``games``, ``reactions``,
``course``, ``daily``, ``records``), as numbered steps: ``STEPS[v]`` takes a database from
``user_version`` v to v + 1. This module puts them in one order and runs them.
"""

from __future__ import annotations

import sqlite3

from .._version import __version__
from . import course, daily, games, reactions, records
from .connection import write_transaction

SCHEMA_VERSION = 6
"""Stored in ``PRAGMA user_version``; bump it and add a feature's step to change the schema."""

FEATURES = (games, reactions, course, daily, records)
"""The order a step's statements run in when two features add to the same step."""

MIGRATIONS: tuple[tuple[str, ...], ...] = tuple(
    tuple(statement for feature in FEATURES for statement in feature.STEPS.get(v, ()))
    for v in range(SCHEMA_VERSION)
)
"""``MIGRATIONS[v]`` takes a database from user_version v to v + 1."""
assert all(MIGRATIONS), "every version has a step"
assert all(max(f.STEPS) < SCHEMA_VERSION for f in FEATURES), "a step past SCHEMA_VERSION"


def migrate(conn: sqlite3.Connection) -> None:
    """Create or upgrade the schema, under a write lock so two kernels cannot both do it."""
    with write_transaction(conn):
        version: int = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            # Written by a newer spit-widget: do not scribble on data we do not understand.
            raise sqlite3.OperationalError(
                f"schema version {version} is newer than this spit-widget ({SCHEMA_VERSION}); "
                f"{written_by(conn)}"
            )
        for step in MIGRATIONS[version:]:
            for statement in step:
                conn.execute(statement)
        if version != SCHEMA_VERSION:
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION:d}")
        stamp_version(conn)


def stamp_version(conn: sqlite3.Connection) -> None:
    """Note which package made the file and which wrote it last (the ``meta`` table).

    Outside the numbered steps, so it needs no schema version of its own: a newer package
    reads these rows to repair what a given release is known to have written wrongly, and
    an older one ignores the table.
    """
    conn.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    conn.execute("INSERT OR IGNORE INTO meta VALUES ('created_by', ?)", (__version__,))
    conn.execute("INSERT OR REPLACE INTO meta VALUES ('written_by', ?)", (__version__,))


def written_by(conn: sqlite3.Connection) -> str:
    """Which package wrote the file last, for the sentence that refuses a newer file."""
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = 'written_by'").fetchone()
    except sqlite3.OperationalError:  # no meta table: written before versions were noted
        row = None
    return f"it was written by spit-widget {row[0]}" if row else "update spit-widget to read it"


def versions(conn: sqlite3.Connection) -> dict[str, str]:
    """The ``meta`` rows: ``created_by`` and ``written_by``."""
    return dict(conn.execute("SELECT key, value FROM meta").fetchall())
