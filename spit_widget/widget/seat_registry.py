"""Who sits where: the seats of a table two people share, one per browser view.

Every rendered view of a widget makes up a random *view id* and asks to sit.
The first view to sit gets seat 1 (player 0 of the engine), the next seat 2,
later views watch. Inside, a seat is the engine's player index (0 or 1), as
the page's messages carry it; every sentence says seat 1 and 2. The kernel
answers each view with a *token*; the page sends it with
every message, and :meth:`SeatRegistry.seat_for` maps the message to the seat
it acts for, or refuses it with a sentence. In hot-seat mode one view holds
both seats (two people at one keyboard) and says which seat each message is for.

A closed tab sends nothing, so presence is the table's one clock, the kernel's
pings (:class:`~.network.RoundTrips`): a view that has left them unanswered for
``away_after`` seconds is *away* (the game pauses), and after ``grace`` seconds
its seats are freed for anyone watching to take. There is no heartbeat of its
own. A view that comes back in time (a network hiccup, a reloaded page that
kept its view id) keeps its seat. The render cleanup also sends "leave", which frees
the seats at once when a view is removed (a cleared output, a closed panel).
A view that left and sits again within the grace period gets back what it
had: its seats if still free, or watching. Real-time collaboration needs this:
there the notebook's outputs are shared, so a person re-running the cell
that shows the table clears and redraws *every* person's view, and the
views' "leave" and "sit" reach the kernel interleaved; handing out the first
free seat then swapped the players (or sat a spectator down in one's place).
A view never seen before still gets the first free seat.

Seats keep honest views apart (a spectator clicking, a stale tab acting for a
seat it lost); they are not a security boundary: every view attached to the
kernel receives every message, tokens included.

No clocks of its own and no I/O: the widget passes ``now`` (monotonic seconds)
in, so the tests drive time by hand.
"""

from __future__ import annotations

import secrets
import unicodedata
from dataclasses import dataclass, field

from . import voice as V
from .network import GONE_AFTER_S, RoundTrips
from .protocol import PublicSeat, SeatMessage, SeatStatus

SEATS = (0, 1)
GRACE_S = 20.0
"""Silence after which a view's seats are freed (it is forgotten)."""
MAX_NAME = 24

class SeatRefused(ValueError):
    """A message for a seat its view does not hold; ``str()`` says why."""


@dataclass
class _View:
    view: str
    token: str
    seats: list[int] = field(default_factory=list)
    replaced: list[str] = field(default_factory=list)
    """Tokens this view had before it sat again, still good until the page uses its
    new one (:meth:`SeatRegistry.sit`)."""


@dataclass(frozen=True)
class Sitting:
    """What a view was given: its token and the seats it holds (none: it watches)."""

    view: str
    token: str
    seats: tuple[int, ...]

    def to_message(self) -> SeatMessage:
        """The ``seat`` message the kernel sends to the page (see docs/protocol.md)."""
        return {"kind": "seat", "view": self.view, "token": self.token, "seats": list(self.seats)}


_INVISIBLE = {"\u200e", "\u200f", *map(chr, range(0x202A, 0x202F)),
              *map(chr, range(0x2066, 0x206A))}
"""Direction marks and overrides: they would turn the rest of a line around."""


@dataclass(frozen=True)
class Name:
    """A name as it will be shown, and whether it had to be shortened."""

    text: str
    shortened: bool = False


def clean_name(name: object) -> Name:
    """A seat name as typed: one line, control characters dropped, spaces
    collapsed, at most ``MAX_NAME`` characters. Raises ValueError with the
    reason for what cannot be a name (not text, or nothing left to show)."""
    if not isinstance(name, str):
        raise ValueError(V.name_not_text(name))
    kept = "".join(" " if ch.isspace() else ch for ch in name
                   if ch.isspace() or (unicodedata.category(ch) != "Cc" and ch not in _INVISIBLE))
    text = " ".join(kept.split())
    if not text:
        raise ValueError(V.name_blank(name))
    if len(text) <= MAX_NAME:
        return Name(text)
    return Name(text[:MAX_NAME].rstrip(), shortened=True)


class SeatRegistry:
    """The two seats of one table and the views that hold or watch them."""

    def __init__(
        self,
        names: tuple[str, str] = ("Player 1", "Player 2"),
        *,
        hot_seat: bool = False,
        away_after: float = GONE_AFTER_S,
        grace: float = GRACE_S,
        presence: RoundTrips | None = None,
    ) -> None:
        if not 0 < away_after <= grace:
            raise ValueError(f"away_after ({away_after}) must be > 0 and at most grace ({grace}).")
        self.hot_seat = hot_seat
        self.presence = presence if presence is not None else RoundTrips()
        """The pings' record: how long each view has been silent."""
        self.away_after = away_after
        self.grace = grace
        self.names = [clean_name(n).text for n in names]
        self._views: dict[str, _View] = {}
        self._by_token: dict[str, _View] = {}
        self._holder: list[_View | None] = [None, None]
        self._left: dict[str, tuple[tuple[int, ...], float]] = {}
        """View id -> the seats it held when it left, and when (see :meth:`sit`)."""

    # --------------------------------------------------------------- queries
    def status(self, seat: int, now: float) -> SeatStatus:
        """``free``, ``taken`` or ``away`` (see :data:`SeatStatus`)."""
        holder = self._holder[seat]
        if holder is None:
            return "free"
        return "away" if self.presence.silent(holder.view, now) > self.away_after else "taken"

    def all_present(self, now: float) -> bool:
        """Both seats held by views heard from lately: the game may run."""
        return all(self.status(s, now) == "taken" for s in SEATS)

    def holder(self, seat: int) -> str | None:
        """The view id holding ``seat``, if any."""
        holder = self._holder[seat]
        return holder.view if holder else None

    def seats_of(self, token: str | None) -> tuple[int, ...]:
        """The seats the view with this token holds (empty: it watches or is unknown)."""
        view = self._lookup(token)
        return tuple(view.seats) if view else ()

    def view_of(self, token: str | None) -> str | None:
        """The view id that holds this token, if it is current."""
        view = self._lookup(token)
        return view.view if view else None

    @property
    def spectators(self) -> int:
        """Views that watch (hold no seat)."""
        return sum(1 for v in self._views.values() if not v.seats)

    def public(self, now: float) -> list[PublicSeat]:
        """The seats as every view may see them (no tokens)."""
        return [{"seat": s, "name": self.names[s], "status": self.status(s, now),
                 "view": self.holder(s)} for s in SEATS]

    # -------------------------------------------------------------- changes
    def sit(self, view: str, now: float) -> Sitting:
        """A view asks to sit: it gets a free seat (both in hot-seat mode) or
        watches. A view id that is already known keeps its seats and gets a
        fresh token (a reloaded page, a duplicated tab); the old token stops
        working once a message with the new one has come. Until then the page
        may not have the new one yet: it can ask to sit again (it heard the
        kernel after a silence) before the answer to its first sit reaches it,
        on a busy machine. One that
        left or was forgotten less than ``grace`` seconds ago gets back what it
        had (its seats if they are still free, else it watches), never a seat
        another view just left (a redrawn output: see the module's docstring)."""
        if not isinstance(view, str) or not 8 <= len(view) <= 64:
            raise SeatRefused(V.said(V.VIEW_ID_REFUSED))
        self.presence.heard(view, now)
        entry = self._views.get(view)
        if entry is not None:
            entry.replaced.append(entry.token)
            entry.token = secrets.token_urlsafe(16)
        else:
            entry = _View(view, secrets.token_urlsafe(16))
            self._views[view] = entry
            self._seat(entry, self._seats_for_new(view, now))
        self._by_token[entry.token] = entry
        return self._sitting(entry)

    def leave(self, token: str | None, now: float) -> tuple[int, ...]:
        """The view went away on purpose: forget it and free its seats at once
        (remembering them for its return, see :meth:`sit`). Only with its current
        token: a removed output's "leave" may come after its redrawn view sat
        again with the same view id, and must not unseat it."""
        entry = self._lookup(token)
        if entry is None or token != entry.token:
            return ()
        self._left[entry.view] = (tuple(entry.seats), now)
        return self._forget(entry)

    def take(self, token: str | None, seat: int, now: float) -> Sitting:
        """A watching view takes a free seat (in hot-seat mode: both, once free)."""
        entry = self._current(token)
        if seat not in SEATS:
            raise SeatRefused(V.message_seat_refused(seat))
        self.presence.heard(entry.view, now)
        if seat in entry.seats:
            return self._sitting(entry)
        wanted = list(SEATS) if self.hot_seat else [seat]
        for s in wanted:
            if self._holder[s] is not None and self._holder[s] is not entry:
                raise SeatRefused(V.seat_taken(s, self.names[s]))
        self._seat(entry, wanted)
        return self._sitting(entry)

    def stand(self, token: str | None) -> tuple[int, ...]:
        """A seated view gives up its seats and watches."""
        entry = self._current(token)
        freed = tuple(entry.seats)
        for s in freed:
            self._holder[s] = None
        entry.seats.clear()
        return freed

    def rename(self, seat: int, name: object) -> Name:
        """Name a seat (from its view, or from Python); returns the cleaned name.
        Raises ValueError, the name unchanged, for what cannot be a name."""
        cleaned = clean_name(name)
        self.names[seat] = cleaned.text
        return cleaned

    def expire(self, now: float) -> tuple[int, ...]:
        """Forget views silent for longer than the grace period; the seats they freed."""
        freed: list[int] = []
        for entry in list(self._views.values()):
            if self.presence.silent(entry.view, now) > self.grace:
                self._left[entry.view] = (tuple(entry.seats), now)
                freed.extend(self._forget(entry))
        for view, (_, when) in list(self._left.items()):
            if now - when > self.grace:
                del self._left[view]
        return tuple(freed)

    # --------------------------------------------------------------- acting
    def seat_for(self, token: str | None, seat: object) -> int:
        """The seat a game message from this view acts for, or SeatRefused.

        ``seat`` may be omitted when the view holds exactly one seat; a view
        holding both (hot seat) must say which."""
        entry = self._lookup(token)
        if seat is not None and (type(seat) is not int or seat not in SEATS):
            raise SeatRefused(V.message_seat_refused(seat))
        if entry is None:
            raise SeatRefused(V.said(V.VIEW_HAS_NO_SEAT))
        if not entry.seats:
            raise SeatRefused(V.watching([self.names[s] for s in SEATS]))
        if seat is None:
            if len(entry.seats) > 1:
                raise SeatRefused(V.said(V.VIEW_HOLDS_BOTH))
            return entry.seats[0]
        if seat not in entry.seats:
            raise SeatRefused(V.not_your_seat(seat, self.names[seat], entry.seats[0]))
        return seat

    def require_seated(self, token: str | None, kind: str) -> tuple[int, ...]:
        """The seats of a seated view, or SeatRefused naming what it wanted (the
        ``kind`` of its message, such as ``"pace"``)."""
        seats = self.seats_of(token)
        if not seats:
            raise SeatRefused(V.players_only(kind))
        return seats

    def may_rejoin(self, view: object) -> bool:
        """Whether ``view`` left or was forgotten lately (and has not sat again):
        a message from it may sit it again (see :meth:`sit`)."""
        return isinstance(view, str) and view in self._left and view not in self._views

    # ------------------------------------------------------------- internal
    def _lookup(self, token: object) -> _View | None:
        """The view a message's token belongs to (its current token, or one it
        had before it sat again and has not yet used the new one)."""
        entry = self._by_token.get(token) if isinstance(token, str) else None
        if entry is not None and token == entry.token and entry.replaced:
            for old in entry.replaced:
                self._by_token.pop(old, None)
            entry.replaced.clear()
        return entry

    def _current(self, token: str | None) -> _View:
        entry = self._lookup(token)
        if entry is None:
            raise SeatRefused(V.said(V.VIEW_UNKNOWN))
        return entry

    def _seats_for_new(self, view: str, now: float) -> list[int]:
        """A view id not seated now: what it had if it left lately, else the first free seat."""
        left = self._left.pop(view, None)
        if left is not None and now - left[1] <= self.grace:
            held = left[0]
            back = [s for s in held if self._holder[s] is None]
            return back if len(back) == len(held) or not self.hot_seat else []
        free = [s for s in SEATS if self._holder[s] is None]
        if self.hot_seat:
            return free if len(free) == len(SEATS) else []
        return free[:1]

    def _seat(self, entry: _View, seats: list[int]) -> None:
        for s in seats:
            self._holder[s] = entry
            if s not in entry.seats:
                entry.seats.append(s)
        entry.seats.sort()

    def _forget(self, entry: _View) -> tuple[int, ...]:
        freed = tuple(entry.seats)
        for s in freed:
            self._holder[s] = None
        self._views.pop(entry.view, None)
        self.presence.forget(entry.view)
        for token in (entry.token, *entry.replaced):
            self._by_token.pop(token, None)
        return freed

    def _sitting(self, entry: _View) -> Sitting:
        return Sitting(entry.view, entry.token, tuple(entry.seats))
