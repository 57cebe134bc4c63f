"""CPython's Mersenne Twister, one generator per game, inside the kernels.

The scalar environments draw their coins (who looks first) from
``random.Random(deal)`` and the random opponent's choices from
``random.Random(deal * 2 + 2 - seat)``. The vector engine makes the same draws
without leaving compiled code: :func:`seed` is CPython's ``init_by_array`` for
a whole-number seed, :func:`next_word` its ``genrand_uint32`` and
:func:`random` its ``random()`` (53 bits from two words). A test checks every
one against :mod:`random`.

Each generator is a row of 624 words and a position (the row's last
element), so a batch of generators is one ``(B, 625)`` array.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .jit import entry, kernel

N = 624
M = 397
WIDTH = N + 1
"""Words per generator: the state and, last, the position in it."""
_MASK = 0xFFFFFFFF


def generators(count: int) -> npt.NDArray[np.uint64]:
    """Room for ``count`` generators (seed each with :func:`seed`)."""
    return np.zeros((count, WIDTH), dtype=np.uint64)


@entry
def _init_genrand(mt: npt.NDArray[np.uint64], s: int) -> None:
    mt[0] = s & _MASK
    for i in range(1, N):
        prev = mt[i - 1]
        mt[i] = (1812433253 * (prev ^ (prev >> 30)) + i) & _MASK


def _base() -> npt.NDArray[np.uint64]:
    mt: npt.NDArray[np.uint64] = generators(1)[0]
    _init_genrand(mt, 19650218)
    return mt


BASE = _base()
"""``init_genrand(19650218)``, where every seeding starts: made once, copied."""


@entry
def seed(mt: npt.NDArray[np.uint64], value: int, base: npt.NDArray[np.uint64]) -> None:
    """Seed ``mt`` as ``random.Random(value)`` does (``value`` >= 0, below 2**63;
    ``base`` is :data:`BASE`)."""
    low, high = value & _MASK, (value >> 32) & _MASK
    length = 2 if high else 1
    mt[:] = base
    i, j = 1, 0
    for _ in range(max(N, length)):
        prev = mt[i - 1]
        word = high if j else low
        mt[i] = ((mt[i] ^ (((prev ^ (prev >> 30)) * 1664525) & _MASK)) + word + j) & _MASK
        i += 1
        j += 1
        if i >= N:
            mt[0] = mt[N - 1]
            i = 1
        if j >= length:
            j = 0
    for _ in range(N - 1):
        prev = mt[i - 1]
        mt[i] = ((mt[i] ^ (((prev ^ (prev >> 30)) * 1566083941) & _MASK)) - i) & _MASK
        i += 1
        if i >= N:
            mt[0] = mt[N - 1]
            i = 1
    mt[0] = 0x80000000
    mt[N] = N


@entry
def _twist(mt: npt.NDArray[np.uint64]) -> None:
    for kk in range(N):
        y = (mt[kk] & 0x80000000) | (mt[(kk + 1) % N] & 0x7FFFFFFF)
        mag = 0x9908B0DF if y & 1 else 0
        mt[kk] = mt[(kk + M) % N] ^ (y >> 1) ^ mag
    mt[N] = 0


@kernel
def next_word(mt: npt.NDArray[np.uint64]) -> int:
    """The next 32-bit word, as ``genrand_uint32``."""
    if mt[N] >= N:
        _twist(mt)
    y = mt[mt[N]]
    mt[N] += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return int(y & _MASK)


@kernel
def random(mt: npt.NDArray[np.uint64]) -> float:
    """The next float in [0, 1), as ``random.Random.random``."""
    a = next_word(mt) >> 5
    b = next_word(mt) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)
