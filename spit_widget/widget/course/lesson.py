"""A lesson: the course on a table, acting only through the table's session.

The lesson keeps where the learner is (:class:`.view.CourseView`: the map, a
level, the daily deal, a whole game) and does what the course bar asks:
open a level, **Retry**, **Next**, the map, the daily deal, a whole game, a
hint. It deals, says and publishes through the public methods of the table's
:class:`~..session.Session` only, and judges every action (a level solved or
failed, the daily deal over). Its seats (:class:`.seats.LessonSeats`) hand it
the page's course messages and ask it for the match of each new game.

The course's data (the book of levels, the progress store, today's deal)
comes from ``spit_widget.learn``, handed over by ``learn.show()``: the widget
never imports the course back, so the two layers make no circle.
"""

from __future__ import annotations

import functools
import json
import logging
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from ...computer.pace import PACES
from ...engine import GAME_OVER, Event, Game
from ...locale import language, preferred, speaking
from .. import voice as V
from ..parsing import BadMessage
from .from_games import FromYourGames
from .match import LevelMatch
from .view import CourseView, course_state, daily_line, level_line

T = TypeVar("T")
RECORD_FILE = "spit-record.json"
"""The name the page saves a record as: the one ``learn.hand_in`` writes beside a notebook."""

if TYPE_CHECKING:
    from ...computer import Match
    from ...learn import Daily, Level
    from ...learn.coursebook import Book
    from ..session import Session

log = logging.getLogger("spit_widget")

LESSON_COMPUTER = "expert"
"""The computer at the course's whole games and daily deal: honest and strong;
its pace, not its choices, makes it gentle."""


def _in_the_tables_language(act: Callable[..., T]) -> Callable[..., T]:
    """A lesson's action, called from the page or from a cell, says its sentences
    (the course bar's, what is announced) in the table's language (``language=``)."""
    @functools.wraps(act)
    def speak(self: Lesson, *args: Any, **kwargs: Any) -> T:
        session = getattr(self, "_session", None)
        with speaking(session.speaks() if session is not None else preferred()):
            return act(self, *args, **kwargs)
    return speak


class Progress(Protocol):
    """Where the stars and daily results last (``spit_widget.learn.progress``)."""

    def stars(self, path: Path | None = None) -> dict[str, int]:
        """The best stars per level id."""

    def record_stars(self, level_id: str, stars: int, path: Path | None = None) -> int:
        """Keep ``stars`` for ``level_id`` if better than before."""

    def record_daily(self, day: str, won: bool, margin: int, seconds: float,
                     path: Path | None = None) -> bool:
        """Keep the first result of ``day``'s daily deal."""

    def record_solution(self, level: Level, game: Game, path: Path | None = None) -> object:
        """Keep the moves that solved ``level`` (the record a pupil hands in)."""


class Lesson:
    """The course on one table: ``book`` (its levels in order), ``progress`` (kept
    in the stats file at ``store``), ``daily`` (today's deal) and ``show`` (puts
    the course bar's state on the page)."""

    _session: Session
    """The table's session, which the lesson acts through (:meth:`attach`)."""

    def __init__(self, book: Book | Callable[[], Book], progress: Progress,  # noqa: PLR0913
                 daily: Callable[[], Daily] | None, store: Path | None,
                 show: Callable[[dict[str, Any]], None], games: bool, *,
                 one_try: bool = False,
                 record: Callable[[str], dict[str, Any]] | None = None) -> None:
        # A function makes the book in the language spoken when it is called: the lesson
        # makes it again whenever the table's language changes (the same levels, by id).
        self._book_in = book if callable(book) else None
        self._book_language = language()
        made = book() if callable(book) else book
        self.view = CourseView(made, offers={"daily": daily is not None, "play_game": games,
                                             "download": record is not None})
        self._record = record
        self.one_try = one_try
        """A refused move fails the level (the review's moments: the play was there
        to be seen, and guessing card after card is no finding it)."""
        self.computer: str | None = None
        """Who plays seat 2 from the next deal: the computer, or None (a level's
        script; nobody on the map)."""
        self._progress = progress
        self._today = daily
        self._store = store
        self._show = show
        self._scripted: LevelMatch | None = None  # the level's match, while a level is dealt
        self._your_games = FromYourGames()
        self.view.stars = self._read_stars()

    def _in_the_language_spoken(self) -> None:
        """The book made again if the language changed since it was made (the
        table publishes in its language): the level on the table read from it."""
        if self._book_in is None or self._book_language == language():
            return
        self._book_language = language()
        book, level = self._book_in(), self.view.level
        self.view.book = book
        if level is not None:
            self.view.level = book.level(level.id)

    def attach(self, session: Session) -> None:
        """Act through ``session`` from now (the course table does this once it is made)."""
        self._session = session
        self._read_your_games()
        if self.view.from_games:
            session.changed()  # the table published its first state before this

    def _read_your_games(self) -> None:
        """The map's "from your games", when the map shows (kept until a game is stored)."""
        if self.view.screen == "map":
            self.view.from_games = self._your_games.rows(self._session.store, self.view.book)

    # ------------------------------------------------------------ where it is
    @property
    def level(self) -> Level | None:
        """The level on the table (None on the map or at the daily deal)."""
        level: Level | None = self.view.level
        return level

    @property
    def result(self) -> dict[str, Any] | None:
        """How the level on the table ended: stars and why, or the failure's sentence."""
        return self.view.result

    @property
    def screen(self) -> str:
        """``"map"``, ``"level"``, ``"daily"`` or ``"game"``."""
        return self.view.screen

    def level_on(self) -> Level | None:
        """The level being played now (None on the map, at a game or the daily deal)."""
        return self.level if self.view.screen == "level" else None

    # ------------------------------------------------------- what the bar asks
    @_in_the_tables_language
    def open_level(self, level_id: str) -> None:
        """Put the level ``level_id`` on the table, at its start (ValueError: no such level)."""
        level = self.view.book.level(level_id)
        self.view.start_level(level)
        self.computer = None  # the level's script plays seat 2
        self._session.restart(level.game())
        self._session.changed()
        self.view.say(level_line(self.view))
        self._session.changed()

    @_in_the_tables_language
    def retry(self) -> None:
        """The level (or the daily deal, or the game) again from its start."""
        view = self.view
        if view.screen == "game":
            self.play_game(self._session.game.variant)
        elif view.daily is not None:
            self.daily()
        elif view.level is not None:
            self.open_level(view.level.id)

    def again(self) -> None:
        """The table's **Play Again** at the course: Retry (nothing on the map)."""
        if self.view.screen != "map":
            self.retry()

    @_in_the_tables_language
    def next(self) -> None:
        """The next level of this stage's track; when the course's levels of one
        rule set end, a whole game of it at the slowest pace; when a track of
        puzzles ends, the map."""
        level = self.view.level
        if level is None:
            self.map()
            return
        book = self.view.book
        after = book.after(level.id)
        if self.view.game_next(level.id):
            self.play_game(level.variant)
        elif after is None:
            self.map()
        else:
            self.open_level(after)

    @_in_the_tables_language
    def play_game(self, variant: str = "duel") -> None:
        """A whole game against the computer at the slowest pace (Slow in the
        duel), as at any table: it counts in the stats, as a game played.
        ValueError when the course leaves whole games out."""
        if not self.view.offers["play_game"]:
            raise ValueError(V.said(V.COURSE_NO_GAMES))
        slowest = PACES[variant][0]
        self.view.start_game(variant, V.pace_name(slowest.label))
        self.computer = LESSON_COMPUTER
        self._session.new_game(None, variant)
        self._session.set_pace(slowest.name)
        self._session.changed()

    @_in_the_tables_language
    def map(self) -> None:
        """Back to the map; the level's clock stops."""
        self._session.halt()
        self.view.screen = "map"
        self._read_your_games()
        self.view.say(V.said(V.COURSE_MAP))
        self._session.changed()

    @_in_the_tables_language
    def daily(self) -> None:
        """Today's deal against the computer at Normal, the same for everyone today.
        ValueError when the course leaves the daily deal out."""
        if self._today is None:
            raise ValueError(V.said(V.COURSE_NO_DAILY))
        daily = self._today()
        self.view.start_daily(daily)
        self.computer = LESSON_COMPUTER
        self._session.restart(daily.game())
        self._session.changed()
        self._session.set_pace(daily.pace)
        self._session.changed()
        self.view.started = time.time()
        self.view.say(daily_line(daily))
        self._session.changed()

    @_in_the_tables_language
    def download(self, name: object) -> None:
        """The pupil's record for ``name`` (as typed) to the page, which saves it as a
        file (the static site has no folder beside a notebook to hand it in from).
        ValueError with a sentence for no name, or a course that keeps no record."""
        if self._record is None:
            raise ValueError(V.said(V.NO_RECORD_HERE))
        if not isinstance(name, str) or not name.strip():
            raise ValueError(V.said(V.NAME_FOR_RECORD))
        text = json.dumps(self._record(name), ensure_ascii=False, indent=1)
        self._session.send({"kind": "record", "name": RECORD_FILE, "text": text})
        self.view.say(V.record_downloaded(RECORD_FILE))
        self._session.changed()

    @_in_the_tables_language
    def hint(self) -> str:
        """The level's hint (its sentence, the card or pile lit on the table); at
        the daily deal or a game, the engine's hint as at any table. Returns
        the sentence said."""
        level = self.level_on()
        if level is None:
            return self._session.hint(0).text
        hint = level.hint
        if hint is None:
            self._session.say(V.said(V.LEVEL_NO_HINT), "hint")
            return V.said(V.LEVEL_NO_HINT)
        self.view.hint = hint
        self._session.say(hint.sentence, "hint", card=hint.card, centre=hint.pile,
                          rule=self.rule_ref(level.rules[0]))
        return hint.sentence

    def rule_ref(self, rule_id: str) -> dict[str, str]:
        """The rule ``rule_id`` as a notice names it, for the page's link to read
        it: its id and name (the course trait's ``rules`` hold its text)."""
        rule = self.view.book.rules.get(rule_id)
        return {"id": rule_id, "name": rule["name"] if rule else rule_id}

    def from_page(self, content: dict[str, Any]) -> None:
        """A course bar message, ``{"kind": "course", "do": ..., "level"?: id}``.
        BadMessage with the reason when it cannot be done; the course is then
        unchanged."""
        try:
            self._carry_out(content)
        except ValueError as exc:  # IllegalMove included: said as it is
            raise BadMessage(str(exc)) from None
        except Exception as exc:
            log.exception("spit-widget failed on a course message: %.200r", content)
            raise BadMessage(V.said(V.COURSE_FAILED)) from exc

    def _carry_out(self, content: dict[str, Any]) -> None:
        do = content.get("do")
        handler = self._actions().get(do) if isinstance(do, str) else None
        if handler is None:
            raise ValueError(f"Unknown course request {do!r:.30} from the page; it was ignored.")
        handler(content)

    def _actions(self) -> dict[str, Callable[[dict[str, Any]], object]]:
        """What each of the course bar's requests does: one entry per ``do``
        (protocol.CourseRequest)."""
        return {"open": self._open_from_page, "retry": lambda _c: self.retry(),
                "next": lambda _c: self.next(), "map": lambda _c: self.map(),
                "daily": lambda _c: self.daily(), "hint": lambda _c: self.hint(),
                "play_game": lambda _c: self.play_game(),
                "download": lambda c: self.download(c.get("name"))}

    def _open_from_page(self, content: dict[str, Any]) -> None:
        level_id = content.get("level")
        if not isinstance(level_id, str) or len(level_id) > 80:
            raise ValueError("That request names no level.")
        self.open_level(level_id)

    # ------------------------------------------------------- for its seats
    def new_match(self, game: Game) -> LevelMatch | None:
        """The level's match for ``game``, dealt now; None when seat 2 is the
        computer's (or nobody's)."""
        level = self.level_on() if self.computer is None else None
        if level is None:
            self._scripted = None
            return None
        timed = bool(level.opponent is not None and level.opponent.timed)
        self._scripted = LevelMatch(game, level, timed=timed,
                                    on_refused=self._refused if self.one_try else None)
        return self._scripted

    def runs(self, match: Match) -> bool:
        """A level's match runs its clock (:meth:`.match.LevelMatch.start` decides)."""
        return match is self._scripted

    def decorate(self, game: Game) -> None:
        """The course's part of the published state: the ``course`` trait,
        apart from ``state`` so that a play does not send the map again."""
        moves = self._scripted.moves if self._scripted is not None else 0
        self._in_the_language_spoken()
        self._show(course_state(self.view, moves))

    def judge(self, _events: Sequence[Event]) -> None:
        """After every action: is the level solved, or failed? Is the daily over?"""
        view = self.view
        if view.result is not None:
            return
        if self._scripted is not None and view.level is not None:
            self._judge_level(self._scripted, view.level)
        elif view.daily is not None and self._session.game.status == GAME_OVER:
            self._end_daily(view.daily)
        if view.result is not None:
            self._session.changed()

    # ------------------------------------------------------------- internals
    def _read_stars(self) -> dict[str, int]:
        try:
            return dict(self._progress.stars(self._store))
        except Exception as exc:  # progress must never stop the course
            log.warning("spit-widget could not read the course progress: %s", exc)
            return {}

    def _judge_level(self, match: LevelMatch, level: Level) -> None:
        game = self._session.game
        if level.solved(game):
            stars = int(level.stars(match.moves))
            try:
                self._progress.record_stars(level.id, stars, self._store)
            except Exception as exc:
                log.warning("spit-widget could not record the stars: %s", exc)
            try:  # the moves, for the record a pupil hands in (learn.hand_in)
                self._progress.record_solution(level, game, self._store)
            except Exception as exc:
                log.warning("spit-widget could not record the solution: %s", exc)
            self.view.stars = self._read_stars() or {**self.view.stars, level.id: stars}
            self.view.solved(stars, match.moves)
            match.closed_for = V.said(V.LEVEL_SOLVED)
        else:
            failure = level.failed(game)
            if failure is None and game.status == GAME_OVER:
                failure = V.said(V.LEVEL_GAME_ENDED)
            if failure is None:
                return
            self.view.failed(str(failure))
            match.closed_for = V.level_failed(str(failure))
        match.pause()

    def _refused(self, sentence: str) -> None:
        """A move the rules refused, at a lesson of one try: the level has failed."""
        match, level = self._scripted, self.view.level
        if match is None or level is None or self.view.result is not None:
            return
        self.view.failed(sentence)
        match.closed_for = V.level_failed(sentence)
        match.pause()
        self._session.changed()

    def _end_daily(self, daily: Daily) -> None:
        game = self._session.game
        outcome = game.outcome
        assert outcome is not None
        result = daily.result(game, time.time() - self.view.started)
        first = True
        try:  # the day's first result is kept; a later game of the same deal is not
            first = self._progress.record_daily(daily.day, result.won, result.margin,
                                                result.seconds, self._store)
        except Exception as exc:  # progress must never stop the course
            log.warning("spit-widget could not record the daily deal: %s", exc)
        self.view.daily_over(outcome, daily.share_line(result), bool(first))

    def where(self) -> str:
        """The level being played by id, or the screen (for a repr): the daily
        deal or the map, not the level played before it."""
        level = self.level_on()
        return level.id if level is not None else self.view.screen
