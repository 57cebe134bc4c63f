"""The engine as arrays: B games of Spit stepped by one call (``pip install
'spit-widget[rl]'``, which brings numba to compile the kernels).

``SpitVecEnv(num_envs=B, variant="duel", opponent="random")`` is a Gymnasium
vector environment (also ``gymnasium.make_vec(VEC_ID, num_envs=B)``) whose
every game is the game :class:`spit_widget.rl.SpitEnv` plays from the same
deal, step for step, in either rule set (``variant="classic"``: rounds,
moves into empty slots, the spit when nobody can play, the slap, short
rounds and ``max_rounds``, each new round dealt as the engine deals it).
"""

from .env import SpitVecEnv
from .jit import COMPILED
from .sample import random_legal

VEC_ID = "spit_widget/SpitVec-v0"
"""``gymnasium.make_vec(VEC_ID, num_envs=B, opponent="greedy")`` builds a :class:`SpitVecEnv`."""


def _register() -> None:
    import gymnasium

    if VEC_ID not in gymnasium.registry:
        gymnasium.register(id=VEC_ID, vector_entry_point="spit_widget.vec.env:SpitVecEnv")


_register()

__all__ = ["COMPILED", "VEC_ID", "SpitVecEnv", "random_legal"]
