"""The course's table of contents: stages in teaching order, each a list of
levels, and the :class:`Book` the course table walks (its map, **Next**).

Board Game Arena's order: the goal of the game first, then the general rules,
then each special rule where it first comes up, then a tip; the duel first
(one round, fewer rules), then classic. Levels are built once per process and
language (validation plays each solution; a level's words, its title, goal,
hint and why, are made in the language it is built in) and handed out as a
fresh list; the book a course table walks says the stages' titles, the rules
and the levels in the language current when it is made (:mod:`spit_widget.locale`).

A :class:`Stage` is a row of the map: a stage of the course, a set of
puzzles, or a teacher's own stage; a *track* is what **Next** walks through
(the course from the first stage to the last, or one variant's puzzles). The
map carries each level's stars from the progress store, so the page shows how
far the learner got.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from ..locale import N_, _, language, speaking
from . import stages_classic as K
from . import stages_duel as D
from .catalogue import RULES
from .level import Level
from .puzzles import all_puzzles, puzzles


@dataclass(frozen=True)
class Stage:
    """A row of the progress map: ``id``, ``title``, the ``variant`` its levels
    are played in (empty when a teacher's stage mixes them), its levels' ids in
    order, and the ``track`` **Next** walks it in (``"course"``, or a variant's
    puzzles)."""

    id: str
    title: str
    variant: str
    levels: tuple[str, ...]
    track: str = "course"


_BUILDERS: tuple[tuple[str, str, str, Callable[[], tuple[Level, ...]]], ...] = (
    ("duel-goal", N_("The goal of a duel"), "duel", D.goal),
    ("duel-general", N_("Playing a card"), "duel", D.general),
    ("duel-stuck", N_("Stuck, and the spit"), "duel", D.stuck),
    ("duel-endings", N_("When a duel locks up"), "duel", D.endings),
    ("duel-tip", N_("A tip, and a race"), "duel", D.tip),
    ("classic-goal", N_("The goal of classic Spit"), "classic", K.goal),
    ("classic-general", N_("Empty slots and the Spit! button"), "classic", K.general),
    ("classic-rounds", N_("Going out and the slap"), "classic", K.rounds),
    ("classic-short", N_("Short of cards, and the last round"), "classic", K.short),
    ("classic-tip", N_("A tip for classic"), "classic", K.tip),
)


@cache
def _built(code: str) -> tuple[tuple[Stage, ...], tuple[Level, ...]]:
    """The stages (their titles in English, the catalogue's keys) and the levels,
    whose words are made in the language ``code``: built once per language, so
    a level read in French says its goal, hint and why in French (its id and
    fingerprint are the same in every language)."""
    stages: list[Stage] = []
    levels: list[Level] = []
    for stage_id, title, variant, build in _BUILDERS:
        with speaking(code):
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
    return list(_built(language())[1])


def stages() -> tuple[Stage, ...]:
    """The stages of the progress map, in order."""
    return _built(language())[0]


def all_levels() -> list[Level]:
    """The course's levels, then every puzzle: what a pupil's record is checked against."""
    return [*_built(language())[1], *all_puzzles()]


@cache
def _teaching(code: str) -> dict[tuple[str, str], tuple[str, str]]:
    """(variant, rule) and ("", rule) -> (level id, goal in ``code``), first in teaching order."""
    found: dict[tuple[str, str], tuple[str, str]] = {}
    levels = _built(code)[1]
    for about_it in (True, False):  # the levels about the rule first, then any naming it
        for lv in levels:
            for rule in lv.rules[:1] if about_it else lv.rules:
                found.setdefault((lv.variant, rule), (lv.id, lv.goal))
                found.setdefault(("", rule), (lv.id, lv.goal))
    return found


def teaching_level(rule: str, variant: str = "") -> tuple[str, str] | None:
    """The course level (id, goal) that teaches ``rule``: the first, in teaching
    order, that is about it (names it first), else the first that names it, in
    ``variant`` when one does."""
    table = _teaching(language())
    return table.get((variant, rule)) or table.get(("", rule))


def level(level_id: str) -> Level:
    """The course level (or puzzle) called ``level_id``; KeyError naming it otherwise."""
    for candidate in (*_built(language())[1], *all_puzzles()):
        if candidate.id == level_id:
            return candidate
    raise KeyError(f"There is no level {level_id!r} in the course or the puzzles.")


# ------------------------------------------------------------ the course table's book
class Book:
    """The course table's table of contents: its stages (rows of the map: the
    course's stages, a set of puzzles, a teacher's own stages) and the levels
    they list, with the lookups the table makes."""

    def __init__(self, stages: Iterable[Stage], levels: Iterable[Level]) -> None:
        self._levels: dict[str, Level] = {}
        for level in levels:
            if level.id in self._levels:
                raise ValueError(f"Two levels have the id {level.id!r:.40}; each needs its own "
                                 "(the progress is kept by id).")
            self._levels[level.id] = level
        self.stages = tuple(s for s in stages if s.levels)
        if not self.stages:
            raise ValueError("A course needs at least one level.")
        self._where = {level_id: (stage, i) for stage in self.stages
                       for i, level_id in enumerate(stage.levels)}
        self.rules = {rule.id: {"name": _(rule.name), "text": _(rule.text)}
                      for rule in RULES.values()}
        """Every rule by id, its name and text (the catalogue's, not a copy of it in
        other words): the course page shows a rule where its name appears, in a
        refusal, a hint and the map."""

    def level(self, level_id: str) -> Level:
        """The level called ``level_id``; ValueError with a sentence if there is none."""
        if level_id not in self._where:
            raise ValueError(f"There is no level {level_id!r:.40} in this course.")
        return self._levels[level_id]

    def first(self) -> Level:
        """The first level of the first stage (the table opens on its position)."""
        return self._levels[self.stages[0].levels[0]]

    def stage_of(self, level_id: str) -> Stage:
        """The stage (or set of puzzles) the level is in."""
        return self._where[level_id][0]

    def track(self, name: str) -> list[str]:
        """The id of every level of the track ``name``, in order."""
        return [i for s in self.stages if s.track == name for i in s.levels]

    def after(self, level_id: str) -> str | None:
        """The level **Next** opens after ``level_id`` (None: the track is done)."""
        ids = self.track(self.stage_of(level_id).track)
        i = ids.index(level_id)
        return ids[i + 1] if i + 1 < len(ids) else None

    def game_after(self, level_id: str) -> bool:
        """Does the course lead into a whole game after ``level_id``? After the last
        level of one rule set in the course's own track (not after a puzzle)."""
        stage = self.stage_of(level_id)
        if stage.track != "course" or not stage.id.startswith(("duel", "classic")):
            return False
        after = self.after(level_id)
        return after is None or self.level(after).variant != self.level(level_id).variant

    def place(self, level_id: str) -> tuple[int, int]:
        """Its number in its stage (from 1) and the stage's size."""
        stage, i = self._where[level_id]
        return i + 1, len(stage.levels)

    def first_unsolved(self, stars: Mapping[str, int]) -> str:
        """Where **Continue** goes: the first level of the first track without stars."""
        for level_id in self.track(self.stages[0].track):
            if not stars.get(level_id):
                return level_id
        return self.stages[0].levels[0]

    def map(self, stars: Mapping[str, int]) -> list[dict[str, Any]]:
        """The map for the page: each stage with its levels' goals and stars."""
        return [{"id": s.id, "title": s.title, "track": s.track,
                 "levels": [{"id": lv.id, "n": n, "title": lv.title, "goal": lv.goal,
                             "variant": lv.variant, "rules": list(lv.rules),
                             "stars": int(stars.get(lv.id, 0))}
                            for n, lv in enumerate((self._levels[i] for i in s.levels), 1)]}
                for s in self.stages]


def teachers_stages(levels: Sequence[Level]) -> list[Stage]:
    """A teacher's own levels: one stage per stage name, in the order first met."""
    order: dict[str, list[Level]] = {}
    for level in levels:
        order.setdefault(str(level.stage) or _("Your levels"), []).append(level)
    made = []
    for i, (title, group) in enumerate(order.items(), 1):
        variants = {lv.variant for lv in group}
        variant = variants.pop() if len(variants) == 1 else ""
        made.append(Stage(f"stage-{i}", title, variant, tuple(lv.id for lv in group)))
    return made


def book(levels: Sequence[Level] | None = None) -> Book:
    """The course table's book: the project's course (its stages, then each
    variant's puzzles), or ``levels``, a teacher's own, grouped by stage.
    TypeError with a sentence for anything that is not a list of levels."""
    if levels is None:
        rows = [replace(stage, title=_(stage.title)) for stage in stages()]
        for variant, title in (("duel", _("Puzzles: duel")), ("classic", _("Puzzles: classic"))):
            rows.append(Stage(f"puzzles-{variant}", title, variant,
                              tuple(p.id for p in puzzles(variant)), track=f"puzzles-{variant}"))
        return Book(rows, [*course(), *all_puzzles()])
    if isinstance(levels, (str, bytes)) or not isinstance(levels, Sequence):
        raise TypeError(f"levels= takes a list of learn.Level, not {type(levels).__name__}.")
    for n, item in enumerate(levels, 1):
        if not isinstance(item, Level):
            raise TypeError(f"levels= takes learn.Level objects; item {n} is a "
                            f"{type(item).__name__} ({item!r:.40}).")
    return Book(teachers_stages(levels), levels)
