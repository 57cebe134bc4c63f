"""A step's output arrays, used again once nothing outside refers to them.

A step at B=4,096 returns about 3 MB of observations. Made fresh each step,
that memory came from the operating system and went back to it every time:
a profile (``perf``) of self-play put a quarter of the time in the kernel's
page faults and unmapping, and reusing the arrays measured about a fifth
more steps per CPU second (median of 16 alternating runs, same process).

Reuse must never change an array a caller still holds (a rollout buffer
may keep the observations of every step). So an array is taken again only
when its reference count says the pool alone holds it: any name, list,
view (a view refers to its base), ``torch.from_numpy`` tensor or buffer
export of it counts. The count a lone array has is measured once, through
the very same call, so the test does not depend on the interpreter's
bookkeeping. ``final_obs`` is zeros but for the games that ended: taken
again, only the rows the last step wrote are cleared.
"""

from __future__ import annotations

import sys

from .step import Out, out

_REUSED = ("obs", "mask", "reward", "terminated", "truncated", "illegal", "final_obs")
"""The arrays of :class:`.step.Out` that are handed out again."""
SPARES = 2
"""Enough for the usual loop: the caller holds one step's arrays while the next is made."""


def _count(outputs: Out, name: str) -> int:
    return sys.getrefcount(getattr(outputs, name))


_ALONE = _count(out(1), "obs")
"""What :func:`_count` says of an array that only its ``Out`` refers to."""


class Outputs:
    """Output arrays for steps of ``games`` games (see the module docstring)."""

    def __init__(self, games: int) -> None:
        self.games = games
        self.spares: list[Out] = []

    def take(self) -> Out:
        """Arrays for one step: a spare set nobody else holds (cleared), or a new set."""
        for spare in self.spares:
            if all(_count(spare, name) == _ALONE for name in _REUSED):
                spare.final_obs[spare.terminated | spare.truncated] = 0.0  # the rows written
                for flags in (spare.reward, spare.terminated, spare.truncated, spare.illegal):
                    flags.fill(0)
                return spare
        made = out(self.games)
        if len(self.spares) < SPARES:
            self.spares.append(made)
        return made
