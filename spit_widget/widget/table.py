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

import asyncio
import enum
import logging
import os
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, cast

import anywidget
import traitlets

from ..computer import Match, Strategy
from ..computer.match import loop_running, running_loop
from ..computer.matchme import RESULT_WINDOW, SAMPLES_KEPT, MatchMe, ReactionMeter
from ..computer.pace import MATCH_ME
from ..engine import GAME_OVER, PLAYING, YOU, Action, Event, Game, Hint, IllegalMove
from ..stats import GameResult, PlayerStats, StatsStore
from .cells import replace_earlier_run_of_this_cell
from .log_feed import LogFeed, log_events
from .notices import outlived
from .protocol import (
    GAME_KINDS,
    SEAT_KINDS,
    BadMessage,
    Notice,
    Request,
    StatsSummary,
    message_id,
    parse,
)
from .race import race_of_message
from .seated import SeatedTable
from .seating import Seating
from .seats import AWAY_AFTER_S, GRACE_S, SeatRefused, SeatRegistry
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


class SpitWidget(SeatedTable, anywidget.AnyWidget):
    """Spit against the computer: ``SpitWidget()`` as the last line of a cell.

    ``variant`` is ``"duel"`` or ``"classic"``; ``opponent`` (alias ``ai``)
    says who plays seat 1: a built-in strategy name (``"random"``, ``"greedy"``,
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
        ai = _opponent(ai, opponent, hot_seat)
        self._seating: Seating | None = None
        if ai == "human" and not readonly:
            self._seating = Seating(
                SeatRegistry(names or ("Player 1", "Player 2"), hot_seat=hot_seat,
                             away_after=min(grace, AWAY_AFTER_S), grace=grace),
                self._send_seat)
            ai = None
        self._seat_paused = False
        self._seat_statuses: tuple[str, ...] = ()
        self._seat_timer: asyncio.TimerHandle | None = None
        self._ai = None if readonly else ai
        self._max_rounds = max_rounds
        self._four_colour = four_colour
        self._stats = stats if stats is not None else StatsStore()
        self._message: dict[str, Any] | None = None
        self._message_seq = 0
        self._message_round = 0  # the round the message was said in
        self._error: str | None = None
        self._paused = False
        self._auto_paused = False
        self._started_at = time.time()
        self._recorded = False
        # Only games the widget dealt against a computer, or between two people, count
        # in the stats: not a position passed in or shown (a tutorial), not a game with
        # no computer driven from Python (ai=None).
        self._counts = game is None and (self._ai is not None or self._seating is not None)
        self._meter = ReactionMeter()
        self._matchme: MatchMe | None = None
        self._clicked = False  # the action landing now came from the page (a reaction)
        self._stats_summary = self._read_stats()
        self._read_seat_stats()
        self._feed = LogFeed()
        self._match = self._make_match(game or Game(variant, seed=seed, max_rounds=max_rounds),
                                       pace, seed)
        self._home_loop = running_loop()
        self.on_msg(self._on_page_message)
        self._start_computer()
        self._seat_tick()
        self._publish()
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
        """True while the computer is stopped and your clicks are refused."""
        return self._paused

    @property
    def pace(self) -> str:
        """The computer's pace by name; set it to change the pace at once."""
        return self._match.pace

    @pace.setter
    def pace(self, name: str) -> None:
        self._match.pace = name
        self._start_match_me()
        self._publish()

    @property
    def stats(self) -> PlayerStats:
        """Your figures from the stats file: games, wins, your reaction times game
        by game, and ``.plot()`` of them over time."""
        return PlayerStats(self._stats, self._variant)

    @property
    def reaction_times(self) -> list[float]:
        """Every reaction time the computer drew this game, in seconds."""
        return self._match.reaction_times

    # --------------------------------------------------------------- control
    def pause(self) -> None:
        """Stop the computer at once; clicks are refused until ``resume()``."""
        self._paused = True
        self._auto_paused = False
        self._message = None  # what was said before the pause is not about the pause
        self._match.pause()
        self._meter.pause()
        self._publish()

    def resume(self) -> None:
        """Play on (on a two-person table: once both seats are held)."""
        self._paused = False
        self._auto_paused = False
        self._error = None
        if self._seating is not None:
            self._reconsider_seats()
        self._meter.update(self.game, time.monotonic())
        self._message = None  # "paused", and any refusal of a click made while paused
        self._start_computer()
        self._publish()

    def new_game(self, seed: int | None = None, variant: str | None = None) -> None:
        """Play Again: a fresh deal at once (the computer starts playing)."""
        pace: str | None = self._match.pace
        game = Game(variant or self._variant, seed=seed, max_rounds=self._max_rounds)
        self._match.close()
        if variant is not None:
            self._variant = variant
            pace = None
        self._match = self._make_match(game, pace, seed)
        self._paused = self._auto_paused = False
        self._error = None
        self._message = None
        self._recorded = False
        self._counts = self._ai is not None or self._seating is not None
        self._caption = None
        self._started_at = time.time()
        if self._seating is not None:
            self._seating.table_changed()
            self._read_seat_stats()
            self._reconsider_seats()
        self._start_computer()
        self._publish()

    def show(self, game: Game, caption: str | None = None) -> None:
        """Put ``game`` on the table in place of the current one (a replayed
        moment, a tutorial position); ``caption`` replaces the status line."""
        pace = self._match.pace if game.variant == self._match.game.variant else None
        self._match.close()
        self._variant = game.variant
        self._match = self._make_match(game, pace, None)
        self._caption = caption
        self._counts = False  # a shown game is not a game played
        self._message = None
        self._start_computer()
        self._publish()

    def close(self) -> None:
        """Stop the computer for good, close the stats and every view. A closed
        table takes no more messages (one already on its way is dropped)."""
        self._closed = True
        self.on_msg(self._on_page_message, remove=True)
        timer = self.__dict__.get("_seat_timer")
        if timer is not None:
            timer.cancel()
            self._seat_timer = None
        # A constructor refused on bad arguments leaves a half-made widget,
        # which ipywidgets still closes when it is collected.
        for part in ("_match", "_stats"):
            if part in self.__dict__:
                self.__dict__[part].close()
        layout = self.layout if self.comm is not None else None
        super().close()
        if layout is not None:
            layout.close()  # ipywidgets keeps a closed widget's Layout registered for good

    # ------------------------------------------------- playing from a cell
    def play(self, card: str, centre: int, seat: int = YOU) -> list[Event]:
        """Play a card of ``seat`` (player 0 unless told) from Python; raises
        IllegalMove with the reason. On a two-person table any seat may be
        played from a cell (a teacher's demo), whoever sits there."""
        return self._act(Action("play", self._cell_seat(seat), card, centre))

    def stuck(self, seat: int = YOU) -> list[Event]:
        """Declare ``seat`` stuck (duel)."""
        return self._act(Action("stuck", self._cell_seat(seat)))

    def spit(self) -> list[Event]:
        """Classic: spit (or end the round when no spit cards are left)."""
        return self._act(Action("spit"))

    def move(self, card: str, slot: int, seat: int = YOU) -> list[Event]:
        """Classic: move a card of ``seat`` into an empty slot."""
        return self._act(Action("move", self._cell_seat(seat), card, slot))

    def slap(self, centre: int, seat: int = YOU) -> list[Event]:
        """Classic: ``seat``, who went out, slaps a centre pile."""
        return self._act(Action("slap", self._cell_seat(seat), None, centre))

    def step(self) -> list[Event]:
        """The computer's next action now (pause first to step it one at a time)."""
        return self._match.step()

    def hint(self, seat: int = YOU, *, view: str | None = None) -> Hint:
        """A good move for ``seat`` and why; also shown in the view (only in
        ``view``, the asking one, on a two-person table)."""
        hint = self.game.hint(self._cell_seat(seat) if self._ai is None else YOU)
        action = hint.action
        extra: dict[str, Any] = {"view": view, "seat": seat} if self._seating is not None else {}
        self._say(hint.text, "hint", card=action.card if action else None,
                  centre=action.target if action and action.kind == "play" else None, **extra)
        return hint

    def _act(self, action: Action) -> list[Event]:
        return self._match.act(action)

    # ------------------------------------------------------------- internals
    def _make_match(self, game: Game, pace: str | None, seed: int | None) -> Match:
        match = Match(game, self._ai if self._ai is not None else "greedy", pace, seed=seed)
        match.on_events(self._on_events)
        match.on_error(self._on_computer_error)
        match.on_interrupted(self._on_computer_interrupted)
        match.on_thinking(self._on_thinking)
        self._meter = ReactionMeter()
        self._meter.update(game, time.monotonic())
        self._matchme = None
        if match.pace == MATCH_ME:
            self._start_match_me(match)
        return match

    def _start_match_me(self, match: Match | None = None) -> None:
        """Match me: the computer's speed from your measured reactions (past games'
        and this one's) and your recent Match me results; off at any other pace."""
        match = match or self._match
        if match.pace != MATCH_ME:
            self._matchme = None
            return
        variant = match.game.variant
        try:
            past = self._stats.reaction_samples(variant, SAMPLES_KEPT)
            history = self._stats.match_me_history(variant, RESULT_WINDOW)
        except Exception as exc:  # stats must never stop the game
            log.warning("spit-widget could not read the stats: %s", exc)
            past, history = [], []
        self._matchme = MatchMe(variant, past + self._meter.samples,
                                won=[won for won, _ in history],
                                previous=history[-1][1] if history else None)
        match.set_pace(self._matchme.pace())

    def _start_computer(self) -> None:
        """Start the computer's task on the kernel's loop (not in a plain script
        without a running loop: there ``step()`` moves the computer)."""
        if self._ai is not None and not self._paused and loop_running():
            self._match.start()

    def _on_events(self, events: Sequence[Event]) -> None:
        if self._seating is not None:
            self._seating.table_changed()
        sample = self._meter.update(self.game, time.monotonic(), count=self._clicked)
        if sample is not None and self._matchme is not None:
            self._matchme.observe(sample)
            self._match.set_pace(self._matchme.pace())
        if outlived(self._message, events, self.game.round != self._message_round):
            self._message = None
        if self.game.status == GAME_OVER and not self._recorded:
            self._record_result()
        self._publish()

    def _on_thinking(self, thinking: bool) -> None:
        if thinking:
            self._publish()

    def _on_computer_error(self, exc: BaseException) -> None:
        self._error = "".join(traceback.format_exception(exc))
        log.warning("The computer's strategy failed; the computer has stopped:\n%s", self._error)
        self._say("The computer's strategy failed and it has stopped; you can play on, "
                  "or press Resume to restart it.", "error")

    def _on_computer_interrupted(self) -> None:
        """The loop cancelled the computer's task (an interrupt): say so, as a pause."""
        self._paused = True
        self._auto_paused = False
        self._say("The computer was interrupted; press Resume to restart it.", "info")

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
        """Check and carry out one message. Nothing raised in here reaches the kernel."""
        if self._closed:
            return
        msg_id = message_id(content)
        view = content.get("view") if isinstance(content, dict) else None
        view = view if isinstance(view, str) and len(view) <= 64 else None
        try:
            if self._seating is not None and isinstance(content, dict) \
                    and content.get("kind") in SEAT_KINDS:
                self._seat_message(content)
            else:
                self._handle(parse(content), content)
        except (BadMessage, IllegalMove, SeatRefused) as exc:
            log.warning("spit-widget refused a message from the page: %s", exc)
            text = (isinstance(exc, IllegalMove) and self._race_text(content)) or str(exc)
            self._say(text, "refused", msg_id=msg_id, **({"view": view} if view else {}))
        except Exception:
            log.exception("spit-widget failed on a message from the page: %.200r", content)
            self._say("That click could not be handled; the game is unchanged.", "refused",
                      msg_id=msg_id, **({"view": view} if view else {}))

    def _race_text(self, content: Any) -> str | None:
        """A refused play that lost a race for its pile, told as such (race.py)."""
        if self._paused or self._readonly:
            return None  # the pause's or the read-only table's reason stands
        seating = self._seating
        try:
            player = seating.actor(content) if seating is not None else YOU
        except SeatRefused:
            return None
        names = seating.names if seating is not None else ("You", "The computer")
        return race_of_message(self.game, content, player, names)

    def _handle(self, request: Request, content: dict[str, Any]) -> None:
        """One checked message, through the table of handlers below the class."""
        if self._seating is not None and self._seated_control(request, content):
            return
        HANDLERS[request.kind](self, request)

    def _act_from_page(self, request: Request) -> None:
        """A click that is a move in the game: refused while read-only or paused."""
        assert request.action is not None
        if self._readonly:
            raise IllegalMove("This table only shows a game: it takes no moves.")
        if self._paused:
            reason = self._seating.pause_reason() if self._seating else None
            raise IllegalMove(reason or "The game is paused: press Resume to play on.")
        self._clicked = True  # only the page's clicks are the player's reactions
        try:
            self._match.act(request.action)
        finally:
            self._clicked = False

    def _pace_from_page(self, request: Request) -> None:
        try:
            self.pace = request.pace or ""
        except ValueError as exc:
            raise BadMessage(str(exc)) from None

    def _send_whole_log(self) -> None:
        """A page's log has a gap (it started late, or reconnected): send it all."""
        self._feed.send_whole()
        self._publish()

    def _on_visibility(self, hidden: bool) -> None:
        """A hidden tab pauses the game; showing it again resumes only a pause
        the tab itself caused, never one the player chose."""
        if hidden and not self._paused and self.game.status != GAME_OVER:
            self.pause()
            self._auto_paused = True
            self._say("Paused while the tab was hidden.", "info")
        elif not hidden and self._auto_paused:
            self.resume()

    def _say(self, text: str, kind: str, *, msg_id: int | None = None, **extra: Any) -> None:
        """Put a message in the view (``extra``: a hint's card and centre, the
        view and seat it is for)."""
        self._message_seq += 1
        self._message = {"id": msg_id, "seq": self._message_seq, "text": text, "kind": kind,
                         **extra}
        self._message_round = self.game.round
        self._publish()

    def _record_result(self) -> None:
        self._recorded = True
        if not self._counts:
            return
        game = self.game
        outcome = game.outcome
        assert outcome is not None
        result = GameResult(
            variant=game.variant, winner=outcome.winner, termination=outcome.termination,
            cards_left=outcome.cards_left, rounds=game.round,
            seconds=time.time() - self._started_at, finished_at=time.time(),
            strategy=self._match.strategy_name, pace=self._match.pace,
            pace_mean=self._match.pace_model.mean, reactions=tuple(self._meter.samples))
        if self._seating is not None:  # two people: no computer, no pace; the seats' names
            names = (self._seating.names[0], self._seating.names[1])
            result = replace(result, strategy="human", pace="", pace_mean=None, reactions=(),
                             names=names)
        try:
            self._stats.record(result)
        except Exception as exc:  # stats must never stop the game
            log.warning("spit-widget could not record the game in the stats: %s", exc)
        self._stats_summary = self._read_stats()
        self._read_seat_stats()

    def _read_stats(self) -> dict[str, Any]:
        try:
            return dict(self._stats.summary(self._variant).as_dict())
        except Exception as exc:
            log.warning("spit-widget could not read the stats: %s", exc)
            return {"games": 0, "wins": 0, "losses": 0, "draws": 0, "win_rate": 0.0}

    def _publish(self) -> None:
        """Send every view the state, with the log's new events in it (traitlets
        sends the trait only when it differs from the last one)."""
        extras = Extras(
            paused=self._paused or self._readonly, four_colour=self._four_colour,
            stats=cast(StatsSummary, self._stats_summary), message=cast(Notice, self._message),
            error=self._error,
            opponent=self._match.strategy_name if self._ai is not None else None,
            readonly=self._readonly, caption=self._caption, log=self._feed.news(self.game))
        state = cast(dict[str, Any], build_state(self.game, self._match, extras))
        if self._seating is not None:
            self._seat_state(state)
        if self._caption is None and self._matchme is not None and (
                self.game.status == PLAYING and not self._paused):
            state["status_text"] = f"{state['status_text']} · {self._matchme.describe()}"
        with self.hold_sync():
            self.state = state

    def get_state(self, key: Any = None, drop_defaults: bool = False) -> dict[str, Any]:
        """The widget's state for the page. The whole state (a new page, a
        reconnecting one, a saved notebook) carries the whole move log too,
        under ``log``; an update carries only the traits that changed."""
        state: dict[str, Any] = super().get_state(key, drop_defaults)
        if key is None and hasattr(self, "_match"):  # not while the comm opens in __init__
            log = cast(list[dict[str, Any]], log_events(self.game))
            if self._seating is not None:
                self._seating.name_log(log, self.game)
            state["log"] = log
        return state

    def __repr__(self) -> str:
        return f"<SpitWidget {self.game.variant} {self.game.status}>\n{self.game!r}"


# What each page message does: one entry per kind of protocol.MESSAGE_KINDS
# (the seat messages of a two-person table, protocol.SEAT_KINDS, go to its Seating).
HANDLERS: dict[str, Callable[[SpitWidget, Request], object]] = {
    **{kind: SpitWidget._act_from_page for kind in GAME_KINDS},
    "pause": lambda w, _r: w.pause(),
    "resume": lambda w, _r: w.resume(),
    "pace": SpitWidget._pace_from_page,
    "new_game": lambda w, _r: w.new_game(),
    "visibility": lambda w, r: w._on_visibility(bool(r.hidden)),
    "hint": lambda w, _r: w.hint(),
    "sync": lambda w, _r: w._send_whole_log(),
    "end_interlude": lambda w, _r: w._match.end_interlude(),
}
