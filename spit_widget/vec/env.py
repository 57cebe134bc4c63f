"""``SpitVecEnv``: B games of Spit as one Gymnasium vector environment.

Each of the B games is what :class:`spit_widget.rl.SpitEnv` would play with
the same deal: the same observation (192 values) and action mask (40), the
same real-time turns, the same opponent's choices and the same rewards (+1
win, -1 loss or illegal action, 0 otherwise). A game that ends is dealt anew
in the same step (Gymnasium's *same-step* autoreset): the returned
observation is the new game's, the last one of the old game is in
``info["final_obs"]`` (rows marked by ``info["_final_obs"]``), and its final
position is ``final_position(i)``.

Deals: ``reset(seed=s)`` deals game ``s + i`` to row ``i``; each later game of
row ``i`` is the deal ``B`` further on (``s + i + B``, ``s + i + 2B``, ...), so
every row's sequence of games is fixed by the seed alone. The agent sits in
seat ``deal % 2`` (as ``SpitEnv`` alternates) unless ``seat`` is given.
``variant="classic"`` plays the classic rules (rounds, moves into empty
slots, the spit when nobody can play, the slap; ``max_rounds`` is its house
rule), every round dealt as the engine deals it.

``opponent="self"``: no built-in opponent; the caller acts for whichever seat
is asked (``info["seat"]``), the observation and mask are that seat's, and a
final reward is the acting seat's.
"""

from __future__ import annotations

import functools
import random
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from ..engine import Game
from ..engine import variant as check_variant
from ..engine.spaces import ACTION_COUNT, MAX_ACTIONS
from .jit import compiling
from .observe import observation_space
from .outputs import Outputs
from .sample import random_legal
from .snapshot import to_dict
from .state import Batch, allocate, named
from .step import Config, Out, deals, new_games, out, step_rows
from .strategies import OPPONENTS

Obs = dict[str, npt.NDArray[Any]]
MAX_GAMES = 1 << 20
"""A generous bound on the batch (at about 11 kB a game: 11 GB)."""


def _checked_games(num_envs: object) -> int:
    if isinstance(num_envs, bool) or not isinstance(num_envs, int) \
            or not 1 <= num_envs <= MAX_GAMES:
        raise ValueError(f"num_envs must be a whole number from 1 to {MAX_GAMES}, "
                         f"not {num_envs!r}")
    return num_envs


def _checked_opponent(opponent: object) -> int:
    if not isinstance(opponent, str) or opponent not in OPPONENTS:
        raise ValueError(f"opponent must be one of {', '.join(map(repr, OPPONENTS))} "
                         f"(the vector engine runs its strategies compiled), not {opponent!r}")
    return OPPONENTS[opponent]


@functools.cache
def _compiled() -> None:
    """Compile the kernels (or load them from the cache) once in this process,
    holding the cache's lock (:func:`.jit.compiling`): every batch, of either
    rule set and any opponent, runs the same compiled code."""
    with compiling():
        batch, final, dealing, results = allocate(1), allocate(1), deals(1), out(1)
        config = Config(0, 1, -1, 1, False, 0)
        new_games(batch, dealing, config, results)
        step_rows(batch, Batch(final.cards, final.numbers, final.generators[:0]),
                  np.zeros(1, dtype=np.int64), dealing, config, results)
        random_legal(results.mask, np.random.default_rng(0))


class SpitVecEnv(VectorEnv):
    """``num_envs`` games of ``variant`` against ``opponent`` (random, greedy,
    expert or self), stepped together (see the module docstring)."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012 (Gymnasium's type)

    def __init__(self, num_envs: int = 1, variant: str = "duel", opponent: str = "random", *,
                 seat: int | None = None, max_rounds: int | None = None,
                 max_steps: int = MAX_ACTIONS) -> None:
        self.num_envs = _checked_games(num_envs)
        self.variant = check_variant(variant).name
        Game(self.variant, seed=0, max_rounds=max_rounds)  # a bad max_rounds fails here, named
        self.max_rounds = max_rounds
        code = _checked_opponent(opponent)
        if seat not in (0, 1, None):
            raise ValueError(f"seat must be 0, 1 or None (alternate), not {seat!r}")
        if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1:
            raise ValueError(f"max_steps must be a positive whole number, not {max_steps!r}")
        self.opponent = opponent
        self.config = Config(code, max_steps, -1 if seat is None else seat, self.num_envs,
                             self.variant == "classic", max_rounds or 0)
        _compiled()
        self.batch: Batch = allocate(self.num_envs)
        final = allocate(self.num_envs)
        self.final = Batch(final.cards, final.numbers, final.generators[:0])
        """The last game each row finished (no generators: nothing reads them)."""
        self.state = named(self.batch)
        """Named views of the games (for reading; change nothing through them)."""
        self.deals = deals(self.num_envs)
        self._outputs = Outputs(self.num_envs)
        self.single_observation_space = observation_space()
        self.single_action_space = spaces.Discrete(ACTION_COUNT)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self._dealt = False
        self.games_dealt = 0
        """Games dealt since the environment was made (resets and automatic resets)."""

    def __repr__(self) -> str:
        rounds = "" if self.max_rounds is None else f", max_rounds={self.max_rounds}"
        return (f"SpitVecEnv(num_envs={self.num_envs}, variant={self.variant!r}, "
                f"opponent={self.opponent!r}{rounds})")

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Obs, dict[str, Any]]:
        """Deal game ``seed + i`` to row ``i`` (a random ``seed`` when None)."""
        if seed is None:
            seed = random.SystemRandom().randrange(2**40)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**60:
            raise ValueError(f"seed must be a whole number from 0 to 2**60, not {seed!r}")
        self._np_random_seed = seed
        self.deals.next_deal[:] = np.arange(seed, seed + self.num_envs)
        o = self._outputs.take()
        new_games(self.batch, self.deals, self.config, o)
        self.games_dealt += self.num_envs
        self._dealt = True
        return self._obs(o), self._info()

    def step(self, actions: Any) -> tuple[Obs, npt.NDArray[np.float64],
                                          npt.NDArray[np.bool_], npt.NDArray[np.bool_],
                                          dict[str, Any]]:
        """Every game takes its action; games that end are dealt anew."""
        if not self._dealt:
            raise RuntimeError("Call reset() before step().")
        chosen = np.asarray(actions)
        if chosen.shape != (self.num_envs,) or not np.issubdtype(chosen.dtype, np.integer):
            raise ValueError(f"actions must be {self.num_envs} whole numbers (one a game), "
                             f"not an array of shape {chosen.shape} and type {chosen.dtype}")
        o = self._outputs.take()
        step_rows(self.batch, self.final, chosen.astype(np.int64, copy=False), self.deals,
                  self.config, o)
        ended = o.terminated | o.truncated
        info = self._info()
        if ended.any():
            self.games_dealt += int(ended.sum())
            info["final_obs"] = {"observation": o.final_obs,
                                 "action_mask": np.zeros_like(o.mask)}
            info["_final_obs"] = ended
            info["illegal"] = o.illegal
        return self._obs(o), o.reward, o.terminated, o.truncated, info

    @staticmethod
    def _obs(o: Out) -> Obs:
        return {"observation": o.obs, "action_mask": o.mask}

    def _info(self) -> dict[str, Any]:
        seat = self.state.selected if self.config.opponent == OPPONENTS["self"] \
            else self.state.seat
        return {"deal": self.state.deal.copy(), "seat": seat.astype(np.int64)}

    def position(self, i: int) -> dict[str, Any]:
        """Game ``i`` now, as ``Game.to_dict()`` writes it."""
        return to_dict(named(self.batch), i, self.variant)

    def final_position(self, i: int) -> dict[str, Any]:
        """The last game row ``i`` finished, as it ended (``Game.to_dict()``)."""
        return to_dict(named(self.final), i, self.variant)

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release: the games are arrays."""
