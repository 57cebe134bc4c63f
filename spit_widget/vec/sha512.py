"""SHA-512 inside the kernels, for seeding as :mod:`random` seeds from text.

The engine shuffles round ``r`` of game ``s`` with ``random.Random("spit/s/r")``,
and Python turns a text seed into its generator through the text's SHA-512
digest. To deal without leaving compiled code, the vector engine computes that
digest itself: FIPS 180-4's algorithm over ``uint64`` words, checked against
:mod:`hashlib` by a test. Its constants are derived here as the standard
defines them (the first 64 bits of the fractional parts of the square roots
of the first 8 primes and the cube roots of the first 80), so no table of
80 hexadecimal numbers needs checking by eye.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .jit import allocating, kernel

Bytes = npt.NDArray[np.uint8]
Words = npt.NDArray[np.uint64]


def _primes(count: int) -> list[int]:
    found: list[int] = []
    candidate = 2
    while len(found) < count:
        if all(candidate % p for p in found):
            found.append(candidate)
        candidate += 1
    return found


def _fraction_bits(prime: int, root: int) -> int:
    """The first 64 bits after the point of ``prime ** (1 / root)`` (whole-number search)."""
    target = prime << (64 * root)
    low, high = 0, 1 << 72
    while low < high:
        middle = (low + high + 1) // 2
        if middle**root <= target:
            low = middle
        else:
            high = middle - 1
    return low & (2**64 - 1)


_INITIAL = np.array([_fraction_bits(p, 2) for p in _primes(8)], dtype=np.uint64)
_ROUND = np.array([_fraction_bits(p, 3) for p in _primes(80)], dtype=np.uint64)
DIGEST_BYTES = 64
MAX_MESSAGE = 111
"""The longest message hashed (one 128-byte block with its padding); seeds are far shorter."""


@kernel
def _rotate(x: np.uint64, n: int) -> np.uint64:
    return (x >> np.uint64(n)) | (x << np.uint64(64 - n))


@kernel
def _schedule(block: Bytes, w: Words) -> None:
    """The 80 words of the message schedule of one 128-byte block."""
    for i in range(16):
        word = np.uint64(0)
        for k in range(8):
            word = (word << np.uint64(8)) | np.uint64(block[8 * i + k])
        w[i] = word
    for i in range(16, 80):
        a, b = w[i - 15], w[i - 2]
        s0 = _rotate(a, 1) ^ _rotate(a, 8) ^ (a >> np.uint64(7))
        s1 = _rotate(b, 19) ^ _rotate(b, 61) ^ (b >> np.uint64(6))
        w[i] = w[i - 16] + s0 + w[i - 7] + s1


@kernel
def _compress(h: Words, w: Words) -> None:
    a, b, c, d, e, f, g, hh = h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]
    for i in range(80):
        s1 = _rotate(e, 14) ^ _rotate(e, 18) ^ _rotate(e, 41)
        choice = (e & f) ^ (~e & g)
        t1 = hh + s1 + choice + _ROUND[i] + w[i]
        s0 = _rotate(a, 28) ^ _rotate(a, 34) ^ _rotate(a, 39)
        majority = (a & b) ^ (a & c) ^ (b & c)
        t2 = s0 + majority
        hh, g, f, e, d, c, b, a = g, f, e, d + t1, c, b, a, t1 + t2
    h[0] += a
    h[1] += b
    h[2] += c
    h[3] += d
    h[4] += e
    h[5] += f
    h[6] += g
    h[7] += hh


@allocating
def digest(message: Bytes, length: int, out: Bytes) -> None:
    """The SHA-512 digest of ``message[:length]`` (at most :data:`MAX_MESSAGE`
    bytes) into ``out[:64]``."""
    block = np.zeros(128, dtype=np.uint8)
    block[:length] = message[:length]
    block[length] = 0x80
    bits = 8 * length
    for k in range(8):
        block[127 - k] = (bits >> (8 * k)) & 0xFF
    w = np.empty(80, dtype=np.uint64)
    _schedule(block, w)
    h = _INITIAL.copy()
    _compress(h, w)
    for i in range(8):
        for k in range(8):
            out[8 * i + k] = (h[i] >> np.uint64(56 - 8 * k)) & np.uint64(0xFF)
