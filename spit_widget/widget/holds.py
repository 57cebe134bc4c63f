"""Two people at different distances from the kernel, evened up.

At a table of two people, each sees a change half their round trip after it
happens and their click reaches the kernel half a trip after they make it: a
change reaches the kernel as a click ``trip + reaction`` after it happened. So
between two equally quick people the nearer one wins every race by the
difference of their trips.

What we chose, and why. The engine delays nothing (a click is applied the
moment it arrives, for everyone, in the order it arrives), and the nearer
person's clicks are not held either: holding a click back would make their
own card sit in the air for no reason they can see, and a held action would
have to be re-checked against a table that moved on. Instead the nearer
person's *page* shows every change later, by the difference of the two trips
(their **hold**): a change then reaches both people's eyes at a moment that
puts their clicks at the kernel equally late, and the race is decided by who
reacts faster. A click on a pile that changed meanwhile is refused with the
race sentence, as for anyone (the page says which card it saw).

The kernel tells each page its hold with the ping (``holds``, milliseconds,
only while some page has one), so a state update is not a byte longer. Only
between two people each in a seat of their own: a spectator races nobody, a
hot seat's two players share one page, and a computer is compensated instead
(:mod:`.connection`). The hold is at most :data:`MAX_HOLD_S`: a page running
more than half a second behind what happened feels broken to the person at it
(their own card lands that late), and beyond that the farther person keeps
the rest of the disadvantage. No clocks and no I/O: the trips are passed in.
"""

from __future__ import annotations

MAX_HOLD_S = 0.5
"""The longest hold: the most a near page shows behind the table."""
HOLD_FROM_S = 0.02
"""A difference of trips under this is jitter, not distance: no hold. (A page
busy with the kernel's messages may run its timers late; a held state is shown
by the next message too, js/held.js, so a small hold costs nothing more.)"""
HOLD_STEP = 0.15
"""A hold moves only when the difference has moved by more than this share (and
:data:`HOLD_FROM_S`): a jittery echo must not make the page's delay wander."""


def hold_for(near: float, far: float) -> float:
    """The hold of the page whose round trip is ``near`` against one at ``far``
    (seconds): the difference, up to :data:`MAX_HOLD_S`; none under
    :data:`HOLD_FROM_S`."""
    difference = far - near
    return min(MAX_HOLD_S, difference) if difference >= HOLD_FROM_S else 0.0


class Holds:
    """The hold each page is told (the nearer of two seated people's only)."""

    def __init__(self) -> None:
        self._held: dict[str, float] = {}

    def follow(self, rivals: dict[str, float]) -> dict[str, float]:
        """The holds now, from the round trips of the two seated people's
        views (``rivals``: view id -> trip; anything but two: no hold). A hold
        that moved by less than :data:`HOLD_STEP` keeps its old figure."""
        fresh: dict[str, float] = {}
        if len(rivals) == 2:
            (a, ta), (b, tb) = rivals.items()
            near, near_trip, far_trip = (a, ta, tb) if ta <= tb else (b, tb, ta)
            hold = hold_for(near_trip, far_trip)
            if hold:
                old = self._held.get(near)
                keep = old is not None and abs(hold - old) <= max(HOLD_FROM_S, HOLD_STEP * old)
                fresh[near] = old if keep and old is not None else hold
        self._held = fresh
        return dict(fresh)

    def of(self, view: str) -> float:
        """``view``'s hold now (seconds; 0: it shows each change at once)."""
        return self._held.get(view, 0.0)

    def message(self) -> dict[str, int]:
        """The holds as the ping carries them: whole milliseconds by view."""
        return {view: round(hold * 1000) for view, hold in self._held.items()}
