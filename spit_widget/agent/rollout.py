"""Experience from the vector environment: the agent's choices and what came of them.

Only the decisions with a real choice (two or more legal plays) are kept: a
forced action has log-probability 0, so it carries no gradient. Each kept
decision's *return* is its game's final reward (+1, -1, or 0 for a draw)
when the game ended within the rollout, else the value network's guess at
the rollout's end (the discount is 1: only winning counts, not winning
soon). With GAE's lambda at 1 that is the whole advantage estimate.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from ..engine.spaces import ACTION_COUNT, OBSERVATION_SIZE
from ..vec import SpitVecEnv
from .features import Floats
from .network import Params, forward, legal, log_softmax, value


@dataclass
class Samples:
    """Decisions with a choice: what was seen, chosen, and came of it."""

    obs: Floats
    mask: npt.NDArray[np.int8]
    action: npt.NDArray[np.int64]
    logp: Floats
    ret: Floats

    def __len__(self) -> int:
        return len(self.action)


@dataclass
class Stream:
    """One vector environment and where its games stand between rollouts."""

    env: SpitVecEnv
    obs: dict[str, Any] = field(default_factory=dict)
    games: int = 0
    wins: int = 0

    def start(self, seed: int) -> None:
        """Deal the first games."""
        self.obs, _ = self.env.reset(seed=seed)


def _choose(params: Params, obs: Floats, mask: npt.NDArray[np.int8],
            rng: np.random.Generator) -> tuple[npt.NDArray[np.int64], Floats]:
    """Sample an action for each row from the policy; its log-probability."""
    logp = log_softmax(forward(params, obs, mask).logits)
    cumulative = np.exp(logp).cumsum(axis=1)
    draw = rng.random(len(obs))[:, None] * cumulative[:, -1:]
    action = np.minimum((cumulative < draw).sum(axis=1), logp.shape[1] - 1)
    return action.astype(np.int64), logp[np.arange(len(obs)), action]


def collect(stream: Stream, params: Params, steps: int, rng: np.random.Generator) -> Samples:
    """Play ``steps`` steps of every game of ``stream``; the decisions with a choice."""
    kept: list[tuple[int, npt.NDArray[np.int64], Floats, npt.NDArray[np.int8],
                     npt.NDArray[np.int64], Floats]] = []
    rewards, ended = [], []
    for t in range(steps):
        obs, mask = stream.obs["observation"], stream.obs["action_mask"]
        allowed = legal(mask)
        actions = allowed.argmax(axis=1).astype(np.int64)  # the only legal one, if forced
        rows = np.flatnonzero(allowed.sum(axis=1) > 1)
        if len(rows):
            chosen, logp = _choose(params, obs[rows], mask[rows], rng)
            actions[rows] = chosen
            kept.append((t, rows, obs[rows], mask[rows], chosen, logp))
        stream.obs, reward, terminated, truncated, _ = stream.env.step(actions)
        done = terminated | truncated
        stream.games += int(done.sum())
        stream.wins += int((reward > 0).sum())
        rewards.append(reward)
        ended.append(done)
    if not kept:  # a tiny batch may meet no choice at all in a rollout
        return Samples(np.zeros((0, OBSERVATION_SIZE), np.float32),
                       np.zeros((0, ACTION_COUNT), np.int8), np.zeros(0, np.int64),
                       np.zeros(0, np.float32), np.zeros(0, np.float32))
    ret, _ = value(params, stream.obs["observation"])
    returns = []
    for t in range(steps - 1, -1, -1):
        ret = np.where(ended[t], rewards[t], ret)
        returns.append(ret.copy())
    returns.reverse()
    return Samples(
        np.concatenate([k[2] for k in kept]), np.concatenate([k[3] for k in kept]),
        np.concatenate([k[4] for k in kept]), np.concatenate([k[5] for k in kept]),
        np.concatenate([returns[k[0]][k[1]] for k in kept]).astype(np.float32))
