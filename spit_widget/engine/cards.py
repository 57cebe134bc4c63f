"""Cards as two-character strings, the circular rank order, and the deck.

A card is a plain string, rank then suit (``"TD"`` is the ten of diamonds), so
snapshots are JSON as they stand and a teacher can type a position by hand.
Everything that needs speed (adjacency, validity) is a table lookup built once.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

RANKS = "A23456789TJQK"
SUITS = "SHDC"

RANK_NAMES = {
    "A": "ace",
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "T": "ten",
    "J": "jack",
    "Q": "queen",
    "K": "king",
}
RANK_SHORT = {r: ("10" if r == "T" else r) for r in RANKS}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}

DECK: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
"""The 52 cards in a fixed order (the order of a new deck, before shuffling)."""

CARDS: frozenset[str] = frozenset(DECK)

RANK_INDEX: dict[str, int] = {card: RANKS.index(card[0]) for card in DECK}
"""Rank position of every card, 0 for the ace to 12 for the king."""

_NEIGHBOUR_RANKS: dict[int, tuple[int, int]] = {i: ((i - 1) % 13, (i + 1) % 13) for i in range(13)}

ADJACENT: dict[str, frozenset[str]] = {
    card: frozenset(
        other for other in DECK if RANK_INDEX[other] in _NEIGHBOUR_RANKS[RANK_INDEX[card]]
    )
    for card in DECK
}
"""For each card, the cards that may go on it: one rank up or down, ace and king
neighbours, any suit. Precomputed because the engine asks this in its hot loop."""


def is_card(value: object) -> bool:
    """True for one of the 52 two-character card strings (``"7S"``)."""
    return isinstance(value, str) and value in CARDS


def fits(card: str, on: str) -> bool:
    """True when ``card`` may be played on a pile whose top card is ``on``."""
    return card in ADJACENT[on]


def neighbour_ranks(card: str) -> tuple[str, str]:
    """The two ranks that fit on ``card``, lower first (``"7S"`` -> ``("6", "8")``)."""
    low, high = _NEIGHBOUR_RANKS[RANK_INDEX[card]]
    return RANKS[low], RANKS[high]


def label(card: str) -> str:
    """Short form a player reads at a glance: ``"10♦"``."""
    return RANK_SHORT[card[0]] + SUIT_SYMBOLS[card[1]]


def long_name(card: str) -> str:
    """Spoken form for screen readers and tutorials: ``"ten of diamonds"``."""
    return f"{RANK_NAMES[card[0]]} of {SUIT_NAMES[card[1]]}"


def rank_label(rank: str) -> str:
    """A rank as a player writes it: ``"T"`` -> ``"10"``."""
    return RANK_SHORT[rank]


def shuffled_deck(rng: random.Random) -> list[str]:
    """A new list of the 52 cards in an order drawn from ``rng`` (seeded: repeatable)."""
    deck = list(DECK)
    shuffle(rng, deck)
    return deck


_BITS = tuple(n.bit_length() for n in range(len(DECK) + 1))


def shuffle(rng: random.Random, items: list[str]) -> None:
    """``rng.shuffle(items)``, the same order from the same generator state, in
    half the time.

    Every deal and every new round shuffles, and with the games themselves
    made fast this was a tenth of a headless game. This is CPython's
    algorithm (Fisher-Yates from the end, ``_randbelow`` by rejection on
    ``getrandbits(n.bit_length())``; unchanged from 3.10 to 3.13) with the
    per-card method call taken out; a test checks it against ``rng.shuffle``.
    """
    bits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = _BITS[n] if n < len(_BITS) else n.bit_length()
        j = bits(k)
        while j >= n:
            j = bits(k)
        items[i], items[j] = items[j], items[i]


def missing_and_repeated(cards: Sequence[str]) -> tuple[set[str], set[str]]:
    """The cards absent from ``cards`` and those present more than once.

    Used to check the invariant that every state holds each card exactly once.
    """
    seen: set[str] = set()
    repeated: set[str] = set()
    for card in cards:
        if card in seen:
            repeated.add(card)
        seen.add(card)
    return set(DECK) - seen, repeated
