"""Proximal policy optimisation (Schulman et al., 2017), the clipped form,
on the decisions a rollout kept: a few passes of minibatch Adam steps that
move the policy towards better-than-expected choices, but never far from the
policy that made them."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .adam import Adam
from .network import (
    POLICY,
    VALUE,
    Params,
    forward,
    log_softmax,
    policy_gradient,
    value,
    value_gradient,
)
from .rollout import Samples


@dataclass(frozen=True)
class Settings:
    """PPO's knobs (the usual defaults, checked here by measuring)."""

    epochs: int = 4
    minibatch: int = 4096
    clip: float = 0.2
    entropy: float = 0.01
    rate: float = 1e-3


class PPO:
    """The optimisers' state between updates."""

    def __init__(self, params: Params, settings: Settings | None = None) -> None:
        self.settings = settings or Settings()
        self.policy = Adam(params, POLICY, self.settings.rate)
        self.value = Adam(params, VALUE, self.settings.rate)

    def update(self, params: Params, samples: Samples, rng: np.random.Generator) -> None:
        """Improve ``params`` in place on ``samples``."""
        s = self.settings
        for _ in range(s.epochs):
            order = rng.permutation(len(samples))
            for start in range(0, len(order), s.minibatch):
                self._step(params, samples, order[start:start + s.minibatch])

    def _step(self, params: Params, samples: Samples, rows: np.ndarray) -> None:
        s = self.settings
        obs, ret, action = samples.obs[rows], samples.ret[rows], samples.action[rows]
        guess, hidden = value(params, obs)
        advantage = ret - guess
        advantage = (advantage - advantage.mean()) / (advantage.std() + 1e-8)
        f = forward(params, obs, samples.mask[rows])
        logp = log_softmax(f.logits)
        p = np.exp(logp)
        n = len(rows)
        picked = logp[np.arange(n), action]
        ratio = np.exp(picked - samples.logp[rows])
        clipped = ((advantage > 0) & (ratio > 1 + s.clip)) | \
                  ((advantage < 0) & (ratio < 1 - s.clip))
        d_picked = np.where(clipped, 0.0, -advantage * ratio) / n
        d_logits = -p * d_picked[:, None]
        d_logits[np.arange(n), action] += d_picked
        safe = np.where(p > 0, logp, 0.0)
        entropy = -(p * safe).sum(axis=1, keepdims=True)
        d_logits += s.entropy / n * p * (safe + entropy)
        self.policy.step(params, policy_gradient(params, f, d_logits.astype(np.float32)))
        d_value = ((guess - ret) / n).astype(np.float32)
        self.value.step(params, value_gradient(params, obs, hidden, d_value))
