"""SpitWidget: the table in a notebook cell, wired to the engine and the match.

The widget holds no rules, and no game either: it is the shell (traitlets,
the page's messages, display) around one :class:`~.session.Session`, which
keeps the game in its match, the pause, the log and the stats. Clicks arrive
as messages, are checked by the table's seats and :mod:`.protocol`, and go
through the match like the computer's own actions; every change is published
as one ``state`` trait (built by :mod:`.view_state`) that every view of the
widget draws, in which the move log grows by its new events only.
A message from the page never raises into the kernel: a refusal comes back
as a sentence in the view and a warning in the log, and the game is untouched.
"""

from __future__ import annotations

import enum
import logging
from typing import TYPE_CHECKING, Any, cast

import anywidget
import traitlets

from ..computer import Match, Strategy
from ..computer.match import running_loop
from ..engine import Event, Game
from ..keywords import check_keywords, keywords_of
from ..locale import speaking
from ..stats import PlayerStats, StatsStore
from . import inbox
from . import voice as V
from .assets import MISSING_BUNDLE, bundle
from .cell_play import CellPlay
from .cells import replace_earlier_run_of_this_cell
from .deprecated import OldInboxNames
from .network import GONE_AFTER_S, RoundTrips
from .protocol import ReviewMomentState, ReviewPanelState, ViewMessage
from .reviewing import ReviewSeats
from .reviewing.panel import SEAT, THRESHOLD
from .seat_registry import GRACE_S, SeatRegistry
from .seats import Seats
from .seats_computer import ComputerSeats
from .seats_people import PeopleSeats
from .session import Session
from .speech import Speech

if TYPE_CHECKING:
    from ..review import Review

log = logging.getLogger("spit_widget")

SIZES = ("compact", "normal", "large")
"""The ``size=`` option: how big the cards may grow (the table still fits its output)."""

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
           names: tuple[str, str] | None, grace: float, readonly: bool,
           presence: RoundTrips) -> Seats:
    """The seats of a new table: people (``opponent="human"``) or a person
    against the computer, who may review each finished game at the table (a
    read-only table has no computer, no people and no review)."""
    if readonly:
        return ComputerSeats(None)
    if opponent == "human":
        registry = SeatRegistry(names or V.default_seat_names(host.speaks()), hot_seat=hot_seat,
                                away_after=min(grace, GONE_AFTER_S), grace=grace,
                                presence=presence)
        return PeopleSeats(registry, host)
    return ReviewSeats(ComputerSeats(opponent), host)


class SpitWidget(CellPlay, OldInboxNames, Speech, anywidget.AnyWidget):
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
    ``"large"`` to let the cards grow further on a big screen. ``seats``, a
    :class:`~.seats.Seats` of your own, takes the place of ``opponent`` (the
    course's table passes its lesson's seats: :mod:`.course`). ``language``
    ("fr", "es", "de", "en") overrides the page's language (:mod:`.speech`).
    """

    _esm = bundle("widget.js", MISSING_BUNDLE)
    _css = bundle("widget.css", "")  # esbuild writes it beside the bundle (js/styles.css)

    state = traitlets.Dict().tag(sync=True)
    review_panel = traitlets.Dict().tag(sync=True)
    """The review panel's summary and timeline (set when it opens; see :meth:`review`)."""
    review_moment = traitlets.Dict().tag(sync=True)
    """The moment chosen in the review panel: its sentence, the cards to light."""
    size = traitlets.Enum(SIZES).tag(sync=True)  # no default of its own: __init__'s size= is it
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
        seats: Seats | None = None,
        language: str | None = None,
        **kwargs: Any,
    ) -> None:
        check_keywords(  # pase="fast": a TypeError naming pace, not traitlets' hidden warning
            type(self).__name__, kwargs, keywords_of(type(self)), also=self.class_trait_names())
        if size not in SIZES:
            raise ValueError(f"size must be one of {', '.join(SIZES)}, not {size!r}")
        super().__init__(size="compact" if compact else size, language=language, **kwargs)
        presence = RoundTrips()  # the pings' record: the table's one presence clock
        self._seats = seats or _seats(self, _opponent(ai, opponent, hot_seat), hot_seat=hot_seat,
                                      names=names, grace=grace, readonly=readonly,
                                      presence=presence)
        self._session = Session(
            self._seats, stats if stats is not None else StatsStore(),
            game or Game(variant, seed=seed, max_rounds=max_rounds),
            counts=game is None and self._seats.counts, pace=pace, seed=seed,
            readonly=readonly, four_colour=four_colour, max_rounds=max_rounds,
            changed=self.publish, send=self.send_to_views, trips=presence)
        self._session.page_language, self._session.speaks = self.heard_page_language, self.speaks
        self._home_loop = running_loop()
        self.on_msg(self._on_page_message)
        self._session.begin()
        if self.comm is not None and self._home_loop is not None:
            self._session.start_pinging(self._home_loop)
        self.publish()
        replace_earlier_run_of_this_cell(self)

    # ------------------------------------------------------------ inspection
    @property
    def session(self) -> Session:
        """The session behind the table: its match, pauses, log and stats (read it freely)."""
        return self._session

    @property
    def game(self) -> Game:
        """The live engine (read it freely; act through the widget's methods)."""
        return self._session.game

    @property
    def match(self) -> Match:
        """The match: the computer's task and the pace it plays at."""
        return self._session.match

    def record(self) -> dict[str, Any]:
        """The game on the table as a record (``Game.record()``) with ``"times"``:
        each action's seconds since the deal, on the kernel's clock."""
        return self._session.match.record()

    def last_record(self) -> dict[str, Any] | None:
        """The last game finished on this table as a timed record (None until one has)."""
        return self._session.last_record

    def review(self, seat: int = SEAT, threshold: float = THRESHOLD) -> Review:
        """The last finished game read back (else the game on the table now): a
        :class:`spit_widget.review.Review`, drawn as a timeline in a cell. With
        the defaults it is the very review the table's **Review** panel shows."""
        from ..review import of  # the review reads the course: loaded when asked for

        return of(self._session.last_record or self, seat, threshold, store=self._session.store)

    @property
    def events(self) -> list[Event]:
        """Every event of the game so far (the page shows the newest sixty)."""
        return self._session.game.events

    @property
    def paused(self) -> bool:
        """True while the game waits (a player paused, a hidden tab, a free seat)."""
        return bool(self._session.pauses)

    @property
    def pace(self) -> str:
        """The computer's pace by name; set it to change the pace at once."""
        return self._session.match.pace

    @pace.setter
    def pace(self, name: str) -> None:
        self._session.set_pace(name)

    @property
    def stats(self) -> PlayerStats:
        """Your figures from the stats file: games, wins, your reaction times game
        by game, and ``.plot()`` of them over time."""
        return PlayerStats(self._session.book.store, self._session.variant)

    @property
    def reaction_times(self) -> list[float]:
        """Every reaction time the computer drew this game, in seconds."""
        return self._session.match.reaction_times

    @property
    def network(self) -> dict[str, Any]:
        """The page's round trip as the pings measure it: ``round_trip`` (seconds, the lower
        quartile of the last nine echoes; None before the first), its ``spread``, ``measured_at``,
        the computer's ``compensation``, each view's figures (``views``) and ``outages``."""
        return self._session.network()

    @property
    def seats(self) -> list[dict[str, Any]]:
        """Who sits where: one dict per seat, ``seat`` 1 and 2, with its ``name``, ``status``
        (``"taken"``, ``"away"``, ``"free"``, ``"computer"``) and the ``view`` holding it."""
        return self._seats.public(self._session.match)

    def rename(self, seat: int, name: str) -> str:
        """Name seat 1 or 2 of a two-person table (shown on both sides, kept in the stats);
        returns the name as shown. ValueError, with the reason, for what cannot be a name;
        one longer than 24 characters is shortened, and said so (a warning, every view)."""
        return self._seats.rename(seat, name)

    # --------------------------------------------------------------- control
    def pause(self) -> None:
        """Stop the computer at once; clicks are refused until ``resume()``."""
        self._session.pause()

    def resume(self) -> None:
        """Play on (on a two-person table: once both seats are held)."""
        self._session.resume()

    def new_game(self, seed: int | None = None, variant: str | None = None) -> None:
        """Play Again: a fresh deal at once (the computer starts playing)."""
        self._session.new_game(seed, variant)

    def show(self, game: Game, caption: str | None = None) -> None:
        """Put ``game`` on the table in place of the current one (a replayed
        moment, a tutorial position); ``caption`` replaces the status line."""
        self._session.show(game, caption)

    def close(self) -> None:
        """Stop the computer for good, close the stats and every view. A closed
        table takes no more messages (one already on its way is dropped)."""
        self._closed = True
        self.on_msg(self._on_page_message, remove=True)
        # A constructor refused on bad arguments leaves a half-made widget (closed when collected).
        for part in ("_seats", "_session"):
            if part in self.__dict__:
                self.__dict__[part].close()
        layout = self.layout if self.comm is not None else None
        super().close()
        if layout is not None:
            layout.close()  # ipywidgets keeps a closed widget's Layout registered for good

    # ------------------------------------------------------------ the seats' host
    def send_to_views(self, message: ViewMessage) -> None:
        """A custom message to every view (the seats answer a view this way)."""
        if self.comm is not None:
            self.send(message)

    def seats_changed(self, text: str | None, *, quiet: bool = False) -> None:
        """Who sits where changed: pause or play on, and say ``text`` to every view."""
        self._session.seats_changed(text, quiet=quiet)

    def show_review(self, panel: ReviewPanelState, moment: ReviewMomentState) -> None:
        """The review panel's two traits (traitlets sends each only when it changed)."""
        self.review_panel = cast(dict[str, Any], panel)
        self.review_moment = cast(dict[str, Any], moment)

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
            home.call_soon_threadsafe(self._on_page_message, _widget, content, _buffers)
        elif not self._closed:
            with speaking(self.speaks()):
                inbox.handle(self._session, content)

    def say(self, text: str, kind: str, *, msg_id: int | None = None, **extra: Any) -> None:
        """Show ``text`` in the views (``kind``: info, refused, hint; :class:`.Notices`)."""
        self._session.say(text, kind, msg_id=msg_id, **extra)

    def publish(self, *, whole: bool = False) -> None:
        """Send every view the state, with the log's new events in it (traitlets
        sends the trait only when it differs from the last one; ``whole``: send
        it anyway, to a page that may have missed the last one)."""
        self.speak_again()  # before the state: a table made or shown in a new language
        with self.hold_sync(), speaking(self.speaks()):
            self.state = cast(dict[str, Any], self._session.state())
        if whole and self.comm is not None:
            self.send_state("state")

    def get_state(self, key: Any = None, drop_defaults: bool = False) -> dict[str, Any]:
        """The widget's state for the page; the whole state (a new or reconnecting
        page, a saved notebook) carries the whole move log too, under ``log``."""
        state: dict[str, Any] = super().get_state(key, drop_defaults)
        if key is None and "_session" in self.__dict__:  # not while the comm opens in __init__
            state["log"] = self._session.whole_log()
        return state

    def __repr__(self) -> str:
        return f"<SpitWidget {self.game.variant} {self.game.status}>\n{self.game!r}"
