"""A level: a goal on a position, checked by the real engine.

A level is data (lichess's learn levels are the model): a teacher writes one
in a cell, and the course table, the tests and the solver all run it through
the same few methods. Everything that can be wrong with a level is found when
it is made (:mod:`.validation`), so a broken level never reaches a learner.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import Game, IllegalMove
from . import actions as A
from . import narration as N
from .actions import PublicAction
from .checks import Check, Fail
from .hint import LevelHint
from .script import Opponent


@dataclass(frozen=True)
class Attempt:
    """The level's answer to one learner action.

    ``ok`` False: refused, the state unchanged; ``rule`` is the id of the rule
    broken (None when the action was not a move at all) and ``sentence`` says
    why. ``ok`` True: applied, with the computer's scripted ``replies`` after it;
    ``solved`` and ``failed`` (the failure's sentence) say where the level stands,
    and ``events`` are the move log's sentences of what happened (the action's,
    the replies', a spit's), for the table's log and its live region.
    """

    ok: bool
    sentence: str
    rule: str | None = None
    solved: bool = False
    failed: str | None = None
    replies: tuple[PublicAction, ...] = ()
    events: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Level:
    """One level of the course, a puzzle, or a teacher's own.

    ``position`` is a snapshot for ``Game.from_dict`` with all 52 cards (see
    :func:`~.positions.position`; a ``Game`` is taken at its position now);
    ``success`` a check (:mod:`.checks`; a plain function of the game is
    wrapped in :class:`~.checks.Custom`);
    ``failure`` a :class:`~.checks.Fail` or several; ``opponent`` the scripted
    computer; ``solution`` the public actions that solve it, the computer's
    scripted moves included in order (found by a short search when left out);
    ``par`` the learner's moves for three stars (the solution's by default);
    ``strict`` makes any move off the solution's line a failure (puzzles, whose
    best answer is proven; ``refute`` gives the reason per wrong move);
    ``title`` the level's short name on the course map, a few words ("One rank
    up"; by default the name of the first rule it teaches).
    """

    goal: str
    position: Mapping[str, Any]
    success: Check
    rules: Sequence[str]
    solution: Sequence[Any] = ()
    id: str = ""
    variant: str = ""
    stage: str = ""
    failure: Fail | Sequence[Fail] = ()
    opponent: Opponent | None = None
    par: int | None = None
    hint: LevelHint | None = None
    why: str = ""
    strict: bool = False
    refute: Mapping[str, str] = field(default_factory=dict)
    title: str = ""

    def __post_init__(self) -> None:
        from .validation import validate  # the checks need a whole Level to run

        validate(self)

    # ------------------------------------------------------------- the table
    def game(self) -> Game:
        """A fresh game at the level's start."""
        return Game.from_dict(copy.deepcopy(dict(self.position)))

    def solved(self, game: Game) -> bool:
        """Is the goal reached (and the level not failed first)?"""
        return self.success.holds(game) and self.failed(game) is None

    def failed(self, game: Game) -> str | None:
        """The failure's sentence, or None while the level can still be solved."""
        failures = (self.failure,) if isinstance(self.failure, Fail) else tuple(self.failure)
        for fail in failures:
            if fail.check.holds(game):
                return fail.sentence
        if self.strict:
            off = self._off_line(game)
            if off is not None:
                return off
        if game.outcome is not None and not self.success.holds(game):
            return N.ended_early(game.outcome.text)
        return None

    def _off_line(self, game: Game) -> str | None:
        line = [a for a in self.solution if A.is_learners(a)]
        for i, move in enumerate(A.learner_actions(game)):
            if i >= len(line) or move != line[i]:
                return N.off_solution(line[i] if i < len(line) else None,
                                      self.refute.get(A.describe(move)))
        return None

    def moves(self, game: Game) -> int:
        """The learner's moves so far."""
        return len(A.learner_actions(game))

    def stars(self, moves: int) -> int:
        """1 to 3 stars for solving in ``moves`` learner moves, against par."""
        par = self.par or 1
        if moves <= par:
            return 3
        return 2 if moves <= par + max(1, par // 2) else 1

    # ---------------------------------------------------------------- acting
    def attempt(self, game: Game, action: object) -> Attempt:
        """The learner's ``action`` (player 0): refused with the rule, or applied
        followed by the computer's scripted replies."""
        try:
            move = A.normalise(action)
        except ValueError as exc:
            return Attempt(False, str(exc))
        if not A.is_learners(move):
            return Attempt(False, N.not_your_move(move))
        if self.solved(game) or self.failed(game) is not None:
            return Attempt(False, N.level_over())
        logged = len(game.events)
        try:
            A.apply(game, move)
        except IllegalMove as exc:
            rule, sentence = N.refusal(game, exc, move)
            return Attempt(False, sentence, rule)
        replies = self._reply(game, move)
        return self._verdict(game, replies, logged)

    def _reply(self, game: Game, move: PublicAction) -> tuple[PublicAction, ...]:
        if self.opponent is None or self.success.holds(game):
            return ()
        done: list[PublicAction] = []
        for reply in self.opponent.answers(self.moves(game), move):
            if _try(game, reply):
                done.append(reply)
        return tuple(done)

    def _verdict(self, game: Game, replies: tuple[PublicAction, ...], logged: int) -> Attempt:
        failed = self.failed(game)
        solved = failed is None and self.success.holds(game)
        sentence = failed or (self.why if solved else "")
        events = tuple(e.text for e in game.events[logged:])
        return Attempt(True, sentence, None, solved, failed, replies, events)

    def due(self, game: Game, elapsed_s: float) -> list[PublicAction]:
        """The scripted computer's timed moves due after ``elapsed_s`` seconds that
        it has not made yet and the table allows now (nothing once solved or failed)."""
        if self.opponent is None or self.success.holds(game) or self.failed(game):
            return []
        made = {A.from_engine(a) for a in game.history}
        return [move for at, move in self.opponent.timed
                if at <= elapsed_s and move not in made and game.is_legal(A.to_engine(move))]

    def play_due(self, game: Game, elapsed_s: float) -> Attempt | None:
        """Make the moves :meth:`due` lists; None when there were none."""
        logged = len(game.events)
        moves = tuple(m for m in self.due(game, elapsed_s) if _try(game, m))
        return self._verdict(game, moves, logged) if moves else None

    def __repr__(self) -> str:
        return f"<Level {self.id} ({self.variant}, par {self.par}): {self.goal}>"


def _try(game: Game, move: PublicAction) -> bool:
    """Apply a scripted move if the table allows it now."""
    try:
        A.apply(game, move)
    except IllegalMove:
        return False
    return True
