"""Win/loss statistics for finished games, kept in a small SQLite file.

The file lives in the user's data directory (``platformdirs.user_data_dir("spit-widget")``) so
that stats outlive a kernel restart, or in the directory named by ``SPIT_WIDGET_HOME`` so tests,
CI and people with unusual setups can move it.

One store, one module per concern:

* :mod:`~spit_widget.stats.connection`: where the file is, the one connection and how a
  write is made. **Two kernels at once**: WAL mode, a 5 s busy timeout, one short
  transaction per write, and a few retries while ``database is locked``.
* :mod:`~spit_widget.stats.migrations`: the one migration path (``PRAGMA user_version``).
* :mod:`~spit_widget.stats.faults`: **faults never stop a game**. A corrupt file is moved
  aside (kept), an unwritable place falls back to memory, each with a ``RuntimeWarning``.
* each feature's tables and queries beside it: :mod:`~spit_widget.stats.games` (finished
  games), :mod:`~spit_widget.stats.reactions` (reaction times and Match me),
  :mod:`~spit_widget.stats.course` (the course's stars), :mod:`~spit_widget.stats.daily`
  (the daily deal's results), :mod:`~spit_widget.stats.records` (the last 50 finished
  games' records, for review), gathered by :class:`StatsStore`; and
  :mod:`~spit_widget.stats.player` (``w.stats``).

**Durability.** Each game is committed the moment it is recorded, never batched. With WAL and
``synchronous=NORMAL`` a committed game survives the process being killed (``SIGKILL``, a
kernel crash) because the commit is already in the WAL file; only a power cut or OS crash can
lose the last few commits, which is an acceptable trade for not paying an ``fsync`` per game.

**Leaf package.** It imports nothing from the rest of the package, so the engine and the
widget can depend on it without cycles and it can be tested on its own.
"""

from __future__ import annotations

import warnings
from typing import Any

from . import connection
from .connection import DB_FILENAME, ENV_HOME, default_path
from .games import GameResult, Summary
from .migrations import SCHEMA_VERSION
from .player import PlayerStats
from .reactions import ReactionGame
from .store import StatsStore

__all__ = [
    "DB_FILENAME",
    "ENV_HOME",
    "SCHEMA_VERSION",
    "GameResult",
    "PlayerStats",
    "ReactionGame",
    "StatsStore",
    "Summary",
    "default_path",
]


def __getattr__(name: str) -> Any:
    """``BUSY_TIMEOUT_S`` was shown here until the store became a package; it is
    :data:`spit_widget.stats.connection.BUSY_TIMEOUT_S` now, and goes from here in 0.3.0."""
    if name == "BUSY_TIMEOUT_S":
        warnings.warn("spit_widget.stats.BUSY_TIMEOUT_S is deprecated since 0.2.0 and goes in "
                      "0.3.0: use spit_widget.stats.connection.BUSY_TIMEOUT_S",
                      DeprecationWarning, stacklevel=2)
        return connection.BUSY_TIMEOUT_S
    raise AttributeError(f"module 'spit_widget.stats' has no attribute {name!r}")
