"""Spit, the two-player race card game, playable in a Jupyter cell.

``Game`` is the pure rules engine; ``SpitWidget`` is the table you click on;
``set_language("fr")`` makes every sentence French (or "es", "de", "en").
The widgets load on first use, so the engine (and every tournament worker
process) runs without importing a widget library.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from ._version import __version__
from .engine import Action, Event, Game, Hint, IllegalMove, Outcome
from .locale import LANGUAGES, language, set_language

if TYPE_CHECKING:
    from .widget import ReplayWidget, SpitWidget, load_record, save_game

__all__ = [
    "LANGUAGES", "Action", "Event", "Game", "Hint", "IllegalMove", "Outcome", "ReplayWidget",
    "SpitWidget", "__version__", "language", "load_record", "save_game", "set_language",
]
_WIDGETS = frozenset({"SpitWidget", "ReplayWidget", "save_game", "load_record"})


def __getattr__(name: str) -> Any:
    """Widgets load on first use, so the engine works without any widget library."""
    if name in _WIDGETS:
        return getattr(importlib.import_module(".widget", __name__), name)
    raise AttributeError(f"module 'spit_widget' has no attribute {name!r}")
