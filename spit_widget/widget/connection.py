"""What a table does with its pages' round trips: compensate the computer for
the person's, say so in the pace menu, even two people's trips with the nearer
one's hold (:mod:`.holds`), and pause while the page has gone.

Kept apart from the session because it is one concept with its own state:
the echoes (:class:`~.network.RoundTrips`), the trip the note shows, and
when the page went. The session asks it after each ping and echo and
publishes when it says something shown changed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..computer.pace import compensation
from ..engine import GAME_OVER
from . import voice as V
from .holds import Holds
from .network import GONE_AFTER_S, QUIET_S, RoundTrips, Trip
from .pauses import Pause

if TYPE_CHECKING:
    from .protocol import HoldingPing, PingMessage
    from .session import Session

NOTE_STEP = 0.15
"""The note's figure moves only when the trip has moved by more than this share
(and 20 ms): a jittery echo must not redraw the page every second."""
NOTE_FROM_S = 0.02
"""Compensation below this is not worth a note (nor a difference anyone feels)."""


class Connection:
    """One table's pages across the network (see the module docstring)."""

    def __init__(self, session: Session) -> None:
        self._session = session
        self.trips = RoundTrips()
        self.holds = Holds()
        self._shown: float | None = None  # the trip the pace note shows
        self._silent_since: float | None = None  # when the page went quiet (paused for it)
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
    def ping(self, now: float, late: bool) -> PingMessage | None:
        """The ping to send now (None: no game on), after judging whether the
        page has gone (not when the loop was ``late``: its echoes may be queued)."""
        session = self._session
        if session.game.status == GAME_OVER:
            return None
        if not self.trips.silent_for(now):
            self._actions_answered = len(session.game.history)
        if late:
            self.trips.excuse()
        elif self._gone(now):
            self._silent_since = now - self.trips.silent_for(now)
            self._actions_then = len(session.game.history)
            session.pauses.add(Pause.NETWORK)
            session.say(V.PAUSED_NETWORK, "info")
        ping: HoldingPing = {"kind": "ping", "n": self.trips.ping(now)}
        if self.even():
            ping["holds"] = self.holds.message()  # only then: a ping is bytes on every page
        return ping

    def even(self) -> bool:
        """Follow the two seated people's trips with the nearer one's hold; True
        while some page has one."""
        rivals = self._session.seats.rivals() or ()
        trips = {view: trip.round_trip for view in rivals if (trip := self.trips.of(view))}
        return bool(self.holds.follow(trips))

    def quiet(self, now: float) -> bool:
        """Whether every page has left the pings unanswered for :data:`~.network.QUIET_S`
        (the computer then waits: :attr:`~spit_widget.computer.Match.page_quiet`)."""
        return self.trips.silent_for(now) > QUIET_S

    def _gone(self, now: float) -> bool:
        session = self._session
        return (self.trips.silent_for(now) > GONE_AFTER_S and Pause.NETWORK not in session.pauses
                and session.seats.runs(session.match))

    def echo(self, view: str, n: object, now: float, wall: float) -> bool:
        """``view`` echoed ping ``n``; True when something shown changed."""
        back = self._back(now)  # first: an echo that ends an outage is its backlog
        self.trips.echo(view, n, now, wall)
        self.even()  # the hold follows the trips as w.network shows them; the next ping says it
        return self.follow(now) or back

    def heard(self, now: float) -> bool:
        """A page message came (it can see the table); True when the game was
        paused for the page and is not any more."""
        self.trips.heard(now)
        return self._back(now)

    def _back(self, now: float) -> bool:
        session = self._session
        if Pause.NETWORK not in session.pauses:
            return False
        since = self._silent_since if self._silent_since is not None else now
        self.outages.append({"seconds": round(now - since, 2),
                             "actions": len(session.game.history) - self._actions_then,
                             "unseen": self._actions_then - self._actions_answered})
        self._silent_since = None
        self.trips.forget_pings()  # echoes of pings sent into the outage are no trips
        playing_on = session.pauses.end(Pause.NETWORK)
        session.say(V.connection_back(now - since, playing_on), "info")
        if playing_on:
            session.play_on()
        return True

    # ------------------------------------------------------ compensation
    def person(self, now: float) -> Trip | None:
        """The round trip of the person facing the computer (the farthest view
        heard from lately)."""
        return self.trips.slowest(now)

    def follow(self, now: float) -> bool:
        """Set the computer's lag (and the reaction meter's trip) from the
        person's round trip; True when the pace note's figure changed."""
        session = self._session
        trip = self.person(now) if session.seats.computer is not None else None
        seconds = trip.round_trip if trip else 0.0
        session.match.lag = compensation(seconds)
        session.reactions.meter.trip = seconds
        shown = seconds if compensation(seconds) >= NOTE_FROM_S else None
        if shown is None or self._shown is None:
            changed = (shown is None) != (self._shown is None)
        else:
            changed = abs(shown - self._shown) > max(0.02, NOTE_STEP * self._shown)
        if changed:
            self._shown = shown
        return changed

    def note(self) -> str | None:
        """The pace menu's note while the computer is compensated (None: not)."""
        return V.pace_adjusted(self._shown) if self._shown is not None else None

    def public(self, now: float) -> dict[str, Any]:
        """``w.network``: the person's round trip, the computer's compensation,
        each view's trip and hold, and the dropped connections so far."""
        trip = self.person(now)
        return {
            **(trip.public() if trip else
               {"round_trip": None, "spread": None, "measured_at": None, "echoes": 0}),
            "compensation": round(self._session.match.lag, 4),
            "views": {v: {**t.public(), "hold": round(self.holds.of(v), 4)}
                      for v, t in self.trips.views().items()},
            "outages": list(self.outages),
        }
