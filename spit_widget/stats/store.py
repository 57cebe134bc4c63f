"""The store: one connection, opened lazily, over which every feature's queries run.

A store is meant for one thread (the kernel's event loop); it opens its one
connection on first use, so constructing a store never touches the disk.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from . import course, daily, faults, migrations
from .connection import T, connect, default_path, retry_locked, saved, write_transaction
from .course import CourseQueries
from .daily import DailyQueries
from .games import GameQueries
from .reactions import ReactionQueries
from .records import RecordQueries


def open_file(path: Path) -> sqlite3.Connection:
    """Connect, switch to WAL, check integrity and bring the schema up to date.

    Raises a plain :class:`sqlite3.DatabaseError` when the file is damaged.
    """
    conn = connect(path)
    try:
        migrations.migrate(conn)
    except BaseException:
        conn.close()
        raise
    return conn


class StatsStore(GameQueries, ReactionQueries, CourseQueries, DailyQueries, RecordQueries):
    """Records finished games and answers "how am I doing?".

    ``path`` is the database file; ``None`` means :func:`default_path`, resolved now (at
    construction) so a later change of ``SPIT_WIDGET_HOME`` does not move an existing store.
    Errors other than the handled faults (e.g. the lock still held after all retries) propagate
    as :class:`sqlite3.Error`, so a game is never silently dropped.

    Each feature's queries come from its own module (``games``, ``reactions``,
    ``course``, ``daily``, ``records``); the store holds the connection they share.
    """

    def __init__(self, path: Path | None = None) -> None:
        self._path = Path(path) if path is not None else default_path()
        self._conn: sqlite3.Connection | None = None
        self._in_memory = False

    @property
    def path(self) -> Path:
        """The database file this store uses (or would use, if it fell back to memory)."""
        return self._path

    @property
    def in_memory(self) -> bool:
        """True once the store has fallen back to memory: nothing recorded will outlive it."""
        return self._in_memory

    def versions(self) -> dict[str, str]:
        """The package versions that made the file (``created_by``) and last wrote it
        (``written_by``); a newer package reads them before it migrates the file."""
        return self._run(migrations.versions)

    def reset_course(self) -> None:
        """Forget the course's stars and daily results (the games stay)."""

        def write(conn: sqlite3.Connection) -> None:
            with write_transaction(conn):
                course.forget(conn)
                daily.forget(conn)

        self._run(write)

    def close(self) -> None:
        """Close the connection. A file-backed store reopens on next use; memory is gone."""
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def __enter__(self) -> StatsStore:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    # -- internals -------------------------------------------------------------------------

    def _run(self, op: Callable[[sqlite3.Connection], T]) -> T:
        conn = self._connection()
        before = conn.total_changes
        result = retry_locked(lambda: op(conn))
        if conn.total_changes != before and not self._in_memory:  # autocommit: on the file
            saved(self._path)
        return result

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            self._conn, self._in_memory = faults.open_or_fall_back(
                self._path, lambda path: retry_locked(lambda: open_file(path)),
                migrations.migrate)
        return self._conn
