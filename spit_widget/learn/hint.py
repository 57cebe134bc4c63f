"""What a level's Hint button says and lights: a :class:`LevelHint`.

Its own small module so that both a level and the validation of a level can
name it without importing each other. Not the engine's :class:`~spit_widget.engine.Hint`
(a good move found by the rules, with its reason): a level's hint is written by
its teacher, and may light a pile with no card.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class LevelHint:
    """What a level's Hint button says, and what it lights: a card (``"AS"``)
    and/or a centre pile (0 or 1)."""

    sentence: str
    card: str | None = None
    pile: int | None = None
