"""The agent's pieces: its description of each play, its gradients, its file."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from spit_widget.agent import load, save
from spit_widget.agent.features import play_features
from spit_widget.agent.network import POLICY, forward, initial, policy_gradient
from spit_widget.computer.strategies import _score, random_strategy
from spit_widget.rl.encoding import legal_indices, observe, to_action
from spit_widget.rl.turns import Turns


def expert_score(features: np.ndarray) -> np.ndarray:
    """The expert's score of each play, written with the agent's features."""
    size = features[:, 0] * 5
    return (20 * features[:, 3] - 20 * features[:, 4] + (size > 1) * (8 + 0.5 * size)
            + 8 * features[:, 5])


def test_the_features_say_what_the_expert_sees() -> None:
    # Every play of 60 games (random play from both seats): the expert's own
    # score, computed by the engine, equals the score read off the features.
    checked = 0
    for seed in range(60):
        turns, chooser = Turns("duel", seed), random_strategy(random.Random(seed))
        while not (turns.over or turns.truncated):
            view = turns.views[turns.selected]
            plays = [i for i in legal_indices(view) if i < 10]
            if len(plays) > 1:
                ours = expert_score(play_features(observe(view)[None, :])[0])
                for i in plays:
                    action = to_action(view, i)
                    assert action is not None and action.card is not None
                    assert ours[i] == pytest.approx(_score(view, (action.card, action.target)))
                    checked += 1
            turns.act_with(chooser)
    assert checked > 500


def test_the_policy_gradient_matches_finite_differences() -> None:
    rng = np.random.default_rng(3)
    params = {k: (v + rng.normal(0, 0.3, v.shape)).astype(np.float64)
              for k, v in initial(1).items()}
    obs = np.zeros((32, 192))
    for b in range(32):
        for slot in range(5):
            obs[b, 14 * slot + rng.integers(0, 14)] = 1
            obs[b, 75 + 14 * slot + rng.integers(0, 14)] = 1
        obs[b, 150 + rng.integers(1, 14)] = obs[b, 164 + rng.integers(1, 14)] = 1
    obs[:, 70:75] = rng.integers(1, 6, (32, 5)) / 5
    mask = (rng.random((32, 40)) < 0.5).astype(np.int8)
    weights = rng.normal(size=(32, 40))

    def loss(p: dict[str, np.ndarray]) -> float:
        logits = forward(p, obs, mask).logits
        return float((np.where(logits > -1e8, logits, 0) * weights).sum())

    f = forward(params, obs, mask)
    grads = policy_gradient(params, f, weights * (f.logits > -1e8))
    for name in POLICY:
        for flat in (0, params[name].size // 2, params[name].size - 1):
            at = np.unravel_index(flat, params[name].shape)
            up = {**params, name: params[name].copy()}
            up[name][at] += 1e-5
            down = {**params, name: params[name].copy()}
            down[name][at] -= 1e-5
            assert (loss(up) - loss(down)) / 2e-5 == pytest.approx(grads[name][at], rel=1e-4,
                                                                     abs=1e-6)


def test_weights_round_trip_and_a_wrong_file_is_refused(tmp_path: Path) -> None:
    params = initial(7)
    save(params, tmp_path / "w.npz")
    again = load(tmp_path / "w.npz")
    assert all(np.array_equal(params[k], again[k]) for k in params)
    np.savez(tmp_path / "other.npz", x=np.zeros(3))
    with pytest.raises(ValueError, match="is not an agent's weights: it lacks W_1"):
        load(tmp_path / "other.npz")
    np.savez(tmp_path / "bent.npz", **{**params, "u": np.zeros(4, dtype=np.float32)})
    with pytest.raises(ValueError, match=r"the weights 'u' have the shape \(4,\), not \(11,\)"):
        load(tmp_path / "bent.npz")
