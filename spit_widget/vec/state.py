"""B games of Spit as a struct of arrays.

Cards are small integers, their index in :data:`~spit_widget.engine.cards.DECK`
(``rank = card % 13``, 0 for the ace); each pile is a fixed-size row with a
count beside it, bottom first, as the engine's lists run. One row of every
array is one game, so the kernels step a whole batch with plain loops and no
Python object per game.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from . import mt

PLAYING, ROUND_OVER, GAME_OVER = 0, 1, 2
"""Status codes, in the order of the engine's ``STATUSES``."""
NO_ONE = -1
"""No winner yet (or a draw), nobody went out, no termination."""

Int8s = npt.NDArray[np.int8]
Int32s = npt.NDArray[np.int32]
Int64s = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
Words = npt.NDArray[np.uint64]


class State(NamedTuple):
    """Every game's cards, rule bookkeeping and real-time turn, row by row."""

    stock: Int8s
    """(B, 2, 5, 5): each player's five stock piles, bottom first."""
    stock_n: Int8s
    """(B, 2, 5): cards in each stock pile (only the top one is face up)."""
    spit: Int8s
    """(B, 2, 52): each spit pile, the next card to flip last."""
    spit_n: Int8s
    """(B, 2): cards in each spit pile."""
    centre: Int8s
    """(B, 2, 52): the centre piles, bottom first."""
    centre_n: Int8s
    """(B, 2): cards in each centre pile."""
    centres: Int8s
    """(B,): how many centre piles the round has (1 when a classic player is short)."""
    spitter: Int8s
    """(B, 2): who spits onto each centre pile."""
    stuck: Bools
    """(B, 2): the duel's stuck flags."""
    fruitless: Int32s
    """(B,): spits since the last play (the duel's stalemate counts them)."""
    status: Int8s
    """(B,): PLAYING, ROUND_OVER or GAME_OVER."""
    winner: Int8s
    """(B,): the winner once over (NO_ONE for a draw or while playing)."""
    termination: Int8s
    """(B,): the index in the engine's TERMINATIONS of how the game ended."""
    round: Int32s
    """(B,): the classic round, from 1."""
    went_out: Int8s
    """(B,): the classic player who went out this round (NO_ONE otherwise)."""
    selected: Int8s
    """(B,): who is asked to act now (the real-time turn of rl.turns)."""
    may_wait: Bools
    """(B,): whether the player asked may let the other act."""
    steps: Int32s
    """(B,): actions and waits so far (the max_steps bound counts them)."""
    legal: Int64s
    """(B, 2): each player's legal action indices, as bits (wait aside)."""
    seat: Int8s
    """(B,): the learning agent's seat in this game."""
    deal: Int64s
    """(B,): the deal (the engine's seed) being played."""
    coin: Words
    """(B, 625): the coin's generator, ``random.Random(deal)``."""
    opponent_rng: Words
    """(B, 625): the random opponent's generator, ``random.Random(deal*2+2-seat)``."""


def allocate(games: int) -> State:
    """Room for ``games`` games (each dealt by a reset)."""
    b = games

    def small(*shape: int) -> Int8s:
        return np.zeros((b, *shape), dtype=np.int8)

    return State(
        stock=small(2, 5, 5), stock_n=small(2, 5), spit=small(2, 52), spit_n=small(2),
        centre=small(2, 52), centre_n=small(2), centres=small(), spitter=small(2),
        stuck=np.zeros((b, 2), dtype=np.bool_), fruitless=np.zeros(b, dtype=np.int32),
        status=small(), winner=small(), termination=small(), round=np.zeros(b, dtype=np.int32),
        went_out=small(), selected=small(), may_wait=np.zeros(b, dtype=np.bool_),
        steps=np.zeros(b, dtype=np.int32), legal=np.zeros((b, 2), dtype=np.int64),
        seat=small(), deal=np.zeros(b, dtype=np.int64),
        coin=mt.generators(b), opponent_rng=mt.generators(b))


def bytes_per_game(state: State) -> int:
    """The memory one game takes in ``state``."""
    return sum(int(a.nbytes) for a in state) // len(state.status)
