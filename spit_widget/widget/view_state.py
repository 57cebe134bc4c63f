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
from ..engine import COMPUTER, PLAYING, YOU, Game, Outcome
from .log_feed import LogNews
from .protocol import CentrePile, Notice, OutcomeState, Player, State, StatsSummary, You
from .voice import Situation, outcome_title, status_line

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


def situation(game: Game, *, paused: bool, thinking: bool = False,
              votes: tuple[int, ...] = ()) -> Situation:
    """What the status line speaks of, read off ``game`` (for player 0's view)."""
    rules = game.rules
    return Situation(
        status=game.status, went_out=game.went_out, stuck=(game.stuck[YOU], game.stuck[COMPUTER]),
        declares_stuck=rules.declare_stuck, both_stuck=game.both_stuck(),
        has_rounds=rules.rounds,
        can_play=bool(game.legal_plays(YOU) or game.legal_moves_to_empty(YOU)),
        thinking=thinking, paused=paused, votes=votes, outcome=game.outcome)


def status_text(game: Game, match: Match | None, paused: bool) -> str:
    """One line for the status box (the words are narration's)."""
    return status_line(situation(game, paused=paused,
                                 thinking=match is not None and match.thinking))


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
