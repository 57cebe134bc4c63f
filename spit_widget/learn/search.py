"""Short searches over the learner's legal actions.

Used where a level leaves its solution out (a teacher's quick level): the
shortest line of learner moves, with the scripted computer's replies, that
reaches the goal. Depth-first with iterative deepening, bounded in nodes, so
making a level never hangs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import Game
from . import actions as A

if TYPE_CHECKING:
    from .level import Level

MAX_DEPTH = 6
MAX_NODES = 20_000


def find_solution(level: Level) -> tuple[A.PublicAction, ...] | None:
    """The shortest solution of ``level`` (learner moves and the computer's
    replies in order), or None if none of up to :data:`MAX_DEPTH` moves exists."""
    budget = [MAX_NODES]
    for depth in range(1, MAX_DEPTH + 1):
        found = _dfs(level, (), depth, budget)
        if found is not None:
            return found
        if budget[0] <= 0:
            return None
    return None


def replayed(level: Level, line: tuple[A.PublicAction, ...]) -> Game:
    """The level's game after ``line`` (every move of it, the computer's too)."""
    game = level.game()
    for move in line:
        A.apply(game, move)
    return game


def _dfs(level: Level, line: tuple[A.PublicAction, ...], depth: int,
         budget: list[int]) -> tuple[A.PublicAction, ...] | None:
    for move in A.legal_actions(replayed(level, line), 0):
        budget[0] -= 1
        if budget[0] <= 0:
            return None
        trial = replayed(level, line)
        result = level.attempt(trial, move)
        if not result.ok or result.failed:
            continue
        longer = tuple(A.from_engine(a) for a in trial.history)
        if result.solved:
            return longer
        if depth > 1:
            deeper = _dfs(level, longer, depth - 1, budget)
            if deeper is not None:
                return deeper
    return None
