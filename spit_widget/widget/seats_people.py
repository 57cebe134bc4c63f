"""People in seats (``SpitWidget(opponent="human")``): two people, one per
browser view, or both at one keyboard (``hot_seat=True``).

The :class:`~.seat_registry.SeatRegistry` keeps who holds which seat; this
answers the page's seat messages (sit, leave, take, stand, name), maps every
game message to the seat it acts for, collects the two presses a classic
Spit! needs, frees the seats of views silent too long (the session's tick,
on the pings' one clock), and adds the seats to the published state.
"""

from __future__ import annotations

import logging
import time
import warnings
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, cast

from ..engine import GAME_OVER, PLAYING, YOU, Action, Game, IllegalMove
from ..engine import narration as N
from . import voice as V
from .parsing import GAME_KINDS, Request, parse
from .protocol import SEAT_KINDS, SeatedOutcome, SeatedState, You
from .seat_registry import MAX_NAME, SEATS, SeatRefused, SeatRegistry, clean_name
from .seats import Host, Seats, player_of
from .view_state import situation

if TYPE_CHECKING:
    from ..computer import Match, Strategy
    from ..stats import GameResult, StatsStore
    from .protocol import State

log = logging.getLogger("spit_widget")

# Anyone may ask for the whole log or close the round's summary in their own view.
_ANYONE = ("sync", "end_interlude")


class PeopleSeats(Seats):
    """Seats, presses and names for a table of two people."""

    pinged_when_over = True  # the seats need their presence between games too

    def __init__(self, registry: SeatRegistry, host: Host,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.registry = registry
        self.clock = clock
        self._host = host
        self.votes: list[int] = []
        """Players who pressed Spit! (classic) since the table last changed."""
        self.stats: list[dict[str, Any] | None] = [None, None]

    # ------------------------------------------------------------ the interface
    @property
    def computer(self) -> str | Strategy | None:  # noqa: D102 (see Seats)
        return None

    @property
    def names(self) -> tuple[str, str]:  # noqa: D102
        return (self.registry.names[0], self.registry.names[1])

    @property
    def counts(self) -> bool:  # noqa: D102
        return True

    def public(self, match: Match) -> list[dict[str, Any]]:  # noqa: D102
        return [{**seat, "seat": seat["seat"] + 1}
                for seat in self.registry.public(self.clock())]

    def rename(self, seat: int, name: object) -> str:  # noqa: D102
        player = player_of(seat)
        cleaned = self.registry.rename(player, name)
        said = V.shortened(cleaned.text, MAX_NAME) if cleaned.shortened else None
        if said:
            warnings.warn(said, UserWarning, stacklevel=3)
        self._host.seats_changed(said)
        return cleaned.text

    def cell_player(self, seat: object, match: Match) -> int:  # noqa: D102
        return player_of(seat)  # a teacher's demo: any seat, whoever sits there

    def route(self, content: Any, game: Game, paused: bool) -> Request | None:  # noqa: D102
        if not isinstance(content, dict):
            return parse(content)  # refused with the reason
        kind = content.get("kind")
        if kind in SEAT_KINDS:
            text = self._control(content)
            self._host.seats_changed(text)
            return None
        content = self._rejoined(content)
        request = parse(content)
        token = content.get("token")
        if kind == "visibility":  # a watching tab's visibility pauses nothing
            return request if self.registry.seats_of(token) else None
        if kind in _ANYONE:
            return request
        if kind not in GAME_KINDS:
            self.registry.require_seated(token, request.kind)
            player = self._actor(content) if kind == "hint" else YOU
            return replace(request, player=player, view=self.registry.view_of(token))
        return self._game_request(request, content, game, paused)

    def _game_request(self, request: Request, content: dict[str, Any], game: Game,
                      paused: bool) -> Request | None:
        """A move, for the seat of the view that sent it (a Spit! waits for both)."""
        seat = self._actor(content)
        if not paused and request.kind == "spit" and not self._vote_spit(game, seat):
            return None
        action = request.action
        assert action is not None
        if action.player is not None:
            action = action._replace(player=seat)
        return replace(request, action=action, player=seat)

    def waiting(self) -> str | None:  # noqa: D102
        now = self.clock()
        for s in SEATS:
            status = self.registry.status(s, now)
            if status == "free":
                return V.waiting_for_seat(s)
            if status == "away":
                return V.gone_quiet(s, self.voice())
        return None

    def rivals(self) -> tuple[str, str] | None:  # noqa: D102
        first, second = (self.registry.holder(s) for s in SEATS)
        if first is None or second is None or first == second:  # a free seat, a hot seat
            return None
        return (first, second)

    def voice(self, you: int | None = None) -> N.Voice:
        """How sentences speak of the seats (``you``: the player addressed)."""
        return N.people(self.names, you)

    def decorate(self, state: State, game: Game, paused: bool) -> None:  # noqa: D102
        seated = cast(SeatedState, state)
        names = self.names
        active = game.status == PLAYING and not paused
        seats = self.registry.public(self.clock())
        for seat in seats:
            seat["stats"] = self.stats[seat["seat"]]
            seat["spit_pressed"] = seat["seat"] in self.votes
        seated["mode"] = "human"
        seated["table"] = self._host_table()
        seated["hot_seat"] = self.registry.hot_seat
        seated["seats"] = seats
        seated["spectators"] = self.registry.spectators
        seated["actions"] = [seat_actions(game, p, active=active, paused=paused,
                                          votes=self.votes) for p in SEATS]
        state["opponent"] = "human"
        for p, player in enumerate(state["players"]):
            player["name"] = names[p]
        voice = self.voice()
        self.name_log(cast(list[dict[str, Any]], state["log_new"]), game)
        outcome = state["outcome"]
        if game.outcome is not None and outcome:
            outcome["title"] = V.outcome_title(game.outcome.winner, voice)
            outcome["text"] = N.outcome_sentence(game.outcome, voice)
            cast(SeatedOutcome, outcome)["names"] = list(names)
        reason = self.waiting() if paused else None
        if reason is not None and game.status != GAME_OVER:
            state["status_text"] = reason
        elif not paused or game.status == GAME_OVER:
            now = situation(game, paused=paused, votes=tuple(self.votes))
            state["status_text"] = V.status_line(now, voice)
            seated["watching_text"] = V.watching_line(now, voice)
        seated.setdefault("watching_text", state["status_text"])

    def filed(self, result: GameResult) -> GameResult:  # noqa: D102
        # two people: no computer, no pace, no reaction times; the seats' names
        return replace(result, strategy="human", pace="", pace_mean=None, reactions=(),
                       names=self.names)

    def notice_extra(self, view: str | None, player: int) -> dict[str, Any]:  # noqa: D102
        return {"view": view, "seat": player}

    def read_stats(self, store: StatsStore, variant: str) -> None:  # noqa: D102
        for seat, name in enumerate(self.names):
            try:
                self.stats[seat] = dict(store.player_summary(name, variant).as_dict())
            except Exception as exc:  # stats must never stop the game
                log.warning("spit-widget could not read the stats: %s", exc)

    def table_changed(self) -> None:
        """Any action landed: earlier Spit! presses no longer stand."""
        self.votes.clear()

    def tick(self, now: float) -> str | None:  # noqa: D102
        freed = self.registry.expire(now)
        return V.freed(freed, "away", self.voice()) if freed else None

    def told(self, refusal: IllegalMove, player: int | None) -> str:  # noqa: D102
        return refusal.told(self.voice(player))

    def name_log(self, shown: list[dict[str, Any]], game: Game) -> None:  # noqa: D102
        voice = self.voice()
        by_seq = {e.seq: e for e in game.events[-2 * len(shown):]} if shown else {}
        for line in shown:
            event = by_seq.get(line["seq"])
            if event is not None:
                line["text"] = N.told(event, voice, game.outcome)

    # ------------------------------------------------------------- the host
    def _host_table(self) -> str:
        table: str = getattr(self._host, "table_id", "")
        return table

    # -------------------------------------------------------- seat messages
    def _control(self, content: dict[str, Any]) -> str | None:
        """Carry out one seat message; a sentence for every view, if any. Raises
        SeatRefused (a ValueError) with the reason; nothing has changed then."""
        return self.handlers()[content["kind"]](content.get("token"), content)

    def handlers(self) -> dict[str, Callable[[str | None, dict[str, Any]], str | None]]:
        """What each seat message does: one entry per kind of protocol.SEAT_KINDS."""
        return {"sit": self._sit, "leave": self._leave, "take": self._take,
                "stand": self._stand, "name": self._rename}

    def _sit(self, token: str | None, content: dict[str, Any]) -> str | None:
        before = self.registry.seats_of(token)
        sitting = self.registry.sit(content.get("view"), self.clock())  # type: ignore[arg-type]
        self._host.send_to_views(sitting.to_message())
        self._take_name(sitting.seats, content.get("name"))
        if sitting.seats and sitting.seats != before:
            return self._sat_text(sitting.seats)
        return None

    def _leave(self, token: str | None, _content: dict[str, Any]) -> str | None:
        freed = self.registry.leave(token, self.clock())
        return V.freed(freed, "left", self.voice()) if freed else None

    def _take(self, token: str | None, content: dict[str, Any]) -> str | None:
        sitting = self.registry.take(token, content.get("seat"), self.clock())  # type: ignore[arg-type]
        self._host.send_to_views(sitting.to_message())
        self._take_name(sitting.seats, content.get("name"))
        return self._sat_text(sitting.seats)

    def _take_name(self, seats: tuple[int, ...], name: object) -> None:
        """The name a page remembered, for the one seat it sat at; not when the
        other seat has it already (two tabs of one browser share what it
        remembers), and not when it cannot be a name (the seat keeps its own)."""
        if len(seats) != 1:
            return
        try:
            cleaned = clean_name(name)
        except ValueError:
            return
        if cleaned.text.casefold() != self.names[1 - seats[0]].casefold():
            self.registry.rename(seats[0], cleaned.text)

    def _stand(self, token: str | None, _content: dict[str, Any]) -> str | None:
        freed = self.registry.stand(token)
        self._host.send_to_views({"kind": "seat", "view": self.registry.view_of(token),
                                  "token": token, "seats": []})
        return V.freed(freed, "watch", self.voice()) if freed else None

    def _rename(self, token: str | None, content: dict[str, Any]) -> str | None:
        seat = self.registry.seat_for(token, content.get("seat"))
        old = self.names[seat]
        try:
            cleaned = self.registry.rename(seat, content.get("name"))
        except ValueError as exc:
            raise SeatRefused(str(exc)) from None
        said = None if cleaned.text == old else V.renamed(old, cleaned.text)
        if cleaned.shortened:
            said = f"{said or ''} {V.shortened(cleaned.text, MAX_NAME)}".strip()
        return said

    def rejoin(self, view: str) -> None:  # noqa: D102
        if self.registry.may_rejoin(view):
            sitting = self.registry.sit(view, self.clock())
            self._host.send_to_views(sitting.to_message())
            self._host.seats_changed(self._sat_text(sitting.seats) if sitting.seats else None)

    def _rejoined(self, content: dict[str, Any]) -> dict[str, Any]:
        """A message from a view the table forgot lately (silent past the grace
        period: a page stalled on a busy machine) sits it again first, as its own
        sit would when it hears the kernel again (its seats back if still free),
        and is then handled for it:
        a click is not refused for a silence the person could not help."""
        view = content.get("view")
        if self.registry.view_of(content.get("token")) is not None \
                or not self.registry.may_rejoin(view):
            return content
        sitting = self.registry.sit(view, self.clock())  # type: ignore[arg-type]
        self._host.send_to_views(sitting.to_message())
        self._host.seats_changed(self._sat_text(sitting.seats) if sitting.seats else None)
        return {**content, "token": sitting.token}

    def _sat_text(self, seats: tuple[int, ...]) -> str:
        return V.sat_down(seats, self.voice())

    # ------------------------------------------------------------ game messages
    def _actor(self, content: dict[str, Any]) -> int:
        return self.registry.seat_for(content.get("token"), content.get("seat"))

    def _vote_spit(self, game: Game, seat: int) -> bool:
        """Classic Spit!/End Round needs both seats: True once both have pressed it.
        A press when no spit is due is refused with the engine's reason."""
        if not game.is_legal(Action("spit")):
            try:
                game.spit()  # refused: raises the reason, changes nothing
            except IllegalMove as exc:
                raise IllegalMove(exc.told(self.voice(seat))) from None
        if seat in self.votes:
            raise IllegalMove(V.pressed_spit_already(seat, self.voice(seat)))
        self.votes.append(seat)
        if len(self.votes) < len(SEATS):
            return False
        self.votes.clear()
        return True


def seat_actions(game: Game, player: int, *, active: bool, paused: bool,
                 votes: list[int]) -> You:
    """What ``player`` may do now, in the shape of the state's ``you``."""
    rules = game.rules
    return {
        "plays": [[card, c] for card, c in game.legal_plays(player)] if active else [],
        "moves": [[card, s] for card, s in game.legal_moves_to_empty(player)] if active else [],
        "can_stuck": active and rules.declare_stuck and not game.stuck[player],
        "can_spit": active and rules.rounds and game.both_stuck() and player not in votes,
        "spit_label": "Spit!" if game.spit_cards_remain else "End Round",
        "slap": [] if paused else list(game.slappable(player)),
    }
