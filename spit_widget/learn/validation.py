"""Everything that can be wrong with a level, found when the level is made.

A teacher types a level in a cell; a typo there should be one clear sentence
at once, not a table that never says "well done". Each check below raises
ValueError naming the level and what to fix. The last one plays the solution
through the very methods a learner's clicks go through.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..engine import Game
from ..engine import cards as C
from ..locale import _
from . import actions as A
from .catalogue import RULES
from .checks import Fail, as_check
from .hint import LevelHint
from .script import Opponent
from .search import find_solution

if TYPE_CHECKING:
    from .level import Level


def _set(level: Level, name: str, value: Any) -> None:
    object.__setattr__(level, name, value)


def _slug(goal: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", goal.lower()).strip("-")[:40] or "level"


def validate(level: Level) -> None:
    """Check ``level`` and fill in what it derives (id, variant, solution, par)."""
    if not isinstance(level.goal, str) or not level.goal.strip():
        raise ValueError("A level needs a goal: one sentence saying what to do.")
    _set(level, "id", level.id or _slug(level.goal))
    where = f"Level {level.id!r}"
    try:
        start = _start(level)
        _rules(level, start)
        _title(level)
        _checks(level, start)
        _solution(level, start)
    except ValueError as exc:
        raise ValueError(f"{where}: {exc}") from None


def _start(level: Level) -> Game:
    given: object = level.position
    if isinstance(given, Game):  # a game set up in a cell: its position now
        _set(level, "position", given.to_dict())
    # Read as part of a deck, so that a missing card is told below in the course's
    # words (learn.position fills the deck): the engine's own advice, to say
    # "fragment": true, would only meet the next refusal.
    snapshot: Any = level.position
    if isinstance(snapshot, Mapping):
        snapshot = {**snapshot, "fragment": True}
    try:
        start = Game.from_dict(snapshot)
    except (ValueError, TypeError) as exc:
        raise ValueError(f"its position breaks the rules. {exc}") from None
    cards = start.all_cards()
    if len(cards) != len(C.DECK):
        missing = sorted(set(C.DECK) - set(cards))
        raise ValueError(
            f"its position holds {len(cards)} of the 52 cards (missing "
            f"{', '.join(missing[:6])}{', ...' if len(missing) > 6 else ''}); every card must "
            "be somewhere: learn.position(...) puts the cards you do not name under the "
            "centre piles.")
    if level.variant and level.variant != start.variant:
        raise ValueError(f"it says variant {level.variant!r} but its position is a "
                         f"{start.variant} position.")
    _set(level, "variant", start.variant)
    if start.status == "game_over":
        raise ValueError("its position is a finished game: there is nothing left to play.")
    _set(level, "position", start.to_dict())
    return start


def _rules(level: Level, start: Game) -> None:
    rules = tuple(level.rules) if not isinstance(level.rules, str) else (level.rules,)
    if not rules:
        raise ValueError("it names no rule: say which rules of learn.RULES it teaches.")
    for rule in rules:
        if rule not in RULES:
            raise ValueError(f"it names the rule {rule!r}, which is not in learn.RULES "
                             f"(the ids are {', '.join(RULES)}).")
        if start.variant not in RULES[rule].variants:
            raise ValueError(f"the rule {rule!r} is not a rule of {start.variant} Spit.")
    _set(level, "rules", rules)


TITLE_LENGTH = 24
"""The longest short name the course map shows whole on a level's button."""


def _title(level: Level) -> None:
    """The short name on the map: the teacher's, or the first rule's name (in the
    language the level is made in)."""
    title: object = level.title
    if not isinstance(title, str):
        raise ValueError(f"its title should be a few words, not {title!r:.40}.")
    title = " ".join(title.split()) or _(RULES[level.rules[0]].name)
    if len(title) > TITLE_LENGTH:
        raise ValueError(f"its title {title!r:.60} is {len(title)} characters; the map shows "
                         f"{TITLE_LENGTH} at most: a few words (the goal says the rest).")
    _set(level, "title", title)


def _checks(level: Level, start: Game) -> None:
    """The success and failure checks name what the position has."""
    _set(level, "success", as_check(level.success, "success"))
    problem = level.success.problem(start)
    if problem:
        raise ValueError(f"its success check ({level.success.describe()}) is wrong: {problem}")
    if level.success.holds(start):
        raise ValueError("its success check already holds at the start.")
    failures = (level.failure,) if isinstance(level.failure, Fail) else tuple(level.failure)
    for fail in failures:
        if not isinstance(fail, Fail):
            raise ValueError("its failure should be learn.Fail(check, sentence): the check, "
                             f"and the sentence the learner reads; not {fail!r:.40}.")
        object.__setattr__(fail, "check", as_check(fail.check, "failure check"))
        problem = fail.check.problem(start)
        if problem:
            raise ValueError(f"its failure check ({fail.check.describe()}) is wrong: {problem}")
    _set(level, "failure", failures)
    _script(level, start)
    _hint(level, start)


def _hint(level: Level, start: Game) -> None:
    """The hint lights a face-up card and a centre pile the table has."""
    if isinstance(level.hint, str):  # a hint that lights nothing, written bare
        _set(level, "hint", LevelHint(level.hint))
    hint: object = level.hint
    if hint is None:
        return
    if not isinstance(hint, LevelHint):
        raise ValueError(f"its hint should be learn.LevelHint(sentence, card=..., pile=...), "
                         f"not {hint!r:.40}.")
    face_up = {p[-1] for who in start.stock for p in who if p} | {
        p[-1] for p in start.centre if p}
    if hint.card is not None and not C.is_card(hint.card):
        raise ValueError(f"its hint lights {hint.card!r:.20}, which is not a card.")
    if hint.card is not None and hint.card not in face_up:
        raise ValueError(f"its hint lights {hint.card}, which is not face up at the start.")
    if hint.pile is not None and not 0 <= hint.pile < len(start.centre):
        raise ValueError(f"its hint lights centre pile {hint.pile}, which the position "
                         "does not have.")


def _script(level: Level, start: Game) -> None:
    """Each scripted move names a card of the computer's stock and a pile or slot
    the table has (a move that can never happen is a typo)."""
    given: object = level.opponent
    if given is None:
        return
    if isinstance(given, Mapping):  # Opponent's keywords written as a dict
        _set(level, "opponent", Opponent(**given))
    elif not isinstance(given, Opponent):
        raise ValueError("its opponent should be learn.Opponent(replies=..., timed=...), "
                         f"not {given!r:.40}.")
    assert level.opponent is not None
    theirs = {card for pile in start.stock[1] for card in pile}
    for move in level.opponent.moves():
        if move[0] in ("play", "move_to_empty") and move[2] not in theirs:
            raise ValueError(f"its scripted computer plays {move[2]!r:.20}, which is not "
                             "in the computer's stock piles.")
        count = 5 if move[0] == "move_to_empty" else len(start.centre)
        target = move[-1] if move[0] in ("play", "move_to_empty", "slap") else 0
        if isinstance(target, bool) or not isinstance(target, int) or not 0 <= target < count:
            raise ValueError(f"its scripted computer's move {move!r:.60} names a pile the "
                             "table does not have.")


def _solution(level: Level, start: Game) -> None:
    solution = A.sequence(level.solution)
    if not solution:
        found = find_solution(level)
        if found is None:
            raise ValueError("it has no solution, and a search of up to 6 moves found none: "
                             "check the goal, or give the solution.")
        solution = found
    _set(level, "solution", solution)
    problem = play_through(level, solution)
    if problem:
        raise ValueError(f"its solution does not solve it: {problem}")
    moves = sum(1 for a in solution if A.is_learners(a))
    par = level.par if level.par is not None else moves
    if isinstance(par, bool) or not isinstance(par, int) or par < moves:
        raise ValueError(f"its par ({par!r}) is below the {moves} moves of its own solution.")
    _set(level, "par", par)


def play_through(level: Level, solution: tuple[A.PublicAction, ...]) -> str | None:
    """Play ``solution`` as a learner would (attempts, then the scripted and timed
    moves); None when it solves the level, else what went wrong."""
    game = level.game()
    theirs_done = 0
    for i, move in enumerate(solution, 1):
        if A.is_learners(move):
            result = level.attempt(game, move)
            if not result.ok:
                return f"move {i} ({A.describe(move)}) is refused: {result.sentence}"
            if result.failed:
                return f"after move {i} the level fails: {result.failed}"
            continue
        made = [a for a in map(A.from_engine, game.history) if not A.is_learners(a)]
        if theirs_done < len(made):
            if made[theirs_done] != move:
                return (f"move {i}: the computer's script made {A.describe(made[theirs_done])}, "
                        f"not {A.describe(move)}.")
        elif not _timed_now(level, game, move):
            return f"move {i} ({A.describe(move)}) is not a move the scripted computer makes then."
        theirs_done += 1
    if not level.solved(game):
        return (f"after all {len(solution)} moves the goal ({level.success.describe()}) "
                "is not reached.")
    return None


def _timed_now(level: Level, game: Game, move: A.PublicAction) -> bool:
    if level.opponent is None:
        return False
    for at, timed in level.opponent.timed:
        if timed == move:
            made = level.play_due(game, at)
            return made is not None and move in made.replies
    return False
