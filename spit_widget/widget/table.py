"""SpitWidget: the table in a notebook cell, wired to the engine and the match.

The widget holds no rules. Clicks arrive as messages, are checked by
:mod:`.protocol`, and go through the :class:`Match` like the computer's own
actions; every change is published as one ``state`` trait (built by
:mod:`.view_state`) that every view of the widget draws, in which the move
log grows by its new events only (:mod:`.log_feed`).
A message from the page never raises into the kernel: a refusal comes back
as a sentence in the view and a warning in the log, and the game is untouched.
"""

from __future__ import annotations

import enum
import logging
import os
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

import anywidget
import traitlets

from ..computer import Match, Strategy
from ..computer.match import loop_running, running_loop
from ..engine import GAME_OVER, PLAYING, Action, Event, Game, Hint, IllegalMove
from ..engine import narration as N
from ..stats import PlayerStats, StatsStore
from . import inbox
from .cells import replace_earlier_run_of_this_cell
from .log_feed import LogFeed, log_events
from .notices import Notices
from .pacing import Reactions
from .pauses import RESUME_ENDS, Pause, Pauses
from .protocol import Notice, Request, SeatMessage, StatsSummary
from .scorebook import Scorebook
from .seat_registry import AWAY_AFTER_S, GRACE_S, SeatRegistry
from .seats import Seats
from .seats_computer import ComputerSeats
from .seats_people import PeopleSeats
from .view_state import Extras, build_state

log = logging.getLogger("spit_widget")

SIZES = ("compact", "normal", "large")
"""The ``size=`` option: how big the cards may grow (the table still fits its output)."""

_STATIC = Path(__file__).parent.parent / "static"
_MISSING_BUNDLE = """
export default { render({ el }) {
  el.textContent = "spit-widget: the front end is not built. Run `npm install && npm run build`"
    + " in the project folder, or reinstall the package.";
} };
"""


class _Unset(enum.Enum):
    TOKEN = 0


_UNSET = _Unset.TOKEN


def _opponent(ai: str | Strategy | _Unset | None, opponent: str | Strategy | _Unset | None,
              hot_seat: bool) -> str | Strategy | None:
    """One name for who plays seat 1: ``opponent=``, or its older alias ``ai=``."""
    if ai is not _UNSET and opponent is not _UNSET and ai != opponent:
        raise TypeError(f"opponent={opponent!r:.40} and ai={ai!r:.40} disagree: give one "
                        "(ai= is the older name of opponent=).")
    chosen = opponent if opponent is not _UNSET else ai if ai is not _UNSET else "expert"
    if hot_seat and chosen != "human":
        raise ValueError("hot_seat=True seats two people at one keyboard: it needs "
                         "opponent=\"human\".")
    if isinstance(chosen, str) and chosen == "human":
        return "human"
    return chosen


def _seats(host: SpitWidget, opponent: str | Strategy | None, *, hot_seat: bool,
           names: tuple[str, str] | None, grace: float, readonly: bool) -> Seats:
    """The seats of a new table: people (``opponent="human"``) or a person
    against the computer (a read-only table has no computer and no people)."""
    if readonly:
        return ComputerSeats(None)
    if opponent == "human":
        registry = SeatRegistry(names or ("Player 1", "Player 2"), hot_seat=hot_seat,
                                away_after=min(grace, AWAY_AFTER_S), grace=grace)
        return PeopleSeats(registry, host)
    return ComputerSeats(opponent)


def _asset(path: Path) -> Path | str:
    """The file's text rather than its Path. Given a Path, anywidget ties every
    instance to a file-watch signal it never disconnects (manzt/anywidget#929),
    so no table could ever be freed, even closed. Hot reload (ANYWIDGET_HMR=1)
    still gets the Path."""
    if os.environ.get("ANYWIDGET_HMR") == "1":
        return path
    text = path.read_text(encoding="utf-8")
    return text if "\n" in text else text + "\n"  # one line would be taken for a file name


def _esm() -> Path | str:
    bundle = _STATIC / "widget.js"
    return _asset(bundle) if bundle.exists() else _MISSING_BUNDLE


def _css() -> Path | str:
    """The stylesheet esbuild writes beside the bundle (js/styles.css)."""
    css = _STATIC / "widget.css"
    return _asset(css) if css.exists() else ""


class SpitWidget(anywidget.AnyWidget):
    """Spit against the computer: ``SpitWidget()`` as the last line of a cell.

    ``variant`` is ``"duel"`` or ``"classic"``; ``opponent`` (alias ``ai``)
    says who plays seat 2: a built-in strategy name (``"random"``, ``"greedy"``,
    ``"expert"``), your own function from a View to an Action, ``"human"`` (two
    people, one per view: see :attr:`seats`; ``hot_seat=True`` seats both at
    one keyboard; ``names`` names the seats; a view silent for ``grace``
    seconds frees its seat), or None for no computer moves (you drive both
    sides from Python); ``game`` a position to start from (``Game.from_dict``).
    The table sizes itself to its output's width and the screen's height;
    ``size`` is ``"compact"`` (or ``compact=True``) for a smaller one still,
    ``"large"`` to let the cards grow further on a big screen.
    """

    _esm = _esm()
    _css = _css()

    state = traitlets.Dict().tag(sync=True)
    size = traitlets.Enum(SIZES, default_value="normal").tag(sync=True)
    _closed = False  # True once close() ran: page messages are dropped from then on

    def __init__(  # noqa: PLR0913 (the options a notebook user passes by name)
        self,
        variant: str = "duel",
        *,
        ai: str | Strategy | _Unset | None = _UNSET,
        opponent: str | Strategy | _Unset | None = _UNSET,
        hot_seat: bool = False,
        names: tuple[str, str] | None = None,
        grace: float = GRACE_S,
        pace: str | None = None,
        seed: int | None = None,
        max_rounds: int | None = None,
        four_colour: bool = False,
        game: Game | None = None,
        stats: StatsStore | None = None,
        readonly: bool = False,
        size: str = "normal",
        compact: bool = False,
        **kwargs: Any,
    ) -> None:
        if size not in SIZES:
            raise ValueError(f"size must be one of {', '.join(SIZES)}, not {size!r}")
        super().__init__(size="compact" if compact else size, **kwargs)
        self._variant = game.variant if game is not None else variant
        self._readonly = readonly
        self._caption: str | None = None
        self._seats = _seats(self, _opponent(ai, opponent, hot_seat), hot_seat=hot_seat,
                             names=names, grace=grace, readonly=readonly)
        self._max_rounds = max_rounds
        self._four_colour = four_colour
        store = stats if stats is not None else StatsStore()
        self._book = Scorebook(store, self._variant, counts=game is None and self._seats.counts)
        self._reactions = Reactions(store)
        self._notices = Notices()
        self._error: str | None = None
        self._pauses = Pauses(self._stop)
        self._clicked = False  # the action landing now came from the page (a reaction)
        self._seats.read_stats(store, self._variant)
        self._feed = LogFeed()
        self._match = self._make_match(game or Game(variant, seed=seed, max_rounds=max_rounds),
                                       pace, seed)
        self._home_loop = running_loop()
        self.on_msg(self._on_page_message)
        self._follow_seats()
        self._start_computer()
        if self.comm is not None:
            self._seats.start()
        self.publish()
        replace_earlier_run_of_this_cell(self)

    # ------------------------------------------------------------ inspection
    @property
    def game(self) -> Game:
        """The live engine (read it freely; act through the widget's methods)."""
        return self._match.game

    @property
    def match(self) -> Match:
        """The match: the computer's task and the pace it plays at."""
        return self._match

    @property
    def events(self) -> list[Event]:
        """Every event of the game so far (the page shows the newest sixty)."""
        return self._match.game.events

    @property
    def paused(self) -> bool:
        """True while the game waits (a player paused, a hidden tab, a free seat)."""
        return bool(self._pauses)

    @property
    def pace(self) -> str:
        """The computer's pace by name; set it to change the pace at once."""
        return self._match.pace

    @pace.setter
    def pace(self, name: str) -> None:
        self._match.pace = name
        self._reactions.follow_pace(self._match)
        self.publish()

    @property
    def stats(self) -> PlayerStats:
        """Your figures from the stats file: games, wins, your reaction times game
        by game, and ``.plot()`` of them over time."""
        return PlayerStats(self._book.store, self._variant)

    @property
    def reaction_times(self) -> list[float]:
        """Every reaction time the computer drew this game, in seconds."""
        return self._match.reaction_times

    @property
    def seats(self) -> list[dict[str, Any]]:
        """Who sits where: one dict per seat, ``seat`` 1 and 2, with its ``name``,
        ``status`` (``"taken"``, ``"away"``, ``"free"``; a computer's seat is
        ``"computer"``) and the ``view`` id holding it."""
        return self._seats.public(self._match)

    def rename(self, seat: int, name: str) -> str:
        """Name seat 1 or 2 of a two-person table (shown on both sides, kept in
        the stats); returns the name as shown. ValueError, with the reason, for
        what cannot be a name; a name longer than 24 characters is shortened,
        and said so (a warning, and in every view)."""
        return self._seats.rename(seat, name)

    # --------------------------------------------------------------- control
    def pause(self) -> None:
        """Stop the computer at once; clicks are refused until ``resume()``."""
        self._notices.clear()  # what was said before the pause is not about the pause
        self._pauses.add(Pause.PLAYER)
        self.publish()

    def resume(self) -> None:
        """Play on (on a two-person table: once both seats are held)."""
        self._pauses.end(*RESUME_ENDS)
        self._follow_seats()
        self._error = None
        self._notices.clear()  # "paused", and any refusal of a click made while paused
        self._play_on()
        self.publish()

    def new_game(self, seed: int | None = None, variant: str | None = None) -> None:
        """Play Again: a fresh deal at once (the computer starts playing)."""
        game = Game(variant or self._variant, seed=seed, max_rounds=self._max_rounds)
        self._pauses.clear()
        self._error = None
        self._deal(game, self._match.pace if variant is None else None, seed,
                   counts=self._seats.counts)

    def show(self, game: Game, caption: str | None = None) -> None:
        """Put ``game`` on the table in place of the current one (a replayed
        moment, a tutorial position); ``caption`` replaces the status line."""
        pace = self._match.pace if game.variant == self._match.game.variant else None
        self._deal(game, pace, None, counts=False, caption=caption)  # shown: not played

    def _deal(self, game: Game, pace: str | None, seed: int | None, *, counts: bool,
              caption: str | None = None) -> None:
        self._match.close()
        self._variant = game.variant
        self._match = self._make_match(game, pace, seed)
        self._caption = caption
        self._notices.clear()
        self._book.deal(game.variant, counts=counts)
        self._seats.table_changed()
        self._seats.read_stats(self._book.store, self._variant)
        self._follow_seats()
        self._play_on()
        self.publish()

    def close(self) -> None:
        """Stop the computer for good, close the stats and every view. A closed
        table takes no more messages (one already on its way is dropped)."""
        self._closed = True
        self.on_msg(self._on_page_message, remove=True)
        # A constructor refused on bad arguments leaves a half-made widget,
        # which ipywidgets still closes when it is collected.
        for part in ("_seats", "_match", "_book"):
            if part in self.__dict__:
                self.__dict__[part].close()
        layout = self.layout if self.comm is not None else None
        super().close()
        if layout is not None:
            layout.close()  # ipywidgets keeps a closed widget's Layout registered for good

    # ------------------------------------------------- playing from a cell
    def play(self, card: str, centre: int, seat: int = 1) -> list[Event]:
        """Play a card of ``seat`` (1 or 2; 1 unless told) from Python; raises
        IllegalMove with the reason. On a two-person table either seat may be
        played from a cell (a teacher's demo), whoever sits there."""
        return self._act(Action("play", self._cell(seat), card, centre))

    def stuck(self, seat: int = 1) -> list[Event]:
        """Declare ``seat`` stuck (duel)."""
        return self._act(Action("stuck", self._cell(seat)))

    def spit(self) -> list[Event]:
        """Classic: spit (or end the round when no spit cards are left)."""
        return self._act(Action("spit"))

    def move(self, card: str, slot: int, seat: int = 1) -> list[Event]:
        """Classic: move a card of ``seat`` into an empty slot."""
        return self._act(Action("move", self._cell(seat), card, slot))

    def slap(self, centre: int, seat: int = 1) -> list[Event]:
        """Classic: ``seat``, who went out, slaps a centre pile."""
        return self._act(Action("slap", self._cell(seat), None, centre))

    def step(self) -> list[Event]:
        """The computer's next action now (pause first to step it one at a time)."""
        return self._match.step()

    def hint(self, seat: int = 1, *, view: str | None = None) -> Hint:
        """A good move for ``seat`` and why; also shown in the view (only in
        ``view``, the asking one, on a two-person table)."""
        player = self._cell(seat)
        hint = self.game.hint(player)
        action = hint.action
        self.say(hint.text, "hint", card=action.card if action else None,
                  centre=action.target if action and action.kind == "play" else None,
                  **self._seats.notice_extra(view, player))
        return hint

    def _cell(self, seat: object) -> int:
        return self._seats.cell_player(seat, self._match)

    def _act(self, action: Action) -> list[Event]:
        return self._match.act(action)

    # ------------------------------------------------------------- internals
    def _make_match(self, game: Game, pace: str | None, seed: int | None) -> Match:
        computer = self._seats.computer
        match = Match(game, computer if computer is not None else "greedy", pace, seed=seed)
        match.on_events(self._on_events)
        match.on_error(self._on_computer_error)
        match.on_interrupted(self._on_computer_interrupted)
        match.on_thinking(self._on_thinking)
        self._reactions.new_game(match)
        return match

    def _start_computer(self) -> None:
        """Start the computer's task on the kernel's loop (not in a plain script
        without a running loop: there ``step()`` moves the computer)."""
        if self._seats.computer is not None and not self._pauses and loop_running():
            self._match.start()

    def _stop(self) -> None:
        self._match.pause()
        self._reactions.pause()

    def _play_on(self) -> None:
        """Time reactions from now and start the computer, unless a pause holds."""
        self._reactions.resume(self._match)
        self._start_computer()

    def _follow_seats(self) -> bool:
        """Wait while the seats say so (True when that changed). A tab hidden
        before its view went quiet never says it is shown again: the seats'
        reason takes the place of that one."""
        waiting = self._seats.waiting() is not None and self.game.status != GAME_OVER
        if waiting:
            self._pauses.end(Pause.HIDDEN)
        return self._pauses.hold(Pause.SEATS, waiting)

    def _on_events(self, events: Sequence[Event]) -> None:
        self._seats.table_changed()
        self._reactions.landed(self._match, self._clicked)
        self._notices.events_landed(events, self.game.round)
        if self.game.status == GAME_OVER:
            self._book.finish(self._match, self._reactions.samples, self._seats)
        self.publish()

    def _on_thinking(self, thinking: bool) -> None:
        if thinking:
            self.publish()

    def _on_computer_error(self, exc: BaseException) -> None:
        self._error = "".join(traceback.format_exception(exc))
        log.warning("The computer's strategy failed; the computer has stopped:\n%s", self._error)
        self.say(N.COMPUTER_FAILED, "error")

    def _on_computer_interrupted(self) -> None:
        """The loop cancelled the computer's task (an interrupt): say so, as a pause."""
        self._pauses.add(Pause.INTERRUPTED)
        self.say(N.COMPUTER_INTERRUPTED, "info")

    # ------------------------------------------------------------ the seats' host
    def send_to_views(self, message: SeatMessage) -> None:
        """A custom message to every view (the seats answer a view this way)."""
        if self.comm is not None:
            self.send(message)

    def seats_changed(self, text: str | None, *, quiet: bool = False) -> None:
        """Who sits where changed: pause or play on, and say ``text`` to every view."""
        changed = self._follow_seats()
        if not quiet:
            self._seats.read_stats(self._book.store, self._variant)
        if changed and not self._pauses:
            self._play_on()
        if text:
            self.say(text, "info")
        elif changed or not quiet:
            self.publish()

    @property
    def table_id(self) -> str:
        """The widget's model id (a page keys the view ids it keeps by it)."""
        return self.model_id if self.comm is not None else ""

    # ------------------------------------------------------------ the page
    def _on_page_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """Every click lands here first.

        JupyterLab may deliver widget messages on a kernel *subshell*: another
        thread with its own event loop. The game lives on the loop the widget
        was made on (the kernel's main loop), so a message that arrives
        elsewhere is handed over to that loop and handled there, in sequence
        with the computer's plays; nothing touches the game from two threads.
        """
        home = self._home_loop
        if home is not None and not home.is_closed() and running_loop() is not home:
            home.call_soon_threadsafe(self._handle_page_message, content)
        else:
            self._handle_page_message(content)

    def _handle_page_message(self, content: Any) -> None:
        if not self._closed:
            inbox.handle(self, self._seats, content)

    # ------------------------------------------- for the inbox (widget/inbox.py)
    def act_from_page(self, request: Request) -> None:
        """A click that is a move in the game: refused while read-only or paused."""
        assert request.action is not None
        if self._readonly:
            raise IllegalMove(N.READ_ONLY)
        if self._pauses:
            raise IllegalMove(self._pauses.refusal(self._seats.waiting()))
        self._clicked = True  # only the page's clicks are the player's reactions
        try:
            self._match.act(request.action)
        finally:
            self._clicked = False

    def send_whole_log(self) -> None:
        """A page's log has a gap (it started late, or reconnected): send it all."""
        self._feed.send_whole()
        self.publish()

    def tab_hidden(self, hidden: bool) -> None:
        """A hidden tab pauses the game; showing it again ends only that pause,
        never one a player chose."""
        if hidden and not self._pauses and self.game.status != GAME_OVER:
            self._pauses.add(Pause.HIDDEN)
            self.say(N.PAUSED_HIDDEN, "info")
        elif not hidden and Pause.HIDDEN in self._pauses:
            self.resume() if self._pauses.end(Pause.HIDDEN) else self.publish()

    def say(self, text: str, kind: str, *, msg_id: int | None = None, **extra: Any) -> None:
        """Show ``text`` in the views (see :class:`.Notices`)."""
        self._notices.say(text, kind, self.game.round, msg_id, **extra)
        self.publish()

    def publish(self) -> None:
        """Send every view the state, with the log's new events in it (traitlets
        sends the trait only when it differs from the last one)."""
        paused = self.paused or self._readonly
        extras = Extras(
            paused=paused, four_colour=self._four_colour,
            stats=cast(StatsSummary, self._book.summary),
            message=cast(Notice, self._notices.current),
            error=self._error,
            opponent=self._match.strategy_name if self._seats.computer is not None else None,
            readonly=self._readonly, caption=self._caption, log=self._feed.news(self.game))
        state = build_state(self.game, self._match, extras)
        self._seats.decorate(state, self.game, paused)
        matchme = self._reactions.describe()
        if self._caption is None and matchme and self.game.status == PLAYING and not self._pauses:
            state["status_text"] = f"{state['status_text']} · {matchme}"
        with self.hold_sync():
            self.state = cast(dict[str, Any], state)

    def get_state(self, key: Any = None, drop_defaults: bool = False) -> dict[str, Any]:
        """The widget's state for the page. The whole state (a new page, a
        reconnecting one, a saved notebook) carries the whole move log too,
        under ``log``; an update carries only the traits that changed."""
        state: dict[str, Any] = super().get_state(key, drop_defaults)
        if key is None and hasattr(self, "_match"):  # not while the comm opens in __init__
            log = cast(list[dict[str, Any]], log_events(self.game))
            self._seats.name_log(log, self.game)
            state["log"] = log
        return state

    def __repr__(self) -> str:
        return f"<SpitWidget {self.game.variant} {self.game.status}>\n{self.game!r}"
