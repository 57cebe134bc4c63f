"""Real time as turns, row by row: :class:`spit_widget.rl.turns.Turns` as kernels.

At each instant the game's own coin (``random.Random(deal)``, drawn as the
scalar ``Turns`` draws it) picks who looks first; a player with nothing legal
is passed over; the player asked may wait while the other has something to
do. The opponent strategies of :mod:`.strategies` act through
:func:`opponent_moves`, as ``SpitEnv`` lets its opponent act.
"""

from __future__ import annotations

from . import mt
from .jit import kernel
from .rules import MOVE, STUCK, WAIT, absolute_centre, declare_stuck, legal, play
from .state import GAME_OVER, State
from .strategies import choose


@kernel
def look(s: State, b: int) -> None:
    """A new instant: what each side may do, and who looks first (``Turns._look``)."""
    if s.status[b] == GAME_OVER:
        s.legal[b, 0] = s.legal[b, 1] = 0
        return
    s.legal[b, 0] = legal(s, b, 0)
    s.legal[b, 1] = legal(s, b, 1)
    first = 0 if mt.random(s.coin[b]) < 0.5 else 1
    if s.legal[b, first] == 0:
        first = 1 - first
    s.selected[b] = first
    s.may_wait[b] = s.legal[b, 1 - first] != 0


@kernel
def apply_index(s: State, b: int, p: int, index: int) -> None:
    """``p`` takes the (legal) action ``index``; then a new instant."""
    if index < MOVE:
        slot, relative = index // 2, index % 2
        play(s, b, p, slot, absolute_centre(relative, p, s.centres[b]))
    elif index == STUCK:
        declare_stuck(s, b, p)
    s.steps[b] += 1
    look(s, b)


@kernel
def act(s: State, b: int, index: int) -> bool:
    """The player asked takes ``index`` (``Turns.act``); False, and nothing
    changed, when the action is not legal now."""
    p = s.selected[b]
    if index == WAIT:
        if not s.may_wait[b]:
            return False
        s.selected[b] = 1 - p
        s.may_wait[b] = False
        s.steps[b] += 1
        return True
    if index < 0 or index >= WAIT or not (s.legal[b, p] >> index) & 1:
        return False
    apply_index(s, b, p, index)
    return True


@kernel
def opponent_moves(s: State, b: int, opponent: int, max_steps: int) -> None:
    """The opponent acts until the agent's seat is asked, the game ends or the
    step bound is reached (``SpitEnv._opponent_moves``)."""
    while s.status[b] != GAME_OVER and s.steps[b] < max_steps and s.selected[b] != s.seat[b]:
        p = s.selected[b]
        index = choose(s, b, p, opponent)
        if index >= 0:
            apply_index(s, b, p, index)
        elif s.may_wait[b]:
            act(s, b, WAIT)
        else:  # nobody acts at this instant (``Turns.act_with``)
            s.steps[b] += 1
            look(s, b)
