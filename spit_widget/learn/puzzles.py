"""Puzzles: positions with one best answer, proven by a search, loaded from
``puzzles.json`` (written offline by ``python -m tools.find_puzzles``; a test re-runs every
proof).

Each puzzle is a :class:`~.level.Level` with ``strict`` set: the first move
is the answer. Any other move is played by the engine and graded with the
reason the proof gives ("that leads to 2 cards in a row; ...").
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from ..engine import cards as C
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
    return [p for p in _loaded() if p.variant == variant]


def all_puzzles() -> list[Level]:
    """The puzzles of both variants."""
    return list(_loaded())


def records() -> list[dict[str, Any]]:
    """The stored puzzles as written (position, family, answer, proof)."""
    data: list[dict[str, Any]] = json.loads(DATA.read_text(encoding="utf-8"))
    return data


@cache
def _loaded() -> tuple[Level, ...]:
    return tuple(puzzle_level(record) for record in records())


def _tuple(action: list[Any]) -> PublicAction:
    return tuple(action)


def _under(position: dict[str, Any]) -> str:
    """The face-down cards of the learner's stock, named (the puzzles are about them)."""
    parts = []
    for pile in position["players"][0]["stock"]:
        if len(pile) > 1:
            below = ", then ".join(C.label(c) for c in reversed(pile[:-1]))
            parts.append(f"under {C.label(pile[-1])} lies {below}")
    return (" Face down: " + "; ".join(parts) + ".") if parts else ""


def _goal(record: dict[str, Any]) -> str:
    family, variant, pos = record["family"], record["variant"], record["position"]
    if family == "run":
        return "Play as many cards in a row as you can: which move first?" + _under(pos)
    if family == "race":
        return ("Race the computer at Fast: it gets one card in after your first play. "
                "Which first play still lets you play the most cards?" + _under(pos))
    if family == "deny":
        return "Play the card that leaves the computer nothing to play."
    if family == "only":
        button = "press Stuck" if variant == "duel" else "press Spit!"
        return ("Only one action is allowed here: play the card that fits, "
                f"or {button} if none does.")
    spit = len(pos["players"][0]["spit"])
    sizes = [len(pile) for pile in pos["centre"]]
    return (f"Go out, then slap, and pick up as few cards as you can: which move first? "
            f"You hold {spit} spit cards; the centre piles hold {sizes[0]} and {sizes[1]}."
            + _under(pos))


TITLES: dict[str, str] = {
    "run": "Longest run", "race": "Race the computer", "deny": "Block the computer",
    "only": "The only move", "slap": "Go out and slap",
}
"""Each family's short name: the map groups a track's puzzles under it."""


def _line(line: list[PublicAction]) -> str:
    return ", then ".join(A.describe(a) for a in line)


def _why(record: dict[str, Any], value: int) -> str:
    family, line = record["family"], [_tuple(a) for a in record["line"]]
    if family == "run":
        return f"{value} cards in a row: {_line(line)}."
    if family == "race":
        return (f"{value} cards for you even after the computer's best answer: "
                f"{_line(line)}.")
    if family == "deny":
        return f"After it none of the computer's cards fits a centre pile ({_line(line)})."
    if family == "only":
        return f"It was the one legal action: {_line(line)}."
    return f"You go out and pick up {value} cards, the fewest possible: {_line(line)}."


def _refutation(family: str, value: int, best: int) -> str:
    if family == "run":
        return (f"that leads to {N.cards(value)} in a row at most; the best line plays "
                f"{N.cards(best)}.")
    if family == "race":
        return (f"once the computer answers, that leads to {N.cards(value)} at most; the best "
                f"first play gets {N.cards(best)}.")
    if family == "deny":
        return f"after that the computer still has {value} play{'s' if value != 1 else ''}."
    if value >= P.NEVER:
        return "after that you cannot go out this round."
    return f"that leaves you {value} cards to pick up; the best leaves {best}."


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
        "run": "Look under the top cards: which play opens the next one?",
        "deny": "The computer's cards are face up: which pile would it use?",
        "race": "The computer plays after your first card: which of your piles would it block?",
        "only": "Check each top card against both piles, Ace and King included.",
        "slap": "Going out onto the bigger pile leaves the smaller one to slap.",
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
        title=TITLES[family],
    )
