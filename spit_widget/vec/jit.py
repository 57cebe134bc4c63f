"""The compiler the kernels run under: numba when it is installed, else none.

The vector engine's rules are written as plain loops over one game at a
time, which numba compiles to machine code (``@njit``). Without numba the
very same functions run as ordinary Python: the same games, hundreds of
times slower, so ``SpitVecEnv`` still works on a machine where numba cannot
be installed.

Compiling takes a while (tens of seconds), so the machine code is cached on
disk. numba checks a cached function against its own file only, not the
files of the kernels it calls; so the cache lives in a folder named after a
hash of every source file the kernels come from: a changed kernel anywhere
means a fresh folder, never stale machine code (and an edit to the Python
around them, such as the environment class, compiles nothing).
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar, cast

from ..filelock import held

F = TypeVar("F", bound=Callable[..., Any])

_numba: Any
try:
    import numba as _numba
except ImportError:  # pragma: no cover (the rl extra installs numba)
    _numba = None

COMPILED = _numba is not None
"""True when the kernels are compiled by numba (False: plain Python, slow)."""

_HERE = Path(__file__).resolve().parent


PYTHON_ONLY = frozenset({"__init__.py", "env.py", "outputs.py", "snapshot.py", "speed.py"})
"""The modules with no compiled code, which no kernel's module imports: an edit
to them leaves the cache as it is (a test checks that no kernel's module
imports one)."""


def kernel_sources() -> list[Path]:
    """The source files the compiled code comes from (all but :data:`PYTHON_ONLY`)."""
    return [source for source in sorted(_HERE.glob("*.py")) if source.name not in PYTHON_ONLY]


def cache_folder() -> Path:
    """Where the compiled kernels are kept: named by the kernel sources' hash."""
    digest = hashlib.sha256()
    for source in kernel_sources():
        digest.update(source.name.encode() + source.read_bytes())
    name = f"numba-{getattr(_numba, '__version__', 'none')}-{digest.hexdigest()[:16]}"
    beside = _HERE / "__pycache__"
    if os.access(beside if beside.exists() else _HERE, os.W_OK):
        return beside / name
    return Path(tempfile.gettempdir()) / "spit_widget_vec" / name


_CACHE = str(cache_folder())


@contextmanager
def compiling() -> Iterator[None]:
    """Hold the cache folder's lock: one process at a time compiles into it
    (the second waits, then loads what the first wrote, instead of spending
    its own minute of CPU on the same kernels)."""
    with held(Path(_CACHE) / "compiling.lock"):
        yield


def _compile(function: F, **options: Any) -> F:
    if _numba is None:  # pragma: no cover
        return function
    config = _numba.config
    before = config.CACHE_DIR
    config.CACHE_DIR = _CACHE  # read once, as the cache is set up for this function
    try:
        compiled: F = cast(F, _numba.njit(cache=True, nogil=True, **options)(function))
    finally:
        config.CACHE_DIR = before
    return compiled


def kernel(function: F) -> F:
    """Compile ``function`` with numba (cached on disk) when numba is installed,
    without numba's reference counting (``_nrt=False``).

    The rules' kernels make no arrays: they read and write rows of arrays the
    batch loop hands down. With the runtime on, every call of one still
    counted a reference to each array it was given, and a profile (``perf``)
    put 8% of a step in those calls, made for arrays that own nothing
    (:func:`unowned`). A kernel that makes an array, or gets one back from a
    call, is :func:`allocating` instead (numba refuses to compile an array
    made without its runtime). Not inlined (``inline="always"`` everywhere
    made compiling take many minutes, and inlining only the small helpers
    measured no faster)."""
    return _compile(function, _nrt=False)


def allocating(function: F) -> F:
    """As :func:`kernel`, with numba's runtime, which owns the arrays made: for the
    few kernels that make an array (hashing and seeding a new deal, a classic
    round's gathered cards) or take one back from a call. Said explicitly: a
    kernel called from one compiled without the runtime would otherwise take
    the caller's setting."""
    return _compile(function, _nrt=True)


def inlined(function: F) -> F:
    """As :func:`kernel`, but written into each caller (numba's ``inline="always"``).

    For the few kernels a row's step calls with whole tuples of arrays: a
    call passes every array of every tuple and counts references to each,
    which cost more than the work (``bench --vec``: a row-step took twice
    as long)."""
    return _compile(function, inline="always")


entry = allocating
"""The same, named for the kernels Python calls (the batch loops): they take
arrays from Python, which numba's runtime hands over."""


def _unowned(array: Any) -> Any:
    return _numba.carray(_FFI.from_buffer(array), array.shape)


if _numba is None:  # pragma: no cover
    def unowned(array: Any) -> Any:
        """The array itself (plain Python counts no references)."""
        return array
else:
    import cffi  # type: ignore[import-untyped]  # (no stubs; one call)

    _FFI = cffi.FFI()
    unowned = allocating(_unowned)
    """The same memory as ``array``, seen by a kernel as an array that owns nothing.

    numba counts references to every array a compiled call is given, with an
    atomic add and subtract; in a step, which calls the rules' small kernels
    dozens of times a row, a profile (``perf``) put about 30% of the samples
    on those two instructions. An array made by ``carray`` over the same
    buffer has no owner to count, so the batch loops hand such views down
    (the caller's arrays keep the memory alive for the call)."""
