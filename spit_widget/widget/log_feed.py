"""The move log, sent as it grows instead of whole with every play.

A play adds an event or two to a log of up to sixty; sending the whole log
again each time was most of every update. The feed remembers which game and
how many of its events the page has been sent, and hands out only the new
ones, which ride in the state update itself (``log_new``: one message per
play, like any synced trait); the page appends them. A new game, a shown
position, or a page that asks (it saw a gap: a view that started late, a page
that reconnected) gets the whole log, marked ``log_whole``, in place of its
own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from ..engine import Event, Game
from .protocol import LOG_LENGTH, LogEvent


def log_event(event: Event) -> LogEvent:
    """One event as a line of the page's log."""
    return cast(LogEvent, event.to_dict())


def log_events(game: Game) -> list[LogEvent]:
    """The newest :data:`LOG_LENGTH` events of ``game``, as the page shows them."""
    return [log_event(e) for e in game.events[-LOG_LENGTH:]]


@dataclass(frozen=True)
class LogNews:
    """What the next update carries of the log: ``whole`` means ``events`` are
    all of game number ``game`` (the page replaces its log with them)."""

    game: int
    events: list[LogEvent]
    whole: bool


class LogFeed:
    """What of the log the page has been sent: which game, and how many events."""

    def __init__(self) -> None:
        self._game: Game | None = None
        self._sent = 0
        self._whole: bool  # set by news() at each new game (the first too) and by send_whole()
        self.game_no = 0  # counts the games fed; the page tells a new game by it

    def send_whole(self) -> None:
        """The next news is the whole log (a page saw a gap in its own)."""
        self._whole = True

    def news(self, game: Game) -> LogNews:
        """The events the page has not been sent (often none). A different game
        than last time, or a page's request, gets the whole log."""
        if game is not self._game:
            self._game = game
            self.game_no += 1
            self._whole = True
        whole, self._whole = self._whole, False
        new = game.events[-LOG_LENGTH:] if whole else game.events[self._sent:][-LOG_LENGTH:]
        self._sent = len(game.events)
        return LogNews(self.game_no, [log_event(e) for e in new], whole)
