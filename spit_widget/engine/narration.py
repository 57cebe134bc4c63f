"""Every sentence a player reads about the game: the move log, refusals and
the end of a game.

Kept apart from the rules (as python-chess keeps notation apart from its
``Board``) so the engine's methods read as rules, and the wording can change
in one place.
"""

from __future__ import annotations

import reprlib
from typing import TYPE_CHECKING

from . import cards as C

if TYPE_CHECKING:
    from .types import Event

YOU = 0
"""Player 0, addressed in the second person ("You play ...")."""


def centre_name(centre: int | None, single: bool) -> str:
    if single:
        return "the centre pile"
    return "the right pile" if centre == 1 else "the left pile"


def event_sentence(e: Event) -> str:
    """The move-log sentence for the common events."""
    you = e.player == YOU
    card = C.label(e.card) if e.card else ""
    pile = centre_name(e.centre, e.single_centre)
    slot = (e.pile or 0) + 1
    if e.kind == "play":
        return f"You play {card} on {pile}." if you else f"The computer plays {card} on {pile}."
    if e.kind == "flip":
        return (
            f"You turn up {card} in slot {slot}."
            if you
            else f"The computer turns up {card} in slot {slot}."
        )
    if e.kind == "spit":
        return f"You spit {card} onto {pile}." if you else f"The computer spits {card} onto {pile}."
    if e.kind == "stuck":
        return "You are stuck." if you else "The computer is stuck."
    if e.kind == "move":
        return (
            f"You move {card} out of slot {slot}."
            if you
            else f"The computer moves {card} out of slot {slot}."
        )
    return e.kind


def you_or_it(player: int, you: str, it: str) -> str:
    """Pick the sentence form for the human (second person) or the computer."""
    return you if player == YOU else it


def quote(value: object, width: int) -> str:
    """``repr(value)`` cut to ``width`` characters, for quoting a bad argument in a
    refusal. Never raises: a refusal must stay an IllegalMove even for an int too
    long to print (Python 3.11+ refuses) or a huge container (reprlib bounds it)."""
    try:
        text = reprlib.repr(value)
    except Exception:
        text = f"<{type(value).__name__}>"
    return text[:width]


