"""Sentences for a table of two people: the engine narrates from player 0's
side ("You play ...", "The computer plays ..."); here every event, status,
outcome and refusal is told with the seats' names, the same for every view.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..engine import Event, Game, Outcome
from ..engine import cards as C
from ..engine.narration import centre_name
from ..engine.types import GAME_OVER, OUT_OF_CARDS, ROUND_LIMIT, ROUND_OVER, STOCK_EMPTIED


def event_text(e: Event, names: Sequence[str], outcome: Outcome | None = None) -> str:
    """The move-log sentence of ``e`` with the players' names (``outcome``: the
    game's, for the sentence of its end)."""
    if e.kind == "game_end" and outcome is not None:
        return outcome_text(outcome, names)[1]
    if e.player not in (0, 1):
        return e.text
    who = names[e.player]
    card = C.label(e.card) if e.card else ""
    pile = centre_name(e.centre, e.single_centre)
    sentences = {
        "play": f"{who} plays {card} on {pile}.",
        "flip": f"{who} turns up {card} in slot {(e.pile or 0) + 1}.",
        "spit": f"{who} spits {card} onto {pile}.",
        "stuck": f"{who} is stuck.",
        "move": f"{who} moves {card} into an empty slot.",
        "round_end": f"{who} went out.",
        "take": f"With one centre pile there is no slap: {who} takes it.",
        "deal": f"{who} is short of cards: no spit pile, and one centre pile.",
    }
    if e.kind == "slap":
        sizes = re.findall(r"\((\d+)", e.note or "")
        mine, theirs = [*sizes, "?", "?"][:2]
        return (f"{who} slaps {pile} ({mine} cards); {names[1 - e.player]} takes the other "
                f"({theirs}).")
    return sentences.get(e.kind, e.text)


def outcome_text(outcome: Outcome, names: Sequence[str]) -> tuple[str, str]:
    """The end dialog's title and sentence for ``outcome``."""
    w = outcome.winner
    left = outcome.cards_left
    title = "A draw" if w is None else f"{names[w]} wins!"
    counts = f"{left[0]} cards to {left[1]}"
    if w is None:
        text = f"Fewer cards wins, and both hold as many ({counts}): a draw."
    elif outcome.termination == STOCK_EMPTIED:
        text = f"{names[w]} cleared their five stock piles first."
    elif outcome.termination == OUT_OF_CARDS:
        text = f"{names[w]} has no cards left and wins the game."
    elif outcome.termination == ROUND_LIMIT:
        text = f"The rounds are played: fewer cards wins, {names[w]} wins ({counts})."
    else:
        text = f"The game locked up: a stalemate. Fewest cards wins: {names[w]} ({counts})."
    return title, text


def status_text(game: Game, names: Sequence[str], votes: Sequence[int]) -> str:
    """The status line while two people play (the pause reasons come from the widget)."""
    if game.status == GAME_OVER:
        return outcome_text(game.outcome, names)[1] if game.outcome else "Game over."
    if game.status == ROUND_OVER and game.went_out is not None:
        who = names[game.went_out]
        return f"{who} went out: {who} slaps the smaller centre pile."
    if game.rules.declare_stuck:
        stuck = [p for p in (0, 1) if game.stuck[p]]
        if len(stuck) == 1:
            return f"{names[stuck[0]]} is stuck: waiting for {names[1 - stuck[0]]}"
    if game.both_stuck():
        if len(votes) == 1:
            return f"{names[votes[0]]} is ready to spit: waiting for {names[1 - votes[0]]}"
        return "Both stuck: both press Spit!" if game.rules.rounds else "Both stuck"
    return "Play!"


_REWRITES = (
    (re.compile(r"^The computer is not stuck: "), "You're not stuck: "),
    (re.compile(r"^The computer has already declared stuck\."),
     "You have already declared stuck; waiting for {0}."),
    (re.compile(r"^Only you, who went out, may slap\."), "Only {0}, who went out, may slap."),
    (re.compile(r"^Only the computer, who went out, may slap\."),
     "Only {1}, who went out, may slap."),
    (re.compile(r"waiting for the computer"), "waiting for {1}"),
    (re.compile(r"^No spit yet: you can"), "No spit yet: {0} can"),
    (re.compile(r"^No spit yet: the computer can"), "No spit yet: {1} can"),
    (re.compile(r"is the computer's card"), "is {1}'s card"),
    (re.compile(r"is your card"), "is {0}'s card"),
)


def refusal_text(text: str, names: Sequence[str]) -> str:
    """An engine refusal, reworded where it speaks of "you" and "the computer"."""
    for pattern, repl in _REWRITES:
        text = pattern.sub(repl.replace("{0}", names[0]).replace("{1}", names[1]), text)
    return text
