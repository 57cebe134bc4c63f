"""Why a table is paused: one set of reasons, not a flag per cause.

The table is paused while any reason holds; each cause adds its own and takes
only its own away, so showing a hidden tab again never resumes a game a player
paused, and a seat taken again never resumes one the player paused either.
"""

from __future__ import annotations

import enum


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


RESUME_ENDS = frozenset({Pause.PLAYER, Pause.HIDDEN, Pause.INTERRUPTED})
"""The reasons Resume takes away (the seats' own is theirs to end)."""
