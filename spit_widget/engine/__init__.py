"""The rules engine: pure, deterministic, no I/O, no clocks, no widgets.

Every layer above (the computer, the widget, the commands) drives a game
through :class:`Game` and reads the value types from :mod:`.types`.
"""

from .compiled import ENGINE  # first: it decides whether the compiled modules load

# isort: split
from . import cards, narration
from .game import Game
from .positions import Position
from .rules import VARIANTS, Variant, variant
from .types import (
    COMPUTER,
    GAME_OVER,
    OUT_OF_CARDS,
    PLAYERS,
    PLAYING,
    ROUND_LIMIT,
    ROUND_OVER,
    SNAPSHOT_VERSION,
    SPITS_NOWHERE,
    STALEMATE,
    STOCK_EMPTIED,
    YOU,
    Action,
    ActionKind,
    Event,
    EventKind,
    Hint,
    IllegalMove,
    Outcome,
    RefusalKind,
    Status,
    Termination,
)

__all__ = [
    "COMPUTER", "ENGINE", "GAME_OVER", "OUT_OF_CARDS", "PLAYERS", "PLAYING", "ROUND_LIMIT",
    "ROUND_OVER",
    "SNAPSHOT_VERSION", "SPITS_NOWHERE", "STALEMATE", "STOCK_EMPTIED", "VARIANTS", "YOU", "Action",
    "ActionKind", "Event", "EventKind", "Game", "Hint", "IllegalMove", "Outcome", "Position",
    "RefusalKind", "Status", "Termination", "Variant", "cards", "narration", "variant",
]
