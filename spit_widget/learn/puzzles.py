"""Puzzles: positions with one best answer, proven by a search, loaded from
``puzzles.json`` (written offline by ``python -m tools.find_puzzles``; a test re-runs every
proof).

Each puzzle is a :class:`~.level.Level` with ``strict`` set: the first move
is the answer. Any other move is played by the engine and graded with the
reason the proof gives ("that leads to 2 cards in a row; ..."). A puzzle's
words are made in the language it is built in (once per language, as the
course's levels are).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from ..engine import cards as C
from ..locale import N_, _, language, ngettext, pgettext, speaking
from . import actions as A
from . import narration as N
from . import proofs as P
from .actions import PublicAction
from .checks import Made
from .hint import LevelHint
from .level import Level

DATA = Path(__file__).with_name("puzzles.json")


def puzzles(variant: str = "duel") -> list[Level]:
    """The puzzles of ``variant`` ("duel" or "classic"), in the order found."""
    if variant not in ("duel", "classic"):
        raise ValueError(f"Unknown variant {variant!r}; choose 'duel' or 'classic'.")
    return [p for p in _loaded(language()) if p.variant == variant]


def all_puzzles() -> list[Level]:
    """The puzzles of both variants."""
    return list(_loaded(language()))


def records() -> list[dict[str, Any]]:
    """The stored puzzles as written (position, family, answer, proof)."""
    data: list[dict[str, Any]] = json.loads(DATA.read_text(encoding="utf-8"))
    return data


@cache
def _loaded(code: str) -> tuple[Level, ...]:
    """Every puzzle, its words made in the language ``code`` (built once per language)."""
    with speaking(code):
        return tuple(puzzle_level(record) for record in records())


def _tuple(action: list[Any]) -> PublicAction:
    return tuple(action)


def _under(position: dict[str, Any]) -> str:
    """The face-down cards of the learner's stock, named (the puzzles are about
    them): a sentence of its own, or nothing when every pile is one card."""
    clauses = ""
    for pile in position["players"][0]["stock"]:
        if len(pile) > 1:
            below = ""
            for card in reversed(pile[:-1]):
                below = pgettext("cards, one under the other", "{cards}, then {card}",
                                 cards=below, card=C.label(card)) if below else C.label(card)
            clause = _("under {top} lies {cards}", top=C.label(pile[-1]), cards=below)
            clauses = pgettext("face-down cards, pile after pile", "{piles}; {pile}",
                               piles=clauses, pile=clause) if clauses else clause
    return _("Face down: {piles}.", piles=clauses) if clauses else ""


def _goal(record: dict[str, Any]) -> str:
    family, variant, pos = record["family"], record["variant"], record["position"]
    if family == "run":
        goal = _("Play as many cards in a row as you can: which move first?")
    elif family == "race":
        goal = _("Race the computer at Fast: it gets one card in after your first play. "
                 "Which first play still lets you play the most cards?")
    elif family == "deny":
        goal = _("Play the card that leaves the computer nothing to play.")
    elif family == "only" and variant == "duel":
        goal = _("Only one action is allowed here: play the card that fits, or press Stuck "
                 "if none does.")
    elif family == "only":
        goal = _("Only one action is allowed here: play the card that fits, or press Spit! "
                 "if none does.")
    else:
        spit = len(pos["players"][0]["spit"])
        left, right = (len(pile) for pile in pos["centre"])
        goal = ngettext("Go out, then slap, and pick up as few cards as you can: which move "
                        "first? You hold {n} spit card; the centre piles hold {left} and "
                        "{right}.",
                        "Go out, then slap, and pick up as few cards as you can: which move "
                        "first? You hold {n} spit cards; the centre piles hold {left} and "
                        "{right}.", spit, left=left, right=right)
    under = _under(pos) if family in ("run", "race", "slap") else ""
    return f"{goal} {under}" if under else goal


TITLES: dict[str, str] = {
    "run": N_("Longest run"), "race": N_("Race the computer"),
    "deny": N_("Block the computer"), "only": N_("The only move"), "slap": N_("Go out and slap"),
}
"""Each family's short name (English, the catalogue's key): the map groups a
track's puzzles under it."""


def _why(record: dict[str, Any], value: int) -> str:
    family = record["family"]
    line = N.line([_tuple(a) for a in record["line"]])
    if family == "run":
        return ngettext("{n} card in a row: {line}.", "{n} cards in a row: {line}.", value,
                        line=line)
    if family == "race":
        return ngettext("{n} card for you even after the computer's best answer: {line}.",
                        "{n} cards for you even after the computer's best answer: {line}.",
                        value, line=line)
    if family == "deny":
        return _("After it none of the computer's cards fits a centre pile ({line}).",
                 line=line)
    if family == "only":
        return _("It was the one legal action: {line}.", line=line)
    return ngettext("You go out and pick up {n} card, the fewest possible: {line}.",
                    "You go out and pick up {n} cards, the fewest possible: {line}.", value,
                    line=line)


def _refutation(family: str, value: int, best: int) -> str:
    if family == "run":
        return _("that leads to {cards} in a row at most; the best line plays {best}.",
                 cards=N.cards(value), best=N.cards(best))
    if family == "race":
        return _("once the computer answers, that leads to {cards} at most; the best first "
                 "play gets {best}.", cards=N.cards(value), best=N.cards(best))
    if family == "deny":
        return ngettext("after that the computer still has {n} play.",
                        "after that the computer still has {n} plays.", value)
    if value >= P.NEVER:
        return _("after that you cannot go out this round.")
    return ngettext("that leaves you {n} card to pick up; the best leaves {best}.",
                    "that leaves you {n} cards to pick up; the best leaves {best}.", value,
                    best=best)


def _rules(record: dict[str, Any], answer: PublicAction) -> tuple[str, ...]:
    family, variant = record["family"], record["variant"]
    line = [_tuple(a) for a in record["line"]]
    if family == "run":
        moves = any(a[0] == "move_to_empty" for a in line)
        return ("uncover", "adjacency", *(("move-to-empty",) if moves else ()))
    if family == "deny":
        return ("either-pile", "no-turns")
    if family == "race":
        return ("no-turns", "uncover", "adjacency")
    if family == "slap":
        return ("going-out", "slap")
    if answer[0] in ("declare_stuck", "spit"):
        return ("stuck",) if variant == "duel" else ("spit-again",)
    top = record["position"]["centre"][answer[3]][-1]
    return ("wrap",) if {answer[2][0], top[0]} & {"A", "K"} == {"A", "K"} else ("adjacency",)


def _hint(record: dict[str, Any], answer: PublicAction) -> LevelHint:
    family = record["family"]
    card = answer[2] if answer[0] in ("play", "move_to_empty") else None
    sentences = {
        "run": _("Look under the top cards: which play opens the next one?"),
        "deny": _("The computer's cards are face up: which pile would it use?"),
        "race": _("The computer plays after your first card: which of your piles would it "
                  "block?"),
        "only": _("Check each top card against both piles, Ace and King included."),
        "slap": _("Going out onto the bigger pile leaves the smaller one to slap."),
    }
    return LevelHint(sentences[family], card=card if family != "only" else None)


def puzzle_level(record: dict[str, Any]) -> Level:
    """The level for one stored puzzle."""
    family: P.Family = record["family"]
    answer = _tuple(record["answer"])
    valued = {_tuple(move): value for move, value in record["values"]}
    best = valued[answer]
    refute = {A.describe(move): _refutation(family, value, best)
              for move, value in valued.items() if move != answer}
    return Level(
        id=record["id"], variant=record["variant"], stage=f"puzzles-{record['variant']}",
        goal=_goal(record), position=record["position"], success=Made(answer),
        rules=_rules(record, answer), solution=(answer,), par=1, strict=True,
        refute=refute, hint=_hint(record, answer), why=_why(record, best),
        title=_(TITLES[family]),
    )
