"""The course's table of contents: sections of levels in order, and the map
the page draws from it.

A section is a stage of the course, a set of puzzles, or a teacher's own
stage; a *track* is what **Next** walks through (the course from the first
stage to the last, or one variant's puzzles). The map carries each level's
stars from the progress store, so the page shows how far the learner got.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol


class Listed(Protocol):
    """What the map needs of a level (a :class:`spit_widget.learn.Level`)."""

    @property
    def id(self) -> str:
        """Stable: the progress is kept under it."""

    @property
    def goal(self) -> str:
        """One sentence: what to do."""

    @property
    def stage(self) -> str:
        """The stage it belongs to (a teacher's stage name)."""

    @property
    def variant(self) -> str:
        """``"duel"`` or ``"classic"``."""


@dataclass(frozen=True)
class Section:
    """One row of the map: a stage (or a set of puzzles) and its levels in order."""

    id: str
    title: str
    track: str
    levels: tuple[Any, ...]


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

    def level(self, level_id: str) -> Any:
        """The level called ``level_id``; ValueError with a sentence if there is none."""
        found = self._where.get(level_id)
        if found is None:
            raise ValueError(f"There is no level {level_id!r:.40} in this course.")
        section, i = found
        return section.levels[i]

    def section_of(self, level_id: str) -> Section:
        """The section (stage or puzzle set) the level is in."""
        return self._where[level_id][0]

    def track(self, name: str) -> list[Any]:
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


def teachers_sections(levels: Sequence[Listed]) -> list[Section]:
    """A teacher's own levels: one section per stage name, in the order first met."""
    order: dict[str, list[Listed]] = {}
    for level in levels:
        order.setdefault(str(level.stage) or "Your levels", []).append(level)
    return [Section(f"stage-{i}", title, "course", tuple(group))
            for i, (title, group) in enumerate(order.items(), 1)]
