"""Spit, the two-player race card game, playable in a Jupyter cell.

``Game`` is the pure rules engine; ``SpitWidget`` (imported on first use, so the
engine works without any widget library) is the table you click on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .engine import Action, Event, Game, Hint, IllegalMove, Outcome

if TYPE_CHECKING:
    from .widget import SpitWidget

__all__ = ["Action", "Event", "Game", "Hint", "IllegalMove", "Outcome", "SpitWidget"]
__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    if name == "SpitWidget":
        from .widget import SpitWidget

        return SpitWidget
    raise AttributeError(f"module 'spit_widget' has no attribute {name!r}")
