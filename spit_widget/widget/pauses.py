"""Why a table is paused: one set of reasons, not a flag per cause.

The table is paused while any reason holds; each cause adds its own and takes
only its own away, so showing a hidden tab again never resumes a game a player
paused, and a seat taken again never resumes one the player paused either.
"""

from __future__ import annotations

import enum
from collections.abc import Callable

from . import voice as V


class Pause(str, enum.Enum):
    """One reason for a pause."""

    PLAYER = "player"
    """A player pressed Pause (or a cell called ``pause()``); ``resume()`` ends it."""
    HIDDEN = "hidden"
    """The browser tab was hidden; showing it again ends it."""
    SEATS = "seats"
    """A seat is free or its view has gone quiet; the seats held again end it."""
    INTERRUPTED = "interrupted"
    """The loop cancelled the computer's task; ``resume()`` ends it."""
    NETWORK = "network"
    """The page stopped answering (a dropped connection): the person cannot see
    the table. Its return ends it (widget/network.py); ``resume()`` does not."""


RESUME_ENDS = frozenset({Pause.PLAYER, Pause.HIDDEN, Pause.INTERRUPTED})
"""The reasons Resume takes away (the seats' own is theirs to end)."""


class Pauses:
    """The reasons a table is paused now. The first reason stops the match
    (``stop``); the widget plays on once none is left."""

    def __init__(self, stop: Callable[[], None]) -> None:
        self._reasons: set[Pause] = set()
        self._stop = stop

    def __bool__(self) -> bool:
        return bool(self._reasons)

    def __contains__(self, reason: object) -> bool:
        return reason in self._reasons

    def add(self, reason: Pause) -> None:
        """``reason`` holds: stop the computer and the reaction clock."""
        self._reasons.add(reason)
        self._stop()

    def end(self, *reasons: Pause) -> bool:
        """``reasons`` no longer hold; True when no reason is left."""
        self._reasons.difference_update(reasons)
        return not self._reasons

    def hold(self, reason: Pause, holds: bool) -> bool:
        """Make ``reason`` hold or not, as the caller sees it now; True when that changed."""
        if holds == (reason in self._reasons):
            return False
        if holds:
            self.add(reason)
        else:
            self._reasons.discard(reason)
        return True

    def clear(self) -> None:
        """A new game: nothing holds."""
        self._reasons.clear()

    def refusal(self, waiting: str | None) -> str:
        """Why a click is refused now (the seats' reason when they are the cause)."""
        if Pause.SEATS in self._reasons and waiting:
            return waiting
        return V.said(V.PAUSED_CLICK)
