"""The agent's two small networks, in NumPy: a policy that scores each play
and a value that guesses who wins from here.

Policy (per play ``k`` with features ``f_k`` of :mod:`.features`, for the
board ``o``, the 192 values of the observation)::

    logit_k = f_k . u + v . tanh(f_k W_f + o W_g + b)

The linear term ``f_k . u`` alone can already weigh what the expert weighs
(uncovering, plays kept or handed over); the hidden layer lets the weights
depend on the board (how many cards each side holds, who is stuck, what the
centre needs). Every action other than a play (stuck) keeps logit 0: in the
duel it is legal only when no play is, so it is never a choice.

Value: ``V(o) = w . tanh(o W_1 + c_1) + c_2``, the expected final reward
(+1 win, -1 loss) of the player to act, used as PPO's baseline.

Both live in one ``Params`` dict of arrays, which is what ``np.savez`` writes
and ``load`` reads back (a few tens of kilobytes).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ..engine.spaces import ACTION_COUNT, OBSERVATION_SIZE
from ..rl.encoding import WAIT
from .features import FEATURES, PLAYS, Floats, play_features

Params = dict[str, Floats]
HIDDEN = 64
NEVER = -1e9
"""The logit of an action the mask forbids (exp of it is 0.0)."""

SHAPES = {
    "u": (FEATURES,), "W_f": (FEATURES, HIDDEN), "W_g": (OBSERVATION_SIZE, HIDDEN),
    "b": (HIDDEN,), "v": (HIDDEN,),
    "W_1": (OBSERVATION_SIZE, HIDDEN), "c_1": (HIDDEN,), "w": (HIDDEN,), "c_2": (),
}
POLICY = ("u", "W_f", "W_g", "b", "v")
VALUE = ("W_1", "c_1", "w", "c_2")


def initial(seed: int = 0) -> Params:
    """Small random weights (Glorot-scaled), zero biases and output weights:
    the untrained policy picks among legal plays uniformly at random."""
    rng = np.random.default_rng(seed)
    params: Params = {name: np.zeros(shape, dtype=np.float32) for name, shape in SHAPES.items()}
    for name in ("W_f", "W_g", "W_1"):
        rows, cols = SHAPES[name]
        params[name] = rng.normal(0, np.sqrt(2 / (rows + cols)), (rows, cols)).astype(np.float32)
    return params


def legal(mask: npt.NDArray[np.int8]) -> npt.NDArray[np.bool_]:
    """The actions the agent may choose: the mask without *wait* (a strategy at
    a real table is asked again and again, so it never waits; see
    ``rl.as_strategy``)."""
    allowed = mask.astype(bool)
    allowed[:, WAIT] = False
    return allowed


@dataclass
class Forward:
    """One batch through the policy, kept for the backward pass. The network
    runs on the legal plays only (two or three of the ten, typically)."""

    obs: Floats
    row: npt.NDArray[np.intp]  # (M,): the batch row of each legal play ...
    play: npt.NDArray[np.intp]  # ... and which play it is
    features: Floats  # (M, FEATURES)
    hidden: Floats  # (M, HIDDEN)
    logits: npt.NDArray[np.floating[Any]]  # (B, ACTION_COUNT), forbidden actions at NEVER


def forward(params: Params, obs: Floats, mask: npt.NDArray[np.int8]) -> Forward:
    """The policy's logits for a batch of observations and masks."""
    allowed = legal(mask)
    row, play = np.nonzero(allowed[:, :PLAYS])
    features = play_features(obs)[row, play]
    board = obs @ params["W_g"] + params["b"]
    hidden = np.tanh(features @ params["W_f"] + board[row])
    scores = features @ params["u"] + hidden @ params["v"]
    logits = np.zeros((len(obs), ACTION_COUNT), dtype=scores.dtype)
    logits[:, :PLAYS] = NEVER
    logits[row, play] = scores
    logits[~allowed] = NEVER
    return Forward(obs, row, play, features, hidden, logits)


def _sum_by_row(values: Floats, row: npt.NDArray[np.intp], rows: int) -> Floats:
    """``out[r] = sum of values[i] where row[i] == r`` (``row`` is sorted)."""
    out = np.zeros((rows, values.shape[1]), dtype=values.dtype)
    if len(row):
        starts = np.flatnonzero(np.r_[True, row[1:] != row[:-1]])
        out[row[starts]] = np.add.reduceat(values, starts, axis=0)
    return out


def log_softmax(logits: Floats) -> Floats:
    """Log-probabilities of each row's actions (forbidden ones at about NEVER)."""
    shifted = logits - logits.max(axis=1, keepdims=True)
    return shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))  # type: ignore[no-any-return]


def policy_gradient(params: Params, f: Forward, d_logits: Floats) -> Params:
    """The gradient of a loss with respect to the policy's weights, given the
    loss's gradient with respect to every logit ``(B, ACTION_COUNT)``."""
    g = d_logits[f.row, f.play]
    d_pre = g[:, None] * params["v"] * (1 - f.hidden**2)
    d_board = _sum_by_row(d_pre, f.row, len(f.obs))
    return {
        "u": g @ f.features,
        "v": g @ f.hidden,
        "W_f": f.features.T @ d_pre,
        "W_g": f.obs.T @ d_board,
        "b": d_board.sum(axis=0),
    }


def value(params: Params, obs: Floats) -> tuple[Floats, Floats]:
    """The value of each observation, and the hidden layer (for the gradient)."""
    hidden = np.tanh(obs @ params["W_1"] + params["c_1"])
    return hidden @ params["w"] + params["c_2"], hidden


def value_gradient(params: Params, obs: Floats, hidden: Floats, d_value: Floats) -> Params:
    """The gradient of a loss with respect to the value's weights, given its
    gradient with respect to each value."""
    d_pre = d_value[:, None] * params["w"] * (1 - hidden**2)
    return {"W_1": obs.T @ d_pre, "c_1": d_pre.sum(axis=0), "w": hidden.T @ d_value,
            "c_2": np.asarray(d_value.sum(), dtype=np.float32)}


TIE = 1e-4
"""Scores closer than this are a tie, which the first action wins."""


def best(params: Params, obs: Floats, mask: npt.NDArray[np.int8]) -> npt.NDArray[np.int64]:
    """Each row's highest-scoring legal action (how the trained agent plays);
    the network runs only on the rows with a choice.

    Two plays the features cannot tell apart (twin cards on piles of the same
    size) score the same up to rounding, and the rounding depends on how many
    rows BLAS multiplies at once; so a near-tie goes to the first action,
    and a game plays the same in a batch of 4,096 as alone in the widget."""
    allowed = legal(mask)
    actions = allowed.argmax(axis=1).astype(np.int64)
    rows = np.flatnonzero(allowed.sum(axis=1) > 1)
    if len(rows):
        logits = forward(params, obs[rows], mask[rows]).logits
        actions[rows] = (logits >= logits.max(axis=1, keepdims=True) - TIE).argmax(axis=1)
    return actions  # type: ignore[no-any-return]


def save(params: Params, path: str | Path) -> None:
    """Write the weights to an ``.npz`` file."""
    np.savez_compressed(path, allow_pickle=False, **params)


def load(path: str | Path) -> Params:
    """Read weights that :func:`save` wrote, checking every array's shape."""
    with np.load(path) as stored:
        missing = sorted(set(SHAPES) - set(stored.files))
        if missing:
            raise ValueError(f"{path} is not an agent's weights: it lacks {', '.join(missing)}.")
        params = {name: np.asarray(stored[name], dtype=np.float32) for name in SHAPES}
    for name, shape in SHAPES.items():
        if params[name].shape != shape:
            raise ValueError(f"{path}: the weights {name!r} have the shape "
                             f"{params[name].shape}, not {shape}.")
    return params
