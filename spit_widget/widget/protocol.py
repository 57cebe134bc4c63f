"""The page protocol, declared once: the state the kernel publishes, every
message the page sends, and the checks a message passes before it reaches
the engine.

The shapes are ``TypedDict`` s (``js/protocol.js`` declares the same shapes as
JSDoc typedefs, and a test holds the two lists of kinds together). The kernel
sends nothing but the synced ``state`` trait; see
``docs/protocol.md`` for what each field means to a player.

The page is not trusted: a message may be malformed, stale, or crafted.
:func:`parse` turns a raw message into a :class:`Request` or refuses it with a
sentence a player understands. It knows the message shapes, not the rules:
whether a well-formed play is legal is the engine's call.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, TypedDict, Union, get_args, get_type_hints

from ..engine import YOU, Action, EventKind, Status, Termination
from . import voice as V

# ------------------------------------------------------------ the state


class PaceOption(TypedDict):
    """One entry of the pace menu (the computer's paces are
    :class:`spit_widget.computer.Pace`; this is how the page lists one)."""

    name: str
    label: str


class StockSlot(TypedDict):
    """One of a player's five stock slots; ``top`` None when the slot is empty."""

    top: str | None
    count: int


class Player(TypedDict):
    """One side of the table (0 = you, at the bottom; 1 = the computer)."""

    name: str
    stock: list[StockSlot]
    spit_count: int
    cards_left: int
    stuck: bool


class CentrePile(TypedDict):
    """A centre pile, what it needs next, and who spat onto it."""

    top: str | None
    count: int
    needs: str
    owner: int | None


class You(TypedDict):
    """What the human may do now; empty lists while paused or over."""

    plays: list[list[str | int]]  # [card, centre] pairs; a card listed twice fits both
    moves: list[list[str | int]]  # classic: [card, empty slot] pairs
    can_stuck: bool
    can_spit: bool
    spit_label: str
    slap: list[int]


LogKind = EventKind
"""A log line's kind is its event's (the engine's ``EventKind``)."""


class LogEvent(TypedDict):
    """One line of the move log; a ``play`` carries card, centre and the stock pile it left."""

    seq: int
    kind: LogKind
    player: int | None
    text: str
    card: str | None
    centre: int | None
    pile: int | None


class OutcomeState(TypedDict):
    """How the game ended, for the end dialog."""

    termination: Termination
    winner: int | None
    cards_left: list[int]
    text: str
    title: str


class SeatedOutcome(OutcomeState, total=False):
    """The outcome at a two-person table: the end dialog names both players."""

    names: list[str]  # seat 1's name and seat 2's


NoticeKind = Literal["refused", "hint", "info", "error"]


class _NoticeBase(TypedDict):
    id: int | None
    seq: int
    text: str
    kind: NoticeKind


class RuleRef(TypedDict):
    """A rule a course's refusal or hint names: its id in ``learn.RULES`` and
    its name, for the page's link to read it (the course trait holds the text)."""

    id: str
    name: str


class Notice(_NoticeBase, total=False):
    """The kernel's word to the page: a refusal (with the message's ``id``), a
    hint (with the hinted card and centre), news, or an error."""

    card: str | None
    centre: int | None
    view: str | None  # two people: the view it is for (a refusal goes to the one who clicked)
    seat: int | None
    rule: RuleRef | None  # the course: the rule a refusal enforces or a hint is about


class StatsSummary(TypedDict, total=False):
    """This variant's record from the stats store."""

    games: int
    wins: int
    losses: int
    draws: int
    win_rate: float


class State(TypedDict):
    """The ``state`` trait: the whole table, and the log as it grows (see docs/protocol.md).

    ``log_new`` holds the events since the previous update (often none), for
    the page to append; with ``log_whole`` they are the whole log (a new game,
    or the answer to a :class:`SyncMessage`), and replace the page's. The full
    state a new or reconnecting page gets also holds the whole log, under
    ``log`` beside ``state``. ``log_seq`` is the ``seq`` of the newest event of
    the game's log (-1: none) and ``log_game`` numbers the game: a page whose
    log does not end there asks for all of it (a :class:`SyncMessage`).
    """

    variant: Literal["duel", "classic"]
    status: Status
    round: int
    paused: bool
    pace: str
    paces: list[PaceOption]
    four_colour: bool
    players: list[Player]
    centre: list[CentrePile]
    you: You
    status_text: str
    log_new: list[LogEvent]
    log_whole: bool
    log_seq: int
    log_game: int
    outcome: OutcomeState | None
    stats: StatsSummary
    message: Notice | None
    error: str | None
    opponent: str | None
    readonly: bool


LOG_LENGTH = 60  # the events a page keeps (and the most one update carries)

# --------------------------------------------------- page -> kernel messages


class _Message(TypedDict, total=False):
    id: int  # the page's number for the message; a refusal echoes it


class _PlayMessage(_Message):
    kind: Literal["play"]
    card: str
    centre: int


class PlayMessage(_PlayMessage, total=False):
    """Play a top card of your stock onto a centre pile. ``seen``: the top card
    of each centre pile as the view showed it at the click (None: empty), so a
    play refused because the pile was covered first is told so (widget/race.py)."""

    seen: list[str | None]


class StuckMessage(_Message):
    """Duel: declare that you cannot play."""

    kind: Literal["stuck"]


class SpitMessage(_Message):
    """Classic: spit (or end the round when no spit cards are left)."""

    kind: Literal["spit"]


class MoveMessage(_Message):
    """Classic: move a top card into an empty slot."""

    kind: Literal["move"]
    card: str
    slot: int


class SlapMessage(_Message):
    """Classic: slap a centre pile after you went out."""

    kind: Literal["slap"]
    centre: int


class PauseMessage(_Message):
    """Stop the computer."""

    kind: Literal["pause"]


class ResumeMessage(_Message):
    """Restart the computer."""

    kind: Literal["resume"]


class PaceMessage(_Message):
    """Change the computer's pace."""

    kind: Literal["pace"]
    pace: str


class NewGameMessage(_Message):
    """Play Again: a fresh deal."""

    kind: Literal["new_game"]


class VisibilityMessage(_Message):
    """The browser tab was hidden or shown (hidden pauses)."""

    kind: Literal["visibility"]
    hidden: bool


class HintMessage(_Message):
    """Ask for a hint; it comes back in ``state.message`` with kind ``hint``."""

    kind: Literal["hint"]


class SyncMessage(_Message):
    """The page's log does not match ``state.log_seq``: send the whole log."""

    kind: Literal["sync"]


class EndInterludeMessage(_Message):
    """The player closed the round's summary before its time was up: the
    computer, which waits for it, starts the new round now too."""

    kind: Literal["end_interlude"]


PageMessage = Union[  # noqa: UP007 (the members are read at run time below)
    PlayMessage, StuckMessage, SpitMessage, MoveMessage, SlapMessage, PauseMessage,
    ResumeMessage, PaceMessage, NewGameMessage, VisibilityMessage, HintMessage, SyncMessage,
    EndInterludeMessage,
]


# ------------------------------------- two people at one table (opponent="human")
# A page at a two-person table also sends these; every message of a seated
# page carries ``view``, ``token`` and, for a game message, ``seat``.

SeatStatus = Literal["free", "taken", "away"]
"""``free``: nobody holds it; ``taken``: held by a view heard from lately;
``away``: held by a view that has gone quiet (within the grace period)."""


class SitMessage(TypedDict, total=False):
    """Page -> kernel: ``sit`` (ask for a seat or to watch; ``view`` required)
    or ``heartbeat`` (still here). Every message of a seated page also carries
    ``view``, ``token`` and, for a game message, ``seat``."""

    kind: Literal["sit", "heartbeat"]
    view: str
    token: str | None
    name: str


class SeatControlMessage(TypedDict, total=False):
    """Page -> kernel: ``leave`` (this view is gone), ``take`` (a free ``seat``),
    ``stand`` (watch instead), ``name`` (rename the view's ``seat``)."""

    kind: Literal["leave", "take", "stand", "name"]
    view: str
    token: str | None
    seat: int
    name: str


class SeatMessage(TypedDict):
    """Kernel -> page (a custom message, to every view; the one named takes it):
    this view's token and the seats it holds (empty: it watches)."""

    kind: Literal["seat"]
    view: str | None
    token: str | None
    seats: list[int]


class _PublicSeatBase(TypedDict):
    seat: int
    name: str
    status: SeatStatus
    view: str | None


class PublicSeat(_PublicSeatBase, total=False):
    """One seat as every view sees it in ``state.seats`` (no token); the
    widget adds the seat's name's ``stats`` and whether it pressed Spit!."""

    stats: dict[str, int | float] | None
    spit_pressed: bool



class SeatedState(State, total=False):
    """The ``state`` of a two-person table: :class:`State` and who sits where."""

    mode: Literal["human"]
    table: str  # the widget's model id: a page keys its saved view ids by it
    hot_seat: bool
    seats: list[PublicSeat]
    spectators: int
    heartbeat_ms: int
    actions: list[You]  # each seat's own ``you``; a view draws its own at the bottom
    watching_text: str  # the status line as a spectator reads it (who is playing)


SeatPageMessage = Union[SitMessage, SeatControlMessage]  # noqa: UP007 (read at run time)


# ------------------------------------------------- the course (learn.show())
CourseRequest = Literal["open", "retry", "next", "map", "daily", "hint", "play_game"]
"""What the course bar's buttons (and keys) ask of the kernel."""


class CourseMessage(TypedDict, total=False):
    """Page -> kernel, at a course table (its lesson seats take it): ``do`` one
    of :data:`CourseRequest`; ``open`` names its ``level`` by id."""

    kind: Literal["course"]
    do: CourseRequest
    level: str


COURSE_REQUESTS: tuple[str, ...] = get_args(CourseRequest)


def _kind_of(shape: type) -> str:
    kind: str = get_args(get_type_hints(shape)["kind"])[0]
    return kind


SHAPES: dict[str, Any] = {_kind_of(shape): shape for shape in get_args(PageMessage)}
MESSAGE_KINDS = tuple(SHAPES)  # every kind the page may send, in the order declared
SEAT_KINDS = tuple(kind for shape in get_args(SeatPageMessage)
                   for kind in get_args(get_type_hints(shape)["kind"]))
"""The kinds only a page at a two-person table sends (handled by its seating)."""

# ------------------------------------------------------------ checking

MAX_ID = 2**53  # the largest integer a JavaScript number holds exactly


class BadMessage(ValueError):
    """A message from the page that cannot be acted on; ``str()`` says why."""


@dataclass(frozen=True)
class Request:
    """A checked message: a game action, or a control. The table's seats set
    ``player`` (whom it acts for) and ``view`` (who sent it) where that matters."""

    kind: str
    id: int | None = None
    action: Action | None = None
    pace: str | None = None
    hidden: bool | None = None
    seen: tuple[str | None, ...] | None = None
    player: int = YOU
    view: str | None = None


def message_id(content: Any) -> int | None:
    """The message's ``id`` if it is one the page could have chosen (a whole
    number from 0 to 2**53), else None: an id out of range is never echoed."""
    msg_id = content.get("id") if isinstance(content, dict) else None
    if type(msg_id) is int and 0 <= msg_id <= MAX_ID:
        return msg_id
    return None


def _card(value: Any, kind: str) -> str:
    if not isinstance(value, str) or len(value) > 8:
        raise BadMessage(V.names_no_card(kind, value))
    return value


def _small_int(what: str) -> Callable[[Any, str], int]:
    def check(value: Any, _kind: str) -> int:
        if type(value) is not int or not 0 <= value < 100:
            raise BadMessage(V.not_a_small_number(what, value))
        return value
    return check


def _pace(value: Any, _kind: str) -> str:
    if not isinstance(value, str) or len(value) > 40:
        raise BadMessage(V.pace_not_a_name(value))
    return value


def _seen(value: Any, kind: str) -> tuple[str | None, ...]:
    if not isinstance(value, list) or len(value) > 2 \
            or any(v is not None and not isinstance(v, str) for v in value):
        raise BadMessage(V.unreadable_seen(kind, value))
    return tuple(None if v is None else _card(v, kind) for v in value)


def _hidden(value: Any, _kind: str) -> bool:
    if not isinstance(value, bool):
        raise BadMessage(V.VISIBILITY_NOT_BOOLEAN)
    return value


# How each field is checked; a field of a message shape not listed here is a bug
# (a test holds the two together).
FIELDS: dict[str, Callable[[Any, str], Any]] = {
    "card": _card,
    "centre": _small_int("centre pile"),
    "slot": _small_int("slot"),
    "pace": _pace,
    "hidden": _hidden,
    "seen": _seen,
}

# The game kinds become an Action for the human; the fields are checked already.
ACTIONS: dict[str, Callable[[dict[str, Any]], Action]] = {
    "play": lambda f: Action("play", YOU, f["card"], f["centre"]),
    "stuck": lambda f: Action("stuck", YOU),
    "spit": lambda f: Action("spit"),
    "move": lambda f: Action("move", YOU, f["card"], f["slot"]),
    "slap": lambda f: Action("slap", YOU, None, f["centre"]),
}
GAME_KINDS = tuple(ACTIONS)  # the kinds that are moves in the game


def parse(content: Any) -> Request:
    """Check one message from the page; raise BadMessage saying what is wrong."""
    if not isinstance(content, dict):
        raise BadMessage(V.NOT_A_MESSAGE)
    kind = content.get("kind")
    if not isinstance(kind, str) or kind not in SHAPES:
        raise BadMessage(V.unknown_request(kind))
    fields: dict[str, Any] = {}
    for key in sorted(SHAPES[kind].__required_keys__ - {"kind"}):
        if key not in content:
            raise BadMessage(V.field_missing(kind, key))
        fields[key] = FIELDS[key](content[key], kind)
    for key in sorted(SHAPES[kind].__optional_keys__ - {"id"}):
        if content.get(key) is not None:
            fields[key] = FIELDS[key](content[key], kind)
    action = ACTIONS[kind](fields) if kind in ACTIONS else None
    return Request(kind, message_id(content), action, fields.get("pace"), fields.get("hidden"),
                   fields.get("seen"))
