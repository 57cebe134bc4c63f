"""CPython's Mersenne Twister, one generator per game, inside the kernels.

The scalar environments draw their coins (who looks first) from
``random.Random(deal)``, the random opponent's choices from
``random.Random(deal * 2 + 2 - seat)`` and the deal from the engine's
``round_rng`` (a text seed, see :mod:`.deals`). The vector engine makes the
same draws without leaving compiled code: :func:`seed_key` is CPython's
``init_by_array``, :func:`seed` its seeding from a whole number,
:func:`next_word` its ``genrand_uint32``, :func:`getrandbits` and
:func:`random` its ``getrandbits(k)`` (k <= 32) and ``random()`` (53 bits
from two words). A test checks every one against :mod:`random`.

Generators live in a ``(B, G, WIDTH)`` array and every function takes the
array and the two indices (no views: a view made for each draw cost more
than the draw). A row holds the 624 words of the state, the position of the
next word and how many words of the current block are regenerated.

Regenerating (CPython's twist of all 624 words at once) is done a word at a
time, as each is drawn: word ``k`` of a new block needs only words ``k``,
``k + 1`` and ``k + 397`` of the old one (and, past 227, the new word
``k - 227``, made before it), so generating in order gives the very words the
whole twist gives. A game draws a few hundred words at most, so most of the
twist, once a third of a new game's cost, is never done.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .jit import entry, kernel

N = 624
M = 397
POSITION = N
"""Where a generator keeps the index of its next word."""
MADE = N + 1
"""Where a generator keeps how many words of the current block are made."""
WIDTH = N + 2
_MASK = 0xFFFFFFFF
Generators = npt.NDArray[np.int64]
"""Words of 32 bits kept in 64-bit signed integers, so no sum mixes signed
and unsigned (which numba would compute in floating point)."""


def generators(count: int, per_game: int = 1) -> Generators:
    """Room for ``count`` x ``per_game`` generators (seed each with :func:`seed`)."""
    return np.zeros((count, per_game, WIDTH), dtype=np.int64)


def _base() -> npt.NDArray[np.int64]:
    mt = np.zeros(N, dtype=np.int64)
    mt[0] = 19650218
    for i in range(1, N):
        prev = int(mt[i - 1])
        mt[i] = (1812433253 * (prev ^ (prev >> 30)) + i) & _MASK
    return mt


BASE = _base()
"""``init_genrand(19650218)``, where every seeding starts: made once, copied."""


@kernel
def seed_key(r: Generators, b: int, g: int, key: npt.NDArray[np.int64], length: int,
             base: npt.NDArray[np.int64]) -> None:
    """Seed generator ``r[b, g]`` from the 32-bit words ``key[:length]``, least
    significant first, as CPython's ``init_by_array`` does (``base``: :data:`BASE`)."""
    mt = r[b, g]
    mt[:N] = base
    i, j = 1, 0
    prev = mt[0]
    for _ in range(max(N, length)):
        prev = ((mt[i] ^ (((prev ^ (prev >> 30)) * 1664525) & _MASK))
                + key[j] + j) & _MASK
        mt[i] = prev
        i += 1
        j += 1
        if i >= N:
            mt[0] = prev
            i = 1
        if j >= length:
            j = 0
    _mix(mt, i, prev)


@kernel
def _mix(mt: Generators, i: int, prev: int) -> None:
    """The second half of ``init_by_array`` (once the key is in), from word ``i``."""
    for _ in range(N - 1):
        prev = ((mt[i] ^ (((prev ^ (prev >> 30)) * 1566083941) & _MASK)) - i) & _MASK
        mt[i] = prev
        i += 1
        if i >= N:
            mt[0] = prev
            i = 1
    _seeded(mt)


@kernel
def _seeded(mt: Generators) -> None:
    mt[0] = 0x80000000
    mt[POSITION] = N
    mt[MADE] = N


@kernel
def _mix_two(one: Generators, other: Generators, i: int, prev: int, prev_other: int) -> None:
    """:func:`_mix` for two generators whose keys were as long (the same ``i``)."""
    for _ in range(N - 1):
        prev = ((one[i] ^ (((prev ^ (prev >> 30)) * 1566083941) & _MASK)) - i) & _MASK
        prev_other = ((other[i] ^ (((prev_other ^ (prev_other >> 30)) * 1566083941) & _MASK))
                      - i) & _MASK
        one[i] = prev
        other[i] = prev_other
        i += 1
        if i >= N:
            one[0] = prev
            other[0] = prev_other
            i = 1
    _seeded(one)
    _seeded(other)


@kernel
def seed_two(one: Generators, key: npt.NDArray[np.int64], length: int, other: Generators,
             other_key: npt.NDArray[np.int64], other_length: int,
             base: npt.NDArray[np.int64]) -> None:
    """Seed two generators (rows ``r[b, g]``, given as views) at once, as
    :func:`seed_key` seeds each (keys of at most :data:`N` words).

    Seeding is a chain of 1,247 steps each waiting on the last one's
    multiply; the processor runs two independent chains side by side in
    about the time of one, and a new game seeds two (the deal's and the
    coin's): a sixth of a self-play step went to seeding."""
    one[:N] = base
    other[:N] = base
    i, j, k = 1, 0, 0
    prev, prev_other = one[0], other[0]
    for _ in range(N):
        prev = ((one[i] ^ (((prev ^ (prev >> 30)) * 1664525) & _MASK)) + key[j] + j) & _MASK
        prev_other = ((other[i] ^ (((prev_other ^ (prev_other >> 30)) * 1664525) & _MASK))
                      + other_key[k] + k) & _MASK
        one[i] = prev
        other[i] = prev_other
        i += 1
        j = 0 if j + 1 >= length else j + 1
        k = 0 if k + 1 >= other_length else k + 1
        if i >= N:
            one[0] = prev
            other[0] = prev_other
            i = 1
    _mix_two(one, other, i, prev, prev_other)


@kernel
def whole_key(value: int) -> tuple[npt.NDArray[np.int64], int]:
    """The key ``random.Random(value)`` seeds from (0 <= ``value`` < 2**63):
    its 32-bit words, least significant first, and how many."""
    key = np.empty(2, dtype=np.int64)
    key[0], key[1] = value & _MASK, (value >> 32) & _MASK
    return key, 2 if key[1] else 1


@kernel
def seed(r: Generators, b: int, g: int, value: int, base: npt.NDArray[np.int64]) -> None:
    """Seed ``r[b, g]`` as ``random.Random(value)`` does (0 <= ``value`` < 2**63;
    ``base`` is :data:`BASE`)."""
    key, length = whole_key(value)
    seed_key(r, b, g, key, length, base)


@kernel
def _make(r: Generators, b: int, g: int, kk: int) -> None:
    """Word ``kk`` of a new block, in place (one step of CPython's twist)."""
    y = ((r[b, g, kk]) & 0x80000000) | ((r[b, g, (kk + 1) % N]) & 0x7FFFFFFF)
    mag = 0x9908B0DF if y & 1 else 0
    r[b, g, kk] = (r[b, g, (kk + M) % N]) ^ (y >> 1) ^ mag


@kernel
def next_word(r: Generators, b: int, g: int) -> int:
    """The next 32-bit word of ``r[b, g]``, as ``genrand_uint32``."""
    k = (r[b, g, POSITION])
    if k >= N:
        k = 0
        r[b, g, MADE] = 0
    if k >= r[b, g, MADE]:
        _make(r, b, g, k)
        r[b, g, MADE] = k + 1
    r[b, g, POSITION] = k + 1
    y = (r[b, g, k])
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return int(y & _MASK)


@kernel
def getrandbits(r: Generators, b: int, g: int, k: int) -> int:
    """``k`` random bits (1 <= k <= 32), as ``random.Random.getrandbits``."""
    return next_word(r, b, g) >> (32 - k)


@kernel
def random(r: Generators, b: int, g: int) -> float:
    """The next float in [0, 1), as ``random.Random.random``."""
    high = next_word(r, b, g) >> 5
    low = next_word(r, b, g) >> 6
    return (high * 67108864.0 + low) * (1.0 / 9007199254740992.0)


TOSSES = 62
"""Coin tosses drawn at a time by :func:`tosses` (bit 62 marks where they end)."""


@kernel
def tosses(r: Generators, b: int, g: int) -> int:
    """The next :data:`TOSSES` draws of ``random() < 0.5`` from ``r[b, g]``, as bits.

    Bit ``i`` is 0 when the ``i``-th draw is below one half, the first draw
    lowest, under a marker bit at :data:`TOSSES`: shift one off per toss and
    draw again when only the marker is left. ``random()`` is
    ``(a * 2**26 + c) / 2**53`` with ``a`` the first word's top 27 bits and
    ``c`` < 2**26, so it is below one half exactly when the first word's top
    bit is 0 (the second word is drawn all the same: the generator moves on
    as ``random()`` moves it). Drawn 62 at a time, a game's coin touches its
    generator's 5 kB once every 62 tosses instead of at each (in a batch of
    thousands of games, each touch missed the cache: a sixth of a step)."""
    bits = 1 << TOSSES
    for i in range(TOSSES):
        bits |= (next_word(r, b, g) >> 31) << i
        next_word(r, b, g)
    return bits


@entry
def draw_tosses(r: Generators, b: int, g: int, out: npt.NDArray[np.int64]) -> None:
    """``len(out)`` tosses (0: below one half), drawn :data:`TOSSES` at a time
    as the kernels draw them (for the tests)."""
    pending = 0
    for i in range(len(out)):
        if pending <= 1:
            pending = tosses(r, b, g)
        out[i] = pending & 1
        pending >>= 1


@entry
def draw_floats(r: Generators, b: int, g: int, out: npt.NDArray[np.float64]) -> None:
    """``len(out)`` draws of :func:`random` (for the tests, from Python)."""
    for i in range(len(out)):
        out[i] = random(r, b, g)


@entry
def draw_bits(r: Generators, b: int, g: int, ks: npt.NDArray[np.int64],
              out: npt.NDArray[np.int64]) -> None:
    """One draw of :func:`getrandbits` for each ``ks[i]`` (for the tests)."""
    for i in range(len(ks)):
        out[i] = getrandbits(r, b, g, ks[i])


@entry
def seed_from(r: Generators, b: int, g: int, value: int, base: npt.NDArray[np.int64]) -> None:
    """:func:`seed`, from Python (for the tests)."""
    seed(r, b, g, value, base)
