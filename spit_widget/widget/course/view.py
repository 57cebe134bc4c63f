"""What the course bar shows, kept between actions and published as the
``course`` trait: the screen (map, level, daily deal), the map with stars, the
level on the table, how it ended, and the sentence to announce.

Every sentence the course bar says is put together here from the level's own
words (its goal, its ``why``, its failure) so the page draws and announces
text it never writes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .. import voice as V

if TYPE_CHECKING:  # the course's data: handed over by learn.show(), never imported here
    from ...engine import Outcome
    from ...learn.coursebook import Book


@dataclass
class CourseView:
    """The course bar's state (the lesson changes it; :func:`course_state` reads it)."""

    book: Book
    offers: dict[str, bool]
    """What the map offers besides the levels: the daily deal, a whole game."""
    screen: str = "map"
    level: Any = None
    daily: Any = None
    result: dict[str, Any] | None = None
    hint: Any = None
    stars: dict[str, int] = field(default_factory=dict)
    said: dict[str, Any] = field(default_factory=lambda: {"seq": 0, "text": ""})
    started: float = 0.0
    game: dict[str, str] = field(default_factory=dict)
    from_games: list[dict[str, Any]] = field(default_factory=list)
    """The map's "from your games": the rules you miss most (:mod:`.from_games`)."""

    def game_next(self, level_id: str) -> bool:
        """Does Next deal a whole game after ``level_id``? Where the book leads
        into one, unless the course leaves whole games out."""
        return self.offers["play_game"] and self.book.game_after(level_id)

    def say(self, text: str) -> None:
        """Announce ``text`` (a new seq, so the same words twice are said twice)."""
        self.said = {"seq": int(self.said["seq"]) + 1, "text": text}

    def start_level(self, level: Any) -> None:
        """``level`` goes on the table, not yet solved or hinted."""
        self.screen, self.level, self.daily = "level", level, None
        self.result = self.hint = None

    def start_game(self, variant: str, pace: str) -> None:
        """A whole game against the computer goes on the table, at ``pace`` (its label)."""
        self.screen, self.level, self.daily = "game", None, None
        self.result = self.hint = None
        goal = V.course_goal(variant)
        self.game = {"title": V.course_game_title(variant, pace), "goal": goal}
        self.say(V.course_game_start(variant, pace))

    def start_daily(self, daily: Any) -> None:
        """Today's deal goes on the table."""
        self.screen, self.daily = "daily", daily
        self.result = self.hint = None

    def solved(self, stars: int, moves: int) -> None:
        """The level is solved: the stars, its why, and where Next goes."""
        level = self.level
        self.result = {"kind": "solved", "stars": stars, "moves": moves, "par": level.par,
                       "par_words": V.par_words(level.par), "why": level.why}
        if self.game_next(level.id):
            more = V.NEXT_IS_A_GAME
        elif self.book.after(level.id):
            more = V.NEXT_GOES_ON
        else:
            more = V.NEXT_IS_THE_MAP
        self.say(V.level_solved(moves, stars, level.par, level.why, more))

    def failed(self, sentence: str) -> None:
        """The level failed: the level's sentence for why."""
        self.result = {"kind": "failed", "text": sentence}
        self.say(V.not_this_time(sentence))

    def daily_over(self, outcome: Outcome, share: str | None, first: bool) -> None:
        """The daily deal is over: who won, how, and the line to share; ``first``
        False for a practice game (the day already had its result, which is
        kept): then there is no line to share."""
        won = outcome.winner == 0
        title = V.said(V.DAILY_WON if won else V.DAILY_DRAW if outcome.winner is None
                       else V.DAILY_LOST)
        text = f"{outcome.text} {V.said(V.DAILY_FIRST_COUNTS if first else V.DAILY_PRACTICE)}"
        share = share if first else None
        self.result = {"kind": "daily", "won": won, "title": title, "text": text,
                       "share": share}
        self.say(V.daily_said(title, text, share))


def level_line(view: CourseView) -> str:
    """What is announced when a level opens: where it is, and its goal."""
    level = view.level
    section = view.book.stage_of(level.id)
    n, count = view.book.place(level.id)
    return V.level_opens(section.title, n, count, level.goal, level.par)


def daily_line(daily: Any) -> str:
    """What is announced when the daily deal starts."""
    return V.daily_opens(daily.day)


def _current(view: CourseView, moves: int) -> dict[str, Any] | None:
    level = view.level
    if level is None or view.screen != "level":
        return None
    n, count = view.book.place(level.id)
    return {"id": level.id, "goal": level.goal, "variant": level.variant,
            "section": view.book.stage_of(level.id).title, "n": n, "count": count,
            "par": level.par, "par_words": V.par_words(level.par), "moves": moves,
            "has_next": view.book.after(level.id) is not None,
            "game_next": view.game_next(level.id),
            "timed": bool(level.opponent is not None and level.opponent.timed)}


def _hint(view: CourseView) -> dict[str, Any] | None:
    hint = view.hint
    if hint is None:
        return None
    return {"text": hint.sentence, "card": hint.card, "pile": hint.pile}


def course_state(view: CourseView, moves: int) -> dict[str, Any]:
    """The ``course`` trait: everything the course bar and map draw."""
    return {
        "screen": view.screen,
        "sections": view.book.map(view.stars),
        "resume": view.book.first_unsolved(view.stars),
        "current": _current(view, moves),
        "result": view.result,
        "hint": _hint(view),
        "daily": None if view.daily is None else {"date": str(view.daily.day)},
        "game": view.game if view.screen == "game" else None,
        "said": view.said,
        "offers": dict(view.offers),
        "from_games": view.from_games,
        "rules": view.book.rules,
    }
