"""The shared caches' lock (spit_widget/filelock.py): while one process holds it,
another cannot take it; once left, it can. Without it two site builds on a fresh
machine unpacked Pyodide into one folder at once and one read a half-written
tarball (CI's failure); two test workers compiled the vector engine twice."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from spit_widget.filelock import held

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="fcntl is POSIX's")

TRY_THE_LOCK = """
import fcntl, sys
with open(sys.argv[1], "w") as f:
    try:
        fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        print("taken")
    else:
        print("free")
"""


def another_process_finds(lock: Path) -> str:
    done = subprocess.run([sys.executable, "-c", TRY_THE_LOCK, str(lock)],
                          capture_output=True, text=True, check=True)
    return done.stdout.strip()


def test_another_process_waits_while_it_is_held_and_not_after(tmp_path: Path) -> None:
    lock = tmp_path / "cache" / "fetching.lock"  # the folder is made for it
    with held(lock):
        assert another_process_finds(lock) == "taken"
    assert another_process_finds(lock) == "free"


def test_the_site_builder_and_the_vector_engine_hold_their_caches(tmp_path: Path) -> None:
    from spit_widget.site.tools import cache_held
    from spit_widget.vec import jit

    with cache_held(tmp_path):
        assert another_process_finds(tmp_path / "fetching.lock") == "taken"
    with jit.compiling():
        assert another_process_finds(Path(jit._CACHE) / "compiling.lock") == "taken"
