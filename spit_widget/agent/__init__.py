"""An agent that learns the duel on the vector engine (the ``rl`` extra).

A small network in NumPy scores each legal play from the board and a
description of the play (:mod:`.features`), and learns with PPO
(:mod:`.ppo`) against the built-in strategies, thousands of games at once
(:mod:`.rollout`, :mod:`.training`); :mod:`.evaluate` plays paired games on the
vector engine, and :func:`agent` is the trained policy as a strategy.

    from spit_widget.agent import agent, train, Plan, paired
    SpitWidget(opponent=agent())           # the weights shipped in the package
    result = train(Plan(seconds=600))      # train your own: 10 minutes

Playing needs NumPy only: the training names (``train``, ``Plan``,
``paired``, ...) load the vector engine, and numba with it, when first used
(PEP 562), so ``SpitWidget(opponent=agent())`` starts in a blink.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .network import Params, load, save
from .strategy import SHIPPED, agent

if TYPE_CHECKING:
    from .evaluate import paired
    from .training import Checkpoint, Plan, Training, train

_LAZY = {"paired": "evaluate", "Checkpoint": "training", "Plan": "training",
         "Training": "training", "train": "training"}


def __getattr__(name: str) -> Any:
    """The training names, imported on first use."""
    if name in _LAZY:
        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["SHIPPED", "Checkpoint", "Params", "Plan", "Training", "agent", "load", "paired",
           "save", "train"]
