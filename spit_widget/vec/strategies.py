"""The built-in strategies of :mod:`spit_widget.computer.strategies`, as kernels.

Each chooses exactly what its scalar original chooses: the plays are listed
in the engine's order (slot by slot, then the left pile before the right);
``greedy`` takes the first, ``random`` draws from the same seeded generator
(``random.Random(deal * 2 + 2 - seat)``, as ``SpitEnv`` seeds it), and
``expert`` scores every play as ``computer.strategies._score`` does and takes
the first best. With no play, each declares stuck (duel).
"""

from __future__ import annotations

from . import mt
from .jit import kernel
from .rules import STUCK, absolute_centre, centre_top, fits, stock_top
from .state import CENTRES, LEGAL, OPPONENT_RNG, PLAYING, STATUS, STOCK_N, Int8s, Int64s, Words

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
def choose(t: Int8s, n: Int64s, r: Words, b: int, p: int, opponent: int) -> int:
    """The action index ``opponent`` takes for ``p``, the player asked now (-1: none).

    The plays are read off ``p``'s legal bits (fresh: the instant began with
    them), counted in the engine's order: slot by slot, left pile first."""
    bits = n[b, LEGAL + p]
    plays = bits & 0x3FF
    if plays == 0 or t[b, STATUS] != PLAYING:
        return STUCK if (bits >> STUCK) & 1 else -1
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
