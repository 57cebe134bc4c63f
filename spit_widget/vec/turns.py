"""Real time as turns, row by row: :class:`spit_widget.rl.turns.Turns` as kernels.

At each instant the game's own coin (``random.Random(deal)``, drawn as the
scalar ``Turns`` draws it) picks who looks first; a player with nothing legal
is passed over; the player asked may wait while the other has something to
do. The opponent strategies of :mod:`.strategies` act through
:func:`opponent_moves`, as ``SpitEnv`` lets its opponent act.
"""

from __future__ import annotations

from . import mt
from .classic import legal_both, move, slap, spit, went_out
from .jit import kernel
from .rules import (
    MOVE,
    SLAP,
    SPIT_ACTION,
    STUCK,
    WAIT,
    absolute_centre,
    declare_stuck,
    legal,
    play,
)
from .state import (
    CENTRES,
    CLASSIC,
    COIN,
    GAME_OVER,
    LEGAL,
    MAY_WAIT,
    SEAT,
    SELECTED,
    STATUS,
    STEPS,
    TOSSES,
    Int8s,
    Int64s,
    Words,
)
from .strategies import choose


@kernel
def look(t: Int8s, n: Int64s, r: Words, b: int) -> None:
    """A new instant: what each side may do, and who looks first (``Turns._look``)."""
    if t[b, STATUS] == GAME_OVER:
        n[b, LEGAL] = n[b, LEGAL + 1] = 0
        return
    if t[b, CLASSIC]:
        legal_both(t, n, b)
    else:
        n[b, LEGAL] = legal(t, b, 0)
        n[b, LEGAL + 1] = legal(t, b, 1)
    pending = n[b, TOSSES]
    if pending <= 1:  # none left (only the marker bit, or none drawn yet)
        pending = mt.tosses(r, b, COIN)
    first = pending & 1  # 0 when random() < 0.5, as Turns tosses
    n[b, TOSSES] = pending >> 1
    if n[b, LEGAL + first] == 0:
        first = 1 - first
    t[b, SELECTED] = first
    t[b, MAY_WAIT] = n[b, LEGAL + 1 - first] != 0


@kernel
def apply_index(t: Int8s, n: Int64s, r: Words, b: int, p: int, index: int) -> None:
    """``p`` takes the (legal) action ``index``; then a new instant."""
    if index < MOVE:
        if play(t, n, b, p, index // 2, absolute_centre(index % 2, p, t[b, CENTRES])):
            went_out(t, n, b, p)
    elif index < STUCK:
        move(t, b, p, (index - MOVE) // 5, (index - MOVE) % 5)
    elif index == STUCK:
        declare_stuck(t, n, b, p)
    elif index == SPIT_ACTION:
        spit(t, n, b)
    else:
        slap(t, n, b, p, absolute_centre(index - SLAP, p, t[b, CENTRES]))
    n[b, STEPS] += 1
    look(t, n, r, b)


@kernel
def act(t: Int8s, n: Int64s, r: Words, b: int, index: int) -> bool:
    """The player asked takes ``index`` (``Turns.act``); False, and nothing
    changed, when the action is not legal now."""
    p = t[b, SELECTED]
    if index == WAIT:
        if not t[b, MAY_WAIT]:
            return False
        t[b, SELECTED] = 1 - p
        t[b, MAY_WAIT] = 0
        n[b, STEPS] += 1
        return True
    if index < 0 or index >= WAIT or not (n[b, LEGAL + p] >> index) & 1:
        return False
    apply_index(t, n, r, b, p, index)
    return True


@kernel
def opponent_moves(t: Int8s, n: Int64s, r: Words, b: int, opponent: int,
                   max_steps: int) -> None:
    """The opponent acts until the agent's seat is asked, the game ends or the
    step bound is reached (``SpitEnv._opponent_moves``)."""
    while t[b, STATUS] != GAME_OVER and n[b, STEPS] < max_steps and t[b, SELECTED] != t[b, SEAT]:
        p = t[b, SELECTED]
        index = choose(t, n, r, b, p, opponent)
        if index >= 0:
            apply_index(t, n, r, b, p, index)
        elif t[b, MAY_WAIT]:
            act(t, n, r, b, WAIT)
        else:  # nobody acts at this instant (``Turns.act_with``)
            n[b, STEPS] += 1
            look(t, n, r, b)
