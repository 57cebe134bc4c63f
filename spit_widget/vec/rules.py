"""The rules of Spit as kernels over one row of a :class:`~.state.State`.

Each function mirrors a method of :class:`~spit_widget.engine.Game` (named in
its docstring) and changes the same cards in the same order, so a batch of
rows stays card for card equal to the engine's games (the parity tests say
so). Legality is checked by the caller from :func:`legal`, as the learning
environments check an action against its mask before the engine sees it.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .jit import kernel
from .state import GAME_OVER, NO_ONE, PLAYING, State

STOCK_EMPTIED, STALEMATE, SPITS_NOWHERE, OUT_OF_CARDS, ROUND_LIMIT = 0, 1, 2, 3, 4
"""Termination codes: the index of each in the engine's ``TERMINATIONS``."""
PLAY, MOVE, STUCK, SPIT, SLAP, WAIT = 0, 10, 35, 36, 37, 39
"""The action indices of :mod:`spit_widget.rl.encoding`."""
FRUITLESS_SPIT_LIMIT = 3
"""The duel's stalemate: spits in a row with no play between (``DUEL`` says 3)."""
PILE_STARTS = (0, 1, 3, 6, 10, 15)
"""Where each stock pile starts in a dealt hand (piles of 1 to 5 cards)."""


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
def cards_left(s: State, b: int, p: int) -> int:
    """Stock and spit cards ``p`` holds (``Game.cards_left``)."""
    n = int(s.spit_n[b, p])
    for slot in range(5):
        n += s.stock_n[b, p, slot]
    return n


@kernel
def play_bits(s: State, b: int, p: int) -> int:
    """The play indices of ``p`` (0-9, relative centres) as bits."""
    bits = 0
    if s.status[b] != PLAYING:
        return bits
    centres = int(s.centres[b])
    for slot in range(5):
        n = s.stock_n[b, p, slot]
        if n == 0:
            continue
        card = s.stock[b, p, slot, n - 1]
        for c in range(centres):
            m = s.centre_n[b, c]
            if m > 0 and fits(card, s.centre[b, c, m - 1]):
                bits |= 1 << (PLAY + 2 * slot + absolute_centre(c, p, centres))
    return bits


@kernel
def legal(s: State, b: int, p: int) -> int:
    """The duel's legal action indices of ``p`` as bits (``rl.encoding.legal_indices``)."""
    bits = play_bits(s, b, p)
    if s.status[b] == PLAYING and bits == 0 and not s.stuck[b, p]:
        bits |= 1 << STUCK
    return bits


@kernel
def spit_all(s: State, b: int) -> None:
    """Each player with spit cards flips one onto the pile they feed (``_spit_all``)."""
    for c in range(s.centres[b]):
        p = s.spitter[b, c]
        n = s.spit_n[b, p]
        if n > 0:
            s.centre[b, c, s.centre_n[b, c]] = s.spit[b, p, n - 1]
            s.centre_n[b, c] += 1
            s.spit_n[b, p] = n - 1
    s.fruitless[b] += 1
    s.stuck[b, 0] = s.stuck[b, 1] = False


@kernel
def deal_duel(s: State, b: int, deck: npt.NDArray[np.int8]) -> None:
    """Lay out a shuffled deck as ``Game(variant="duel", seed=...)`` does."""
    for p in range(2):
        hand = deck[26 * p: 26 * p + 26]
        for slot in range(5):
            start, end = PILE_STARTS[slot], PILE_STARTS[slot + 1]
            s.stock[b, p, slot, : end - start] = hand[start:end]
            s.stock_n[b, p, slot] = end - start
        s.spit[b, p, :11] = hand[15:]
        s.spit_n[b, p] = 11
        s.centre_n[b, p] = 0
        s.spitter[b, p] = p
        s.stuck[b, p] = False
    s.centres[b] = 2
    s.fruitless[b] = 0
    s.status[b] = PLAYING
    s.winner[b] = s.termination[b] = s.went_out[b] = NO_ONE
    s.round[b] = 1
    spit_all(s, b)


@kernel
def finish(s: State, b: int, termination: int, winner: int) -> None:
    """The game is over (``Game._finish``)."""
    s.status[b] = GAME_OVER
    s.termination[b] = termination
    s.winner[b] = winner
    s.went_out[b] = NO_ONE


@kernel
def finish_stalemate(s: State, b: int, termination: int) -> None:
    """Fewest cards wins, a tie going to player 0 (``_finish_stalemate``)."""
    finish(s, b, termination, 0 if cards_left(s, b, 0) <= cards_left(s, b, 1) else 1)


@kernel
def play(s: State, b: int, p: int, slot: int, c: int) -> None:
    """The top card of ``p``'s ``slot`` onto centre pile ``c`` (``Game.play``, duel)."""
    n = s.stock_n[b, p, slot] - 1
    s.centre[b, c, s.centre_n[b, c]] = s.stock[b, p, slot, n]
    s.centre_n[b, c] += 1
    s.stock_n[b, p, slot] = n
    s.stuck[b, 0] = s.stuck[b, 1] = False
    s.fruitless[b] = 0
    if n == 0 and s.stock_n[b, p].sum() == 0:
        finish(s, b, STOCK_EMPTIED, p)


@kernel
def declare_stuck(s: State, b: int, p: int) -> None:
    """``p`` says it cannot play; once both have, the spit (``declare_stuck``)."""
    s.stuck[b, p] = True
    if not s.stuck[b, 1 - p]:
        return
    if s.spit_n[b, 0] == 0 and s.spit_n[b, 1] == 0:
        finish_stalemate(s, b, STALEMATE)
    elif s.fruitless[b] >= FRUITLESS_SPIT_LIMIT:
        finish_stalemate(s, b, SPITS_NOWHERE)
    else:
        spit_all(s, b)
