"""The built-in strategies of :mod:`spit_widget.computer.strategies`, as kernels.

Each chooses exactly what its scalar original chooses: the plays are listed
in the engine's order (slot by slot, then the left pile before the right);
``greedy`` takes the first, ``random`` draws from the same seeded generator
(``random.Random(deal * 2 + 2 - seat)``, as ``SpitEnv`` seeds it), and
``expert`` scores every play as ``computer.strategies._score`` does and takes
the first best. With no play, each declares stuck (duel).
"""

from __future__ import annotations

import numpy as np

from . import mt
from .jit import kernel
from .rules import STUCK, absolute_centre, fits
from .state import PLAYING, State

RANDOM, GREEDY, EXPERT, SELF = 0, 1, 2, 3
"""Opponent codes; SELF: the batch's caller plays both seats."""
OPPONENTS = {"random": RANDOM, "greedy": GREEDY, "expert": EXPERT, "self": SELF}


@kernel
def _fits_after(s: State, b: int, card: int, played: int, onto: int) -> bool:
    """``card`` fits a centre pile once ``played`` lies on pile ``onto``."""
    for c in range(s.centres[b]):
        m = s.centre_n[b, c]
        if c == onto:
            if fits(card, played):
                return True
        elif m > 0 and fits(card, s.centre[b, c, m - 1]):
            return True
    return False


@kernel
def expert_score(s: State, b: int, p: int, slot: int, onto: int) -> float:
    """The expert's score of playing ``p``'s ``slot`` onto centre ``onto``."""
    size = s.stock_n[b, p, slot]
    card = s.stock[b, p, slot, size - 1]
    mine = theirs = 0
    for i in range(5):
        n = s.stock_n[b, p, i]
        if i != slot and n > 0 and _fits_after(s, b, s.stock[b, p, i, n - 1], card, onto):
            mine += 1
        n = s.stock_n[b, 1 - p, i]
        if n > 0 and _fits_after(s, b, s.stock[b, 1 - p, i, n - 1], card, onto):
            theirs += 1
    score = 4.0 * mine - 4.0 * theirs
    if size > 1:
        score += 8 + 0.5 * size
    if theirs == 0:
        score += 8
    return score


@kernel
def _expert_pick(s: State, b: int, p: int, slots: np.ndarray, onto: np.ndarray,
                 count: int) -> int:
    best, best_score = 0, -1e300
    for k in range(count):
        score = expert_score(s, b, p, slots[k], onto[k])
        if score > best_score:
            best, best_score = k, score
    return best


@kernel
def choose(s: State, b: int, p: int, opponent: int) -> int:
    """The action index ``opponent`` takes for ``p`` now (-1: none)."""
    slots = np.empty(10, dtype=np.int64)
    onto = np.empty(10, dtype=np.int64)
    count = 0
    centres = s.centres[b]
    for slot in range(5 if s.status[b] == PLAYING else 0):
        n = s.stock_n[b, p, slot]
        for c in range(centres if n > 0 else 0):
            m = s.centre_n[b, c]
            if m > 0 and fits(s.stock[b, p, slot, n - 1], s.centre[b, c, m - 1]):
                slots[count], onto[count] = slot, c
                count += 1
    if count == 0:
        return STUCK if (s.legal[b, p] >> STUCK) & 1 else -1
    k = 0
    if opponent == RANDOM:
        k = int(mt.random(s.opponent_rng[b]) * count)
    elif opponent == EXPERT:
        k = _expert_pick(s, b, p, slots, onto, count)
    return 2 * slots[k] + absolute_centre(onto[k], p, centres)
