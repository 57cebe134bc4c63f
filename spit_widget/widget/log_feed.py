"""The move log, sent as it grows instead of whole with every play.

A play adds an event or two to a log of up to sixty; sending the whole log
again each time was most of every update. The feed remembers which game and
how many of its events the page has been sent, and hands out only the new
ones (a :class:`~.protocol.LogMessage`); the page appends them. A new game,
a shown position, or a page that asks (it saw a gap: a view that started late,
a page that reconnected) gets the whole log, marked ``whole``, in place of
its own.
"""

from __future__ import annotations

from typing import cast

from ..engine import Event, Game
from .protocol import LOG_LENGTH, LogEvent, LogMessage


def log_events(game: Game) -> list[LogEvent]:
    """The newest :data:`LOG_LENGTH` events of ``game``, as the page shows them."""
    return [log_event(e) for e in game.events[-LOG_LENGTH:]]


def log_event(event: Event) -> LogEvent:
    """One event as a line of the page's log."""
    return cast(LogEvent, event.to_dict())


class LogFeed:
    """What of the log the page has been sent: which game, and how many events."""

    def __init__(self) -> None:
        self._game: Game | None = None
        self._sent = 0
        self.game_no = 0  # counts the games fed; the page tells a new game by it

    def newest_seq(self, game: Game) -> int:
        """The ``seq`` of the newest event (-1 when the log is empty)."""
        return game.events[-1].seq if game.events else -1

    def news(self, game: Game) -> LogMessage | None:
        """The events the page has not been sent, or None if there are none.
        A different game than last time is sent whole."""
        if game is not self._game:
            self._game = game
            self.game_no += 1
            return self.whole(game)
        new = game.events[self._sent:]
        if not new:
            return None
        self._sent = len(game.events)
        events = [log_event(e) for e in new[-LOG_LENGTH:]]
        return {"kind": "log", "game": self.game_no, "events": events, "whole": False}

    def whole(self, game: Game) -> LogMessage:
        """The whole log: the page replaces its own with it."""
        self._sent = len(game.events)
        return {"kind": "log", "game": self.game_no, "events": log_events(game), "whole": True}
