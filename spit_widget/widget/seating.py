"""The widget's side of two people at one table (``SpitWidget(opponent="human")``).

It owns the :class:`~.seats.SeatRegistry`, answers the seat messages of the
page (sit, heartbeat, leave, take, stand, name), maps every game message to
the seat it acts for, collects the two agreements a classic Spit! needs, and
adds the seats to the published state. The widget keeps the game, the match
and the pause; this keeps the people.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from ..engine import Action, Game, IllegalMove
from .protocol import SeatMessage
from .seat_text import event_text, outcome_text, refusal_text, status_text
from .seats import HEARTBEAT_S, SEATS, SeatRegistry, clean_name

Send = Callable[[SeatMessage], None]


class Seating:
    """Seats, agreements and names for a table of two people."""

    def __init__(
        self,
        registry: SeatRegistry,
        send: Send,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.registry = registry
        self._send = send
        self.clock = clock
        self.votes: list[int] = []
        """Seats that pressed Spit! (classic) since the table last changed."""
        self.stats: list[dict[str, Any] | None] = [None, None]

    @property
    def names(self) -> list[str]:
        """The seats' names, seat 0 first."""
        return self.registry.names

    # ----------------------------------------------------------- seat messages
    def control(self, content: dict[str, Any]) -> str | None:
        """Carry out one seat message; return a sentence for every view, if any.

        Raises SeatRefused (a ValueError) with the reason for a message that
        cannot be honoured; nothing has changed then."""
        return self.handlers()[content["kind"]](content.get("token"), content)

    def handlers(self) -> dict[str, Callable[[str | None, dict[str, Any]], str | None]]:
        """What each seat message does: one entry per kind of protocol.SEAT_KINDS."""
        return {"sit": self._sit, "heartbeat": self._heartbeat, "leave": self._leave,
                "take": self._take, "stand": self._stand, "name": self._rename}

    def _heartbeat(self, token: str | None, content: dict[str, Any]) -> str | None:
        if self.registry.heartbeat(token, self.clock()):
            return None
        return self._sit(token, content)  # an unknown token: sit again (keeps a held seat)

    def _sit(self, token: str | None, content: dict[str, Any]) -> str | None:
        reg = self.registry
        view = content.get("view")
        before = reg.seats_of(token)
        sitting = reg.sit(view, self.clock())  # type: ignore[arg-type]
        self._send(sitting.to_message())
        self._take_name(sitting.seats, content.get("name"))
        if sitting.seats and sitting.seats != before:
            return self._sat_text(sitting.seats)
        return None

    def _leave(self, token: str | None, _content: dict[str, Any]) -> str | None:
        freed = self.registry.leave(token)
        return self._freed_text(freed, "left the table") if freed else None

    def _take(self, token: str | None, content: dict[str, Any]) -> str | None:
        sitting = self.registry.take(token, content.get("seat"), self.clock())  # type: ignore[arg-type]
        self._send(sitting.to_message())
        self._take_name(sitting.seats, content.get("name"))
        return self._sat_text(sitting.seats)

    def _take_name(self, seats: tuple[int, ...], name: object) -> None:
        """The name a page remembered, for the one seat it sat at; not when the
        other seat has it already (two tabs of one browser share what it remembers)."""
        if len(seats) != 1 or not isinstance(name, str) or not name.strip():
            return
        other = self.names[1 - seats[0]]
        if clean_name(name, other).casefold() != other.casefold():
            self.registry.rename(seats[0], name)

    def _stand(self, token: str | None, _content: dict[str, Any]) -> str | None:
        reg = self.registry
        freed = reg.stand(token)
        self._send({"kind": "seat", "view": reg.view_of(token), "token": token, "seats": []})
        return self._freed_text(freed, "got up to watch") if freed else None

    def _rename(self, token: str | None, content: dict[str, Any]) -> str | None:
        seat = self.registry.seat_for(token, content.get("seat"))
        old = self.names[seat]
        new = self.registry.rename(seat, content.get("name"))
        return None if new == old else f"{old} is now called {new}."

    def _sat_text(self, seats: tuple[int, ...]) -> str:
        if len(seats) > 1:
            return "Two players share this keyboard: the table is theirs."
        return f"{self.names[seats[0]]} sits down at seat {seats[0] + 1}."

    def _freed_text(self, freed: tuple[int, ...], what: str) -> str:
        who = " and ".join(self.names[s] for s in freed)
        return f"{who} {what}: seat {' and '.join(str(s + 1) for s in freed)} is free."

    def expire(self) -> str | None:
        """Free the seats of views silent past the grace period (the widget's timer)."""
        freed = self.registry.expire(self.clock())
        return self._freed_text(freed, "went away") if freed else None

    # ------------------------------------------------------------ game messages
    def actor(self, content: dict[str, Any]) -> int:
        """The seat a game message acts for (SeatRefused: this view may not)."""
        return self.registry.seat_for(content.get("token"), content.get("seat"))

    def require_seated(self, content: dict[str, Any], what: str) -> None:
        """Refuse a control (pause, new game, ...) from a view that only watches."""
        self.registry.require_seated(content.get("token"), what)

    def view_of(self, content: dict[str, Any]) -> str | None:
        """The sending view's id, when its token is current."""
        return self.registry.view_of(content.get("token"))

    def vote_spit(self, game: Game, seat: int) -> bool:
        """Classic Spit!/End Round needs both seats: True once both have pressed it.

        A press when no spit is due is refused with the engine's reason."""
        if not game.is_legal(Action("spit")):
            try:
                game.spit()  # refused: raises the reason, changes nothing
            except IllegalMove as exc:
                raise IllegalMove(refusal_text(str(exc), self.names)) from None
        if seat in self.votes:
            other = self.names[1 - seat]
            raise IllegalMove(f"You have pressed Spit! already: waiting for {other}.")
        self.votes.append(seat)
        if len(self.votes) < len(SEATS):
            return False
        self.votes.clear()
        return True

    def table_changed(self) -> None:
        """Any action landed: earlier Spit! presses no longer stand."""
        self.votes.clear()

    # ----------------------------------------------------------------- state
    def pause_reason(self) -> str | None:
        """Why the game must wait for people, or None when both seats are held."""
        now = self.clock()
        reg = self.registry
        for s in SEATS:
            status = reg.status(s, now)
            if status == "free":
                return f"Waiting for a player to take seat {s + 1}."
            if status == "away":
                return f"Paused: {self.names[s]}'s view has gone quiet (seat {s + 1})."
        return None

    def name_log(self, shown: list[dict[str, Any]], game: Game) -> None:
        """The log's lines (the state's new events, or a whole log) told by name."""
        _named(shown, game, self.names)

    def decorate(self, state: dict[str, Any], game: Game, actions: list[dict[str, Any]],
                 paused_by: str | None) -> None:
        """Add the seats to the published state and tell everything by name."""
        names = self.names
        now = self.clock()
        seats = self.registry.public(now)
        for seat in seats:
            seat["stats"] = self.stats[seat["seat"]]
            seat["spit_pressed"] = seat["seat"] in self.votes
        state["mode"] = "human"
        state["opponent"] = "human"
        state["hot_seat"] = self.registry.hot_seat
        state["seats"] = seats
        state["spectators"] = self.registry.spectators
        state["heartbeat_ms"] = int(HEARTBEAT_S * 1000)
        state["actions"] = actions
        for p, player in enumerate(state["players"]):
            player["name"] = names[p]
        self.name_log(state["log_new"], game)
        if game.outcome is not None and state.get("outcome"):
            title, text = outcome_text(game.outcome, names)
            state["outcome"].update(title=title, text=text, names=list(names))
        if paused_by is not None and game.status != "game_over":
            state["status_text"] = paused_by
        elif not state["paused"] or game.status == "game_over":
            state["status_text"] = status_text(game, names, self.votes)


def _named(shown: list[dict[str, Any]], game: Game, names: Sequence[str]) -> None:
    by_seq = {e.seq: e for e in game.events[-2 * len(shown):]} if shown else {}
    for line in shown:
        event = by_seq.get(line["seq"])
        if event is not None:
            line["text"] = event_text(event, names, game.outcome)


def seat_actions(game: Game, player: int, *, active: bool, paused: bool,
                 votes: list[int]) -> dict[str, Any]:
    """What ``player`` may do now, in the shape of the state's ``you``."""
    rules = game.rules
    return {
        "plays": [[card, c] for card, c in game.legal_plays(player)] if active else [],
        "moves": [[card, s] for card, s in game.legal_moves_to_empty(player)] if active else [],
        "can_stuck": active and rules.declare_stuck and not game.stuck[player],
        "can_spit": active and rules.rounds and game.both_stuck() and player not in votes,
        "spit_label": "Spit!" if game.spit_cards_remain else "End Round",
        "slap": [] if paused else game.slappable(player),
    }
