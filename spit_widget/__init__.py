"""Spit, the two-player race card game, playable in a Jupyter cell.

``Game`` is the pure rules engine; ``SpitWidget`` (imported on first use, so the
engine works without any widget library) is the table you click on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .engine import Action, Event, Game, Hint, IllegalMove, Outcome

if TYPE_CHECKING:
    from .replay import ReplayWidget, load_record, save_game
    from .widget import SpitWidget

__all__ = [
    "Action", "Event", "Game", "Hint", "IllegalMove", "Outcome", "ReplayWidget", "SpitWidget",
    "load_record", "save_game",
]
_WIDGETS = {"SpitWidget": "widget", "ReplayWidget": "replay", "save_game": "replay",
            "load_record": "replay"}
__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    """Widgets load on first use, so the engine works without any widget library."""
    if name in _WIDGETS:
        import importlib

        return getattr(importlib.import_module(f".{_WIDGETS[name]}", __name__), name)
    raise AttributeError(f"module 'spit_widget' has no attribute {name!r}")
