"""One call steps every game of the batch: the agent's action, the
opponent's replies, the reward, and a new deal for every game that ended.

The new deal is shuffled right there, as the engine shuffles it (see
:mod:`.deals`); the game that ended is copied first into a second batch, so
its final position can still be read (``SpitVecEnv.final_position``).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from ..engine.spaces import ACTION_COUNT, OBSERVATION_SIZE
from . import mt
from .deals import first_deck
from .jit import allocating, entry, inlined, kernel, unowned
from .observe import write_mask, write_observation
from .rules import deal
from .state import (
    CLASSIC,
    COIN,
    DEAL,
    GAME_OVER,
    MAX_ROUNDS,
    NO_ONE,
    OPPONENT_RNG,
    SEAT,
    SELECTED,
    STATUS,
    STEPS,
    TOSSES,
    WINNER,
    Batch,
    Int8s,
    Int64s,
)
from .strategies import RANDOM, SELF
from .turns import act, look, opponent_moves


class Config(NamedTuple):
    """What is the same for every game of a batch."""

    opponent: int
    """The opponent code of :mod:`.strategies` (SELF: the caller plays both seats)."""
    max_steps: int
    """Actions and waits after which a game is truncated."""
    seat: int
    """The agent's seat, or -1 to alternate with the deal (deal % 2), as SpitEnv does."""
    stride: int
    """How far the next deal of a game is from its last (the batch size)."""
    classic: bool
    max_rounds: int
    """Classic's house rule: the last round played (0: no limit)."""


class Deals(NamedTuple):
    """The number of every game's next deal, and room to shuffle it."""

    next_deal: Int64s
    """(B,): the number of each game's next deal (the engine's seed)."""
    base: npt.NDArray[np.int64]
    """:data:`.mt.BASE`, where every generator's seeding starts."""
    generator: npt.NDArray[np.int64]
    """(1, 1, WIDTH): the generator a deal is shuffled with (used and dropped)."""
    deck: Int8s
    """(52,): the deck being shuffled."""


def deals(games: int) -> Deals:
    """Room for the deals of ``games`` games."""
    return Deals(np.zeros(games, dtype=np.int64), mt.BASE, mt.generators(1),
                 np.zeros(52, dtype=np.int8))


class Out(NamedTuple):
    """What one step returns, game by game."""

    obs: npt.NDArray[np.float32]
    mask: Int8s
    reward: npt.NDArray[np.float64]
    terminated: npt.NDArray[np.bool_]
    truncated: npt.NDArray[np.bool_]
    illegal: npt.NDArray[np.bool_]
    final_obs: npt.NDArray[np.float32]
    """The last observation of a game that ended in this step (else zeros)."""


def out(games: int) -> Out:
    """Fresh arrays for one step's results."""
    return Out(np.empty((games, OBSERVATION_SIZE), dtype=np.float32),
               np.empty((games, ACTION_COUNT), dtype=np.int8),
               np.zeros(games, dtype=np.float64), np.zeros(games, dtype=np.bool_),
               np.zeros(games, dtype=np.bool_), np.zeros(games, dtype=np.bool_),
               np.zeros((games, OBSERVATION_SIZE), dtype=np.float32))


@kernel
def new_game(s: Batch, b: int, deals: Deals, config: Config) -> None:
    """Deal row ``b`` its next deal and let the opponent move until the agent
    is asked (``SpitEnv.reset``)."""
    t, n, r = s.cards, s.numbers, s.generators
    number = deals.next_deal[b]
    seat = number % 2 if config.seat < 0 else config.seat
    opponent_seed = number * 2 + 2 - seat if config.opponent == RANDOM else -1
    first_deck((deals.generator[0, 0], r[b, COIN], r[b, OPPONENT_RNG]), number, opponent_seed,
               deals.base, deals.deck)
    t[b, CLASSIC] = config.classic
    n[b, MAX_ROUNDS] = config.max_rounds
    n[b, DEAL] = number
    deal(t, n, b, deals.deck)
    deals.next_deal[b] = number + config.stride
    t[b, SEAT] = seat
    n[b, TOSSES] = 0
    n[b, STEPS] = 0
    look(t, n, r, b)
    if config.opponent != SELF:
        opponent_moves(t, n, r, b, config.opponent, config.max_steps)


@inlined
def observe_row(s: Batch, b: int, config: Config, o: Out) -> None:
    """Row ``b``'s observation and mask, from the seat that acts next."""
    t = s.cards
    viewer = t[b, SELECTED] if config.opponent == SELF else t[b, SEAT]
    write_observation(t, b, viewer, o.obs, b, config.classic)
    write_mask(t, s.numbers, b, viewer, o.mask, b)


@allocating
def _unowned_batch(s: Batch) -> Batch:
    return Batch(unowned(s.cards), unowned(s.numbers), unowned(s.generators))


@allocating
def _unowned_final(f: Batch) -> Batch:
    return Batch(unowned(f.cards), unowned(f.numbers), f.generators)


@allocating
def _unowned_deals(d: Deals) -> Deals:
    return Deals(unowned(d.next_deal), unowned(d.base), unowned(d.generator), unowned(d.deck))


@allocating
def _unowned_out(o: Out) -> Out:
    return Out(unowned(o.obs), unowned(o.mask), unowned(o.reward), unowned(o.terminated),
               unowned(o.truncated), unowned(o.illegal), unowned(o.final_obs))


@entry
def new_games(s: Batch, deals: Deals, config: Config, o: Out) -> None:
    """Deal every row anew and observe it (``reset``)."""
    games, dealing, results = _unowned_batch(s), _unowned_deals(deals), _unowned_out(o)
    for b in range(len(s.cards)):
        new_game(games, b, dealing, config)
        observe_row(games, b, config, results)


@inlined
def step_row(s: Batch, f: Batch, b: int, action: int, deals: Deals, config: Config,
             o: Out) -> None:
    """Game ``b`` takes ``action`` (and the opponent replies); a game that ends
    is kept in ``f`` and dealt anew."""
    t, n, r = s.cards, s.numbers, s.generators
    actor = t[b, SELECTED]
    if not act(t, n, r, b, action):
        o.illegal[b] = o.terminated[b] = True
        o.reward[b] = -1.0
    else:
        if config.opponent != SELF:
            opponent_moves(t, n, r, b, config.opponent, config.max_steps)
        if t[b, STATUS] == GAME_OVER:
            o.terminated[b] = True
            if t[b, WINNER] != NO_ONE:
                o.reward[b] = 1.0 if t[b, WINNER] == actor else -1.0
        elif n[b, STEPS] >= config.max_steps:
            o.truncated[b] = True
    if o.terminated[b] or o.truncated[b]:
        write_observation(t, b, actor, o.final_obs, b, config.classic)
        f.cards[b] = t[b]
        f.numbers[b] = n[b]
        new_game(s, b, deals, config)
    observe_row(s, b, config, o)


@entry
def step_rows(s: Batch, f: Batch, actions: Int64s, deals: Deals, config: Config,
              o: Out) -> None:
    """Every game takes its action (see :func:`step_row`), handed arrays that
    own nothing (:func:`.jit.unowned`)."""
    games, dealing, results = _unowned_batch(s), _unowned_deals(deals), _unowned_out(o)
    final, chosen = _unowned_final(f), unowned(actions)
    for b in range(len(s.cards)):
        step_row(games, final, b, chosen[b], dealing, config, results)
