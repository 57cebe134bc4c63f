"""The one connection every feature's queries run over: where the file is, how a
write is made, and the base of the store that holds the connection.

Two kernels may finish games at the same moment, each in its own process. The
database runs in WAL mode (readers never block the writer), every connection has
a 5 s busy timeout, each write is one short transaction, and a write that still
reports ``database is locked`` is retried a few times before giving up.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

import platformdirs

ENV_HOME = "SPIT_WIDGET_HOME"
"""Environment variable naming the directory that holds the stats file."""

DB_FILENAME = "stats.sqlite3"
BUSY_TIMEOUT_S = 5.0
LOCK_RETRIES = 5

T = TypeVar("T")

_on_saved: list[Callable[[Path], None]] = []


def on_saved(hook: Callable[[Path], None]) -> None:
    """Call ``hook(path)`` after every write a store commits to its file (not to
    the in-memory fallback). The static site saves the browser's copy of the file
    so (:mod:`~spit_widget.stats.browser`); on a disk the commit is the save."""
    if hook not in _on_saved:
        _on_saved.append(hook)


def saved(path: Path) -> None:
    """Tell the :func:`on_saved` hooks that ``path`` has new rows committed."""
    for hook in tuple(_on_saved):
        hook(path)


def default_path() -> Path:
    """Where the stats file goes: ``$SPIT_WIDGET_HOME`` if set, else the user data directory."""
    home = os.environ.get(ENV_HOME)
    base = Path(home).expanduser() if home else Path(platformdirs.user_data_dir("spit-widget"))
    return base / DB_FILENAME


class Queries:
    """The base of each feature's queries: one connection, reached through :meth:`_run`
    (the store, :class:`~spit_widget.stats.StatsStore`, supplies it)."""

    def _run(self, op: Callable[[sqlite3.Connection], T]) -> T:
        raise NotImplementedError


@contextmanager
def write_transaction(conn: sqlite3.Connection) -> Iterator[None]:
    """A write transaction that takes the lock at once (``BEGIN IMMEDIATE``: a second kernel
    waits at the start instead of failing halfway) and is rolled back on any exception,
    a KeyboardInterrupt included, so a half-written change never stays."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def retry_locked(op: Callable[[], T]) -> T:
    """Run ``op``, retrying when another process still holds the lock after the busy timeout.

    The busy timeout covers almost every case; the retry covers the few where SQLite reports
    "locked" without waiting (e.g. while another connection is recovering the WAL).
    """
    for attempt in range(LOCK_RETRIES):
        try:
            return op()
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or attempt == LOCK_RETRIES - 1:
                raise
            time.sleep(0.05 * 2**attempt)
    raise AssertionError("unreachable")


def connect(path: Path) -> sqlite3.Connection:
    """Connect to ``path`` in WAL mode and check its integrity (no schema yet).

    Raises a plain :class:`sqlite3.DatabaseError` when the file is damaged.
    """
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
    try:
        # Garbage fails here with "file is not a database", a cut file with "malformed".
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        problems = [row[0] for row in conn.execute("PRAGMA quick_check")]
        if problems != ["ok"]:
            raise sqlite3.DatabaseError(f"quick_check: {'; '.join(problems[:3])}")
    except BaseException:
        conn.close()
        raise
    return conn
