"""The numbers every layer that plays whole games shares: the size of the action
space and of an observation, and the most actions a game may take.

The layout behind the sizes (which index is which action, which offset which part
of the table) is in :mod:`spit_widget.rl.encoding`, which builds observations from
a :class:`~spit_widget.computer.View`; the vector engine (:mod:`spit_widget.vec`)
writes the same layout into arrays. Both take the sizes from here, the lowest
layer they share, as the tournaments take :data:`MAX_ACTIONS`.
"""

from __future__ import annotations

ACTION_COUNT = 40
"""The discrete actions a learner chooses among (every kind the engine knows, and wait)."""

OBSERVATION_SIZE = 192
"""The float32 values of one player's observation."""

MAX_ACTIONS = 20_000
"""A guard against a strategy that never ends a game (a user's may not): tournaments,
the learning environments and the vector engine stop a game after this many actions."""
