"""The proofs behind the puzzles: exhaustive searches over the learner's legal
actions that value every first move, so a puzzle's answer is the one move
strictly better than all others.

Five families, each a question a Spit player meets:

- ``"run"``: how many cards can you play in a row (the computer idle)? The
  value of a first move is the longest run it starts; moves into an empty slot
  (classic) count as steps, not cards.
- ``"race"``: duel, the computer at Fast gets one play in after your first
  (about a second): which first play still lets you play the most cards? The
  value is the longest run after the computer's best answer to it.
- ``"deny"``: which play leaves the computer nothing to play? The value is the
  number of plays the computer has after it (fewer is better).
- ``"only"``: one legal action, hidden among near misses: the one card that
  fits (a wrap, perhaps), or Stuck / Spit! when nothing does.
- ``"slap"``: classic, go out so that you pick up the fewest cards: the value is
  the cards you hold for the next round after going out and slapping.

The searches copy the game at each node (``Game.from_dict``): slow per node,
but puzzle positions are small, and exact.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from ..engine import Game
from . import actions as A
from .actions import PublicAction

Family = Literal["run", "race", "deny", "only", "slap"]
NEVER = 99
"""The slap family's value of a move after which you cannot go out."""


def _after(game: Game, move: PublicAction) -> Game:
    trial = Game.from_dict(game.to_dict())
    A.apply(trial, move)
    return trial


def _steps(game: Game) -> list[PublicAction]:
    """The learner's plays and moves into empty slots (no Stuck, no spit)."""
    return [a for a in A.legal_actions(game, 0) if a[0] in ("play", "move_to_empty")]


def _key(game: Game) -> tuple[object, ...]:
    """What the learner's future depends on: their stock and the centre tops."""
    return (tuple(tuple(p) for p in game.stock[0]), tuple(p[-1] for p in game.centre if p),
            game.status)


def longest_run(game: Game, depth: int = 14,
                memo: dict[tuple[object, ...], tuple[int, tuple[PublicAction, ...]]] | None = None,
                ) -> tuple[int, tuple[PublicAction, ...]]:
    """The most cards the learner can play in a row from ``game``, and a line."""
    if depth == 0 or game.status != "playing":
        return 0, ()
    memo = {} if memo is None else memo
    key = _key(game)
    if key in memo:
        return memo[key]
    best: tuple[int, tuple[PublicAction, ...]] = (0, ())
    for move in _steps(game):
        count, line = longest_run(_after(game, move), depth - 1, memo)
        count += move[0] == "play"
        if count > best[0]:
            best = (count, (move, *line))
    memo[key] = best
    return best


def fewest_picked_up(game: Game, depth: int = 12) -> tuple[int, tuple[PublicAction, ...]]:
    """Classic: the fewest cards the learner holds after going out and slapping
    (0: out of cards, the game won), and the line; :data:`NEVER` if no line goes out."""
    if game.status == "game_over":
        return (0, ()) if game.winner == 0 else (NEVER, ())
    if game.status == "round_over":
        sizes = [len(pile) for pile in game.centre]
        slap = sizes.index(min(sizes))
        return len(game.spit_piles[0]) + sizes[slap], (("slap", 0, slap),)
    if depth == 0:
        return NEVER, ()
    best: tuple[int, tuple[PublicAction, ...]] = (NEVER, ())
    for move in _steps(game):
        value, line = fewest_picked_up(_after(game, move), depth - 1)
        if value < best[0]:
            best = (value, (move, *line))
    return best


_MEMO: dict[tuple[object, ...], tuple[int, tuple[PublicAction, ...]]] = {}
"""Shared by the first moves of one position (``values`` clears it): the
runs after different first moves often meet in the same state."""


def _run_value(game: Game, move: PublicAction) -> tuple[int, tuple[PublicAction, ...]]:
    count, line = longest_run(_after(game, move), memo=_MEMO)
    return count + (move[0] == "play"), (move, *line)


def _race_value(game: Game, move: PublicAction) -> tuple[int, tuple[PublicAction, ...]]:
    after = _after(game, move)
    gained = int(move[0] == "play")
    answers = [("play", 1, card, c) for card, c in after.legal_plays(1)]
    if not answers:
        count, line = longest_run(after, memo=_MEMO)
        return count + gained, (move, *line)
    worst: tuple[int, tuple[PublicAction, ...]] | None = None
    for answer in answers:
        count, line = longest_run(_after(after, answer), memo=_MEMO)
        if worst is None or count < worst[0]:
            worst = (count, (move, answer, *line))
    assert worst is not None
    return worst[0] + gained, worst[1]


def _deny_value(game: Game, move: PublicAction) -> tuple[int, tuple[PublicAction, ...]]:
    return len(_after(game, move).legal_plays(1)), (move,)


def _slap_value(game: Game, move: PublicAction) -> tuple[int, tuple[PublicAction, ...]]:
    value, line = fewest_picked_up(_after(game, move))
    return value, (move, *line)


_VALUE: dict[Family, Callable[[Game, PublicAction], tuple[int, tuple[PublicAction, ...]]]] = {
    "run": _run_value, "race": _race_value, "deny": _deny_value, "slap": _slap_value,
    "only": lambda game, move: (1, (move,)),
}
Valued = dict[PublicAction, tuple[int, tuple[PublicAction, ...]]]
"""Each first move's value and its best line."""
HIGHER_IS_BETTER: dict[Family, bool] = {
    "run": True, "race": True, "deny": False, "slap": False, "only": True}


def first_moves(game: Game, family: Family) -> list[PublicAction]:
    """The first moves a family weighs."""
    if family in ("deny", "race"):
        return [a for a in A.legal_actions(game, 0) if a[0] == "play"]
    if family == "only":
        return A.legal_actions(game, 0)
    return _steps(game)


def values(game: Game, family: Family) -> Valued:
    """Each first move's value and best line."""
    _MEMO.clear()
    try:
        return {move: _VALUE[family](game, move) for move in first_moves(game, family)}
    finally:
        _MEMO.clear()


def unique_best(valued: Valued, family: Family) -> PublicAction | None:
    """The one first move strictly better than every other (None: no such move),
    given every first move's value (:func:`values`)."""
    if not valued:
        return None
    sign = 1 if HIGHER_IS_BETTER[family] else -1
    ranked = sorted(valued, key=lambda move: -sign * valued[move][0])
    best = ranked[0]
    if len(ranked) > 1 and valued[ranked[1]][0] == valued[best][0]:
        return None  # a tie; an "only" puzzle's moves all tie (each is worth 1) unless alone
    return best
