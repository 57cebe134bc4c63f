"""The faults a store survives: a game never stops for its stats.

A corrupt or truncated file is moved aside to ``<name>.corrupt-<timestamp>``
(kept, not deleted, so nothing is destroyed) and a fresh database is started. A
location that cannot be written falls back to an in-memory database for this
session. Both cases emit a ``RuntimeWarning`` so the user learns why their
history looks empty.
"""

from __future__ import annotations

import os
import sqlite3
import warnings
from collections.abc import Callable
from datetime import datetime
from pathlib import Path


def open_or_fall_back(
    path: Path, open_file: Callable[[Path], sqlite3.Connection],
    migrate: Callable[[sqlite3.Connection], None],
) -> tuple[sqlite3.Connection, bool]:
    """Open ``path`` with ``open_file``, repairing by quarantine or falling back to
    memory (migrated with ``migrate``); never raises. Returns the connection and
    whether it is the in-memory fallback."""
    try:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            return open_file(path), False
        except sqlite3.DatabaseError as exc:
            if not is_corruption(exc):
                raise
            moved = quarantine(path)
            warnings.warn(
                f"spit-widget stats file {path} is corrupt ({exc}); moved it to "
                f"{moved.name} and started a fresh one",
                RuntimeWarning,
                stacklevel=3,
            )
            return open_file(path), False
    except (OSError, sqlite3.Error) as exc:
        warnings.warn(
            f"spit-widget cannot keep stats in {path} ({exc}); "
            "they will be kept in memory for this session only",
            RuntimeWarning,
            stacklevel=3,
        )
        conn = sqlite3.connect(":memory:", isolation_level=None)
        migrate(conn)
        return conn, True


def is_corruption(exc: sqlite3.DatabaseError) -> bool:
    """True for a damaged file, false for a busy/read-only/unopenable one.

    CPython raises SQLITE_CORRUPT and SQLITE_NOTADB as plain ``DatabaseError``, while locking,
    permission and I/O problems are ``OperationalError`` (a subclass), so the type tells them apart
    on every supported Python version.
    """
    return type(exc) is sqlite3.DatabaseError


def quarantine(path: Path) -> Path:
    """Move a damaged database (and its WAL/shm side files) aside; return the new main path.

    Kept rather than deleted so a user can still try to recover it.
    """
    stamp = datetime.now().strftime("%Y%m%dT%H%M%S%f")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    for suffix in ("", "-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        if side.exists():
            os.replace(side, target.with_name(target.name + suffix))
    return target
