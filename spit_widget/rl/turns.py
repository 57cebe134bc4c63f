"""Real time as turns: who is asked to act next, modelled as tournaments model it.

Spit has no turns: both players race. :func:`~spit_widget.computer.play_out`
(the tournament's game loop) turns the race into a sequence of instants: at
each one a fair coin says who looks first, and the first with something to do
acts. :class:`Turns` is the same model, exposed one decision at a time:

* at each instant the coin picks a player; a player with nothing legal to do
  is passed over (a strategy would return None), so the one asked always has
  at least one legal action;
* the player asked may **wait** (action ``WAIT``) only while the other one has
  something to do: the other is then asked, and may not wait in turn (in
  ``play_out`` two strategies that both return None are an error);
* every other action goes to the engine, and a new instant begins;
* a strategy (:meth:`Turns.act_with`) that returns None when it may not wait
  lets the instant pass with nobody acting (the built-in ones ignore some legal
  actions, such as moves to an empty slot); ``max_steps`` bounds such games.

With the same seed and the built-in strategies on both sides, a game driven
through :class:`Turns` is move for move the game ``play_out`` plays (the
deal and the coin are seeded alike), which the tests check.
"""

from __future__ import annotations

import random

import numpy as np

from ..computer import Strategy, View
from ..computer.tournament import NoProgress
from ..engine import GAME_OVER, Action, Game, IllegalMove
from ..engine.spaces import ACTION_COUNT, MAX_ACTIONS
from .encoding import WAIT, Mask, action_name, legal_indices, to_action


class Turns:
    """A game of ``variant`` dealt from ``seed``, and who is asked to act now
    (``selected``; ``may_wait`` says whether that player may let the other act).

    ``max_steps`` bounds the game (waits included), against policies that
    never finish one; :attr:`truncated` tells when it was reached.
    """

    def __init__(self, variant: str, seed: int, max_rounds: int | None = None,
                 max_steps: int = MAX_ACTIONS) -> None:
        self.game = Game(variant, seed=seed, max_rounds=max_rounds)
        self.views = (View(self.game, 0), View(self.game, 1))
        self.max_steps = max_steps
        self.steps = 0
        self._coin = random.Random(seed).random
        self.selected = 0
        self.may_wait = False
        self.legal: tuple[list[int], list[int]] = ([], [])
        self._look()

    @property
    def over(self) -> bool:
        """The game has ended (the engine says so)."""
        return self.game.status == GAME_OVER

    @property
    def truncated(self) -> bool:
        """The step limit was reached before the game ended."""
        return not self.over and self.steps >= self.max_steps

    def _look(self) -> None:
        """A new instant: what each side may do, and who looks first."""
        if self.over:
            self.legal = ([], [])
            return
        self.legal = (legal_indices(self.views[0]), legal_indices(self.views[1]))
        first = 0 if self._coin() < 0.5 else 1
        if not self.legal[first]:
            first = 1 - first
            if not self.legal[first]:  # the engine always leaves someone a move
                raise NoProgress(f"Nobody may act in this position:\n{self.game!r}")
        self.selected = first
        self.may_wait = bool(self.legal[1 - first])

    def mask(self, player: int) -> Mask:
        """The action mask of ``player`` now: its legal actions (and wait, when
        offered) if it is the one asked, all zeros otherwise."""
        mask = np.zeros(ACTION_COUNT, dtype=np.int8)
        if player == self.selected and not (self.over or self.truncated):
            mask[self.legal[player]] = 1
            mask[WAIT] = self.may_wait
        return mask

    def act(self, index: int) -> None:
        """The selected player takes action ``index``; IllegalMove if it may not."""
        p = self.selected
        if index == WAIT:
            if not self.may_wait:
                raise IllegalMove("Waiting is not allowed now: the other player has nothing to "
                                  "do, or has just waited.")
            self.selected, self.may_wait = 1 - p, False
            self.steps += 1
            return
        if index not in self.legal[p]:
            raise IllegalMove(f"Action {index} ({action_name(index)}) is not legal now for "
                              f"player {p}; the legal ones are {sorted(self.legal[p])}.")
        action = to_action(self.views[p], index)
        assert action is not None
        self._apply(action)

    def act_with(self, strategy: Strategy) -> None:
        """The selected player acts as ``strategy`` chooses (None means wait)."""
        p = self.selected
        action = strategy(self.views[p])
        if action is None:
            if self.may_wait:
                self.act(WAIT)
            else:  # nobody acts at this instant: the next one comes
                self.steps += 1
                self._look()
            return
        if action[1] not in (p, None):
            raise ValueError(f"A strategy playing for player {p} returned an action for "
                             f"player {action[1]}: {action!r}")
        self._apply(action)

    def _apply(self, action: Action) -> None:
        self.game.apply(action)
        self.steps += 1
        self._look()
