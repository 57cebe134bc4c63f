"""Spit as a PettingZoo AEC environment, in the manner of its classic games.

Two agents, ``player_0`` and ``player_1`` (the engine's players 0 and 1). Each
observation is a dict, as in PettingZoo's connect four and Texas hold'em:
``"observation"``, the fixed-size vector described in
:mod:`spit_widget.rl.encoding`, and ``"action_mask"``, 1 for every action the
agent may take now (all zeros for the agent not being asked). The actions
are the 40 of :mod:`~spit_widget.rl.encoding`: plays, moves to an empty slot,
stuck, spit, slap and wait.

Who is asked next follows the tournament's model of real time
(:mod:`spit_widget.rl.turns`): a seeded coin at every instant, so the same
agent may be asked several times in a row. The reward is +1 for the winner
and -1 for the loser when the game ends (0 each for a draw); an illegal
action ends the game with -1 for the agent who took it, as in PettingZoo's
classic environments. ``reset(seed=s)`` deals game ``s`` (the tournament's
deal ``s``); later resets without a seed deal ``s + 1``, ``s + 2``, ...
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..engine import Game
from ..engine import variant as check_variant
from ..engine.spaces import ACTION_COUNT, MAX_ACTIONS, OBSERVATION_SIZE
from ..keywords import check_keywords, keywords_of
from .encoding import observe
from .turns import Turns

AGENTS = ["player_0", "player_1"]


def observation_space() -> spaces.Dict:
    """The space of one agent's observation (the dict of vector and mask)."""
    return spaces.Dict({
        "observation": spaces.Box(0.0, 1.0, (OBSERVATION_SIZE,), dtype=np.float32),
        "action_mask": spaces.Box(0, 1, (ACTION_COUNT,), dtype=np.int8),
    })


def env(variant: str = "duel", **kwargs: Any) -> AECEnv:
    """The environment with PettingZoo's usual guards: an illegal action ends
    the game (-1 to its taker), out-of-range actions and out-of-order calls
    raise. ``kwargs`` go to :class:`raw_env`."""
    check_keywords("env", kwargs, keywords_of(raw_env) - {"variant"})
    wrapped: AECEnv = raw_env(variant, **kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv):  # type: ignore[misc]  # PettingZoo is untyped; raw_env is its name
    """Spit between two agents (see the module docstring); ``max_rounds`` is the
    classic house rule, ``max_steps`` truncates a game that never ends."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"], "name": "spit_v0", "is_parallelizable": False,
        "render_fps": 1}

    def __init__(self, variant: str = "duel", max_rounds: int | None = None,
                 max_steps: int = MAX_ACTIONS, render_mode: str | None = None) -> None:
        super().__init__()
        self.variant = check_variant(variant).name
        Game(self.variant, seed=0, max_rounds=max_rounds)  # a bad max_rounds fails here, named
        modes: list[str] = self.metadata["render_modes"]
        if render_mode is not None and render_mode not in modes:
            raise ValueError(f"render_mode must be one of {modes} "
                             f"or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.max_rounds = max_rounds
        self.max_steps = max_steps
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        self.observation_spaces = {a: observation_space() for a in AGENTS}
        self.action_spaces = {a: spaces.Discrete(ACTION_COUNT) for a in AGENTS}
        self._next_deal: int | None = None
        self.turns: Turns | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The 40 actions of :mod:`~spit_widget.rl.encoding`."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game (game ``seed`` when given; see the module docstring)."""
        if seed is not None:
            self._next_deal = seed
        elif self._next_deal is None:
            self._next_deal = random.SystemRandom().randrange(2**31)
        deal, self._next_deal = self._next_deal, self._next_deal + 1
        self.turns = Turns(self.variant, deal, self.max_rounds, self.max_steps)
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos = {a: {"deal": deal} for a in AGENTS}
        self.agent_selection = AGENTS[self.turns.selected]

    def _table(self) -> Turns:
        if self.turns is None:
            raise RuntimeError("Call reset() before using the environment.")
        return self.turns

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent`` sees, with its mask (zeros unless it is being asked)."""
        turns = self._table()
        p = AGENTS.index(agent)
        # The mask is all zeros unless this agent is the one asked now.
        return {"observation": observe(turns.views[p]), "action_mask": turns.mask(p)}

    def step(self, action: int | None) -> None:
        """The selected agent acts; then the coin picks who is asked next."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        turns = self._table()
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        assert action is not None
        turns.act(int(action))
        if turns.over:
            winner = turns.game.winner
            if winner is not None:
                self.rewards[AGENTS[winner]] = 1.0
                self.rewards[AGENTS[1 - winner]] = -1.0
            self.terminations = dict.fromkeys(self.agents, True)
        elif turns.truncated:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = AGENTS[turns.selected]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as text (``ansi`` returns it, ``human`` prints it)."""
        text = repr(self._table().game)
        if self.render_mode == "human":
            print(text)
            return None
        return text if self.render_mode == "ansi" else None

    def close(self) -> None:
        """Nothing to release: the game is plain Python."""
