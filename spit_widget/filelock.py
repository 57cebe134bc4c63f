"""One process at a time in a shared cache folder.

The numba kernels' cache (``vec/jit.py``) and the site builder's tools and
Pyodide (``site/``) are filled once and shared by every process on the
machine. Two processes meeting an empty one together (the test command's
workers, a kernel beside them, a user's second terminal) would each fill it,
and one could read what the other was still writing. Holding a lock file in
the folder makes the second wait, then find the work done.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def held(lock: Path) -> Iterator[None]:
    """Hold the lock file ``lock`` (its folder made if need be) for the block.
    Where there is no ``fcntl`` (Windows) nothing is held: each process does
    the work itself, as if it were alone."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover (Windows)
        yield
        return
    lock.parent.mkdir(parents=True, exist_ok=True)
    with open(lock, "w") as file:
        fcntl.flock(file, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(file, fcntl.LOCK_UN)
