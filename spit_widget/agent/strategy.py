"""The trained agent as a strategy: for tournaments, leagues and the widget.

``agent()`` loads the weights shipped with the package (trained by
``python -m spit_widget.agent``; the figures are in docs/benchmarks.md), or a
file of your own, and plays its highest-scoring legal play at every
decision. It needs NumPy only: not the vector engine, not numba.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from ..computer import Strategy
from ..rl.encoding import Mask, Observation
from ..rl.policy import as_strategy
from .network import best, load

SHIPPED = Path(__file__).with_name("duel_agent.npz")
"""The weights trained here for the duel, in the package."""


def agent(path: str | Path | None = None, name: str = "ppo_agent") -> Strategy:
    """The agent whose weights are in ``path`` (the shipped ones by default),
    as a strategy named ``name``.

    ``SpitWidget(opponent=agent())`` plays against it; ``league("duel",
    [agent(), "expert", ...])`` rates it."""
    params = load(SHIPPED if path is None else path)

    def choose(observation: Observation, mask: Mask) -> int:
        return int(best(params, np.asarray(observation)[None, :], np.asarray(mask)[None, :])[0])

    return as_strategy(choose, name)
