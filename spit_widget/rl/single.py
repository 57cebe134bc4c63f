"""Spit as a Gymnasium environment: one agent against a strategy.

The agent's observation is the same dict as in the PettingZoo environment
(``"observation"`` and ``"action_mask"``); ``action_masks()`` returns the mask
too, the method maskable learners (such as sb3-contrib's MaskablePPO) call.
After each of the agent's actions the opponent acts, as the tournament's
model of real time says (:mod:`spit_widget.rl.turns`), until the agent is
asked again or the game ends. The reward is +1 for a win, -1 for a loss, 0
for a draw; an illegal action ends the game at -1 (``info["illegal"]`` gives
the reason).
"""

from __future__ import annotations

import random
from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np

from ..computer import Strategy, strategy, strategy_name
from ..engine import Game, IllegalMove
from ..engine import variant as check_variant
from ..engine.spaces import ACTION_COUNT, MAX_ACTIONS
from .aec import observation_space
from .encoding import Mask, observe
from .turns import Turns


class SpitEnv(gym.Env[dict[str, Any], np.int64]):
    """One agent against ``opponent`` (a built-in name or a strategy function).

    ``seat`` is the agent's player number, or None to alternate as the
    tournament does (player 0 on even deals, player 1 on odd ones).
    ``reset(seed=s)`` deals game ``s``; later resets deal ``s + 1``, ``s + 2``...
    """

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (Gymnasium's declared type)

    def __init__(self, opponent: str | Strategy = "greedy", variant: str = "duel", *,
                 seat: int | None = None, max_rounds: int | None = None,
                 max_steps: int = MAX_ACTIONS, render_mode: str | None = None) -> None:
        self.variant = check_variant(variant).name
        Game(self.variant, seed=0, max_rounds=max_rounds)  # a bad max_rounds fails here, named
        if isinstance(opponent, str):
            strategy(opponent)  # unknown names fail here, with the choices
        elif not callable(opponent):
            raise TypeError(f"opponent must be a strategy name or function, not {opponent!r}")
        if seat not in (0, 1, None):
            raise ValueError(f"seat must be 0, 1 or None (alternate), not {seat!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        self.opponent = opponent
        self.seat = seat
        self.max_rounds = max_rounds
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.observation_space = observation_space()
        self.action_space = gym.spaces.Discrete(ACTION_COUNT)
        self._next_deal: int | None = None
        self.turns: Turns | None = None
        self._illegal: str | None = None  # why the agent's last game ended early
        self.player = 0
        self._opponent: Strategy = strategy(opponent, 0)

    def __repr__(self) -> str:
        return (f"SpitEnv(opponent={strategy_name(self.opponent)!r}, "
                f"variant={self.variant!r}, seat={self.seat!r})")

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        """Deal the next game and play the opponent's moves until the agent is asked."""
        super().reset(seed=seed)
        if seed is not None:
            self._next_deal = seed
        elif self._next_deal is None:
            self._next_deal = random.SystemRandom().randrange(2**31)
        deal, self._next_deal = self._next_deal, self._next_deal + 1
        self.player = deal % 2 if self.seat is None else self.seat
        # Seeded as the tournament seeds strategy B in seat 1 - player.
        self._opponent = strategy(self.opponent, deal * 2 + 2 - self.player)
        self.turns = Turns(self.variant, deal, self.max_rounds, self.max_steps)
        self._illegal = None
        self._opponent_moves()
        return self._observation(), {"deal": deal, "seat": self.player}

    def _table(self) -> Turns:
        if self.turns is None:
            raise RuntimeError("Call reset() before step().")
        return self.turns

    @property
    def _ended(self) -> bool:
        turns = self._table()
        return turns.over or turns.truncated or self._illegal is not None

    def _opponent_moves(self) -> None:
        turns = self._table()
        while not (turns.over or turns.truncated) and turns.selected != self.player:
            turns.act_with(self._opponent)

    def _observation(self) -> dict[str, Any]:
        return {"observation": observe(self._table().views[self.player]),
                "action_mask": self.action_masks()}

    def action_masks(self) -> Mask:
        """The legal actions now (all zeros once the game is over)."""
        if self._ended:
            return np.zeros(ACTION_COUNT, dtype=np.int8)
        return self._table().mask(self.player)

    def step(self, action: Any) -> tuple[dict[str, Any], SupportsFloat, bool, bool,
                                         dict[str, Any]]:
        """The agent acts, then the opponent until the agent is asked again."""
        turns = self._table()
        if self._ended:
            raise RuntimeError("The game is over: call reset() for the next one.")
        try:
            turns.act(int(action))
        except IllegalMove as refusal:
            self._illegal = str(refusal)
            return self._observation(), -1.0, True, False, {"illegal": str(refusal)}
        self._opponent_moves()
        reward = 0.0
        if turns.over and turns.game.winner is not None:
            reward = 1.0 if turns.game.winner == self.player else -1.0
        info: dict[str, Any] = {}
        if turns.over:
            assert turns.game.outcome is not None
            info["outcome"] = turns.game.outcome.termination
        return self._observation(), reward, turns.over, turns.truncated, info

    def render(self) -> str | None:
        """The table as text."""
        return repr(self._table().game) if self.render_mode == "ansi" else None
