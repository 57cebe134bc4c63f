"""The snapshot the front end draws: a game and its match, as one JSON dict.

Everything the page needs to highlight a card or enable a button is computed
here, in Python, so the JavaScript knows no rules. The shape is documented in
``docs/protocol.md``.
"""

from __future__ import annotations

from typing import Any

from ..computer import Match
from ..computer.pace import DEFAULT_PACE, paces
from ..engine import COMPUTER, GAME_OVER, PLAYING, ROUND_OVER, YOU, Game, Outcome
from ..engine.narration import outcome_title

LOG_LENGTH = 60
NAMES = ("You", "Computer")


def status_text(game: Game, match: Match | None, paused: bool) -> str:
    """One line for the status box, in the order a player cares about."""
    if game.status == GAME_OVER:
        return game.outcome.text if game.outcome else "Game over."
    if game.status == ROUND_OVER:
        if game.went_out == YOU:
            return "You went out: slap the smaller centre pile!"
        return "The computer went out and slaps the smaller pile."
    if paused:
        return "Paused"
    if game.rules.declare_stuck:
        if game.stuck[YOU] and game.stuck[COMPUTER]:
            return "Both stuck"
        if game.stuck[YOU]:
            return "You're stuck: waiting for the computer to be stuck too"
        if game.stuck[COMPUTER]:
            return "The computer is stuck"
    elif game.both_stuck():
        return "Both stuck"
    if not game.legal_plays(YOU) and not game.legal_moves_to_empty(YOU):
        # Never "Your move" when no card of yours goes anywhere.
        if game.rules.declare_stuck:
            return "None of your cards fits: press Stuck"
        return "None of your cards fits: the computer can play"
    if match is not None and match.thinking:
        return "Computer is thinking"
    return "Your move"


def outcome_dict(outcome: Outcome) -> dict[str, Any]:
    return {**outcome.to_dict(), "title": outcome_title(outcome.winner)}


def build_state(
    game: Game,
    match: Match | None,
    *,
    paused: bool,
    four_colour: bool,
    stats: dict[str, Any],
    message: dict[str, Any] | None,
    error: str | None,
) -> dict[str, Any]:
    """The ``state`` trait: see docs/protocol.md."""
    rules = game.rules
    active = game.status == PLAYING and not paused
    plays = game.legal_plays(YOU) if active else []
    moves = game.legal_moves_to_empty(YOU) if active else []
    slap = [] if paused else game.slappable(YOU)
    return {
        "variant": game.variant,
        "status": game.status,
        "round": game.round,
        "paused": paused,
        "pace": match.pace if match else DEFAULT_PACE[game.variant],
        "paces": [{"name": p.name, "label": p.label} for p in paces(game.variant)],
        "four_colour": four_colour,
        "players": [
            {
                "name": NAMES[p],
                "stock": [{"top": pile[-1] if pile else None, "count": len(pile)}
                          for pile in game.stock[p]],
                "spit_count": len(game.spit_piles[p]),
                "cards_left": game.cards_left(p),
                "stuck": game.stuck[p],
            }
            for p in (YOU, COMPUTER)
        ],
        "centre": [
            {"top": pile[-1] if pile else None, "count": len(pile), "needs": game.needs(i),
             "owner": game.spitter[i]}
            for i, pile in enumerate(game.centre)
        ],
        "you": {
            "plays": [[card, c] for card, c in plays],
            "moves": [[card, s] for card, s in moves],
            "can_stuck": active and rules.declare_stuck and not game.stuck[YOU],
            "can_spit": active and rules.rounds and game.both_stuck(),
            "spit_label": "Spit!" if game.spit_cards_remain else "End Round",
            "slap": slap,
        },
        "status_text": status_text(game, match, paused),
        "log": [e.to_dict() for e in game.events[-LOG_LENGTH:]],
        "outcome": outcome_dict(game.outcome) if game.outcome else None,
        "stats": stats,
        "message": message,
        "error": error,
    }
