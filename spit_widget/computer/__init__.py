"""The computer opponent: strategies over a read-only view, the paces it
reacts at, the asyncio match on the kernel's loop, and tournaments."""

from .match import Match
from .pace import Pace, pace, paces
from .strategies import (
    STRATEGIES,
    Strategy,
    expert,
    greedy,
    random_strategy,
    strategy,
    strategy_name,
    when_no_play,
)
from .tournament import TournamentResult, play_out, tournament
from .view import View

__all__ = [
    "STRATEGIES", "Match", "Pace", "Strategy", "TournamentResult", "View", "expert", "greedy",
    "pace", "paces", "play_out", "random_strategy", "strategy", "strategy_name", "tournament",
    "when_no_play",
]
