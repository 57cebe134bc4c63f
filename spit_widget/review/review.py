"""A finished game read back: :func:`of` makes a :class:`Review`, :func:`history`
the stored games' summaries as rows.

A review replays the record once (:mod:`.stretches`), finds the seat's
stretches and keeps those of at least the threshold as missed moments, each
with the rules behind its plays (:mod:`.rules`) and a level of its own
(:mod:`.moments`). Lessons over the stored games read the stats store, so they
are worked out when first asked for; a store that cannot be read counts as
having no games (a review never fails for the stats' sake).
"""

from __future__ import annotations

import importlib
import logging
import statistics
from collections import Counter, deque
from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import Any

from ..engine import Game
from ..learn.coursebook import teaching_level
from ..learn.narration import rule_name
from ..stats import StatsStore
from . import narration as N
from .lessons import ReviewLesson, lessons, rule_counts
from .moments import Moment
from .reading import checked, record_of
from .rules import rule_of
from .stretches import Replay, Stretch, late_stucks, reactions, replay, stretches
from .timeline import render

log = logging.getLogger("spit_widget")


class Review:
    """A game read back from one seat's side (see :func:`of`).

    ``summary`` is a dict (``plays``, ``missed``, ``reaction_median``,
    ``opponent_reaction_median``, ``longest_wait`` and more: docs/api/review.md
    lists them), ``moments`` the missed moments in the order they began,
    ``lessons`` the rules behind them with the course level for each, and
    ``note`` the sentence saying the timing is unknown (None when it is known).
    """

    def __init__(self, record: Mapping[str, Any], seat: int, threshold: float,
                 store: StatsStore | None = None) -> None:
        times = checked(record)
        self.record = dict(record)
        self.seat = seat
        self.threshold = threshold
        self._store = store
        self.replayed: Replay = replay(self.record, times)
        player = seat - 1
        mine = stretches(self.replayed, player)
        self.moments: list[Moment] = sorted(
            [self._moment(s) for s in mine if s.waited >= threshold]
            + [self._late_stuck(s) for s in late_stucks(self.replayed, player)
               if s.waited >= threshold], key=lambda m: (m.t, m.index))
        self.note: str | None = None if times is not None else N.said(N.TIMING_UNKNOWN)
        self.summary: dict[str, Any] = self._summary(mine, stretches(self.replayed, 1 - player),
                                                     timed=times is not None)

    # ----------------------------------------------------------- building
    def _moment(self, stretch: Stretch) -> Moment:
        state = self.replayed.before(stretch.index)
        rules = tuple(rule_of(self.replayed, stretch.index, stretch.player, play)
                      for play in stretch.plays)
        why = tuple(N.fits_because(card, state.centre_tops[c] or card, rule)
                    for (card, c), rule in zip(stretch.plays, rules, strict=True))
        return Moment(stretch.start, self.seat, "missed", stretch.waited, stretch.plays,
                      rules, why, stretch.index, self.record)

    def _late_stuck(self, stretch: Stretch) -> Moment:
        return Moment(stretch.start, self.seat, "late_stuck", stretch.waited, (),
                      ("stuck",), (N.said(N.STUCK_BECAUSE),), stretch.index, self.record)

    def _summary(self, mine: Sequence[Stretch], theirs: Sequence[Stretch], *,
                 timed: bool) -> dict[str, Any]:
        player = self.seat - 1
        plays = Counter(s.action.player for s in self.replayed.steps
                        if s.action is not None and s.action.kind == "play")
        winner = self.replayed.game.winner
        return {
            "seat": self.seat,
            "variant": self.replayed.game.variant,
            "actions": len(self.replayed.steps),
            "plays": plays[player],
            "opponent_plays": plays[1 - player],
            "missed": sum(m.kind == "missed" for m in self.moments) if timed else None,
            "late_stucks": sum(m.kind == "late_stuck" for m in self.moments) if timed else None,
            "reaction_median": _median(reactions(mine)) if timed else None,
            "opponent_reaction_median": _median(reactions(theirs)) if timed else None,
            "longest_wait": max((s.waited for s in mine), default=0.0) if timed else None,
            "duration": self.replayed.end,
            "threshold": self.threshold,
            "timing": "known" if timed else "unknown",
            "winner": None if winner is None else winner + 1,
        }

    # ------------------------------------------------------------ lessons
    @cached_property
    def lessons(self) -> list[ReviewLesson]:
        """The rules behind the missed plays, this game's and the stored games'."""
        stored: Counter[str] = Counter()
        for other in stored_reviews(self._store, self.seat, self.threshold):
            stored.update(rule_counts(other.moments))
        return lessons(self.moments, stored, self.replayed.game.variant)

    # ------------------------------------------------------------ showing
    def _repr_html_(self) -> str:
        return render(self.summary, self.moments, self.replayed, self.seat - 1, self.lessons,
                      self.note)

    def __repr__(self) -> str:
        s = self.summary
        return (f"<Review seat {self.seat} of a {s['variant']} game: {s['plays']} plays, "
                f"{s['missed']} missed, timing {s['timing']}>")


def _median(values: Sequence[float]) -> float | None:
    return round(statistics.median(values), 3) if values else None


def _checked_options(seat: object, threshold: object) -> tuple[int, float]:
    if seat not in (1, 2) or isinstance(seat, bool):
        raise ValueError(N.bad_seat(seat))
    if (isinstance(threshold, bool) or not isinstance(threshold, (int, float))
            or not threshold > 0):
        raise ValueError(N.bad_threshold(threshold))
    return int(seat), float(threshold)


def of(source: object, seat: int = 1, threshold: float = 2.0, *,
       store: StatsStore | None = None) -> Review:
    """Review a game from ``seat``'s side (1 or 2; seat 1 is the engine's player 0).

    ``source`` is a record (a dict, or the path of a file ``save_game`` wrote), a
    finished :class:`~spit_widget.engine.Game` (reviewed without a clock: the
    engine keeps none), or a table (its last finished game, else its game now).
    A stretch of at least ``threshold`` seconds with a legal play and no action
    is a missed moment (docs/api/review.md gives the exact definition).
    ``store`` holds the stored games the lessons count (the stats file by
    default). A damaged record is refused with a ValueError saying what is wrong;
    a path with no file to read with a FileNotFoundError (an OSError) saying what
    ``of`` reads; anything that is no record at all with a TypeError.
    """
    seat, threshold = _checked_options(seat, threshold)
    asked = (seat, threshold, store)
    if isinstance(source, Mapping):
        for record, options, made in _MADE:
            if record is source and options == asked:
                return made  # the very review a table's panel shows
    review = Review(record_of(source), seat, threshold, store)
    if isinstance(source, Game):
        review.note = N.said(N.A_GAME_HAS_NO_CLOCK)
    if isinstance(source, Mapping):
        _MADE.append((source, asked, review))
    return review


_MADE: deque[tuple[object, tuple[object, ...], Review]] = deque(maxlen=8)
"""The last reviews made of records (dicts), by those very dicts: asked again for
the same record and options (``w.review()`` after the table's panel opened), the
same :class:`Review` comes back, not a second reading of the same game."""


def stored_reviews(store: StatsStore | None, seat: int = 1,
                   threshold: float = 2.0) -> list[Review]:
    """Reviews of the games the stats store keeps, oldest first (a record that no
    longer replays is left out; a store that cannot be read has none)."""
    try:
        records = (store if store is not None else StatsStore()).game_records()
    except Exception as exc:  # a review never fails for the stats' sake
        log.warning("spit-widget could not read the stored games: %s", exc)
        return []
    found = []
    for record in records:
        try:
            found.append(Review(record, seat, threshold, store))
        except ValueError:
            continue
    return found


def history(store: StatsStore | None = None, seat: int = 1,
            threshold: float = 2.0) -> Any:
    """The stored games' summaries as rows, oldest first, each with ``finished_at``
    (seconds since the epoch): a pandas DataFrame when pandas is there, else a
    list of dicts (for plotting missed plays and reaction times over weeks)."""
    seat, threshold = _checked_options(seat, threshold)
    rows = [{"finished_at": r.record.get("finished_at"), **r.summary}
            for r in stored_reviews(store, seat, threshold)]
    try:
        pandas = importlib.import_module("pandas")  # optional: not a dependency
    except ImportError:
        return rows
    return pandas.DataFrame(rows)


def most_missed(n: int = 3, *, store: StatsStore | None = None, seat: int = 1,
                threshold: float = 2.0) -> list[ReviewLesson]:
    """The ``n`` rules behind the most missed moments over the stored games, the
    most first, each with the course level that teaches it (in the variant it
    was missed in most): what the course map shows "from your games". Their
    ``stored_games`` is the count; ``this_game`` is 0. Empty with no stored games."""
    seat, threshold = _checked_options(seat, threshold)
    by_variant: dict[str, Counter[str]] = {}
    for other in stored_reviews(store, seat, threshold):
        by_variant.setdefault(other.summary["variant"], Counter()).update(
            rule_counts(other.moments))
    total: Counter[str] = sum(by_variant.values(), Counter())
    found = []
    for rule, count in sorted(total.items(), key=lambda item: (-item[1], item[0]))[:max(n, 0)]:
        variant = max(sorted(by_variant), key=lambda v: by_variant[v][rule])
        level = teaching_level(rule, variant)
        found.append(ReviewLesson(rule, rule_name(rule), 0, count,
                                  level[0] if level else None, level[1] if level else None))
    return found


def game_summaries(store: StatsStore | None = None, seat: int = 1,
                   threshold: float = 2.0) -> list[dict[str, Any]]:
    """Each stored game as a pupil's record holds it (``learn.hand_in``): when it
    finished (seconds since the epoch), its variant, its review's summary and its
    missed moments counted by rule; oldest first. No names: a summary has none."""
    seat, threshold = _checked_options(seat, threshold)
    return [{"finished_at": r.record.get("finished_at"), "variant": r.summary["variant"],
             "summary": dict(r.summary), "missed_by_rule": dict(rule_counts(r.moments))}
            for r in stored_reviews(store, seat, threshold)]
