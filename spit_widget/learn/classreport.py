"""A teacher's report on a class: :func:`class_report` reads every pupil's record
in a folder, checks each by replay (:mod:`.grading`) and sums them up.

The folder is nbgrader's course folder (the records under
``submitted/<pupil>/<assignment>/``, the pupil's id taken from the path) or any
folder of records (each ``spit-record.json``, or any JSON file that is a record,
found at any depth; hidden folders such as ``.ipynb_checkpoints`` are skipped).
A pupil's several records (one per assignment) are read as one: the best stars
of each level, every game once.

Private by default: the report shows what the files say (the name each pupil
typed, the nbgrader folder it came from) and nothing else, reads nothing else,
and sends nothing anywhere. Stars are the replay's, never the file's.
"""

from __future__ import annotations

import importlib
import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import class_voice as N
from .catalogue import RULES
from .grading import CheckedRecord, Checker
from .level import Level
from .narration import rule_name
from .record import FILENAME, FORMAT, MOST_BYTES, stamp
from .report_view import render


@dataclass
class PupilRow:
    """One pupil of the class: the ``name`` typed in the record(s), the nbgrader
    ``student`` folder it came from (empty outside nbgrader's layout), the stars
    of each confirmed level, the claims that did not count (level, why), the
    games' missed moments by rule, and the last activity the files show."""

    name: str
    student: str
    stars: dict[str, int] = field(default_factory=dict)
    not_counted: list[tuple[str, str]] = field(default_factory=list)
    missed: Counter[str] = field(default_factory=Counter)
    last: float | None = None
    games: set[tuple[Any, ...]] = field(default_factory=set)

    @property
    def label(self) -> str:
        """How the report names the pupil: the typed name, else the folder's id."""
        return self.name or self.student or N.said(N.NO_NAME)

    def add(self, checked: CheckedRecord) -> None:
        """Read one more of the pupil's records in."""
        self.name = self.name or checked.name
        for level, stars in checked.solved.items():
            self.stars[level] = max(stars, self.stars.get(level, 0))
        self.not_counted += [(c.level, c.why) for c in checked.refused]
        for game in checked.games:
            key = (game.get("finished_at"), game.get("variant"),
                   json.dumps(game.get("missed_by_rule", {}), sort_keys=True))
            if key not in self.games:
                self.games.add(key)
                self.missed.update(game.get("missed_by_rule", {}))
        last = checked.last_activity()
        if last is not None and (self.last is None or last > self.last):
            self.last = last


@dataclass(frozen=True)
class Missed:
    """A rule the class misses in its games: its ``rule`` id and ``name``, the
    missed ``moments`` over the class, how many ``pupils`` missed it, and the
    course ``level`` (id, with its ``goal``) that teaches it."""

    rule: str
    name: str
    moments: int
    pupils: int
    level: str | None
    goal: str | None


class ClassReport:
    """A class's records, checked and summed up (see :func:`class_report`).

    ``pupils`` are the rows (:class:`PupilRow`), ``levels`` the columns in order,
    ``stuck`` the levels most pupils stop at (level id, pupils), ``missed`` the
    rules missed most (:class:`Missed`), ``problems`` each file that could not be
    read with the sentence saying why. ``table`` is the stars by pupil and level.
    """

    def __init__(self, pupils: Sequence[PupilRow], levels: Sequence[Level], track: Sequence[str],
                 problems: Sequence[tuple[str, str]], folder: str) -> None:
        self.pupils = list(pupils)
        solved = {level for p in self.pupils for level in p.stars}
        self.levels = [lv for lv in levels if lv.id in track or lv.id in solved]
        self.track = list(track)
        self.problems = list(problems)
        self.folder = folder
        self.stuck = self._stuck()
        self.missed = self._missed()

    def _stuck(self) -> list[tuple[str, int]]:
        """Each pupil's first unsolved level of the track, counted: where pupils stop."""
        at: Counter[str] = Counter()
        for pupil in self.pupils:
            first = next((lv for lv in self.track if lv not in pupil.stars), None)
            if first is not None:
                at[first] += 1
        order = {lv: i for i, lv in enumerate(self.track)}
        return sorted(at.items(), key=lambda item: (-item[1], order[item[0]]))

    def _missed(self) -> list[Missed]:
        from .coursebook import teaching_level

        moments: Counter[str] = Counter()
        pupils: Counter[str] = Counter()
        for pupil in self.pupils:
            moments.update(pupil.missed)
            pupils.update(rule for rule, n in pupil.missed.items() if n)
        found = []
        for rule, count in sorted(moments.items(), key=lambda item: (-item[1], item[0])):
            if rule not in RULES or not count:
                continue
            taught = teaching_level(rule)
            found.append(Missed(rule, rule_name(rule), count, pupils[rule],
                                taught[0] if taught else None, taught[1] if taught else None))
        return found

    def rows(self) -> list[dict[str, Any]]:
        """The table as plain rows: each pupil's name, folder, levels, stars, last
        activity, claims not counted, then the stars of each level (0: not solved)."""
        out = []
        for p in self.pupils:
            row: dict[str, Any] = {
                "pupil": p.label, "student": p.student, "levels": len(p.stars),
                "stars": sum(p.stars.values()),
                "last_activity": stamp(p.last) if p.last is not None else None,
                "not_counted": len(p.not_counted)}
            row.update({lv.id: p.stars.get(lv.id, 0) for lv in self.levels})
            out.append(row)
        return out

    @property
    def table(self) -> Any:
        """:meth:`rows` as a pandas DataFrame (one row per pupil) when pandas is
        there, else the list of dicts."""
        rows = self.rows()
        try:
            pandas = importlib.import_module("pandas")  # optional: not a dependency
        except ImportError:
            return rows
        return pandas.DataFrame(rows)

    def chart_png(self) -> bytes | None:
        """The report's small chart as PNG bytes: pupils who solved each level, and
        pupils stuck at it (None without matplotlib)."""
        from .report_view import chart_png

        return chart_png(self)

    def _repr_html_(self) -> str:
        return render(self)

    def __repr__(self) -> str:
        return (f"<ClassReport {len(self.pupils)} pupils, {len(self.levels)} levels, "
                f"{len(self.problems)} files not read>")


def _student(path: Path, root: Path) -> str:
    """nbgrader's ``submitted/<student>/<assignment>/...``: the student's id."""
    parts = path.relative_to(root).parts
    if "submitted" in parts[:-1]:
        i = parts.index("submitted")
        return parts[i + 1] if i + 2 < len(parts) else ""
    if root.name == "submitted" and len(parts) > 2:
        return parts[0]
    return ""


def _is_record(path: Path) -> bool:
    """A record's name, or a JSON file that says it is a record (a level file is not)."""
    if path.name == FILENAME:
        return True
    try:
        if path.stat().st_size > MOST_BYTES:
            return False
        with path.open("rb") as head:
            return FORMAT.encode() in head.read(400)
    except OSError:
        return False


def find_records(folder: Path) -> list[Path]:
    """The records under ``folder``: under ``submitted/`` when it is nbgrader's
    course folder (not the autograded copies), else anywhere; hidden folders skipped."""
    root = folder / "submitted" if (folder / "submitted").is_dir() else folder
    found = []
    for path in sorted(root.rglob("*.json")):
        if any(part.startswith(".") for part in path.relative_to(root).parts):
            continue
        if path.is_file() and _is_record(path):
            found.append(path)
    return found


def _track(levels: Sequence[Level], given: bool) -> list[str]:
    """The levels pupils go through in order: all of a teacher's; the course's own
    (not its puzzles) by default."""
    if given:
        return [lv.id for lv in levels]
    from .coursebook import course

    return [lv.id for lv in course()]


def class_report(folder: str | Path, levels: object = None) -> ClassReport:
    """Read the class's records in ``folder`` (nbgrader's course folder, or any
    folder of records), each checked by replay against ``levels`` (the course and
    its puzzles by default; a teacher's list of :class:`Level` or a level file),
    and sum them up: pupils by level with stars, each pupil's total and last
    activity, the levels most pupils are stuck on, and the rules the class misses
    most with the level that teaches each. A file that is not a readable record is
    listed in ``problems`` with its sentence; ValueError when ``folder`` is no folder."""
    root = Path(folder)
    if not root.is_dir():
        raise ValueError(N.no_class_folder(str(root)))
    checker = Checker(levels)
    pupils: dict[tuple[str, str], PupilRow] = {}
    problems: list[tuple[str, str]] = []
    for path in find_records(root):
        checked = checker.check(path)
        where = str(path.relative_to(root))
        if checked.problem is not None:
            problems.append((where, checked.problem))
            continue
        student = _student(path, root)
        key = (student, "") if student else ("", checked.name or where)
        row = pupils.setdefault(key, PupilRow(checked.name, student))
        row.add(checked)
    ordered = sorted(pupils.values(), key=lambda p: (p.label.casefold(), p.student))
    return ClassReport(ordered, checker.levels, _track(checker.levels, levels is not None),
                       problems, str(root))

