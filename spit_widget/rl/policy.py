"""Policies over observations, turned into strategies the rest of the package plays."""

from __future__ import annotations

from collections.abc import Callable

from ..computer import Strategy, View
from ..engine import Action
from .encoding import WAIT, Mask, Observation, action_mask, observe, to_action

Policy = Callable[[Observation, Mask], int]
"""A policy: from an observation and its action mask to an action index."""


def as_strategy(policy: Policy, name: str = "agent") -> Strategy:
    """A strategy (for ``tournament``, ``league`` and ``SpitWidget(ai=...)``)
    that asks ``policy`` whenever its player has something to do.

    The policy is not offered *wait* here: at a real table a strategy is asked
    again and again, so when it may act it acts; with nothing to do it waits.
    """

    def choose(view: View) -> Action | None:
        mask = action_mask(view, may_wait=False)
        if not mask.any():
            return None
        index = int(policy(observe(view), mask))
        if index == WAIT or not mask[index]:
            raise ValueError(f"The policy chose action {index}, which the mask does not allow.")
        return to_action(view, index)

    choose.__name__ = name
    return choose
