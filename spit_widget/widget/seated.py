"""The two-person side of :class:`~.table.SpitWidget`, as a mixin: seats from
Python (``w.seats``, ``w.rename``), page messages mapped to seats, presence
(pausing while a seat is free or its view has gone quiet) and the seats in the
published state. The people live in :class:`~.seating.Seating`; this is the
glue to the widget's game, match and pause.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from ..computer import Match
from ..computer.match import running_loop
from ..engine import GAME_OVER, PLAYING, YOU, Game, Hint, IllegalMove
from ..stats import StatsStore
from .protocol import GAME_KINDS, Request, SeatMessage
from .seat_text import refusal_text
from .seating import Seating, seat_actions

log = logging.getLogger("spit_widget")


class SeatedTable:
    """Seats for :class:`~.table.SpitWidget` (mixed in; see the module docstring)."""

    _seating: Seating | None
    _paused: bool
    _auto_paused: bool
    _seat_paused: bool
    _seat_statuses: tuple[str, ...]
    _seat_timer: asyncio.TimerHandle | None
    _stats: StatsStore
    _variant: str
    _match: Match
    _ai: Any
    _readonly: bool

    if TYPE_CHECKING:
        comm: Any

        @property
        def game(self) -> Game: ...  # noqa: D102 (the widget's own)
        def send(self, content: Any, buffers: Any = None) -> None: ...  # noqa: D102
        def _publish(self) -> None: ...
        def _say(self, text: str, kind: str, *, msg_id: Any = None, **extra: Any) -> None: ...
        def hint(self, seat: int = YOU, *, view: str | None = None) -> Hint: ...  # noqa: D102

    @property
    def seats(self) -> list[dict[str, Any]]:
        """Who sits where: one dict per seat (seat 0 is player 0) with its
        ``name``, ``status`` (``"taken"``, ``"away"``, ``"free"``; a computer's
        seat is ``"computer"``) and the ``view`` id holding it."""
        if self._seating is None:
            return [{"seat": 0, "name": "You", "status": "taken", "view": None},
                    {"seat": 1, "name": self._match.strategy_name if self._ai else None,
                     "status": "computer" if self._ai is not None else "free", "view": None}]
        return [dict(seat) for seat in self._seating.registry.public(self._seating.clock())]

    def rename(self, seat: int, name: str) -> str:
        """Name a seat of a two-person table (shown on both sides, kept in the stats)."""
        if self._seating is None:
            raise ValueError("Only a table of two people (opponent=\"human\") has named seats.")
        if seat not in (0, 1):
            raise ValueError(f"There is no seat {seat!r:.10}: the seats are 0 and 1.")
        new = self._seating.registry.rename(seat, name)
        self._read_seat_stats()
        self._publish()
        return new

    def _cell_seat(self, seat: object) -> int:
        if type(seat) is not int or seat not in (0, 1):
            raise IllegalMove(f"There is no seat {seat!r:.10}: the seats are 0 and 1.")
        if seat != YOU and self._ai is not None:
            raise IllegalMove(f"Seat 1 is the computer's ({self._match.strategy_name}): "
                              "step() moves it.")
        return seat

    def _seated_control(self, request: Request, content: dict[str, Any]) -> bool:
        """Two people: every message acts for the sender's seat. True when done here."""
        seating = self._seating
        assert seating is not None
        kind = request.kind
        if kind == "visibility":
            return not seating.registry.seats_of(content.get("token"))  # a spectator's tab
        if kind not in GAME_KINDS:
            # The whole log is for anyone who asks (a spectator too); closing
            # the round's summary early changes nothing between two people.
            if kind not in ("sync", "end_interlude"):
                seating.require_seated(content, {"pace": "change the pace",
                                                 "new_game": "deal again",
                                                 "hint": "ask for a hint"}.get(kind, kind))
            if kind == "hint":
                self.hint(seating.actor(content), view=seating.view_of(content))
                return True
            return False
        assert request.action is not None
        seat = seating.actor(content)
        if self._paused:
            return False  # refused with the pause's reason
        try:
            if kind == "spit" and not seating.vote_spit(self.game, seat):
                self._publish()
                return True
            self._match.act(request.action._replace(player=seat)
                            if request.action.player is not None else request.action)
        except IllegalMove as exc:
            raise IllegalMove(refusal_text(str(exc), seating.names)) from None
        return True

    def _seat_message(self, content: dict[str, Any]) -> None:
        """sit, heartbeat, leave, take, stand, name: see docs/protocol.md."""
        assert self._seating is not None
        text = self._seating.control(content)
        if content["kind"] == "name":
            self._read_seat_stats()
        changed = self._reconsider_seats()
        if text:
            self._say(text, "info")
        elif changed or content["kind"] != "heartbeat":
            self._publish()

    def _send_seat(self, message: SeatMessage) -> None:
        if self.comm is not None:
            self.send(message)

    def _seat_tick(self) -> None:
        """Once a second on a two-person table: notice views gone quiet (pause)
        and views gone for good (free their seats)."""
        if self._seating is None:
            return
        text = self._seating.expire()
        changed = self._reconsider_seats()
        if text:
            self._say(text, "info")
        elif changed:
            self._publish()
        loop = running_loop()
        if loop is not None and self.comm is not None:
            self._seat_timer = loop.call_later(1.0, self._seat_tick)

    def _reconsider_seats(self) -> bool:
        """Pause while a seat is free or its view has gone quiet; play on (unless
        a player paused) once both are held. True when anything shown changed."""
        seating = self._seating
        assert seating is not None
        reason = seating.pause_reason()
        statuses = tuple(s["status"] for s in seating.registry.public(seating.clock()))
        changed = statuses != self._seat_statuses
        self._seat_statuses = statuses
        if reason and (not self._paused or self._auto_paused) and self.game.status != GAME_OVER:
            self._paused = self._seat_paused = True
            self._auto_paused = False
            changed = True
        elif reason is None and self._seat_paused:
            self._seat_paused = self._paused = False
            changed = True
        return changed

    def _read_seat_stats(self) -> None:
        if self._seating is None:
            return
        for seat, name in enumerate(self._seating.names):
            try:
                self._seating.stats[seat] = dict(
                    self._stats.player_summary(name, self._variant).as_dict())
            except Exception as exc:
                log.warning("spit-widget could not read the stats: %s", exc)

    def _seat_state(self, state: dict[str, Any]) -> None:
        seating = self._seating
        assert seating is not None
        game = self.game
        paused = self._paused or self._readonly
        active = game.status == PLAYING and not paused
        actions = [seat_actions(game, p, active=active, paused=paused, votes=seating.votes)
                   for p in (0, 1)]
        reason = seating.pause_reason() if self._paused else None
        seating.decorate(state, game, actions, reason)
        state["table"] = getattr(self, "model_id", "")  # the page keys its view ids by it
