"""The snapshot the front end draws: a game and its match, as one JSON dict.

Everything the page needs to highlight a card or enable a button is computed
here, in Python, so the JavaScript knows no rules. The shape is declared in
:mod:`.protocol` (:class:`~.protocol.State`) and documented in
``docs/protocol.md``. The move log travels as it grows (:mod:`.log_feed`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from ..computer import Match
from ..computer.pace import DEFAULT_PACE, paces
from ..engine import COMPUTER, GAME_OVER, PLAYING, ROUND_OVER, YOU, Game, Outcome
from ..engine.narration import outcome_title
from .log_feed import LogNews
from .protocol import CentrePile, Notice, OutcomeState, Player, State, StatsSummary, You

NAMES = ("You", "Computer")


@dataclass(frozen=True)
class Extras:
    """What the widget adds around the game: its own switches and words."""

    paused: bool
    four_colour: bool = False
    stats: StatsSummary | None = None
    message: Notice | None = None
    error: str | None = None
    opponent: str | None = None
    readonly: bool = False
    caption: str | None = None  # replaces the status line (a replay, a lesson)
    log: LogNews | None = None  # the log's news for this update (none: nothing new)


def _over_text(game: Game) -> str:
    if game.status == GAME_OVER:
        return game.outcome.text if game.outcome else "Game over."
    if game.went_out == YOU:
        return "You went out: slap the smaller centre pile!"
    return "The computer went out and slaps the smaller pile."


def _stuck_text(game: Game) -> str | None:
    """Who is stuck, when that is the news; None when nobody is."""
    if not game.rules.declare_stuck:
        return "Both stuck" if game.both_stuck() else None
    you, computer = game.stuck[YOU], game.stuck[COMPUTER]
    if you and computer:
        return "Both stuck"
    if you:
        return "You're stuck: waiting for the computer to be stuck too"
    return "The computer is stuck" if computer else None


def _no_fit_text(game: Game) -> str | None:
    """Never "Your move" when no card of yours goes anywhere."""
    if game.legal_plays(YOU) or game.legal_moves_to_empty(YOU):
        return None
    if game.rules.declare_stuck:
        return "None of your cards fits: press Stuck"
    return "None of your cards fits: the computer can play"


def status_text(game: Game, match: Match | None, paused: bool) -> str:
    """One line for the status box, in the order a player cares about."""
    if game.status in (GAME_OVER, ROUND_OVER):
        return _over_text(game)
    if paused:
        return "Paused"
    stuck = _stuck_text(game) or _no_fit_text(game)
    if stuck is not None:
        return stuck
    if match is not None and match.thinking:
        return "Computer is thinking"
    return "Your move"


def outcome_dict(outcome: Outcome) -> OutcomeState:
    """The outcome with the end dialog's title."""
    return cast(OutcomeState, {**outcome.to_dict(), "title": outcome_title(outcome.winner)})


def _players(game: Game) -> list[Player]:
    return [
        {
            "name": NAMES[p],
            "stock": [{"top": pile[-1] if pile else None, "count": len(pile)}
                      for pile in game.stock[p]],
            "spit_count": len(game.spit_piles[p]),
            "cards_left": game.cards_left(p),
            "stuck": game.stuck[p],
        }
        for p in (YOU, COMPUTER)
    ]


def _centre(game: Game) -> list[CentrePile]:
    return [
        {"top": pile[-1] if pile else None, "count": len(pile), "needs": game.needs(i),
         "owner": game.spitter[i]}
        for i, pile in enumerate(game.centre)
    ]


def _you(game: Game, paused: bool) -> You:
    """What the human may do now (nothing while paused)."""
    active = game.status == PLAYING and not paused
    rules = game.rules
    return {
        "plays": [[card, c] for card, c in game.legal_plays(YOU)] if active else [],
        "moves": [[card, s] for card, s in game.legal_moves_to_empty(YOU)] if active else [],
        "can_stuck": active and rules.declare_stuck and not game.stuck[YOU],
        "can_spit": active and rules.rounds and game.both_stuck(),
        "spit_label": "Spit!" if game.spit_cards_remain else "End Round",
        "slap": [] if paused else list(game.slappable(YOU)),
    }


def build_state(game: Game, match: Match | None, extras: Extras) -> State:
    """The ``state`` trait: see :class:`~.protocol.State` and docs/protocol.md."""
    paused = extras.paused
    text = extras.caption if extras.caption is not None else status_text(game, match, paused)
    stats: Any = extras.stats if extras.stats is not None else {}
    return {
        "variant": "classic" if game.variant == "classic" else "duel",
        "status": cast(Any, game.status),
        "round": game.round,
        "paused": paused,
        "pace": match.pace if match else DEFAULT_PACE[game.variant],
        "paces": [{"name": p.name, "label": p.label} for p in paces(game.variant)],
        "four_colour": extras.four_colour,
        "players": _players(game),
        "centre": _centre(game),
        "you": _you(game, paused),
        "status_text": text,
        "log_new": extras.log.events if extras.log else [],
        "log_whole": extras.log.whole if extras.log else False,
        "log_seq": game.events[-1].seq if game.events else -1,
        "log_game": extras.log.game if extras.log else 0,
        "outcome": outcome_dict(game.outcome) if game.outcome else None,
        "stats": stats,
        "message": extras.message,
        "error": extras.error,
        "opponent": extras.opponent,
        "readonly": extras.readonly,
    }
