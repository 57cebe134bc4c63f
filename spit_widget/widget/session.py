"""The game session of a table: the engine game in its match, the pause, the
log, the notices, the stats; everything a table does apart from being a widget.

:class:`~.table.SpitWidget` is the shell (traitlets, the page's messages,
display); it owns one :class:`Session` and hands it every action. The session
asks its :class:`~.seats.Seats` for what differs between kinds of table (the
match a new game is played in, whether its task runs, why the game waits for
people), so it never asks which kind of table it serves either. It tells the
shell that something shown changed through one callback, ``changed``, and
sends the pages its small messages (pings, acknowledgements) through ``send``.

While it handles one page message (:meth:`Session.batch`) every change is
gathered and the state published once, at the end.
"""

from __future__ import annotations

import asyncio
import logging
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Protocol, cast

from ..computer import Match
from ..computer.match import loop_running
from ..engine import GAME_OVER, PLAYING, Action, Event, Game, Hint, IllegalMove
from ..locale import preferred
from ..stats import StatsStore
from . import voice as V
from .connection import Connection
from .delivery import Ledger
from .log_feed import LogFeed, log_events
from .network import Pinger, RoundTrips
from .notices import Notices
from .pacing import Reactions
from .pauses import RESUME_ENDS, Pause, Pauses
from .protocol import (
    AckMessage,
    AdjustedState,
    HoldingPing,
    Notice,
    RecordMessage,
    State,
    StatsSummary,
)
from .scorebook import Scorebook
from .seats import Seats
from .view_state import Extras, build_state

log = logging.getLogger("spit_widget")


class Changed(Protocol):
    """The shell's publish: the state to every view (``whole``: even when it has
    not changed, for a page that may have missed the last one)."""

    def __call__(self, *, whole: bool = False) -> None:
        """Publish the state (``whole``: even when unchanged)."""


class Session:
    """One table's game, from deal to stats (see the module docstring)."""

    def __init__(  # noqa: PLR0913 (the table's options, passed on by name)
        self, seats: Seats, store: StatsStore, game: Game, *, counts: bool,
        pace: str | None, seed: int | None, readonly: bool = False,
        four_colour: bool = False, max_rounds: int | None = None,
        changed: Changed,
        send: Callable[[HoldingPing | AckMessage | RecordMessage], None] = lambda _m: None,
        trips: RoundTrips | None = None,
    ) -> None:
        self.seats = seats
        self.readonly = readonly
        self.four_colour = four_colour
        self.max_rounds = max_rounds
        self.variant = game.variant
        self.caption: str | None = None
        self.error: str | None = None
        self.book = Scorebook(store, self.variant, counts=counts)
        self.reactions = Reactions(store)
        self.notices = Notices()
        self.pauses = Pauses(self._stop)
        self.feed = LogFeed()
        self._publish = changed
        self.send = send
        """A small message to every view (a ping, an acknowledgement)."""
        self.page_language: Callable[[object], None] = lambda _code: None
        self.speaks: Callable[[], str] = preferred
        """The table's language now (:mod:`.speech` sets it: ``language=``, else the kernel's)."""
        """What the table does with the language a page says it speaks (:mod:`.speech`)."""
        self.ledger = Ledger()
        """Which numbered page actions were handled, and how (exactly once)."""
        self._batched = 0  # inside batch(): changes wait for its end
        self._dirty = False
        self._whole = False
        self._pinger: Pinger | None = None
        self._clicked = False  # the action landing now came from the page (a reaction)
        self._waited: float | None = None  # and how long the page timed it, if it did
        self.connection = Connection(trips)
        self.last_record: dict[str, Any] | None = None
        """The last game that finished on this table, as a timed record (for review)."""
        seats.read_stats(store, self.variant)
        self.match = self._new_match(game, pace, seed)

    @property
    def game(self) -> Game:
        """The live engine game."""
        return self.match.game

    # ------------------------------------------------------------- control
    def begin(self) -> None:
        """The table is ready: wait for the seats or start the computer."""
        self.follow_seats()
        self._start_computer()

    def start_pinging(self, loop: asyncio.AbstractEventLoop) -> None:
        """Ping the pages once a second on ``loop`` (a table shown in a page)."""
        self._pinger = Pinger(loop, self.tick)

    def clock(self) -> float:
        """Now, on the clock every presence figure of this table uses (the seats')."""
        return self.seats.clock()

    # ---------------------------------------------------------- publishing
    def changed(self, *, whole: bool = False) -> None:
        """Something shown changed: publish now, or at the end of the batch."""
        self._whole = self._whole or whole
        if self._batched:
            self._dirty = True
            return
        whole, self._whole = self._whole, False
        self._publish(whole=whole)

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Gather every change made inside into one publish, at the end."""
        self._batched += 1
        try:
            yield
        finally:
            self._batched -= 1
            if not self._batched and (self._dirty or self._whole):
                self._dirty = False
                self.changed()

    def resync(self) -> None:
        """A page has a gap (its log, or a silence): the whole log and state again."""
        self.feed.send_whole()
        self.changed(whole=True)

    # ------------------------------------------------------------ presence
    def tick(self, late: bool) -> None:
        """Once a second: judge who is still there (not when the loop was ``late``:
        the pages' echoes may be queued behind it), then ping the pages while a
        game is on, or while people sit at the table."""
        now = self.clock()
        game_on = self.game.status != GAME_OVER
        with self.batch():
            if late:
                self.connection.trips.excuse()
            else:
                freed = self.seats.tick(now)
                self._follow_connection(now, game_on)
                self.seats_changed(freed, quiet=True)
        if game_on or self.seats.pinged_when_over:
            # Holds only while play is on: a paused or finished game shows each change
            # at once (a page's hold lapses when the pings stop renewing it).
            rivals = self.seats.rivals() if game_on and not self.pauses else None
            self.send(self.connection.ping(now, len(self.game.history), rivals))

    def heard(self, view: str) -> None:
        """``view`` sent something: it is there. A page the game waited for is back,
        before its message is handled: a click it held through the outage is not
        refused for a silence its person could not help."""
        now = self.clock()
        self.connection.trips.heard(view, now)
        if self.connection.lost_since is None:
            if Pause.SEATS in self.pauses and self.follow_seats() and not self.pauses:
                self.play_on()
                self.changed()
            return
        seconds = self.connection.back(now, len(self.game.history))
        self.follow_seats()
        playing_on = not self.pauses
        self.say(V.connection_back(seconds, playing_on), "info")
        if playing_on:
            self.play_on()

    def echo(self, view: str, n: int) -> None:
        """``view`` echoed ping ``n``: its round trip is timed (published only when
        the pace note changes, so a page spends no frame on it)."""
        self.heard(view)
        self.seats.rejoin(view)  # a view forgotten in an outage sits again on its echo
        self.match.drawn()  # the table is on a page: its game's clock starts
        now = self.clock()
        self.connection.trips.echo(view, n, now, time.time())
        self.connection.even(self.seats.rivals())  # the next ping says the hold
        lag = self.connection.follow(now, computer=self.seats.computer is not None)
        self.match.lag = lag.lag
        self.reactions.meter.trip = lag.trip
        if lag.changed:
            self.changed()

    def network(self) -> dict[str, Any]:
        """``w.network`` (see :meth:`.connection.Connection.public`)."""
        return self.connection.public(self.clock(), self.match.lag)

    def waiting(self) -> str | None:
        """Why the game waits for people now (a seat free or away, or the only
        page gone), or None."""
        if self.connection.lost_since is not None:
            return V.said(V.PAUSED_NETWORK)
        return self.seats.waiting()

    def _follow_connection(self, now: float, game_on: bool) -> None:
        """Pause for a page that has gone (a computer to move, a game on)."""
        if (self.connection.lost_since is None and game_on and self.seats.runs(self.match)
                and self.connection.gone(now)):
            self.connection.went(now, len(self.game.history))
            self.follow_seats()
            self.say(V.said(V.PAUSED_NETWORK), "info")

    def set_pace(self, name: str) -> None:
        """The computer's pace by name, from now (ValueError: no such pace)."""
        self.match.pace = name
        self.reactions.follow_pace(self.match)
        self.changed()

    def pause(self) -> None:
        """A player's pause: the computer stops at once."""
        self.notices.clear()  # what was said before the pause is not about the pause
        self.pauses.add(Pause.PLAYER)
        self.changed()

    def resume(self) -> None:
        """Play on (once the seats are held)."""
        self.pauses.end(*RESUME_ENDS)
        self.follow_seats()
        self.error = None
        self.notices.clear()  # "paused", and any refusal of a click made while paused
        self.play_on()
        self.changed()

    def new_game(self, seed: int | None, variant: str | None) -> None:
        """Play Again: a fresh deal, nothing paused; it counts if the seats say so."""
        game = Game(variant or self.variant, seed=seed, max_rounds=self.max_rounds)
        self.pauses.clear()
        self.error = None
        self.deal(game, self.match.pace if variant is None else None, seed,
                  counts=self.seats.counts)

    def show(self, game: Game, caption: str | None = None) -> None:
        """Put ``game`` on the table in place of the current one (a replayed
        moment, a tutorial position): shown, not played, so it never counts;
        the pace stays when the variant does."""
        pace = self.match.pace if game.variant == self.game.variant else None
        self.deal(game, pace, None, counts=False, caption=caption)

    def restart(self, game: Game, caption: str | None = None) -> None:
        """Show ``game`` from its start with nothing paused (a lesson's level or
        deal, opened or retried; a moment of a review, under ``caption``)."""
        self.pauses.clear()
        self.show(game, caption)

    @property
    def store(self) -> StatsStore:
        """The stats store this table files its games in (and keeps their records)."""
        return self.book.store

    def halt(self) -> None:
        """Stop the match's task (the computer, a level's clock) without pausing
        the table: a lesson left for its map, where nothing is played."""
        self.match.pause()

    def deal(self, game: Game, pace: str | None, seed: int | None, *, counts: bool,
             caption: str | None = None) -> None:
        """Put ``game`` on the table in a new match (``counts``: into the stats)."""
        self.match.close()
        self.variant = game.variant
        self.match = self._new_match(game, pace, seed)
        self.caption = caption
        self.notices.clear()
        self.book.deal(game.variant, counts=counts)
        self.seats.table_changed()
        self.seats.read_stats(self.book.store, self.variant)
        lag = self.connection.follow(self.clock(), computer=self.seats.computer is not None)
        self.match.lag = lag.lag  # the new match waits out the same trip
        self.reactions.meter.trip = lag.trip
        self.follow_seats()
        self.play_on()
        self.changed()

    def act_from_page(self, action: Action, waited: float | None = None) -> None:
        """A click that is a move in the game: refused while read-only or paused.
        ``waited``: the reaction as the page timed it (seconds), for Match me."""
        if self.readonly:
            raise IllegalMove(V.said(V.READ_ONLY))
        if self.pauses:
            raise IllegalMove(self.pauses.refusal(self.waiting()))
        self._clicked = True  # only the page's clicks are the player's reactions
        self._waited = waited
        try:
            self.match.act(action)
        finally:
            self._clicked = False
            self._waited = None

    def tab_hidden(self, hidden: bool) -> None:
        """A hidden tab pauses the game; showing it again ends only that pause,
        never one a player chose."""
        if hidden and not self.pauses and self.game.status != GAME_OVER:
            self.pauses.add(Pause.HIDDEN)
            self.say(V.said(V.PAUSED_HIDDEN), "info")
        elif not hidden and Pause.HIDDEN in self.pauses:
            if self.pauses.end(Pause.HIDDEN):
                self.resume()
            self.changed()

    def seats_changed(self, text: str | None, *, quiet: bool) -> None:
        """Who sits where changed: pause or play on, and say ``text``."""
        changed = self.follow_seats()
        if not quiet:
            self.seats.read_stats(self.book.store, self.variant)
        if changed and not self.pauses:
            self.play_on()
        if text:
            self.say(text, "info")
        elif changed or not quiet:
            self.changed()

    def follow_seats(self) -> bool:
        """Wait while someone is missing (True when that changed). A tab hidden
        before its view went quiet never says it is shown again: the seats'
        reason takes the place of that one."""
        waiting = self.waiting() is not None and self.game.status != GAME_OVER
        if waiting:
            self.pauses.end(Pause.HIDDEN)
        return self.pauses.hold(Pause.SEATS, waiting)

    def hint(self, player: int, view: str | None = None) -> Hint:
        """A good move for ``player`` and why, shown in the views (only in
        ``view``, the asking one, where the seats say so)."""
        hint = self.game.hint(player)
        action = hint.action
        self.say(hint.text, "hint", card=action.card if action else None,
                 centre=action.target if action and action.kind == "play" else None,
                 **self.seats.notice_extra(view, player))
        return hint

    def say(self, text: str, kind: str, *, msg_id: int | None = None, **extra: Any) -> None:
        """Show ``text`` in the views (see :class:`.Notices`)."""
        self.notices.say(text, kind, self.game.round, msg_id, **extra)
        self.changed()

    def close(self) -> None:
        """Stop the pings and the match, and close the stats."""
        if self._pinger is not None:
            self._pinger.stop()
            self._pinger = None
        self.match.close()
        self.book.close()

    # --------------------------------------------------------- what is shown
    def state(self) -> State:
        """The ``state`` trait now, with the log's news in it."""
        paused = bool(self.pauses) or self.readonly
        extras = Extras(
            paused=paused, four_colour=self.four_colour,
            stats=cast(StatsSummary, self.book.summary),
            message=cast(Notice, self.notices.current), error=self.error,
            opponent=self.seats.opponent(self.match),
            readonly=self.readonly, caption=self.caption, log=self.feed.news(self.game))
        state = build_state(self.game, self.match, extras)
        self.seats.decorate(state, self.game, paused)
        matchme = self.reactions.describe()
        if self.caption is None and matchme and self.game.status == PLAYING and not self.pauses:
            state["status_text"] = f"{state['status_text']} · {matchme}"
        note = self.connection.note()
        if note:
            cast(AdjustedState, state)["pace_note"] = note
        return state

    def whole_log(self) -> list[dict[str, Any]]:
        """The whole move log, as this table's players read it."""
        shown = cast(list[dict[str, Any]], log_events(self.game))
        self.seats.name_log(shown, self.game)
        return shown

    # ------------------------------------------------------------ internals
    def _new_match(self, game: Game, pace: str | None, seed: int | None) -> Match:
        match = self.seats.new_match(game, pace, seed)
        match.on_events(self._on_events)
        match.on_error(self._on_computer_error)
        match.on_interrupted(self._on_computer_interrupted)
        match.on_thinking(self._on_thinking)
        match.page_quiet = lambda: self.connection.quiet(self.clock())
        self.reactions.new_game(match)
        return match

    def _start_computer(self) -> None:
        """Start the match's task on the kernel's loop (not in a plain script
        without a running loop: there ``step()`` moves the computer)."""
        if self.seats.runs(self.match) and not self.pauses and loop_running():
            self.match.start()

    def _stop(self) -> None:
        self.match.pause()
        self.reactions.pause()

    def play_on(self) -> None:
        """Time reactions from now and start the computer, unless a pause holds."""
        self.reactions.resume(self.match)
        self._start_computer()

    def _on_events(self, events: Sequence[Event]) -> None:
        self.seats.table_changed()
        self.reactions.landed(self.match, self._clicked, self._waited)
        self.notices.events_landed(events, self.game.round)
        if self.game.status == GAME_OVER:
            self.last_record = self.match.record()
            self.book.finish(self.match, self.reactions.samples, self.seats)
        self.changed()

    def _on_thinking(self, thinking: bool) -> None:
        if thinking:
            self.changed()

    def _on_computer_error(self, exc: BaseException) -> None:
        self.error = "".join(traceback.format_exception(exc))
        log.warning("The computer's strategy failed; the computer has stopped:\n%s", self.error)
        self.say(V.said(V.COMPUTER_FAILED), "error")

    def _on_computer_interrupted(self) -> None:
        """The loop cancelled the computer's task (an interrupt): say so, as a pause."""
        self.pauses.add(Pause.INTERRUPTED)
        self.say(V.said(V.COMPUTER_INTERRUPTED), "info")
