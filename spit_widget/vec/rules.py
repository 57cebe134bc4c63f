"""The rules of Spit as kernels over one row (game ``b``) of a batch.

Each function mirrors a method of :class:`~spit_widget.engine.Game` (named in
its docstring) and moves the same cards in the same order, so a batch stays
card for card equal to the engine's games (the parity tests say so).
Legality is checked by the caller from :func:`legal` (the duel's;
:func:`.classic.legal_both` for classic), as the learning environments check
an action against its mask before the engine sees it. The classic rules that
the duel lacks are in :mod:`.classic`.
``t`` is a batch's ``cards`` array and ``n`` its ``numbers`` (see :mod:`.state`).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .jit import kernel
from .state import (
    CENTRE,
    CENTRE_N,
    CENTRES,
    CLASSIC,
    FRUITLESS,
    GAME_OVER,
    NO_ONE,
    PLAYING,
    ROUND,
    SPIT,
    SPIT_N,
    SPITTER,
    STATUS,
    STOCK,
    STOCK_N,
    STUCK_FLAG,
    TERMINATION,
    WENT_OUT,
    WINNER,
    Int8s,
    Int64s,
)

STOCK_EMPTIED, STALEMATE, SPITS_NOWHERE, OUT_OF_CARDS, ROUND_LIMIT = 0, 1, 2, 3, 4
"""Termination codes: the index of each in the engine's ``TERMINATIONS``."""
PLAY, MOVE, STUCK, SPIT_ACTION, SLAP, WAIT = 0, 10, 35, 36, 37, 39
"""The action indices of :mod:`spit_widget.rl.encoding`."""
FRUITLESS_SPIT_LIMIT = 3
"""The duel's stalemate: spits in a row with no play between (``DUEL`` says 3)."""
PILE_STARTS = (0, 1, 3, 6, 10, 15)
"""Where each stock pile starts in a dealt hand (piles of 1 to 5 cards)."""


def _neighbours() -> npt.NDArray[np.int64]:
    near = np.zeros(52, dtype=np.int64)
    for on in range(52):
        for rank in range(13):
            if (rank - on % 13 + 13) % 13 in (1, 12):
                near[on] |= 1 << rank
    return near


NEIGHBOURS = _neighbours()
"""For each card, the ranks (as bits) that go on it: one apart, the ace next to the
king (what :func:`fits` says, as a table the legal moves look up)."""
RANKS = np.arange(52, dtype=np.int64) % 13
"""Each card's rank (0 for the ace)."""


@kernel
def fits(card: int, on: int) -> bool:
    """``card`` goes on ``on``: one rank apart, the ace next to the king."""
    d = (card % 13 - on % 13 + 13) % 13
    return d == 1 or d == 12


@kernel
def absolute_centre(relative: int, player: int, centres: int) -> int:
    """As :func:`spit_widget.rl.encoding.absolute_centre` (its own inverse)."""
    return 0 if centres == 1 else relative ^ player


@kernel
def stock_top(t: Int8s, b: int, p: int, slot: int) -> int:
    """The face-up card of ``p``'s ``slot`` (-1 when the slot is empty)."""
    k = t[b, STOCK_N + 5 * p + slot]
    return -1 if k == 0 else int(t[b, STOCK + 25 * p + 5 * slot + k - 1])


@kernel
def centre_top(t: Int8s, b: int, c: int) -> int:
    """The top card of centre pile ``c`` (-1 when empty)."""
    k = t[b, CENTRE_N + c]
    return -1 if k == 0 else int(t[b, CENTRE + 52 * c + k - 1])


@kernel
def cards_left(t: Int8s, b: int, p: int) -> int:
    """Stock and spit cards ``p`` holds (``Game.cards_left``)."""
    left = int(t[b, SPIT_N + p])
    for slot in range(5):
        left += t[b, STOCK_N + 5 * p + slot]
    return left


@kernel
def play_bits(t: Int8s, b: int, p: int) -> int:
    """The play indices of ``p`` (0-9, relative centres) as bits.

    Written for speed (every instant computes it for both players): the
    row is read through one view, and what fits each centre pile's top is
    looked up once (:data:`NEIGHBOURS`) rather than computed per card."""
    row = t[b]
    if row[STATUS] != PLAYING:
        return 0
    one_pile = row[CENTRES] == 1
    near = _near(row, 0)
    near_other = 0 if one_pile else _near(row, 1)
    left = PLAY + (0 if one_pile else p)  # where a play onto centre 0 goes (relative)
    right = PLAY + (1 ^ p)
    bits = 0
    for slot in range(5):
        k = row[STOCK_N + 5 * p + slot]
        if k:
            rank = RANKS[row[STOCK + 25 * p + 5 * slot + k - 1]]
            bits |= ((near >> rank) & 1) << (left + 2 * slot)
            bits |= ((near_other >> rank) & 1) << (right + 2 * slot)
    return bits


@kernel
def _near(row: Int8s, c: int) -> int:
    """The ranks that go on centre pile ``c`` of a game's row (none when it is empty)."""
    k = row[CENTRE_N + c]
    return int(NEIGHBOURS[row[CENTRE + 52 * c + k - 1]]) if k else 0


@kernel
def legal(t: Int8s, b: int, p: int) -> int:
    """The duel's legal action indices of ``p`` as bits (``rl.encoding.legal_indices``)."""
    bits = play_bits(t, b, p)
    if t[b, STATUS] == PLAYING and bits == 0 and not t[b, STUCK_FLAG + p]:
        bits |= 1 << STUCK
    return bits


@kernel
def spit_all(t: Int8s, n: Int64s, b: int) -> None:
    """Each player with spit cards flips one onto the pile they feed (``_spit_all``)."""
    for c in range(t[b, CENTRES]):
        p = t[b, SPITTER + c]
        k = t[b, SPIT_N + p]
        if k > 0:
            t[b, CENTRE + 52 * c + t[b, CENTRE_N + c]] = t[b, SPIT + 52 * p + k - 1]
            t[b, CENTRE_N + c] += 1
            t[b, SPIT_N + p] = k - 1
    n[b, FRUITLESS] += 1
    t[b, STUCK_FLAG] = t[b, STUCK_FLAG + 1] = 0


@kernel
def _lay_out_hand(t: Int8s, b: int, p: int, hand: npt.NDArray[np.int8], start: int,
                  size: int) -> None:
    """``p``'s stock piles of 1 to 5 cards, as far as the hand goes, and the rest as
    the spit pile (``Game._lay_out``, one hand: ``hand[start:start + size]``)."""
    for slot in range(5):
        low = PILE_STARTS[slot]
        count = min(PILE_STARTS[slot + 1], size) - low
        count = max(count, 0)
        for k in range(count):
            t[b, STOCK + 25 * p + 5 * slot + k] = hand[start + low + k]
        t[b, STOCK_N + 5 * p + slot] = count
    spare = max(size - PILE_STARTS[5], 0)
    for k in range(spare):
        t[b, SPIT + 52 * p + k] = hand[start + PILE_STARTS[5] + k]
    t[b, SPIT_N + p] = spare


@kernel
def lay_out(t: Int8s, n: Int64s, b: int, hands: npt.NDArray[np.int8], start1: int,
            size0: int, size1: int) -> None:
    """Lay out both hands (player 0's from ``hands[0]``, player 1's from
    ``hands[start1]``) and make the opening spit (``Game._lay_out``). A classic
    player left with no spit pile is short of cards: one centre pile, fed by
    the other. (Both short cannot happen with 52 cards in play: only a
    hand-made position gets there, and the vector engine deals whole decks.)"""
    _lay_out_hand(t, b, 0, hands, 0, size0)
    _lay_out_hand(t, b, 1, hands, start1, size1)
    for p in range(2):
        t[b, CENTRE_N + p] = 0
        t[b, STUCK_FLAG + p] = 0
    t[b, STATUS] = PLAYING
    t[b, WENT_OUT] = NO_ONE
    n[b, FRUITLESS] = 0
    short0, short1 = t[b, SPIT_N] == 0, t[b, SPIT_N + 1] == 0
    if t[b, CLASSIC] and short0 != short1:
        t[b, CENTRES] = 1
        t[b, SPITTER] = 1 if short0 else 0
    else:
        t[b, CENTRES] = 2
        t[b, SPITTER], t[b, SPITTER + 1] = 0, 1
    spit_all(t, n, b)


@kernel
def deal(t: Int8s, n: Int64s, b: int, deck: npt.NDArray[np.int8]) -> None:
    """Lay out a shuffled deck as ``Game(variant, seed=...)`` does (26 cards each)."""
    t[b, WINNER] = t[b, TERMINATION] = NO_ONE
    n[b, ROUND] = 1
    lay_out(t, n, b, deck, 26, 26, 26)


@kernel
def finish(t: Int8s, b: int, termination: int, winner: int) -> None:
    """The game is over (``Game._finish``)."""
    t[b, STATUS] = GAME_OVER
    t[b, TERMINATION] = termination
    t[b, WINNER] = winner
    t[b, WENT_OUT] = NO_ONE


@kernel
def finish_stalemate(t: Int8s, b: int, termination: int) -> None:
    """Fewest cards wins, a tie going to player 0 (``_finish_stalemate``)."""
    finish(t, b, termination, 0 if cards_left(t, b, 0) <= cards_left(t, b, 1) else 1)


@kernel
def play(t: Int8s, n: Int64s, b: int, p: int, slot: int, c: int) -> bool:
    """The top card of ``p``'s ``slot`` onto centre pile ``c`` (``Game.play``). True
    when that was ``p``'s last stock card in classic: the caller ends the round
    (:func:`.classic.went_out`); in the duel it has already won the game."""
    at = STOCK_N + 5 * p + slot
    k = t[b, at] - 1
    t[b, CENTRE + 52 * c + t[b, CENTRE_N + c]] = t[b, STOCK + 25 * p + 5 * slot + k]
    t[b, CENTRE_N + c] += 1
    t[b, at] = k
    t[b, STUCK_FLAG] = t[b, STUCK_FLAG + 1] = 0
    n[b, FRUITLESS] = 0
    if k == 0 and cards_left(t, b, p) == t[b, SPIT_N + p]:
        if t[b, CLASSIC]:
            return True
        finish(t, b, STOCK_EMPTIED, p)
    return False


@kernel
def declare_stuck(t: Int8s, n: Int64s, b: int, p: int) -> None:
    """``p`` says it cannot play; once both have, the spit (``declare_stuck``)."""
    t[b, STUCK_FLAG + p] = 1
    if not t[b, STUCK_FLAG + 1 - p]:
        return
    if t[b, SPIT_N] == 0 and t[b, SPIT_N + 1] == 0:
        finish_stalemate(t, b, STALEMATE)
    elif n[b, FRUITLESS] >= FRUITLESS_SPIT_LIMIT:
        finish_stalemate(t, b, SPITS_NOWHERE)
    else:
        spit_all(t, n, b)
