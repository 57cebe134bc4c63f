"""The missed moments of a review as a book of levels, for a table to play
them the way the course table plays its own (the widget never imports the
course: the review, which sits above it, makes the book).

A moment whose level cannot be made (its position one the course cannot set
up: :class:`~spit_widget.learn.Level` validates each as it validates the
course's) is left out, and said so in the log; the others keep their place.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from ..learn.coursebook import Book, Stage
from . import narration as N
from .moments import Moment

log = logging.getLogger("spit_widget")


def moments_book(moments: Sequence[Moment], variant: str) -> tuple[Book | None, dict[int, str]]:
    """A book of one stage holding each moment's level, and, for each moment's
    number (0 first) that has one, its level's id; no book when none has."""
    levels, ids = [], {}
    for n, moment in enumerate(moments):
        try:
            level = moment.level()
        except ValueError as exc:
            log.warning("spit-widget could not make moment %d a level: %s", n + 1, exc)
            continue
        ids[n] = level.id
        levels.append(level)
    if not levels:
        return None, ids
    stage = Stage("review", N.said(N.BOOK_TITLE), variant, tuple(lv.id for lv in levels),
                  track="review")
    return Book([stage], levels), ids
