"""The review panel of a table: the last game read back at the end of it.

The kernel computes the review (:mod:`spit_widget.review`) when the panel
opens, and sends the page only what it draws: the summary line and the
timeline's marks once (the ``review_panel`` trait), then the chosen moment's
sentence and the cards to light (``review_moment``); the position itself is
the table's own ``state``, as any shown game is. **Try it** plays the moment
as a course level through the course's own machinery: a
:class:`~..course.lesson.Lesson` over a book of the moments' levels, whose
:class:`~..course.seats.LessonSeats` take the table while the review holds it
(:mod:`.seats`), and whose :class:`~..course.match.LevelMatch` referees every
move. A moment gives one try: a card that does not fit ends it, and the answer
is lit (``Lesson(one_try=True)``).

``spit_widget.review`` (which reads the course) is imported inside the
functions that need it, so importing the table loads no course; so is the
course table's package, which imports the table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Protocol

from .. import voice as V
from ..parsing import BadMessage
from ..protocol import REVIEW_REQUESTS

if TYPE_CHECKING:
    from ...review import Moment, Review
    from ..course.lesson import Lesson
    from ..course.seats import LessonSeats
    from ..protocol import ReviewMark, ReviewMomentState, ReviewPanelState, ReviewResult, State
    from ..session import Session

SEAT = 1
"""The seat a table's panel reviews: the person at the page (seat 2 is the computer)."""
THRESHOLD = 2.0
"""Seconds a card must wait to make a missed moment (``review.of``'s default)."""


class ReviewHost(Protocol):
    """What the panel asks of its table."""

    @property
    def session(self) -> Session:
        """The table's game session (the panel deals and says through it)."""

    def show_review(self, panel: ReviewPanelState, moment: ReviewMomentState) -> None:
        """Set the two review traits (sent to the page only when they change)."""


class MomentProgress:
    """Stars of the moments tried at this table, kept for the session only: a
    moment is no course level, so the course's progress never sees them."""

    def __init__(self) -> None:
        self._stars: dict[str, int] = {}

    def stars(self, path: object = None) -> dict[str, int]:
        """The best stars per moment's level id."""
        return dict(self._stars)

    def record_stars(self, level_id: str, stars: int, path: object = None) -> int:
        """Keep ``stars`` if better than before."""
        self._stars[level_id] = max(stars, self._stars.get(level_id, 0))
        return self._stars[level_id]

    def record_daily(self, day: str, won: bool, margin: int, seconds: float,
                     path: object = None) -> bool:
        """No daily deal at a review (the protocol asks for it)."""
        return False

    def record_solution(self, level: object, game: object, path: object = None) -> None:
        """A moment's solution is not the course's: nothing to hand in."""


class ReviewPanel:
    """The panel's state and what its buttons do (see the module docstring)."""

    def __init__(self, host: ReviewHost) -> None:
        self._host = host
        self.open = False
        self.review: Review | None = None
        """The review shown (or the last one made), of :attr:`record`."""
        self.record: dict[str, Any] | None = None
        self.chosen: int | None = None
        self.lesson: Lesson | None = None
        self.seats: LessonSeats | None = None
        """The lesson's seats, which take the table while the panel holds it."""
        self._levels: dict[int, str] = {}  # moment number -> its level's id
        self._marks: list[ReviewMark] = []
        self._said: dict[str, int | str] = {"seq": 0, "text": ""}
        self._pace: str | None = None
        self.dealing = False
        """True while the panel itself deals (a game dealt otherwise closes it)."""

    # ------------------------------------------------------------ reading
    @property
    def session(self) -> Session:
        """The table's session."""
        return self._host.session

    def reviewed(self, record: dict[str, Any], seat: int = SEAT,
                 threshold: float = THRESHOLD) -> Review:
        """The review of ``record`` (the one already made, when it is this record's)."""
        from ...review import of  # loads the course: only when a review is asked for

        made = of(record, seat, threshold, store=self.session.store)  # the same one, asked again
        if seat == SEAT and threshold == THRESHOLD:
            self.record, self.review = record, made
        return made

    @property
    def moments(self) -> list[Moment]:
        """The missed moments of the review open (none while closed)."""
        return self.review.moments if self.open and self.review is not None else []

    def trying(self) -> bool:
        """Is a moment being played as a level (Try it)?"""
        return self.open and self.lesson is not None and self.lesson.level_on() is not None

    def playable(self) -> bool:
        """May the person play on the table now: a try on that has not ended?"""
        return self.trying() and self.lesson is not None and self.lesson.result is None

    def decorate(self, state: State) -> None:
        """While the review holds the table and no try is on (a moment shown to
        look at, or a try that ended), the table offers no move; after a try it
        says what the panel says, not "Your move"."""
        if not self.holds_table() or self.playable():
            return
        you = state["you"]
        you["plays"], you["moves"], you["slap"] = [], [], []
        you["can_stuck"] = you["can_spit"] = False
        if self.trying() and self.lesson is not None and self.lesson.result is not None:
            state["status_text"] = V.review_try_over(
                self.lesson.result["kind"] == "solved",
                self.chosen is not None and self.chosen + 1 < len(self.moments))

    def holds_table(self) -> bool:
        """Does the review hold the table (a moment shown or tried on it)?"""
        return self.open and self.seats is not None

    # ----------------------------------------------------------- the page
    def from_page(self, content: dict[str, Any]) -> None:
        """A review message, ``{"kind": "review", "do": ..., "moment"?: n}``.
        BadMessage with the reason when it cannot be done; nothing changes then."""
        do = content.get("do")
        if not isinstance(do, str) or do not in REVIEW_REQUESTS:
            raise BadMessage(V.review_unknown(do))
        if do != "open" and not self.open:
            raise BadMessage(V.said(V.REVIEW_NOT_OPEN))
        self._actions()[do](content)

    def _actions(self) -> dict[str, Callable[[dict[str, Any]], object]]:
        """What each of the panel's requests does: one entry per ``do``
        (protocol.ReviewRequest)."""
        return {"open": lambda _c: self.open_panel(),
                "choose": lambda c: self.choose(self._moment_of(c.get("moment"))),
                "try": lambda _c: self.try_it(), "next": lambda _c: self.next(),
                "retry": lambda _c: self.retry(), "play_again": lambda _c: self.play_again()}

    def _moment_of(self, value: object) -> int:
        count = len(self.moments)
        if type(value) is not int or not 0 <= value < count:
            raise BadMessage(V.review_no_moment(value, count))
        return value

    # ---------------------------------------------------------- the buttons
    def open_panel(self) -> None:
        """Open on the last finished game: its review, the first moment shown."""
        record = self.session.last_record
        if record is None:
            raise BadMessage(V.said(V.REVIEW_NOTHING))
        review = self.reviewed(record)
        self._pace = self.session.match.pace
        self.open, self.chosen = True, None
        self._marks = [_mark(review, m) for m in review.moments]
        self._make_lesson(review)
        if review.moments:
            self.choose(0, opening=True)
            return
        nothing = review.note or _no_moments(review)
        self._say(V.review_opens(0, THRESHOLD, nothing))

    def choose(self, n: int, *, opening: bool = False) -> None:
        """Show moment ``n`` on the table, its plays lit and why they fitted."""
        moment = self.moments[n]
        self.chosen = n
        session = self.session
        if self.lesson is not None and self.lesson.level_on() is not None:
            self.lesson.map()  # off the level: the lesson deals no level's match for a shown moment
        with self._deal():
            session.restart(moment.game(), V.review_caption(n + 1, len(self.moments), moment.t))
        text = self._moment_text(moment, n)
        if opening:
            assert self.review is not None
            text = f"{V.review_opens(len(self.moments), THRESHOLD, None)} {text}"
        self._say(text)

    def try_it(self, n: int | None = None) -> None:
        """Play moment ``n`` (the chosen one; the first, if none is) as a level."""
        if not self.moments:
            raise BadMessage(V.said(V.REVIEW_NO_MOMENTS))
        n = (0 if self.chosen is None else self.chosen) if n is None else n
        level_id = self._levels.get(n)
        if level_id is None or self.lesson is None:
            raise BadMessage(V.said(V.REVIEW_NO_LEVEL))
        self.chosen = n
        with self._deal():
            self.lesson.open_level(level_id)
        level = self.lesson.level
        assert level is not None
        self._say(V.review_trying(n + 1, len(self.moments), level.goal,
                                  self.moments[n].kind == "late_stuck"))

    def next(self) -> None:
        """The next moment, shown, or tried when one is being tried (and can be)."""
        if not self.moments:
            raise BadMessage(V.said(V.REVIEW_NO_MOMENTS))
        n = 0 if self.chosen is None else self.chosen + 1
        if n >= len(self.moments):
            raise BadMessage(V.said(V.REVIEW_LAST))
        if self.trying() and n in self._levels:
            self.try_it(n)
        else:
            self.choose(n)

    def retry(self) -> None:
        """The moment being tried, again from its start."""
        if not self.trying() or self.lesson is None:
            raise BadMessage(V.said(V.REVIEW_NOT_TRYING))
        self.try_it()

    def play_again(self) -> None:
        """Back to the table for a new game against the computer, at the pace it had."""
        pace = self._pace
        self.release()
        session = self.session
        session.new_game(None, None)
        if pace is not None and pace != session.match.pace:
            session.set_pace(pace)

    def hint(self) -> None:
        """H while a moment is shown: say it again (its plays are lit already)."""
        if self.chosen is not None and self.moments:
            self._say(self._moment_text(self.moments[self.chosen], self.chosen))

    def release(self) -> None:
        """Close the panel and give the table back (its seats, its last game)."""
        if not self.open:
            return
        self.open, self.chosen = False, None
        self.lesson = self.seats = None
        if self.record is not None:  # a moment tried to its end is no game of this table
            self.session.last_record = self.record

    # ------------------------------------------------------------ the traits
    def publish(self) -> None:
        """Hand the table the two traits as they stand."""
        self._host.show_review(self.panel_state(), self.moment_state())

    def panel_state(self) -> ReviewPanelState:
        """``review_panel``: the offer while closed; the summary and marks while open."""
        offer = self.session.last_record is not None
        if not self.open or self.review is None:
            return {"offer": offer}
        s = self.review.summary
        return {"offer": offer, "open": True,
                "summary": V.review_summary(s["plays"], s["missed"], s["late_stucks"],
                                            s["reaction_median"], s["longest_wait"]),
                "note": self.review.note, "duration": float(s["duration"] or 0.0),
                "marks": self._marks,
                "legend": [{"kind": kind, "label": V.legend(kind)} for kind
                           in V.REVIEW_LEGEND
                           if any(m["kind"] == kind for m in self._marks)]}

    def moment_state(self) -> ReviewMomentState:
        """``review_moment``: the chosen moment, what may be done, what to say."""
        if not self.open:
            return {}
        if self.chosen is None:
            return {"said": dict(self._said)}
        n = self.chosen
        moment = self.moments[n]
        result = self._result(moment)
        lit: list[list[str | int]] = [[card, centre] for card, centre in moment.plays]
        level = self.trying()
        shown = not level or (result is not None and result["kind"] == "failed")
        return {"chosen": n, "mode": "level" if level else "moment", "lit": lit if shown else [],
                "stuck": shown and moment.kind == "late_stuck",
                "can_try": n in self._levels, "has_next": n + 1 < len(self.moments),
                "result": result, "said": dict(self._said)}

    # ------------------------------------------------------------ internals
    @contextmanager
    def _deal(self) -> Iterator[None]:
        self.dealing = True
        try:
            yield
        finally:
            self.dealing = False

    def _say(self, text: str) -> None:
        self._said = {"seq": int(self._said["seq"]) + 1, "text": text}

    def _moment_text(self, moment: Moment, n: int) -> str:
        return V.review_moment(n + 1, len(self.moments), moment.t, moment.waited, moment.why,
                               moment.kind == "late_stuck")

    def _result(self, moment: Moment) -> ReviewResult | None:
        """How the try ended, once it has (said once, when it first shows)."""
        lesson = self.lesson
        result = lesson.result if lesson is not None and self.trying() else None
        if result is None:
            return None
        if result["kind"] == "solved":
            text = V.review_found(" ".join(moment.why), self.chosen is not None
                                  and self.chosen + 1 < len(self.moments))
        else:
            text = V.review_missed(str(result["text"]), moment.why)
        if self._said["text"] != text:
            self._say(text)
        return {"kind": "solved" if result["kind"] == "solved" else "failed", "text": text}

    def _make_lesson(self, review: Review) -> None:
        """The lesson that plays the moments: a book of their levels, made by
        the review (those that can be made; a level is validated as the course's are)."""
        from ...review.book import moments_book
        from ..course.lesson import Lesson  # (here: the course package loads the table)
        from ..course.seats import LessonSeats

        book, self._levels = moments_book(review.moments, review.summary["variant"])
        self.lesson = self.seats = None
        if book is None:
            return
        self.lesson = Lesson(book, MomentProgress(), None, None, show=lambda _course: None,
                             games=False, one_try=True)
        self.lesson.attach(self.session)
        self.seats = LessonSeats(self.lesson)


def _mark(review: Review, moment: Moment) -> ReviewMark:
    from ...review.narration import STUCK_LABEL, missed_mark, play_label, said

    tops = review.replayed.before(moment.index).centre_tops
    plays = ", ".join(play_label(card, tops[centre], centre) for card, centre in moment.plays)
    return {"t": round(moment.t, 3), "waited": round(moment.waited, 3), "kind": moment.kind,
            "label": missed_mark(moment.t, moment.waited, plays or said(STUCK_LABEL))}


def _no_moments(review: Review) -> str:
    from ...review.narration import no_moments

    return no_moments(review.threshold)
