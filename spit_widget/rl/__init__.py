"""Spit for reinforcement learning (the optional ``rl`` extra: numpy,
gymnasium, pettingzoo).

``env(variant)`` is a PettingZoo AEC environment for two agents; ``SpitEnv``
a Gymnasium environment for one agent against a built-in or given strategy;
``as_strategy`` turns a policy over observations back into a strategy for
tournaments, leagues and the widget.
"""

from .aec import env, raw_env
from .encoding import (
    ACTION_COUNT,
    OBSERVATION_SIZE,
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

__all__ = [
    "ACTION_COUNT", "OBSERVATION_SIZE", "WAIT", "Policy", "SpitEnv", "Turns", "action_mask",
    "action_name", "as_strategy", "env", "legal_indices", "observe", "raw_env", "to_action",
]
