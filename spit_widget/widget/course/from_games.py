"""The course map's "from your games": the three rules behind the most missed
moments of your stored games (the last 50 the stats keep), each with the
course level that teaches it.

The review (:func:`spit_widget.review.most_missed`) reads the games back; it
is imported when the map first needs it (it reads the course, which the
widget never imports itself). Reading fifty games back takes a while, so the
rows are kept until a new game is stored; a store that cannot be read gives
none (the map never fails for the stats' sake).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from .. import voice as V

if TYPE_CHECKING:
    from ...learn.coursebook import Book
    from ...stats import StatsStore

log = logging.getLogger("spit_widget")

SHOWN = 3
"""How many rules the map shows."""


class FromYourGames:
    """The map's rows, worked out again only when a new game has been stored."""

    def __init__(self) -> None:
        self._key: object = None
        self._rows: list[dict[str, Any]] = []

    def rows(self, store: StatsStore, book: Book) -> list[dict[str, Any]]:
        """Each rule missed most: its ``name``, the ``text`` saying how often,
        and the ``level`` (id, None when this course has no such level) and its ``goal``."""
        try:
            newest = store.game_records(1)
            key = (newest[0].get("finished_at"), len(newest)) if newest else None
            if key == self._key:
                return self._rows
            from ...review import most_missed  # reads the course: loaded when first needed

            found = most_missed(SHOWN, store=store) if newest else []
        except Exception as exc:  # the map must never fail for the stats' sake
            log.warning("spit-widget could not read your games for the course map: %s", exc)
            return self._rows
        self._key = key
        self._rows = [{"rule": lesson.rule, "name": lesson.name,
                       "text": V.from_your_games(lesson.stored_games),
                       "level": lesson.level if _in(book, lesson.level) else None,
                       "goal": lesson.goal} for lesson in found]
        return self._rows


def _in(book: Book, level_id: str | None) -> bool:
    if level_id is None:
        return False
    try:
        book.level(level_id)
    except ValueError:
        return False
    return True
