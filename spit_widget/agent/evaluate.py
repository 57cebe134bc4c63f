"""Paired games on the vector engine: each deal played from both seats.

The games are the ones :func:`spit_widget.computer.tournament.paired_tournament`
plays (the vector environment deals, flips the coin and seeds the opponent
as the engine does), so the result is the same :class:`PairedResult` with
its 95% interval, thousands of games a second instead of hundreds. The
tests check that both give the same winner deal by deal.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from ..computer.tournament import PairedDeal, PairedResult
from ..vec import SpitVecEnv
from .features import Floats
from .network import Params, best

Chooser = Callable[[Floats, npt.NDArray[np.int8]], npt.NDArray[np.int64]]
"""From a batch of observations and masks to one action a row."""


def first_games(choose: Chooser, opponent: str, deals: int, seed: int,
                seat: int) -> npt.NDArray[np.float64]:
    """The final reward of the first game of each of ``deals`` rows (deal
    ``seed + i`` on row ``i``), the agent in ``seat``."""
    env = SpitVecEnv(num_envs=deals, variant="duel", opponent=opponent, seat=seat)
    obs, _ = env.reset(seed=seed)
    outcome = np.zeros(deals)
    finished = np.zeros(deals, dtype=bool)
    while not finished.all():
        obs, reward, terminated, truncated, _ = env.step(
            choose(obs["observation"], obs["action_mask"]))
        now = (terminated | truncated) & ~finished
        outcome[now] = reward[now]
        finished |= now
    return outcome


def _winner(reward: float) -> int | None:
    """0 when the agent won, 1 when the opponent did, None for a draw."""
    return None if reward == 0 else (0 if reward > 0 else 1)


def paired(params: Params | Chooser, opponent: str, deals: int, *, seed: int = 1_000_000,
           name: str = "agent") -> PairedResult:
    """The agent (its weights, or any chooser) against ``opponent`` on ``deals``
    deals, each played with the agent in seat 0 and in seat 1."""
    choose: Chooser = params if callable(params) else (lambda o, m: best(params, o, m))
    first = first_games(choose, opponent, deals, seed, seat=0)
    second = first_games(choose, opponent, deals, seed, seat=1)
    result = PairedResult("duel", (name, opponent))
    result.deals = [PairedDeal(seed + i, _winner(a), _winner(b))
                    for i, (a, b) in enumerate(zip(first.tolist(), second.tolist(), strict=True))]
    return result
