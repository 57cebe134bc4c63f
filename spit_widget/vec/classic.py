"""The classic rules as kernels over one row: moves into empty slots, the spit
when nobody can play, going out, the slap, and the round that follows.

Each function mirrors a method of :class:`~spit_widget.engine.Game` (named in
its docstring) and moves the same cards in the same order. A new round
gathers each player's cards (stock piles slot by slot, then the spit pile,
then the centre pile taken) and shuffles both hands, player 0's first, with
the engine's generator for that round (``round_rng(deal, round)``), made
right here as :mod:`.deals` makes the first deal's: so round *r* of a vector
game is the engine's round *r*, card for card.
"""

from __future__ import annotations

import numpy as np

from . import mt
from .deals import seed_round, shuffle
from .jit import allocating, kernel
from .rules import (
    MOVE,
    OUT_OF_CARDS,
    ROUND_LIMIT,
    SLAP,
    SPIT_ACTION,
    cards_left,
    finish,
    lay_out,
    play_bits,
    spit_all,
)
from .state import (
    CENTRE,
    CENTRE_N,
    CENTRES,
    DEAL,
    LEGAL,
    MAX_ROUNDS,
    NO_ONE,
    PLAYING,
    ROUND,
    ROUND_OVER,
    SPIT,
    SPIT_N,
    SPITTER,
    STATUS,
    STOCK,
    STOCK_N,
    WENT_OUT,
    Int8s,
    Int64s,
)

_BASE = mt.BASE  # a constant to the compiled code: where every seeding starts


@kernel
def _move_bits(t: Int8s, b: int, p: int) -> int:
    """``p``'s moves into an empty slot (``legal_moves_to_empty``) as action bits."""
    empty = 0
    for slot in range(5):
        if t[b, STOCK_N + 5 * p + slot] == 0:
            empty |= 1 << slot
    bits = 0
    if empty == 0:
        return bits
    for source in range(5):
        if t[b, STOCK_N + 5 * p + source] > 1:
            bits |= empty << (MOVE + 5 * source)
    return bits


@kernel
def _slap_bits(t: Int8s, b: int, p: int) -> int:
    """The smaller centre pile (either when equal) as ``p``'s slap bits (``slappable``)."""
    left, right = t[b, CENTRE_N], t[b, CENTRE_N + 1]
    bits = 0
    if left <= right:
        bits |= 1 << (SLAP + p)  # centre 0, seen from p
    if right <= left:
        bits |= 1 << (SLAP + 1 - p)
    return bits


@kernel
def legal_both(t: Int8s, n: Int64s, b: int) -> None:
    """Both players' legal action bits into ``n[b, LEGAL]`` and ``n[b, LEGAL + 1]``
    (``rl.encoding.legal_indices``): plays, moves and the spit when nobody can
    play; after going out, only the slap of the one who went out."""
    n[b, LEGAL] = n[b, LEGAL + 1] = 0
    status = t[b, STATUS]
    if status == ROUND_OVER:
        out = t[b, WENT_OUT]
        n[b, LEGAL + out] = _slap_bits(t, b, out)
        return
    if status != PLAYING:
        return
    plays0, plays1 = play_bits(t, b, 0), play_bits(t, b, 1)
    spit = (1 << SPIT_ACTION) if plays0 == 0 and plays1 == 0 else 0
    n[b, LEGAL] = plays0 | _move_bits(t, b, 0) | spit
    n[b, LEGAL + 1] = plays1 | _move_bits(t, b, 1) | spit


@kernel
def move(t: Int8s, b: int, p: int, source: int, slot: int) -> None:
    """The top card of ``source`` into the empty ``slot`` (``Game.move_to_empty``)."""
    k = t[b, STOCK_N + 5 * p + source] - 1
    t[b, STOCK + 25 * p + 5 * slot] = t[b, STOCK + 25 * p + 5 * source + k]
    t[b, STOCK_N + 5 * p + slot] = 1
    t[b, STOCK_N + 5 * p + source] = k


@kernel
def _gather(t: Int8s, b: int, p: int, take: int, hands: Int8s, at: int) -> int:
    """``p``'s cards (stock slot by slot, spit pile, then centre pile ``take`` if
    not -1), bottom first, into ``hands`` from ``at``; how many."""
    k = at
    for slot in range(5):
        for i in range(t[b, STOCK_N + 5 * p + slot]):
            hands[k] = t[b, STOCK + 25 * p + 5 * slot + i]
            k += 1
    for i in range(t[b, SPIT_N + p]):
        hands[k] = t[b, SPIT + 52 * p + i]
        k += 1
    if take >= 0:
        for i in range(t[b, CENTRE_N + take]):
            hands[k] = t[b, CENTRE + 52 * take + i]
            k += 1
    return k - at


@kernel
def _round_limit(t: Int8s, n: Int64s, b: int) -> None:
    """Past the last round: the opening spit goes back, fewer cards wins, equal
    is a draw (``_end_round`` with ``max_rounds``, ``_undo_opening_spit``)."""
    for c in range(t[b, CENTRES]):
        p = t[b, SPITTER + c]
        for i in range(t[b, CENTRE_N + c] - 1, -1, -1):
            t[b, SPIT + 52 * p + t[b, SPIT_N + p]] = t[b, CENTRE + 52 * c + i]
            t[b, SPIT_N + p] += 1
        t[b, CENTRE_N + c] = 0
    left0, left1 = cards_left(t, b, 0), cards_left(t, b, 1)
    winner = NO_ONE if left0 == left1 else (0 if left0 < left1 else 1)
    finish(t, b, ROUND_LIMIT, winner)


@allocating
def end_round(t: Int8s, n: Int64s, b: int, take0: int, take1: int) -> None:
    """Each player gathers their cards and the centre pile they take (``take0``
    for player 0, ``take1`` for player 1; -1: none), both hands are shuffled
    with the next round's generator and laid out again (``Game._end_round``)."""
    hands = np.empty(104, dtype=np.int8)
    size0 = _gather(t, b, 0, take0, hands, 0)
    size1 = _gather(t, b, 1, take1, hands, 52)
    n[b, ROUND] += 1
    generator = np.empty((1, 1, mt.WIDTH), dtype=np.int64)
    seed_round(generator, 0, 0, n[b, DEAL], n[b, ROUND], _BASE)
    shuffle(generator, 0, 0, hands[:size0])
    shuffle(generator, 0, 0, hands[52:52 + size1])
    lay_out(t, n, b, hands, 52, size0, size1)
    if n[b, MAX_ROUNDS] and n[b, ROUND] > n[b, MAX_ROUNDS]:
        _round_limit(t, n, b)


@kernel
def went_out(t: Int8s, n: Int64s, b: int, p: int) -> None:
    """``p`` has played their last stock card (``Game._went_out``, classic): with
    no spit card left they win; in a round with one centre pile the other
    player takes it and a new round starts; else ``p`` is to slap."""
    if t[b, SPIT_N + p] == 0:
        finish(t, b, OUT_OF_CARDS, p)
    elif t[b, CENTRES] == 1:
        if p == 0:
            end_round(t, n, b, -1, 0)
        else:
            end_round(t, n, b, 0, -1)
    else:
        t[b, STATUS] = ROUND_OVER
        t[b, WENT_OUT] = p


@kernel
def spit(t: Int8s, n: Int64s, b: int) -> None:
    """Nobody can play (``Game.spit``): each side with spit cards flips one; with
    none left, the round ends and each takes the pile they fed."""
    feeds0 = feeds1 = -1
    remain = False
    for c in range(t[b, CENTRES]):
        p = t[b, SPITTER + c]
        if p == 0:
            feeds0 = c
        else:
            feeds1 = c
        remain = remain or t[b, SPIT_N + p] > 0
    if remain:
        spit_all(t, n, b)
    else:
        end_round(t, n, b, feeds0, feeds1)


@kernel
def slap(t: Int8s, n: Int64s, b: int, p: int, c: int) -> None:
    """``p``, who went out, takes centre pile ``c`` and the other player the
    other pile (``Game.slap``); the next round starts."""
    if p == 0:
        end_round(t, n, b, c, 1 - c)
    else:
        end_round(t, n, b, 1 - c, c)
