"""The course's table of contents: stages in teaching order, each a list of
levels, and the :class:`Book` the course table walks (its map, **Next**).

Board Game Arena's order: the goal of the game first, then the general rules,
then each special rule where it first comes up, then a tip; the duel first
(one round, fewer rules), then classic. Levels are built once per process
(validation plays each solution) and handed out as a fresh list.

A :class:`Section` is a row of the map: a stage of the course, a set of
puzzles, or a teacher's own stage; a *track* is what **Next** walks through
(the course from the first stage to the last, or one variant's puzzles). The
map carries each level's stars from the progress store, so the page shows how
far the learner got.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from . import stages_classic as K
from . import stages_duel as D
from .level import Level
from .puzzles import all_puzzles, puzzles


@dataclass(frozen=True)
class Stage:
    """A stage of the progress map: ``id``, ``title``, and its levels' ids."""

    id: str
    title: str
    variant: str
    levels: tuple[str, ...]


_BUILDERS: tuple[tuple[str, str, str, Callable[[], tuple[Level, ...]]], ...] = (
    ("duel-goal", "The goal of a duel", "duel", D.goal),
    ("duel-general", "Playing a card", "duel", D.general),
    ("duel-stuck", "Stuck, and the spit", "duel", D.stuck),
    ("duel-endings", "When a duel locks up", "duel", D.endings),
    ("duel-tip", "A tip, and a race", "duel", D.tip),
    ("classic-goal", "The goal of classic Spit", "classic", K.goal),
    ("classic-general", "Empty slots and the Spit! button", "classic", K.general),
    ("classic-rounds", "Going out and the slap", "classic", K.rounds),
    ("classic-short", "Short of cards, and the last round", "classic", K.short),
    ("classic-tip", "A tip for classic", "classic", K.tip),
)


@cache
def _built() -> tuple[tuple[Stage, ...], tuple[Level, ...]]:
    stages: list[Stage] = []
    levels: list[Level] = []
    for stage_id, title, variant, build in _BUILDERS:
        made = build()
        for level in made:
            if level.stage != stage_id or level.variant != variant:
                raise ValueError(f"Level {level.id!r} is filed under stage {stage_id!r} "
                                 f"({variant}) but says {level.stage!r} ({level.variant}).")
        stages.append(Stage(stage_id, title, variant, tuple(level.id for level in made)))
        levels.extend(made)
    ids = [level.id for level in levels]
    if len(set(ids)) != len(ids):
        raise ValueError("Two levels of the course share an id.")
    return tuple(stages), tuple(levels)


def course() -> list[Level]:
    """Every level of the course, in teaching order."""
    return list(_built()[1])


def stages() -> tuple[Stage, ...]:
    """The stages of the progress map, in order."""
    return _built()[0]


def level(level_id: str) -> Level:
    """The course level (or puzzle) called ``level_id``; KeyError naming it otherwise."""
    for candidate in (*_built()[1], *all_puzzles()):
        if candidate.id == level_id:
            return candidate
    raise KeyError(f"There is no level {level_id!r} in the course or the puzzles.")


# ------------------------------------------------------------ the course table's book
@dataclass(frozen=True)
class Section:
    """One row of the map: a stage (or a set of puzzles) and its levels in order."""

    id: str
    title: str
    track: str
    levels: tuple[Level, ...]


class Book:
    """The sections, and the level lookups the course table makes."""

    def __init__(self, sections: Iterable[Section]) -> None:
        self.sections = tuple(s for s in sections if s.levels)
        if not self.sections:
            raise ValueError("A course needs at least one level.")
        self._where: dict[str, tuple[Section, int]] = {}
        for section in self.sections:
            for i, level in enumerate(section.levels):
                if level.id in self._where:
                    raise ValueError(f"Two levels have the id {level.id!r:.40}; each needs its own "
                                     "(the progress is kept by id).")
                self._where[level.id] = (section, i)

    def level(self, level_id: str) -> Level:
        """The level called ``level_id``; ValueError with a sentence if there is none."""
        found = self._where.get(level_id)
        if found is None:
            raise ValueError(f"There is no level {level_id!r:.40} in this course.")
        section, i = found
        return section.levels[i]

    def section_of(self, level_id: str) -> Section:
        """The section (stage or puzzle set) the level is in."""
        return self._where[level_id][0]

    def track(self, name: str) -> list[Level]:
        """Every level of the track ``name``, in order."""
        return [lv for s in self.sections if s.track == name for lv in s.levels]

    def after(self, level_id: str) -> str | None:
        """The level **Next** opens after ``level_id`` (None: the track is done)."""
        order = self.track(self.section_of(level_id).track)
        ids = [lv.id for lv in order]
        i = ids.index(level_id)
        return ids[i + 1] if i + 1 < len(ids) else None

    def game_after(self, level_id: str) -> bool:
        """Does the course lead into a whole game after ``level_id``? After the last
        level of one rule set in the course's own track (not after a puzzle)."""
        section = self.section_of(level_id)
        if section.track != "course" or not section.id.startswith(("duel", "classic")):
            return False
        after = self.after(level_id)
        return after is None or self.level(after).variant != self.level(level_id).variant

    def place(self, level_id: str) -> tuple[int, int]:
        """Its number in its section (from 1) and the section's size."""
        section, i = self._where[level_id]
        return i + 1, len(section.levels)

    def first_unsolved(self, stars: Mapping[str, int]) -> str:
        """Where **Continue** goes: the first level of the first track without stars."""
        first_track = self.sections[0].track
        for level in self.track(first_track):
            if not stars.get(level.id):
                return str(level.id)
        return str(self.sections[0].levels[0].id)

    def map(self, stars: Mapping[str, int]) -> list[dict[str, Any]]:
        """The map for the page: each section with its levels' goals and stars."""
        return [{"id": s.id, "title": s.title, "track": s.track,
                 "levels": [{"id": lv.id, "n": n, "goal": lv.goal, "variant": lv.variant,
                             "stars": int(stars.get(lv.id, 0))}
                            for n, lv in enumerate(s.levels, 1)]}
                for s in self.sections]


def teachers_sections(levels: Sequence[Level]) -> list[Section]:
    """A teacher's own levels: one section per stage name, in the order first met."""
    order: dict[str, list[Level]] = {}
    for level in levels:
        order.setdefault(str(level.stage) or "Your levels", []).append(level)
    return [Section(f"stage-{i}", title, "course", tuple(group))
            for i, (title, group) in enumerate(order.items(), 1)]


def book(levels: Sequence[Level] | None = None) -> Book:
    """The course table's book: the project's course (its stages, then each
    variant's puzzles), or ``levels``, a teacher's own, grouped by stage.
    TypeError with a sentence for anything that is not a list of levels."""
    if levels is None:
        by_id = {lv.id: lv for lv in course()}
        sections = [Section(st.id, st.title, "course",
                            tuple(by_id[i] for i in st.levels if i in by_id))
                    for st in stages()]
        for variant in ("duel", "classic"):
            sections.append(Section(f"puzzles-{variant}", f"Puzzles: {variant}",
                                    f"puzzles-{variant}", tuple(puzzles(variant))))
        return Book(sections)
    if isinstance(levels, (str, bytes)) or not isinstance(levels, Sequence):
        raise TypeError(f"levels= takes a list of learn.Level, not {type(levels).__name__}.")
    for n, item in enumerate(levels, 1):
        if not isinstance(item, Level):
            raise TypeError(f"levels= takes learn.Level objects; item {n} is a "
                            f"{type(item).__name__} ({item!r:.40}).")
    return Book(teachers_sections(list(levels)))
