"""The daily deal: the same duel for everyone on a date, against the computer
at Normal, with a line to share.

The seed comes from the date alone (a hash, so neighbouring dates are not
neighbouring seeds), which is what makes "the same deal for everyone" true
without a server. The date is the calendar date where the player is.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass

from ..engine import Game
from ..locale import _, ngettext

PACE = "normal"
VARIANT = "duel"


@dataclass(frozen=True)
class DailyResult:
    """How a daily deal ended: ``won``, the ``margin`` in cards (the computer's
    cards left minus yours, positive when you won: stock cards when a stock was
    cleared, all cards after a stalemate) and the time taken."""

    won: bool
    margin: int
    seconds: float


@dataclass(frozen=True)
class Daily:
    """The daily deal of ``date``: a duel dealt from ``seed`` at pace ``pace``."""

    date: dt.date
    seed: int
    variant: str = VARIANT
    pace: str = PACE

    @property
    def day(self) -> str:
        """The date as ``2026-12-01``."""
        return self.date.isoformat()

    def game(self) -> Game:
        """A fresh game of the day's deal."""
        return Game(self.variant, seed=self.seed)

    def result(self, game: Game, seconds: float) -> DailyResult:
        """The result of a finished game of this deal; ValueError while it runs."""
        if game.outcome is None:
            raise ValueError("The daily deal is still being played: no result yet.")
        out = game.outcome
        if out.termination == "stock_emptied":
            # A race to clear the stock: by the stock cards the loser had left.
            left = [sum(len(pile) for pile in game.stock[p]) for p in (0, 1)]
        else:  # a stalemate: decided by all the cards left, so counted the same way
            left = list(out.cards_left)
        return DailyResult(out.winner == 0, left[1] - left[0], float(seconds))

    def share_line(self, result: DailyResult) -> str:
        """``"Spit daily 2026-12-01: won by 7 cards in 2:13"``, to copy (in the
        current language)."""
        minutes, secs = divmod(round(result.seconds), 60)
        cards = abs(result.margin)
        values = {"day": self.day, "time": f"{minutes}:{secs:02d}"}
        if result.won and cards:
            return ngettext("Spit daily {day}: won by {n} card in {time}",
                            "Spit daily {day}: won by {n} cards in {time}", cards, **values)
        if result.won:
            return _("Spit daily {day}: won on the tie in {time}", **values)
        if cards:
            return ngettext("Spit daily {day}: lost by {n} card in {time}",
                            "Spit daily {day}: lost by {n} cards in {time}", cards, **values)
        return _("Spit daily {day}: lost on the tie in {time}", **values)

    def record(self, result: DailyResult) -> bool:
        """Keep the day's first result in the stats file; False if it had one."""
        from .progress import record_daily

        return record_daily(self.day, result.won, result.margin, result.seconds)


def seed_for(date: dt.date) -> int:
    """The deal's seed for ``date``: the same everywhere, different day to day."""
    digest = hashlib.sha256(f"spit-widget daily {date.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def daily(date: dt.date | str | None = None) -> Daily:
    """The daily deal of ``date`` (a date, ``"2026-12-01"``, or None: today)."""
    if date is None:
        day = dt.date.today()
    elif isinstance(date, dt.datetime):
        day = date.date()
    elif isinstance(date, dt.date):
        day = date
    elif isinstance(date, str):
        try:
            day = dt.date.fromisoformat(date)
        except ValueError:
            raise ValueError(f"A daily deal's date is written 2026-12-01, not {date!r:.30}.") \
                from None
    else:
        raise ValueError(f"A daily deal's date is a date or '2026-12-01', not {date!r:.30}.")
    return Daily(day, seed_for(day))
