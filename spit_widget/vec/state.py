"""B games of Spit as a struct of arrays: three arrays, one row a game.

Cards are small integers, their index in :data:`~spit_widget.engine.cards.DECK`
(``rank = card % 13``, 0 for the ace); each pile is a fixed-size run of a row
with its count beside it, bottom first, as the engine's lists run.

* ``cards`` (int8, B x 288): every pile, count and small flag, at the offsets below;
* ``numbers`` (int64, B x 8): the counters, the legal-action bits and the coin's
  next tosses;
* ``generators`` (int64, B x 2 x 626): the coin's and the random opponent's
  Mersenne Twisters (:mod:`.mt`).

Three arrays rather than twenty: a compiled kernel that calls another passes
its arrays by value, and with twenty the calls cost more than the rules (see
``bench --vec``). :class:`BatchView` gives the same rows readable names (views,
not copies) for Python code such as :mod:`.snapshot`.
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

# cards: offsets in a row
STOCK = 0          # 2 x 5 piles x 5 cards: STOCK + 25 * p + 5 * slot + k
STOCK_N = 50       # 2 x 5 counts: STOCK_N + 5 * p + slot
SPIT = 60          # 2 x 52: SPIT + 52 * p + k (the next card to flip last)
SPIT_N = 164       # 2
CENTRE = 166       # 2 x 52: CENTRE + 52 * c + k
CENTRE_N = 270     # 2
CENTRES = 272      # how many centre piles (1 when a classic player is short)
SPITTER = 273      # 2: who spits onto each centre pile
STUCK_FLAG = 275   # 2: the duel's stuck flags
STATUS, WINNER, TERMINATION, WENT_OUT = 277, 278, 279, 280
SELECTED = 281     # who is asked to act now (the real-time turn of rl.turns)
MAY_WAIT = 282     # whether the player asked may let the other act
SEAT = 283         # the learning agent's seat in this game
CLASSIC = 284      # 1: the classic rules (rounds, moves, the spit when nobody can play, slaps)
CARD_WIDTH = 288

# numbers: offsets in a row
FRUITLESS, ROUND, STEPS, DEAL, LEGAL = 0, 1, 2, 3, 4  # LEGAL, LEGAL + 1: each player's bits
MAX_ROUNDS = 6     # classic's house rule: the last round played (0: no limit)
TOSSES = 7         # the coin's next tosses, drawn ahead (:func:`.mt.tosses`; 0: none left)
NUMBER_WIDTH = 8

COIN, OPPONENT_RNG = 0, 1
"""The two generators of a game: ``random.Random(deal)`` for the coin,
``random.Random(deal * 2 + 2 - seat)`` for the random opponent."""

Int8s = npt.NDArray[np.int8]
Int64s = npt.NDArray[np.int64]
Words = npt.NDArray[np.int64]


class Batch(NamedTuple):
    """The three arrays the kernels take."""

    cards: Int8s
    numbers: Int64s
    generators: Words


class BatchView(NamedTuple):
    """Named views of a :class:`Batch`'s arrays, one field per part of the table
    (for Python; the kernels use offsets)."""

    stock: Int8s
    stock_n: Int8s
    spit: Int8s
    spit_n: Int8s
    centre: Int8s
    centre_n: Int8s
    centres: Int8s
    spitter: Int8s
    stuck: Int8s
    status: Int8s
    winner: Int8s
    termination: Int8s
    went_out: Int8s
    selected: Int8s
    seat: Int8s
    classic: Int8s
    fruitless: Int64s
    round: Int64s
    steps: Int64s
    deal: Int64s
    max_rounds: Int64s


def allocate(games: int) -> Batch:
    """Room for ``games`` games (each dealt by a reset)."""
    return Batch(np.zeros((games, CARD_WIDTH), dtype=np.int8),
                 np.zeros((games, NUMBER_WIDTH), dtype=np.int64),
                 mt.generators(games, 2))


def named(batch: Batch) -> BatchView:
    """The named views of ``batch``."""
    c, n = batch.cards, batch.numbers
    b = len(c)
    return BatchView(
        stock=c[:, STOCK:STOCK_N].reshape(b, 2, 5, 5), stock_n=c[:, STOCK_N:SPIT].reshape(b, 2, 5),
        spit=c[:, SPIT:SPIT_N].reshape(b, 2, 52), spit_n=c[:, SPIT_N:CENTRE],
        centre=c[:, CENTRE:CENTRE_N].reshape(b, 2, 52), centre_n=c[:, CENTRE_N:CENTRES],
        centres=c[:, CENTRES], spitter=c[:, SPITTER:STUCK_FLAG], stuck=c[:, STUCK_FLAG:STATUS],
        status=c[:, STATUS], winner=c[:, WINNER], termination=c[:, TERMINATION],
        went_out=c[:, WENT_OUT], selected=c[:, SELECTED], seat=c[:, SEAT],
        classic=c[:, CLASSIC], fruitless=n[:, FRUITLESS], round=n[:, ROUND], steps=n[:, STEPS],
        deal=n[:, DEAL], max_rounds=n[:, MAX_ROUNDS])


def bytes_per_game(batch: Batch) -> int:
    """The memory one game takes in ``batch``."""
    return sum(int(a.nbytes) for a in batch) // len(batch.cards)
