"""Learn from your games: a finished game read back.

``review.of(record_or_table, seat=1, threshold=2.0)`` replays a game's record
with the engine and finds the missed moments (stretches of at least the
threshold in which the seat had a legal play and made no action), the rules
behind them, and a course level for each; ``review.history()`` gives the
stored games' summaries as rows, and ``review.most_missed()`` the rules missed
most across them. The definition is in :mod:`.stretches` and
docs/api/review.md.
"""

from __future__ import annotations

from .lessons import ReviewLesson
from .moments import Moment
from .review import Review, history, most_missed, of

__all__ = ["Moment", "Review", "ReviewLesson", "history", "most_missed", "of"]
