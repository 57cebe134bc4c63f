"""A pupil's record checked by replay: :func:`check`.

A record is a file a pupil could edit, so nothing in it is believed: every
claimed solution is played again through the level, as a learner's clicks are
(:func:`~.validation.play_through`, the very code that checks a level's own
solution when it is made), from the level's position, and counts only if the
engine says it solves the level. The stars come from the replayed moves, not
from the file. A claim on a level whose fingerprint differs (the level changed
since the pupil played it) is told apart, not replayed on the new version, and
a claim on a level the teacher did not give is set aside; each says which in
a sentence.

Replays are remembered by (level, fingerprint, moves): a class plays the same
few solutions, so a class's records cost a few replays, not one per pupil.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from ..engine import IllegalMove
from . import actions as A
from . import class_voice as N
from .level import Level
from .levelfile import fingerprint, load_levels
from .record import RecordError, load, seconds_of
from .validation import play_through

Verdict = Literal["solved", "not_solved", "other_version", "unknown_level", "bad_moves"]


@dataclass(frozen=True)
class Claim:
    """One level a record says was solved, as the replay judged it: ``verdict``
    (``"solved"`` only when the moves solve it), the ``stars`` they earn (0
    unless solved), ``at`` (when, as the file says) and ``why`` (a sentence
    when it does not count)."""

    level: str
    verdict: Verdict
    stars: int = 0
    at: str | None = None
    why: str = ""

    @property
    def counted(self) -> bool:
        """Does this claim count (its moves solve the level, this version)?"""
        return self.verdict == "solved"


@dataclass(frozen=True)
class CheckedRecord:
    """A record after :func:`check`: the ``name`` typed in it, each ``claim``
    (counted or not, with why), its ``games`` (review summaries, as the file
    says: they are not replayed), and ``problem``, the sentence that says why
    nothing could be read (None for a record that was read)."""

    name: str
    claims: tuple[Claim, ...] = ()
    games: tuple[Mapping[str, Any], ...] = ()
    problem: str | None = None
    source: str = ""
    written_at: str | None = field(default=None, compare=False)

    @property
    def solved(self) -> dict[str, int]:
        """The stars of each level the replay confirms."""
        return {c.level: c.stars for c in self.claims if c.counted}

    @property
    def refused(self) -> list[Claim]:
        """The claims that do not count, each with the sentence saying why."""
        return [c for c in self.claims if not c.counted]

    def solved_in(self, levels: Iterable[object]) -> list[str]:
        """The confirmed levels among ``levels`` (ids, or :class:`Level` objects)."""
        wanted = [_id(level) for level in levels]
        return [level for level in wanted if level in self.solved]

    def points(self, levels: Iterable[object], per_level: float = 1.0,
               per_star: float = 0.0, most: float | None = None) -> float:
        """Points for the confirmed levels among ``levels``: ``per_level`` each plus
        ``per_star`` for each star, at most ``most`` (for an autograder cell)."""
        solved = self.solved
        total = sum(per_level + per_star * solved[i] for i in self.solved_in(levels))
        return float(total if most is None else min(total, most))

    def last_activity(self) -> float | None:
        """When the pupil last solved a level or finished a game, as the file says
        (seconds since the epoch; None when it says no time)."""
        times = [seconds_of(c.at) for c in self.claims if c.counted]
        times += [seconds_of(g.get("finished_at")) for g in self.games]
        known = [t for t in times if t is not None]
        return max(known) if known else None

    def missed_by_rule(self) -> dict[str, int]:
        """The missed moments of the record's games, added up by rule."""
        total: dict[str, int] = {}
        for game in self.games:
            for rule, count in game.get("missed_by_rule", {}).items():
                total[rule] = total.get(rule, 0) + count
        return total

    def says(self) -> str:
        """The check in sentences: what counts, and each claim that does not, with why."""
        if self.problem is not None:
            return self.problem
        lines = [N.checked_line(self.name, len(self.solved), sum(self.solved.values()),
                                len(self.refused))]
        lines += [f"- {c.why}" for c in self.refused]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.says()

    def __repr__(self) -> str:
        if self.problem is not None:
            return f"<CheckedRecord: {self.problem}>"
        return (f"<CheckedRecord {self.name!r}: {len(self.solved)} levels confirmed, "
                f"{len(self.refused)} not counted>")


def _id(level: object) -> str:
    return level.id if isinstance(level, Level) else str(level)


class Checker:
    """The levels a record is checked against, indexed once (a class's records
    are checked against the same levels)."""

    def __init__(self, levels: object = None) -> None:
        self.levels = _levels(levels)
        self._by_id = {level.id: level for level in self.levels}
        self._prints = {level.id: fingerprint(level) for level in self.levels}

    def check(self, source: object) -> CheckedRecord:
        """``source`` (a path or a record's dict) checked by replay."""
        where = Path(source).name if isinstance(source, (str, Path)) else ""
        try:
            data = load(source)
        except RecordError as exc:
            return CheckedRecord("", problem=str(exc), source=where)
        best: dict[str, Claim] = {}
        for entry in data["levels"]:
            claim = self._claim(entry)
            kept = best.get(claim.level)
            if kept is None or (claim.counted, claim.stars) > (kept.counted, kept.stars):
                best[claim.level] = claim
        return CheckedRecord(data["name"], tuple(best.values()), tuple(data["games"]),
                             source=where, written_at=data["written_at"])

    def _claim(self, entry: Mapping[str, Any]) -> Claim:
        level_id = str(entry.get("id", ""))[:80]
        at = entry.get("at") if isinstance(entry.get("at"), str) else None
        level = self._by_id.get(level_id)
        if level is None:
            return Claim(level_id, "unknown_level", at=at, why=N.claim_unknown(level_id))
        if entry.get("fingerprint") != self._prints[level_id]:
            return Claim(level_id, "other_version", at=at, why=N.claim_other_version(level_id))
        moves = entry.get("moves")
        key = (level_id, self._prints[level_id], _canonical(moves))
        if key not in _REPLAYS:
            if len(_REPLAYS) > MOST_REMEMBERED:
                _REPLAYS.clear()
            _REPLAYS[key] = _replay(level, moves)
        problem, learner = _REPLAYS[key]
        if problem is not None:
            return Claim(level_id, "bad_moves" if learner < 0 else "not_solved", at=at,
                         why=N.claim_not_solved(level_id, problem))
        return Claim(level_id, "solved", int(level.stars(learner)), at)


_REPLAYS: dict[tuple[str, str, str], tuple[str | None, int]] = {}
MOST_REMEMBERED = 50_000
"""Replays remembered (a few hundred bytes each) before the memory starts again."""


def _canonical(moves: object) -> str:
    try:
        return json.dumps(moves, sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError):
        return repr(moves)


def _replay(level: Level, moves: object) -> tuple[str | None, int]:
    """(None, the learner's moves) when ``moves`` solve ``level``; else (what went
    wrong, the learner's moves, or -1 when they are not moves at all)."""
    if not isinstance(moves, list) or not moves or len(moves) > 500:
        return N.said(N.NOT_A_MOVE_LIST), -1
    try:
        solution = A.sequence(moves)
        problem = play_through(level, solution)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, IllegalMove) as exc:
        return N.moves_unreadable(str(exc)), -1
    return problem, sum(1 for a in solution if A.is_learners(a))


def _levels(levels: object) -> Sequence[Level]:
    if levels is None:
        from .coursebook import all_levels

        return all_levels()
    if isinstance(levels, (str, Path)):
        return load_levels(levels)
    if isinstance(levels, Iterable) and not isinstance(levels, (bytes, Mapping)):
        found = list(levels)
        for n, item in enumerate(found, 1):
            if not isinstance(item, Level):
                raise TypeError(f"levels= takes learn.Level objects or a level file; item {n} "
                                f"is a {type(item).__name__} ({item!r:.40}).")
        return found
    raise TypeError(f"levels= takes a list of learn.Level or a level file, not "
                    f"{type(levels).__name__}.")


def check(record: object, levels: object = None) -> CheckedRecord:
    """Check a pupil's ``record`` (the path of the file ``learn.hand_in()`` wrote,
    or its dict) by replaying every claimed solution with the engine from the
    level's position, against ``levels`` (the course and its puzzles by default;
    a teacher's list of :class:`Level`, or a level file). A record that cannot be
    read is a :class:`CheckedRecord` with nothing counted and ``problem`` saying
    why: a grading cell never meets a traceback for a pupil's bad file."""
    return Checker(levels).check(record)
