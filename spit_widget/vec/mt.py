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

from .jit import allocating, entry, kernel

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


@allocating
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


@allocating
def seed_together(states: tuple[Generators, Generators, Generators],
                  keys: tuple[npt.NDArray[np.int64], npt.NDArray[np.int64],
                              npt.NDArray[np.int64]],
                  lengths: tuple[int, int, int], count: int,
                  base: npt.NDArray[np.int64]) -> None:
    """Seed the first ``count`` (1 to 3) generators of ``states`` (rows ``r[b, g]``
    given as views) at once, each from its key (``keys[g][:lengths[g]]``, at
    most :data:`N` words), as :func:`seed_key` seeds each.

    Seeding is a chain of 1,247 steps, each waiting on the last one's
    multiply. A new game seeds two generators (the deal's and the coin's) or
    three (and the random opponent's): side by side in one loop, the
    processor runs the chains in little more than the time of one (one by
    one, seeding was a sixth of a self-play step and a quarter of a step
    against the random opponent). The word loops count from :func:`range`
    and the key's index is unsigned, so no index is checked for being
    negative."""
    one, two, three = states
    first, second, third = keys
    one[:N] = base
    if count > 1:
        two[:N] = base
    if count > 2:
        three[:N] = base
    p = q = r = base[0]
    j = k = m = 0
    for i in range(1, N):  # init_by_array's first loop, words 1 to 623 ...
        p = ((one[i] ^ (((p ^ (p >> 30)) * 1664525) & _MASK)) + first[np.uint64(j)] + j) & _MASK
        one[i] = p
        j = 0 if j + 1 >= lengths[0] else j + 1
        if count > 1:
            q = ((two[i] ^ (((q ^ (q >> 30)) * 1664525) & _MASK)) + second[np.uint64(k)]
                 + k) & _MASK
            two[i] = q
            k = 0 if k + 1 >= lengths[1] else k + 1
        if count > 2:
            r = ((three[i] ^ (((r ^ (r >> 30)) * 1664525) & _MASK)) + third[np.uint64(m)]
                 + m) & _MASK
            three[i] = r
            m = 0 if m + 1 >= lengths[2] else m + 1
    # ... then round to word 1 once more
    p = _round_again(one, p, first[np.uint64(j)] + j)
    if count > 1:
        q = _round_again(two, q, second[np.uint64(k)] + k)
    if count > 2:
        r = _round_again(three, r, third[np.uint64(m)] + m)
    _mix_together(states, count, p, q, r)


@kernel
def _round_again(mt: Generators, prev: int, term: int) -> int:
    """The first loop's last step: word 0 takes the last word, and word 1 the next."""
    mt[0] = prev
    prev = ((mt[1] ^ (((prev ^ (prev >> 30)) * 1664525) & _MASK)) + term) & _MASK
    mt[1] = prev
    return prev


@kernel
def _mix_together(states: tuple[Generators, Generators, Generators], count: int,
                  p: int, q: int, r: int) -> None:
    """The second loop of ``init_by_array`` for :func:`seed_together` (from word 2)."""
    one, two, three = states
    for i in range(2, N):
        p = ((one[i] ^ (((p ^ (p >> 30)) * 1566083941) & _MASK)) - i) & _MASK
        one[i] = p
        if count > 1:
            q = ((two[i] ^ (((q ^ (q >> 30)) * 1566083941) & _MASK)) - i) & _MASK
            two[i] = q
        if count > 2:
            r = ((three[i] ^ (((r ^ (r >> 30)) * 1566083941) & _MASK)) - i) & _MASK
            three[i] = r
    _mixed(one, p)
    if count > 1:
        _mixed(two, q)
    if count > 2:
        _mixed(three, r)


@kernel
def _mixed(mt: Generators, prev: int) -> None:
    """The second loop's last step (word 0 takes the last word, word 1 the next), and
    the generator is ready (:func:`_seeded`)."""
    mt[0] = prev
    mt[1] = ((mt[1] ^ (((prev ^ (prev >> 30)) * 1566083941) & _MASK)) - 1) & _MASK
    _seeded(mt)


@allocating
def whole_key(value: int) -> tuple[npt.NDArray[np.int64], int]:
    """The key ``random.Random(value)`` seeds from (0 <= ``value`` < 2**63):
    its 32-bit words, least significant first, and how many."""
    key = np.empty(2, dtype=np.int64)
    key[0], key[1] = value & _MASK, (value >> 32) & _MASK
    return key, 2 if key[1] else 1


@allocating
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
