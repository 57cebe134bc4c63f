"""What a level's Hint button says and lights.

Its own small module so that both a level and the validation of a level can
name it without importing each other."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Hint:
    """What the Hint button says, and what it lights: a card (``"AS"``) and/or a
    centre pile (0 or 1)."""

    sentence: str
    card: str | None = None
    pile: int | None = None
