"""The network between the kernel and each page: how long a round trip takes,
and whether the page is there at all.

The computer plays inside the kernel and sees every change at once; a person
sees each change half a trip late and their click lands half a trip later.
While a game is on the kernel pings every view once a second (a custom
message of a few bytes; the page answers at once, without drawing anything,
``js/echo.js``), and :class:`RoundTrips` keeps each view's recent echoes: the
lower quartile of the last :data:`WINDOW` is its round trip: the network's
share, which a busy machine only ever lengthens (an echo answered late by a
page or a kernel that had other work is no longer a trip), so a loaded laptop
is not taken for a far server. The table adds the part
beyond a local page's to the computer's every reaction
(:func:`~spit_widget.computer.pace.compensation`), so a pace means the same
win rate wherever the person sits.

The same echoes are the table's only measure of presence: a page that
answered before and has not answered any ping for :data:`GONE_AFTER_S` cannot
see the table (a dropped connection, a closed tab), so the computer must not
play on against it and a seat it holds is away. There is no second heartbeat.

No clocks of its own and no I/O: the table passes ``now`` (monotonic seconds)
in and sends the pings; :class:`Pinger` is the timer that asks for them.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

PING_S = 1.0
"""How often the kernel pings its pages while a game is on."""
WINDOW = 9
"""Echoes a view's round trip is the lower quartile of (the last nine seconds)."""
KEPT_PINGS = 16
"""Pings remembered for their echoes; an echo of an older one is not a trip."""
LONGEST_TRIP_S = 5.0
"""An echo slower than this is an outage's backlog arriving, not a round trip."""
GONE_AFTER_S = 5.0
"""A page that answered before and then no ping for this long has gone: as long as
the table waits for a seat whose tab went away, and long enough that a browser
stalled by a busy machine is not taken for a dropped connection."""
QUIET_S = 2.0
"""A page that answered before and then no ping for this long may not see the
table: the computer plays nothing until it answers (the game pauses, and says
so, only at :data:`GONE_AFTER_S`). Two pings and more: a page at a long trip,
or a busy one, answers within it, and a wrong guess only makes the computer wait."""
ANY_PAGE = ""
"""The view a message naming none is heard from (the course bar's, an older
page's): a page is there, though which one is not said. Its silence counts
like any view's, so a table whose only word from its page was such a message
(a course level opened from the map before any ping) still knows when it goes."""
RECENT_S = 10.0
"""A view heard from within this long still counts as someone at the table."""


@dataclass(frozen=True)
class Trip:
    """One view's round trip: the lower quartile of its recent echoes (seconds), their
    spread (half the range of the middle half), when it was last measured
    (``time.time()``), and the fastest of them: the network's own floor, which
    no busy machine can lengthen (a test compares it with a relay's delay)."""

    round_trip: float
    spread: float
    measured_at: float
    echoes: int
    fastest: float

    def public(self) -> dict[str, Any]:
        """As ``w.network`` shows it."""
        return {"round_trip": round(self.round_trip, 4), "spread": round(self.spread, 4),
                "measured_at": self.measured_at, "echoes": self.echoes,
                "fastest": round(self.fastest, 4)}


def _trip(samples: deque[float], measured_at: float) -> Trip:
    ordered = sorted(samples)
    if len(ordered) >= 4:
        q1, _, q3 = statistics.quantiles(ordered, n=4)
        spread = (q3 - q1) / 2
    else:
        q1 = ordered[0]
        spread = (ordered[-1] - ordered[0]) / 2
    return Trip(q1, spread, measured_at, len(ordered), ordered[0])


class RoundTrips:
    """Each view's recent echoes, and how long each view has been silent: the
    table's one presence clock (a seat is away, and a computer's page gone, by
    the same silence; see :meth:`silent`)."""

    def __init__(self) -> None:
        self._n = 0
        self._sent: dict[int, float] = {}
        self._echoes: dict[str, deque[float]] = {}
        self._heard: dict[str, float] = {}
        self._measured_at: dict[str, float] = {}
        self._last_echoed: dict[str, int] = {}  # each view's newest ping echoed (one trip each)
        self._unanswered: dict[str, float] = {}  # view -> its first ping unanswered since heard

    def ping(self, now: float) -> int:
        """A ping is going out now: its number, for the page to echo. Every view
        heard from before now owes an answer from this ping on."""
        self._n += 1
        self._sent[self._n] = now
        self._sent.pop(self._n - KEPT_PINGS, None)
        for view in self._heard:
            self._unanswered.setdefault(view, now)
        return self._n

    def echo(self, view: str, n: object, now: float, wall: float) -> float | None:
        """``view`` echoed ping ``n``: the round trip it took (None: not a
        ping of these, or an outage's backlog, or one this view echoed already).
        Any echo says a page is there. Every view echoes every ping: each
        echo is that view's own trip."""
        self.heard(view, now)
        if type(n) is not int or n <= self._last_echoed.get(view, 0):
            return None
        sent = self._sent.get(n)
        if sent is None or not 0 <= now - sent <= LONGEST_TRIP_S:
            return None
        self._last_echoed[view] = n
        trip = now - sent
        self._echoes.setdefault(view, deque(maxlen=WINDOW)).append(trip)
        self._measured_at[view] = wall
        return trip

    def heard(self, view: str, now: float) -> None:
        """``view`` spoke (an echo, a click, a seat message): it can see the table."""
        self._heard[view] = now
        self._unanswered.pop(view, None)

    def forget(self, view: str) -> None:
        """``view`` has gone for good (its output was removed): no silence to count."""
        for record in (self._heard, self._unanswered, self._echoes, self._measured_at,
                       self._last_echoed):
            record.pop(view, None)

    def forget_pings(self) -> None:
        """The pings sent so far will be echoed late (an outage's backlog): no trips."""
        self._sent.clear()

    def excuse(self) -> None:
        """The loop was held up: silence so far says nothing about the pages."""
        self._unanswered.clear()

    def silent(self, view: str | None, now: float) -> float:
        """Seconds ``view`` has left the pings unanswered (0 while it answers, and
        for a view never heard from: a page nobody has drawn is not gone)."""
        since = self._unanswered.get(view) if view is not None else None
        return 0.0 if since is None else now - since

    def silent_for(self, now: float) -> float:
        """Seconds *every* page has left the pings unanswered (0 when one answers,
        or none has ever answered)."""
        if not self._heard:
            return 0.0
        return min(self.silent(view, now) for view in self._heard)

    def of(self, view: str) -> Trip | None:
        """``view``'s round trip (None before its first echo)."""
        samples = self._echoes.get(view)
        return _trip(samples, self._measured_at[view]) if samples else None

    def slowest(self, now: float) -> Trip | None:
        """The farthest of the views heard from lately: at a table shown in
        two places, the person plays on the slower one as often as not, and
        the compensation errs their way."""
        trips = [t for v, t in ((v, self.of(v)) for v in self._echoes)
                 if t is not None and now - self._heard.get(v, -1e9) <= RECENT_S]
        return max(trips, key=lambda t: t.round_trip, default=None)

    def views(self) -> dict[str, Trip]:
        """Every view measured, by id."""
        return {v: t for v in self._echoes if (t := self.of(v)) is not None}


class Pinger:
    """Calls ``tick(late)`` every :data:`PING_S` on the loop the table lives on
    (``late``: the loop was held up, by a long cell say, so silence over that
    time says nothing about the page) until ``stop()``."""

    def __init__(self, loop: asyncio.AbstractEventLoop, tick: Callable[[bool], None],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._loop = loop
        self._tick = tick
        self._clock = clock
        self._handle: asyncio.TimerHandle | None = None
        self._due = 0.0
        self._schedule()

    def _schedule(self) -> None:
        self._due = self._clock() + PING_S
        self._handle = self._loop.call_later(PING_S, self._run)

    def _run(self) -> None:
        late = self._clock() - self._due > PING_S / 2
        self._schedule()
        self._tick(late)

    def stop(self) -> None:
        """No more ticks."""
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
