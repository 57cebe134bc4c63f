"""One call steps every game of the batch: the agent's action, the
opponent's replies, the reward, and a new deal for every game that ended.

The new deal is the one the caller has ready in :class:`Deals` (dealt by the
engine's own shuffle, see :mod:`.deals`); the game that ended is copied first
into a second :class:`~.state.State`, so its final position can still be
read (``SpitVecEnv.final_position``).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from . import mt
from .jit import kernel
from .observe import write_mask, write_observation
from .rules import deal_duel
from .state import GAME_OVER, NO_ONE, Bools, Int8s, Int64s, State, Words
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


class Deals(NamedTuple):
    """The next deal of every game, ready before the step that needs it."""

    decks: Int8s
    """(B, 52): the shuffled deck of each game's next deal."""
    next_deal: Int64s
    """(B,): the number of that deal (the engine's seed)."""
    base: Words
    """:data:`.mt.BASE`, where every generator's seeding starts."""


class Out(NamedTuple):
    """What one step returns, game by game."""

    obs: npt.NDArray[np.float32]
    mask: Int8s
    reward: npt.NDArray[np.float64]
    terminated: Bools
    truncated: Bools
    illegal: Bools
    final_obs: npt.NDArray[np.float32]
    """The last observation of a game that ended in this step (else untouched)."""


def out(games: int) -> Out:
    """Fresh arrays for one step's results."""
    return Out(np.empty((games, 192), dtype=np.float32), np.empty((games, 40), dtype=np.int8),
               np.zeros(games, dtype=np.float64), np.zeros(games, dtype=np.bool_),
               np.zeros(games, dtype=np.bool_), np.zeros(games, dtype=np.bool_),
               np.zeros((games, 192), dtype=np.float32))


@kernel
def new_game(s: State, b: int, deals: Deals, config: Config) -> None:
    """Deal row ``b`` its next deal and let the opponent move until the agent
    is asked (``SpitEnv.reset``)."""
    deal = deals.next_deal[b]
    deal_duel(s, b, deals.decks[b])
    s.deal[b] = deal
    deals.next_deal[b] = deal + config.stride
    seat = deal % 2 if config.seat < 0 else config.seat
    s.seat[b] = seat
    mt.seed(s.coin[b], deal, deals.base)
    if config.opponent == RANDOM:
        mt.seed(s.opponent_rng[b], deal * 2 + 2 - seat, deals.base)
    s.steps[b] = 0
    look(s, b)
    if config.opponent != SELF:
        opponent_moves(s, b, config.opponent, config.max_steps)


@kernel
def new_games(s: State, deals: Deals, config: Config, o: Out) -> None:
    """Deal every row anew and observe it (``reset``)."""
    for b in range(len(s.status)):
        new_game(s, b, deals, config)
        observe_row(s, b, config, o)


@kernel
def observe_row(s: State, b: int, config: Config, o: Out) -> None:
    """Row ``b``'s observation and mask, from the seat that acts next."""
    viewer = s.selected[b] if config.opponent == SELF else s.seat[b]
    write_observation(s, b, viewer, o.obs[b], config.classic)
    write_mask(s, b, viewer, o.mask[b])


@kernel
def copy_row(s: State, f: State, b: int) -> None:
    """Keep game ``b`` as it ended (not its generators: nothing reads them)."""
    f.stock[b] = s.stock[b]
    f.stock_n[b] = s.stock_n[b]
    f.spit[b] = s.spit[b]
    f.spit_n[b] = s.spit_n[b]
    f.centre[b] = s.centre[b]
    f.centre_n[b] = s.centre_n[b]
    f.centres[b] = s.centres[b]
    f.spitter[b] = s.spitter[b]
    f.stuck[b] = s.stuck[b]
    f.fruitless[b] = s.fruitless[b]
    f.status[b] = s.status[b]
    f.winner[b] = s.winner[b]
    f.termination[b] = s.termination[b]
    f.round[b] = s.round[b]
    f.went_out[b] = s.went_out[b]
    f.steps[b] = s.steps[b]
    f.seat[b] = s.seat[b]
    f.deal[b] = s.deal[b]


@kernel
def step_row(s: State, f: State, b: int, action: int, deals: Deals, config: Config,
             o: Out) -> None:
    """Game ``b`` takes ``action`` (and the opponent replies); a game that ends
    is kept in ``f`` and dealt anew."""
    actor = s.selected[b]
    if not act(s, b, action):
        o.illegal[b] = o.terminated[b] = True
        o.reward[b] = -1.0
    else:
        if config.opponent != SELF:
            opponent_moves(s, b, config.opponent, config.max_steps)
        if s.status[b] == GAME_OVER:
            o.terminated[b] = True
            if s.winner[b] != NO_ONE:
                o.reward[b] = 1.0 if s.winner[b] == actor else -1.0
        elif s.steps[b] >= config.max_steps:
            o.truncated[b] = True
    if o.terminated[b] or o.truncated[b]:
        write_observation(s, b, actor, o.final_obs[b], config.classic)
        copy_row(s, f, b)
        new_game(s, b, deals, config)
    observe_row(s, b, config, o)


@kernel
def step_rows(s: State, f: State, actions: Int64s, deals: Deals, config: Config,
              o: Out) -> None:
    """Every game takes its action (see :func:`step_row`)."""
    for b in range(len(s.status)):
        step_row(s, f, b, actions[b], deals, config, o)
