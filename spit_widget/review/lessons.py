"""Lessons: the rules behind the missed plays, counted over this game and over
the stored games, each with the course level that teaches it.

A moment counts once for each rule behind its plays (a moment where a wrap and
an adjacent card both fitted counts for both rules). The stored games are the
last finished games' records the stats store keeps
(:mod:`spit_widget.stats.records`), read back with the same definition.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..learn.coursebook import teaching_level
from ..learn.narration import rule_name
from .moments import Moment


@dataclass(frozen=True)
class ReviewLesson:
    """One rule behind missed plays: ``rule`` (an id of ``learn.RULES``) and its
    ``name``, how many missed moments it was behind in ``this_game`` and in the
    ``stored_games``, and the course ``level`` (id) that teaches it with that
    level's ``goal``."""

    rule: str
    name: str
    this_game: int
    stored_games: int
    level: str | None
    goal: str | None


def rule_counts(moments: Iterable[Moment]) -> Counter[str]:
    """How many moments each rule was behind."""
    return Counter(rule for m in moments for rule in dict.fromkeys(m.rules))


def lessons(this_game: Sequence[Moment], stored: Counter[str], variant: str) -> list[ReviewLesson]:
    """The lessons, the rule missed most first (this game's count, then the stored games')."""
    here = rule_counts(this_game)
    found = []
    for rule in set(here) | set(stored):
        level = teaching_level(rule, variant)
        found.append(ReviewLesson(rule, rule_name(rule), here[rule], stored[rule],
                                  level[0] if level else None, level[1] if level else None))
    return sorted(found, key=lambda lesson: (-lesson.this_game, -lesson.stored_games,
                                             lesson.rule))
