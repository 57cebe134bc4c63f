"""An agent that learns the duel on the vector engine (the ``rl`` extra).

A small network in NumPy scores each legal play from the board and a
description of the play (:mod:`.features`), and learns with PPO
(:mod:`.ppo`) against the built-in strategies, thousands of games at once
(:mod:`.rollout`, :mod:`.train`); :mod:`.evaluate` plays paired games on the
vector engine, and :func:`agent` is the trained policy as a strategy.

    from spit_widget.agent import agent, train, Plan, paired
    SpitWidget(opponent=agent())           # the weights shipped in the package
    result = train(Plan(seconds=600))      # train your own: 10 minutes
"""

from .evaluate import paired
from .network import Params, load, save
from .strategy import SHIPPED, agent
from .train import Checkpoint, Plan, Training, train

__all__ = ["SHIPPED", "Checkpoint", "Params", "Plan", "Training", "agent", "load", "paired",
           "save", "train"]
