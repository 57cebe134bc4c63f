"""Helper process for tests/test_stats.py: plays the part of a second Jupyter kernel.

Usage: ``python stats_worker.py MODE DB_PATH COUNT``

* ``race``: open the store, print ``ready``, wait for a line on stdin (the starting gun), then
  record COUNT games as fast as possible and print ``done``.
* ``crash``: record COUNT games, leave a half-written game in an open transaction, print
  ``mid-game`` and SIGKILL itself, as a kernel that dies mid-game would.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spit_widget.stats import GameResult, StatsStore


def game(i: int) -> GameResult:
    return GameResult(
        variant="duel",
        winner=i % 2,
        termination="stock_emptied",
        cards_left=(0, i % 20),
        rounds=1 + i % 3,
        seconds=12.5,
        finished_at=time.time(),
        strategy=f"pid-{os.getpid()}",
        pace="fast",
    )


def main() -> None:
    mode, path, count = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3])
    store = StatsStore(path)
    if mode == "race":
        store.summary()  # open (and create/migrate) before the start, like a running kernel
        print("ready", flush=True)
        sys.stdin.readline()
        for i in range(count):
            store.record(game(i))
        store.close()
        print("done", flush=True)
    elif mode == "crash":
        for i in range(count):
            store.record(game(i))
        # A game in flight: a write transaction that never commits.
        raw = sqlite3.connect(path, isolation_level=None)
        raw.execute("BEGIN IMMEDIATE")
        raw.execute(
            "INSERT INTO games (variant, winner, termination, cards_left_0, cards_left_1,"
            " rounds, seconds, finished_at, strategy, pace)"
            " VALUES ('duel', 0, 'unfinished', 3, 4, 1, 1.0, 0.0, 'x', 'fast')"
        )
        print("mid-game", flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
    else:
        raise SystemExit(f"unknown mode {mode!r}")


if __name__ == "__main__":
    main()
