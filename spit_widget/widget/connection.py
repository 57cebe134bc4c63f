"""What a table does with its pages' round trips: compensate the computer for
the person's, say so in the pace menu, even two people's trips with the nearer
one's hold (:mod:`.holds`), and keep the dropped connections.

Kept apart from the session because it is one concept with its own state:
the echoes (:class:`~.network.RoundTrips`, the table's one presence clock),
the trip the note shows, and when the page went. It decides and returns; the
session applies what it returns (a lag, a pause, its end), so nothing here
reaches into the session.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..computer.pace import compensation
from . import voice as V
from .holds import Holds
from .network import GONE_AFTER_S, QUIET_S, RoundTrips, Trip

if TYPE_CHECKING:
    from .protocol import HoldingPing

NOTE_STEP = 0.15
"""The note's figure moves only when the trip has moved by more than this share
(and 20 ms): a jittery echo must not redraw the page every second."""
NOTE_FROM_S = 0.02
"""Compensation below this is not worth a note (nor a difference anyone feels)."""


@dataclass(frozen=True)
class Lag:
    """What the person's round trip means for the computer: the ``lag`` it adds
    to each reaction, the ``trip`` the reaction meter takes off, and whether the
    pace note's figure ``changed``."""

    lag: float
    trip: float
    changed: bool


class Connection:
    """One table's pages across the network (see the module docstring)."""

    def __init__(self, trips: RoundTrips | None = None) -> None:
        self.trips = trips if trips is not None else RoundTrips()
        self.holds = Holds()
        self._shown: float | None = None  # the trip the pace note shows
        self.lost_since: float | None = None
        """When the page went quiet, while the game waits for it (None: it is there)."""
        self._actions_then = 0  # the game's actions when it paused for the page
        self._actions_answered = 0  # the game's actions at the last ping the page answered
        self.outages: list[dict[str, float]] = []
        """Each dropped connection (newest last): ``seconds`` the page was silent,
        ``actions`` that landed while the game waited for it (none: nothing is
        played against a person who cannot see the table), and ``unseen``, those
        that landed between the first ping it left unanswered and the pause (the
        computer waits from :data:`~.network.QUIET_S`; before that a cut cannot
        be told from a slow answer)."""

    # ------------------------------------------------------------ the pings
    def ping(self, now: float, actions: int, rivals: tuple[str, str] | None) -> HoldingPing:
        """The ping to send now (``actions``: the game's so far; ``rivals``: two
        people's views, whose trips the holds even)."""
        if not self.trips.silent_for(now):
            self._actions_answered = actions
        ping: HoldingPing = {"kind": "ping", "n": self.trips.ping(now)}
        if self.even(rivals):
            ping["holds"] = self.holds.message()  # only then: a ping is bytes on every page
        return ping

    def even(self, rivals: tuple[str, str] | None) -> bool:
        """Follow the two seated people's trips with the nearer one's hold; True
        while some page has one."""
        trips = {view: trip.round_trip for view in rivals or ()
                 if (trip := self.trips.of(view))}
        return bool(self.holds.follow(trips))

    def quiet(self, now: float) -> bool:
        """Whether every page has left the pings unanswered for :data:`~.network.QUIET_S`
        (the computer then waits: :attr:`~spit_widget.computer.Match.page_quiet`)."""
        return self.trips.silent_for(now) > QUIET_S

    def gone(self, now: float) -> bool:
        """Whether every page has left the pings unanswered past :data:`~.network.GONE_AFTER_S`."""
        return self.trips.silent_for(now) > GONE_AFTER_S

    def went(self, now: float, actions: int) -> None:
        """The game pauses for the page, gone since its first unanswered ping."""
        self.lost_since = now - self.trips.silent_for(now)
        self._actions_then = actions

    def back(self, now: float, actions: int) -> float:
        """The page that had gone answered: the outage is kept (``w.network``) and
        its length returned. The pings sent into it will be echoed late: no trips."""
        since = self.lost_since if self.lost_since is not None else now
        self.outages.append({"seconds": round(now - since, 2),
                             "actions": actions - self._actions_then,
                             "unseen": self._actions_then - self._actions_answered})
        self.lost_since = None
        self.trips.forget_pings()
        return now - since

    # ------------------------------------------------------ compensation
    def person(self, now: float) -> Trip | None:
        """The round trip of the person facing the computer (the farthest view
        heard from lately)."""
        return self.trips.slowest(now)

    def follow(self, now: float, *, computer: bool) -> Lag:
        """The computer's lag (and the reaction meter's trip) from the person's
        round trip (none without a ``computer``), and whether the note changed."""
        trip = self.person(now) if computer else None
        seconds = trip.round_trip if trip else 0.0
        shown = seconds if compensation(seconds) >= NOTE_FROM_S else None
        if shown is None or self._shown is None:
            changed = (shown is None) != (self._shown is None)
        else:
            changed = abs(shown - self._shown) > max(0.02, NOTE_STEP * self._shown)
        if changed:
            self._shown = shown
        return Lag(compensation(seconds), seconds, changed)

    def note(self) -> str | None:
        """The pace menu's note while the computer is compensated (None: not)."""
        return V.pace_adjusted(self._shown) if self._shown is not None else None

    def public(self, now: float, lag: float) -> dict[str, Any]:
        """``w.network``: the person's round trip, the computer's compensation
        (``lag``), each view's trip and hold, and the dropped connections so far."""
        trip = self.person(now)
        return {
            **(trip.public() if trip else
               {"round_trip": None, "spread": None, "measured_at": None, "echoes": 0,
                "fastest": None}),
            "compensation": round(lag, 4),
            "views": {v: {**t.public(), "hold": round(self.holds.of(v), 4)}
                      for v, t in self.trips.views().items()},
            "outages": list(self.outages),
        }
