"""Puzzles: positions with one best answer, proven by a search (filled in below)."""

from __future__ import annotations

from .level import Level


def puzzles(variant: str = "duel") -> list[Level]:
    """The puzzles of ``variant`` ("duel" or "classic"), easiest first."""
    if variant not in ("duel", "classic"):
        raise ValueError(f"Unknown variant {variant!r}; choose 'duel' or 'classic'.")
    return []


def all_puzzles() -> list[Level]:
    """The puzzles of both variants."""
    return puzzles("duel") + puzzles("classic")
