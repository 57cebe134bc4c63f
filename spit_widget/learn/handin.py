"""Handing the course in: :func:`hand_in` writes the pupil's record beside the
notebook, and :class:`HandingIn` has the course table write it on every solved level.

On a hub the notebook's folder is the assignment's folder, which nbgrader's
collect step brings back whole, so the record goes there
(:data:`~.record.FILENAME`). The solved levels come from the progress store
(:func:`~.progress.record_solution` keeps the moves of each), the games'
summaries from the review of the stored games.

nbgrader's autograde runs the pupil's notebook again on the teacher's side (it
says so in ``NBGRADER_EXECUTION``); a hand-in cell run there must not replace
the pupil's record with the grader's own progress, so there it reads and keeps
the file as handed in.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import class_voice as N
from . import progress
from .record import FILENAME, RecordError, load, make, stamp, write

if TYPE_CHECKING:
    from ..engine import Game
    from .level import Level

log = logging.getLogger("spit_widget")


def grading() -> bool:
    """Is nbgrader running this notebook (autograde or validate), not the pupil?"""
    return bool(os.environ.get("NBGRADER_EXECUTION"))


def solved_levels(store: Path | None = None) -> list[dict[str, Any]]:
    """The record's levels: each kept solution with its level's fingerprint and when."""
    return [{"id": level_id, "fingerprint": print_, "moves": moves, "at": stamp(at)}
            for level_id, print_, moves, at in progress.solutions(store)]


def _games(store: Path | None) -> list[dict[str, Any]]:
    # The one edge from the course up to the review (declared in tests/test_layers.py):
    # the review reads the stored games and makes course levels, so it sits above the
    # course; it is imported here, when a pupil hands in, never when the course loads.
    from ..review.review import game_summaries
    from ..stats import StatsStore

    games = game_summaries(StatsStore(store) if store is not None else None)
    return [{**g, "finished_at": stamp(g["finished_at"]) if g["finished_at"] else None}
            for g in games]


def _name(name: object) -> str:
    if not isinstance(name, str) or not name.strip():
        raise ValueError(N.said(N.NAME_NEEDED))
    return name.strip()[:100]


def record_of(name: str, *, games: bool = True, store: Path | None = None) -> dict[str, Any]:
    """The pupil's record as :func:`hand_in` writes it, not written: what the course's
    **Download my work** gives the page (the static site has no folder to hand in)."""
    return make(_name(name), solved_levels(store), _games(store) if games else [])


def hand_in(name: str, path: str | Path = FILENAME, *, games: bool = True,
            store: Path | None = None) -> Path:
    """Write the pupil's record to ``path`` (``spit-record.json`` beside the
    notebook): ``name`` as typed, each solved level's id, fingerprint, moves and
    time, and (``games=True``) each stored game's review summary with its missed
    moments by rule; returns the path. ``store`` is the stats file (the pupil's
    own by default). ValueError with a sentence when no name is typed. While
    nbgrader grades the notebook nothing is written: the file is read as handed in."""
    target = Path(path)
    if grading():  # the grader's own progress is not the pupil's: the file stays as handed in
        there = target.exists()
        print(N.handed_in_already(str(target)) if there else N.nothing_handed_in(str(target)))
        return target
    return write(record_of(name, games=games, store=store), target)


class HandingIn:
    """The course's progress, writing the pupil's record at ``path`` each time a
    level is solved (``learn.show(hand_in="name")``): the progress store's own
    functions, and :meth:`record_solution` that also writes the file. The games'
    summaries are carried over from the file as it was (the last
    :func:`hand_in` wrote them): reviewing the stored games takes a while, and a
    solved level should not wait for it."""

    def __init__(self, name: str, path: str | Path = FILENAME) -> None:
        self.name = _name(name)
        self.path = Path(path)

    stars = staticmethod(progress.stars)
    record_stars = staticmethod(progress.record_stars)
    record_daily = staticmethod(progress.record_daily)

    def record_solution(self, level: Level, game: Game, store: Path | None = None) -> None:
        """Keep the solution, then write the record (never while nbgrader grades)."""
        progress.record_solution(level, game, store)
        if grading():
            return
        write(make(self.name, solved_levels(store), self._games_kept()), self.path)

    def _games_kept(self) -> list[Mapping[str, Any]]:
        if not self.path.exists():
            return []
        try:
            return list(load(self.path)["games"])
        except RecordError as exc:  # the course never fails for the record's sake
            log.warning("spit-widget could not read the record's games: %s", exc)
            return []
