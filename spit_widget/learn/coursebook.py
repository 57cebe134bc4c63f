"""The course: stages in teaching order, each a list of levels.

Board Game Arena's order: the goal of the game first, then the general rules,
then each special rule where it first comes up, then a tip; the duel first
(one round, fewer rules), then classic. Levels are built once per process
(validation plays each solution) and handed out as a fresh list.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from . import stages_classic as K
from . import stages_duel as D
from .level import Level


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
    from .puzzles import all_puzzles

    for candidate in (*_built()[1], *all_puzzles()):
        if candidate.id == level_id:
            return candidate
    raise KeyError(f"There is no level {level_id!r} in the course or the puzzles.")
