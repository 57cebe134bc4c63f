"""Spit for reinforcement learning (the optional ``rl`` extra: numpy,
gymnasium, pettingzoo).

``env(variant)`` is a PettingZoo AEC environment for two agents; ``SpitEnv``
a Gymnasium environment for one agent against a built-in or given strategy;
``as_strategy`` turns a policy over observations back into a strategy for
tournaments, leagues and the widget.
"""

try:
    import gymnasium as _gymnasium
    import numpy as _numpy  # noqa: F401
    import pettingzoo as _pettingzoo  # noqa: F401
except ImportError as _missing:
    raise ImportError(f"spit_widget.rl needs the rl extra ({_missing.name} is missing): "
                      "pip install 'spit-widget[rl]'") from _missing

from ..engine.spaces import ACTION_COUNT, OBSERVATION_SIZE
from .aec import env, raw_env
from .encoding import (
    WAIT,
    action_mask,
    action_name,
    legal_indices,
    observe,
    to_action,
)
from .policy import Policy, as_strategy
from .single import SpitEnv
from .turns import Turns

GYM_ID = "spit_widget/Spit-v0"
"""``gymnasium.make(GYM_ID, opponent="greedy", variant="duel")`` builds a :class:`SpitEnv`."""
if GYM_ID not in _gymnasium.registry:
    _gymnasium.register(id=GYM_ID, entry_point="spit_widget.rl.single:SpitEnv")

__all__ = [
    "ACTION_COUNT", "GYM_ID", "OBSERVATION_SIZE", "WAIT", "Policy", "SpitEnv", "Turns",
    "action_mask", "action_name", "as_strategy", "env", "legal_indices", "observe", "raw_env",
    "to_action",
]
