"""The engine's deals, made inside the kernels.

The engine shuffles round ``r`` of game ``s`` with
``random.Random(f"spit/{s}/{r}")`` (:func:`~spit_widget.engine.game.round_rng`)
and :func:`~spit_widget.engine.cards.shuffle`, which is CPython's
``random.shuffle``. The kernels here do the very same without Python: the
seed's text is written out digit by digit, hashed by :mod:`.sha512`, turned
into 32-bit words as CPython turns the big whole number it makes of text and
digest into a key (least significant word first), and given to
:func:`.mt.seed_key`; then Fisher-Yates from the end, each index drawn by
rejection on ``getrandbits(bit_length(n))`` as ``_randbelow`` draws it. So
game ``n`` of the vector engine is the deal of ``Game(variant, seed=n)``; a
test compares the decks of thousands of seeds with the engine's.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

from ..engine.cards import DECK
from . import mt, sha512
from .jit import allocating, entry, kernel

Int8s = npt.NDArray[np.int8]
Words = npt.NDArray[np.int64]
_PREFIX = np.frombuffer(b"spit/", dtype=np.uint8).copy()


@kernel
def _write_number(text: npt.NDArray[np.uint8], at: int, value: int) -> int:
    """``value`` (>= 0) in decimal into ``text`` from ``at``; the new end."""
    digits = 1
    rest = value // 10
    while rest:
        digits += 1
        rest //= 10
    for k in range(digits - 1, -1, -1):
        text[at + k] = 48 + value % 10
        value //= 10
    return at + digits


@allocating
def round_key(deal: int, round_number: int) -> tuple[Words, int]:
    """The key ``round_rng(deal, round_number)`` seeds its generator from (the
    text seed hashed, as 32-bit words least significant first), and its length."""
    text = np.zeros(sha512.MAX_MESSAGE + sha512.DIGEST_BYTES, dtype=np.uint8)
    text[:5] = _PREFIX
    end = _write_number(text, 5, deal)
    text[end] = 47  # "/"
    end = _write_number(text, end + 1, round_number)
    sha512.digest(text, end, text[end:])
    total = end + sha512.DIGEST_BYTES
    # the whole number of the bytes read big-end first, as words from its low end
    words = (total + 3) // 4
    key = np.zeros(words, dtype=np.int64)
    for i in range(words):
        word = 0
        for k in range(4):
            at = total - 4 * i - 4 + k
            word = (word << 8) | (int(np.int64(text[at])) if at >= 0 else 0)
        key[i] = word
    return key, words


@allocating
def seed_round(r: Words, b: int, g: int, deal: int, round_number: int, base: Words) -> None:
    """Seed generator ``r[b, g]`` as ``round_rng(deal, round_number)`` is seeded."""
    key, words = round_key(deal, round_number)
    mt.seed_key(r, b, g, key, words, base)


@kernel
def _bit_length(n: int) -> int:
    bits = 0
    while n:
        bits += 1
        n >>= 1
    return bits


@kernel
def shuffle(r: Words, b: int, g: int, cards: Int8s) -> None:
    """Shuffle ``cards`` in place as ``random.shuffle`` does with generator ``r[b, g]``."""
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = _bit_length(n)
        j = mt.getrandbits(r, b, g, k)
        while j >= n:
            j = mt.getrandbits(r, b, g, k)
        cards[i], cards[j] = cards[j], cards[i]


@allocating
def first_deck(generators: tuple[Words, Words, Words], deal: int, opponent_seed: int,
               base: Words, deck: Int8s) -> None:
    """The shuffled deck of round 1 of game ``deal`` (``shuffled_deck(round_rng(deal, 1))``)
    into ``deck``, drawn with ``generators[0]`` (a generator's row, as a view).
    Seeded with it, in one pass (:func:`.mt.seed_together`): ``generators[1]``
    as ``random.Random(deal)``, the game's coin, and, unless ``opponent_seed``
    is negative, ``generators[2]`` as ``random.Random(opponent_seed)``, the
    random opponent's."""
    for i in range(52):
        deck[i] = i
    key, words = round_key(deal, 1)
    coin, coin_words = mt.whole_key(deal)
    opponent, opponent_words = mt.whole_key(max(opponent_seed, 0))
    mt.seed_together(generators, (key, coin, opponent), (words, coin_words, opponent_words),
                     2 if opponent_seed < 0 else 3, base)
    shuffle(generators[0].reshape((1, 1, mt.WIDTH)), 0, 0, deck)


@entry
def _decks(deals: npt.NDArray[np.int64], base: Words, out: Int8s, tosses: Words) -> None:
    """Each deal's deck into ``out``, its generators seeded as a new game against
    the random opponent seeds them (the third as ``random.Random(deal + 1)``); the
    first tosses of the coin and of the third into ``tosses``, when it has rows."""
    r = np.zeros((3, mt.WIDTH), dtype=np.int64)
    for i in range(len(deals)):
        first_deck((r[0], r[1], r[2]), deals[i], deals[i] + 1, base, out[i])
        if len(tosses):
            for g in range(2):
                tosses[i, g] = mt.tosses(r.reshape((1, 3, mt.WIDTH)), 0, 1 + g)


def decks(deals: Iterable[int]) -> Int8s:
    """(n, 52): the shuffled deck of each deal (first round), cards as indices
    into :data:`~spit_widget.engine.cards.DECK`."""
    numbers = np.fromiter((int(d) for d in deals), dtype=np.int64)
    if (numbers < 0).any():
        raise ValueError("deal numbers are whole numbers from 0")
    out = np.empty((len(numbers), 52), dtype=np.int8)
    _decks(numbers, mt.BASE, out, np.empty((0, 2), dtype=np.int64))
    return out


def first_tosses(deals: Iterable[int]) -> Words:
    """(n, 2): the first :data:`.mt.TOSSES` tosses of each deal's coin, as the kernels
    seed it beside the deal (:func:`first_deck`; bits as :func:`.mt.tosses` packs them),
    and of a third generator seeded with it, as ``random.Random(deal + 1)``."""
    numbers = np.fromiter((int(d) for d in deals), dtype=np.int64)
    tosses = np.empty((len(numbers), 2), dtype=np.int64)
    _decks(numbers, mt.BASE, np.empty((len(numbers), 52), dtype=np.int8), tosses)
    return tosses


def card_names(cards: Int8s) -> list[str]:
    """Card indices back to the engine's two-character names."""
    return [DECK[int(c)] for c in cards]
