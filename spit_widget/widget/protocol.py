"""The page protocol, declared once: the state the kernel publishes and every
message the page sends (``parsing`` checks a message against these shapes).

The shapes are ``TypedDict`` s (``js/protocol.js`` declares the same shapes as
JSDoc typedefs, and a test holds the two lists of kinds together). Besides the
synced ``state`` trait the kernel sends small custom messages (a ping, an
acknowledgement, a seat); see
``docs/protocol.md`` for what each field means to a player.

"""

from __future__ import annotations

from typing import Any, Literal, TypedDict, Union, get_args, get_type_hints

from ..engine import EventKind, Status, Termination

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


class AdjustedState(State, total=False):
    """The state while the computer is compensated for the person's network:
    the pace menu's note says so (absent otherwise, so a local table's updates
    carry not a byte more)."""

    pace_note: str


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
    play refused because the pile was covered first is told so (widget/race.py).
    ``waited``: milliseconds on the page's clock from the card showing playable
    to the click, the reaction Match me measures (no network trip in it)."""

    seen: list[str | None]
    waited: int


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


# ------------------------------------------------ the echo (widget/network.py)


class PingMessage(TypedDict):
    """Kernel -> page (a custom message, to every view), once a second while a
    game is on: each view echoes ``n`` at once, without drawing anything."""

    kind: Literal["ping"]
    n: int


class HoldingPing(PingMessage, total=False):
    """A ping while a view has a hold (:mod:`.holds`): ``holds``, the whole
    milliseconds by which each named view shows every state later (absent
    otherwise, so a ping is not a byte longer)."""

    holds: dict[str, int]


class EchoMessage(TypedDict):
    """Page -> kernel: the answer to ping ``n`` from ``view`` (each view's own id)."""

    kind: Literal["echo"]
    n: int
    view: str


# ----------------------------------------- exactly once (widget/delivery.py)
# Every action a page sends also carries ``view`` (its id), ``seq`` (its number,
# increasing per view) and ``base`` (the lowest number the page still holds);
# the kernel answers each with an ``ack`` and applies each number at most once.


class _AckBase(TypedDict):
    kind: Literal["ack"]
    view: str
    seq: int
    upto: int


class AckMessage(_AckBase, total=False):
    """Kernel -> page (a custom message, to every view; the one named takes it):
    action ``seq`` of ``view`` was handled (again, for a repeat), and every
    action of that view up to ``upto`` is settled; ``refused``, its sentence,
    when it was refused."""

    refused: str


ECHO_KIND = "echo"
"""Handled before everything else, and never published (no frame is spent on it)."""


class LanguageMessage(TypedDict):
    """Page -> kernel, once as a view is drawn: the language of the page around
    it (JupyterLab's, else the browser's, as ``"fr-FR"``); the table speaks it
    unless told otherwise (:mod:`.speech`). Handled before everything else."""

    kind: Literal["language"]
    language: str


LANGUAGE_KIND = "language"


# ------------------------------------- two people at one table (opponent="human")
# A page at a two-person table also sends these; every message of a seated
# page carries ``view``, ``token`` and, for a game message, ``seat``.

SeatStatus = Literal["free", "taken", "away"]
"""``free``: nobody holds it; ``taken``: held by a view heard from lately;
``away``: held by a view that has gone quiet (within the grace period)."""


class SitMessage(TypedDict, total=False):
    """Page -> kernel: ``sit`` (ask for a seat or to watch; ``view`` required;
    sent again when the kernel answers after a silence). Every message of a
    seated page also carries ``view``, ``token`` and, for a game message, ``seat``."""

    kind: Literal["sit"]
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
    actions: list[You]  # each seat's own ``you``; a view draws its own at the bottom
    watching_text: str  # the status line as a spectator reads it (who is playing)


SeatPageMessage = Union[SitMessage, SeatControlMessage]  # noqa: UP007 (read at run time)


# ------------------------------------------------- the course (learn.show())
CourseRequest = Literal["open", "retry", "next", "map", "daily", "hint", "play_game", "download"]
"""What the course bar's buttons (and keys) ask of the kernel."""


class CourseMessage(TypedDict, total=False):
    """Page -> kernel, at a course table (its lesson seats take it): ``do`` one
    of :data:`CourseRequest`; ``open`` names its ``level`` by id, ``download`` the
    pupil's ``name`` as typed."""

    kind: Literal["course"]
    do: CourseRequest
    level: str
    name: str


class RecordMessage(TypedDict):
    """Kernel -> page (a custom message) after a course's ``download``: the pupil's
    record as ``text`` (JSON), which the page saves as a file called ``name``."""

    kind: Literal["record"]
    name: str
    text: str


COURSE_REQUESTS: tuple[str, ...] = get_args(CourseRequest)


# -------------------------------------------- the review panel (end of a game)
ReviewRequest = Literal["open", "choose", "try", "next", "retry", "play_again"]
"""What the review panel's buttons (and keys) ask of the kernel."""


class ReviewMessage(TypedDict, total=False):
    """Page -> kernel, at a table against the computer (its review seats take
    it): ``do`` one of :data:`ReviewRequest`; ``choose`` names its ``moment``
    (0 is the first missed moment)."""

    kind: Literal["review"]
    do: ReviewRequest
    moment: int


REVIEW_REQUESTS: tuple[str, ...] = get_args(ReviewRequest)


class ReviewMark(TypedDict):
    """A missed moment on the timeline: its start ``t`` and length ``waited`` in
    seconds, its ``kind`` (``missed`` or ``late_stuck``) and its ``label``."""

    t: float
    waited: float
    kind: str
    label: str


class ReviewLegend(TypedDict):
    """One colour of the timeline in words: the ``kind`` of mark and its ``label``."""

    kind: str
    label: str


class ReviewPanelState(TypedDict, total=False):
    """The ``review_panel`` trait: ``offer`` (a finished game to review) while
    the panel is closed; set once when it opens, with the summary line, the
    timing ``note`` (None: known), the game's ``duration`` and the marks."""

    offer: bool
    open: bool
    summary: str
    note: str | None
    duration: float
    marks: list[ReviewMark]
    legend: list[ReviewLegend]


class ReviewResult(TypedDict):
    """How a try ended: ``solved`` or ``failed``, and the sentence to show."""

    kind: Literal["solved", "failed"]
    text: str


class ReviewMomentState(TypedDict, total=False):
    """The ``review_moment`` trait (empty while the panel is closed): the chosen
    moment's number, ``mode`` (``moment``: shown; ``level``: Try it), the plays
    to ``lit`` (card, centre pile) and whether Stuck is lit (a late Stuck), what
    may be done, how a try ended, and ``said``: the sentence to show (a new
    ``seq``: announce it)."""

    chosen: int
    mode: Literal["moment", "level"]
    lit: list[list[str | int]]
    stuck: bool
    can_try: bool
    has_next: bool
    result: ReviewResult | None
    said: dict[str, int | str]


def _kind_of(shape: type) -> str:
    kind: str = get_args(get_type_hints(shape)["kind"])[0]
    return kind


SHAPES: dict[str, Any] = {_kind_of(shape): shape for shape in get_args(PageMessage)}
MESSAGE_KINDS = tuple(SHAPES)  # every kind the page may send, in the order declared
SEAT_KINDS = tuple(kind for shape in get_args(SeatPageMessage)
                   for kind in get_args(get_type_hints(shape)["kind"]))
"""The kinds only a page at a two-person table sends (handled by its seating)."""


ViewMessage = SeatMessage | HoldingPing | AckMessage | RecordMessage
"""Every custom message the kernel sends its views (:meth:`~.table.SpitWidget.send_to_views`)."""
