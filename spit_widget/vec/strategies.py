"""The built-in strategies of :mod:`spit_widget.computer.strategies`, as kernels.

Each chooses exactly what its scalar original chooses: the plays are listed
in the engine's order (slot by slot, then the left pile before the right);
``greedy`` takes the first, ``random`` draws from the same seeded generator
(``random.Random(deal * 2 + 2 - seat)``, as ``SpitEnv`` seeds it), and
``expert`` scores every play as ``computer.strategies._score`` does and takes
the first best. With no play, each does what ``when_no_play`` does: declares
stuck (duel), spits when nobody can play (classic), slaps the first of the
smaller centre piles after going out; the classic expert first moves a card
into an empty slot, from the biggest pile (the first such move).
"""

from __future__ import annotations

from . import mt
from .jit import kernel
from .rules import MOVE, SLAP, SPIT_ACTION, STUCK, absolute_centre, centre_top, fits, stock_top
from .state import (
    CENTRES,
    LEGAL,
    OPPONENT_RNG,
    PLAYING,
    ROUND_OVER,
    STATUS,
    STOCK_N,
    Int8s,
    Int64s,
    Words,
)

RANDOM, GREEDY, EXPERT, SELF = 0, 1, 2, 3
"""Opponent codes; SELF: the batch's caller plays both seats."""
OPPONENTS = {"random": RANDOM, "greedy": GREEDY, "expert": EXPERT, "self": SELF}


@kernel
def _fits_after(t: Int8s, b: int, card: int, played: int, onto: int) -> bool:
    """``card`` fits a centre pile once ``played`` lies on pile ``onto``."""
    if card < 0:
        return False
    for c in range(t[b, CENTRES]):
        top = played if c == onto else centre_top(t, b, c)
        if top >= 0 and fits(card, top):
            return True
    return False


@kernel
def expert_score(t: Int8s, b: int, p: int, slot: int, onto: int) -> float:
    """The expert's score of playing ``p``'s ``slot`` onto centre ``onto``."""
    size = t[b, STOCK_N + 5 * p + slot]
    card = stock_top(t, b, p, slot)
    mine = theirs = 0
    for i in range(5):
        if i != slot and _fits_after(t, b, stock_top(t, b, p, i), card, onto):
            mine += 1
        if _fits_after(t, b, stock_top(t, b, 1 - p, i), card, onto):
            theirs += 1
    score = 4.0 * mine - 4.0 * theirs
    if size > 1:
        score += 8 + 0.5 * size
    if theirs == 0:
        score += 8
    return score


@kernel
def _pick(t: Int8s, n: Int64s, r: Words, b: int, p: int, opponent: int, count: int) -> int:
    """The number (in the engine's order) of the play ``opponent`` takes."""
    if opponent == GREEDY:
        return 0
    if opponent == RANDOM:
        return int(mt.random(r, b, OPPONENT_RNG) * count)
    best, best_score, k = 0, -1e300, 0
    centres = t[b, CENTRES]
    bits = n[b, LEGAL + p]
    for slot in range(5):
        for c in range(centres):
            if (bits >> (2 * slot + absolute_centre(c, p, centres))) & 1:
                score = expert_score(t, b, p, slot, c)
                if score > best_score:
                    best, best_score = k, score
                k += 1
    return best


@kernel
def _best_move(t: Int8s, bits: int, b: int, p: int) -> int:
    """The expert's move into an empty slot: from the biggest pile, the first
    such (source by source, then slot by slot); -1 when there is none."""
    best, best_size = -1, -1
    for index in range(MOVE, STUCK):
        if (bits >> index) & 1:
            size = t[b, STOCK_N + 5 * p + (index - MOVE) // 5]
            if size > best_size:
                best, best_size = index, size
    return best


@kernel
def _no_play(t: Int8s, bits: int, b: int, p: int, opponent: int) -> int:
    """What a strategy does with no play (``when_no_play``; the expert moves first)."""
    if t[b, STATUS] == ROUND_OVER:
        for index in (SLAP + p, SLAP + 1 - p):  # the left pile first
            if (bits >> index) & 1:
                return index
        return -1
    if opponent == EXPERT:
        index = _best_move(t, bits, b, p)
        if index >= 0:
            return index
    for index in (STUCK, SPIT_ACTION):
        if (bits >> index) & 1:
            return index
    return -1


@kernel
def choose(t: Int8s, n: Int64s, r: Words, b: int, p: int, opponent: int) -> int:
    """The action index ``opponent`` takes for ``p``, the player asked now (-1: none).

    The plays are read off ``p``'s legal bits (fresh: the instant began with
    them), counted in the engine's order: slot by slot, left pile first."""
    bits = n[b, LEGAL + p]
    plays = bits & 0x3FF
    if plays == 0 or t[b, STATUS] != PLAYING:
        return _no_play(t, bits, b, p, opponent)
    count = 0
    while plays:
        plays &= plays - 1
        count += 1
    k = _pick(t, n, r, b, p, opponent, count)
    centres = t[b, CENTRES]
    for slot in range(5):
        for c in range(centres):
            index = 2 * slot + absolute_centre(c, p, centres)
            if (bits >> index) & 1:
                if k == 0:
                    return index
                k -= 1
    return -1
