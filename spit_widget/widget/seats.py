"""Who sits at a table: one interface, one object per kind of table.

:class:`~.table.SpitWidget` has a :class:`Seats` and never asks which kind it
is (as ``js/seatview.js`` hands the page a pass-through or a seated object).
Three kinds exist: a person against the computer (:mod:`.seats_computer`),
people in seats (:mod:`.seats_people`), and the course's learner, whose seat 2
follows a level's script or the computer (:mod:`.course.seats`).

The seats own what differs between kinds: where a page message goes (and
for which player), why the game waits for people, the seat part of the
published state, the names, and how a finished game is filed in the stats.
They also make the match a new game is played in. The session
(:mod:`.session`) keeps the game, the match and the pause; the widget the page.

Seats are numbered 1 and 2 wherever a person reads or types one (``w.seats``,
``w.rename``, ``w.play(seat=)``, every sentence); inside, a seat is the
engine's player index, 0 or 1, as the page's messages carry it.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from ..computer import Match
from ..engine import IllegalMove
from . import voice as V

if TYPE_CHECKING:
    from ..computer import Strategy
    from ..engine import Game
    from ..stats import GameResult, StatsStore
    from .parsing import Request
    from .protocol import SeatMessage, State

SEAT_NUMBERS = (1, 2)
"""The seats as people number them (player index + 1)."""


class Host(Protocol):
    """What seats may ask of the table they belong to."""

    def send_to_views(self, message: SeatMessage) -> None:
        """Send a custom message to every view of the table."""

    def seats_changed(self, text: str | None, *, quiet: bool = False) -> None:
        """Who sits where changed: reconsider the pause, say ``text`` to every
        view (``quiet``: publish only when something shown changed)."""


def player_of(seat: object) -> int:
    """The engine's player for seat 1 or 2 as a person typed it; IllegalMove
    (a ValueError) with the reason for anything else."""
    if type(seat) is not int or seat not in SEAT_NUMBERS:
        raise IllegalMove(V.no_seat_numbered(seat))
    return seat - 1


class Seats(ABC):
    """The seats of one table (see the module docstring)."""

    clock: Callable[[], float] = time.monotonic
    """The table's clock for presence (monotonic seconds; tests drive it by hand)."""

    pinged_when_over: bool = False
    """Whether the pages are pinged when no game is on (people in seats: their
    presence is the pings' echoes; a table against the computer sleeps)."""

    @property
    @abstractmethod
    def computer(self) -> str | Strategy | None:
        """The strategy that plays seat 2, or None (people, or nobody: driven from Python)."""

    @property
    @abstractmethod
    def names(self) -> tuple[str, str]:
        """Seat 1's name and seat 2's, as every sentence says them."""

    @property
    @abstractmethod
    def counts(self) -> bool:
        """Whether a game dealt at this table goes into the stats."""

    @abstractmethod
    def public(self, match: Match) -> list[dict[str, Any]]:
        """``w.seats``: one dict per seat, ``seat`` numbered 1 and 2."""

    @abstractmethod
    def rename(self, seat: int, name: object) -> str:
        """Name seat 1 or 2; returns the name as shown (ValueError: not a name)."""

    @abstractmethod
    def cell_player(self, seat: object, match: Match) -> int:
        """The player a call from a cell acts for (``seat`` 1 or 2); IllegalMove
        with the reason when that seat may not be played from a cell."""

    @abstractmethod
    def route(self, content: Any, game: Game, paused: bool) -> Request | None:
        """A page message (anything, not yet checked): the checked request to carry
        out, for the player it acts for, or None when the seats dealt with it.
        Raises BadMessage, IllegalMove or SeatRefused with the reason."""

    @abstractmethod
    def waiting(self) -> str | None:
        """Why the game must wait for people now (a sentence), or None."""

    @abstractmethod
    def decorate(self, state: State, game: Game, paused: bool) -> None:
        """Add the seat part to the published state (names, seats, actions)."""

    @abstractmethod
    def filed(self, result: GameResult) -> GameResult:
        """A finished game as the stats keep it (whose names, which opponent)."""

    def new_match(self, game: Game, pace: str | None, seed: int | None) -> Match:
        """The match a game dealt at this table is played in: the computer's (a
        table with no computer keeps one for ``step()``, never started)."""
        computer = self.computer
        return Match(game, computer if computer is not None else "greedy", pace, seed=seed)

    def opponent(self, match: Match) -> str | None:
        """The computer's strategy by name, as the page shows it (None: no computer)."""
        return match.strategy_name if self.computer is not None else None

    def runs(self, match: Match) -> bool:
        """Whether ``match``'s task runs at this table (a computer to move)."""
        return self.computer is not None

    def rivals(self) -> tuple[str, str] | None:
        """The view ids of two people each in a seat of their own, who race
        each other across the network (None: a computer, a hot seat, a free seat)."""
        return None

    def notice_extra(self, view: str | None, player: int) -> dict[str, Any]:
        """What a hint adds to say whom it is for (nothing at a table of one view)."""
        return {}

    def refusal_notes(self, refusal: IllegalMove) -> dict[str, Any]:
        """What a refusal's notice adds besides its sentence (nothing by default;
        the course: the rule it enforces, for the page's link to read it)."""
        return {}

    def told(self, refusal: IllegalMove, player: int | None) -> str:
        """An engine refusal told to ``player`` (the one who clicked), as this
        table's people read it."""
        return str(refusal)

    def name_log(self, shown: list[dict[str, Any]], game: Game) -> None:  # noqa: B027 (most kinds have nothing to do)
        """A whole log (a new or reconnecting page) as this table's players read it."""

    def read_stats(self, store: StatsStore, variant: str) -> None:  # noqa: B027 (most kinds have nothing to do)
        """Refresh the figures the seats show beside each name (none by default)."""

    def table_changed(self) -> None:  # noqa: B027 (most kinds have nothing to do)
        """An action landed or a new game was dealt."""

    def tick(self, now: float) -> str | None:
        """Once a second (on time): free what has been silent too long; a sentence
        saying so, if anything was."""
        return None

    def rejoin(self, view: str) -> None:  # noqa: B027 (most kinds have nothing to do)
        """``view`` echoed a ping: a view the seats forgot for its silence (an
        outage past the grace period) is seated again (its seats back if free)."""

    def close(self) -> None:  # noqa: B027 (most kinds have nothing to do)
        """The table is closing: let go of whatever the seats hold."""


class WrappedSeats(Seats):
    """Seats that wrap other seats (``inner``) and change only part of what they
    do. Every member of the :class:`Seats` interface that a subclass does not
    define itself goes to :attr:`active` (``inner`` unless the subclass says
    otherwise), as PettingZoo's wrappers forward to their environment: a member
    added to the interface later reaches the wrapped seats too, never a default."""

    def __init__(self, inner: Seats) -> None:
        self.inner = inner

    @property
    def active(self) -> Seats:
        """The seats that answer now (``inner`` unless a subclass says otherwise)."""
        return self.inner

    # Every member of the interface, forwarded (tests/widget/test_wrapped_seats.py
    # checks that none is missing, so a member added to Seats must be added here).
    @property
    def computer(self) -> str | Strategy | None:  # noqa: D102 (see Seats)
        return self.active.computer

    @property
    def names(self) -> tuple[str, str]:  # noqa: D102
        return self.active.names

    @property
    def counts(self) -> bool:  # noqa: D102
        return self.active.counts

    @property
    def clock(self) -> Callable[[], float]:  # type: ignore[override]  # noqa: D102
        return self.active.clock

    @property
    def pinged_when_over(self) -> bool:  # type: ignore[override]  # noqa: D102
        return self.active.pinged_when_over

    def public(self, match: Match) -> list[dict[str, Any]]:  # noqa: D102
        return self.active.public(match)

    def rename(self, seat: int, name: object) -> str:  # noqa: D102
        return self.active.rename(seat, name)

    def cell_player(self, seat: object, match: Match) -> int:  # noqa: D102
        return self.active.cell_player(seat, match)

    def route(self, content: Any, game: Game, paused: bool) -> Request | None:  # noqa: D102
        return self.active.route(content, game, paused)

    def waiting(self) -> str | None:  # noqa: D102
        return self.active.waiting()

    def decorate(self, state: State, game: Game, paused: bool) -> None:  # noqa: D102
        self.active.decorate(state, game, paused)

    def filed(self, result: GameResult) -> GameResult:  # noqa: D102
        return self.active.filed(result)

    def new_match(self, game: Game, pace: str | None, seed: int | None) -> Match:  # noqa: D102
        return self.active.new_match(game, pace, seed)

    def opponent(self, match: Match) -> str | None:  # noqa: D102
        return self.active.opponent(match)

    def runs(self, match: Match) -> bool:  # noqa: D102
        return self.active.runs(match)

    def rivals(self) -> tuple[str, str] | None:  # noqa: D102
        return self.active.rivals()

    def notice_extra(self, view: str | None, player: int) -> dict[str, Any]:  # noqa: D102
        return self.active.notice_extra(view, player)

    def refusal_notes(self, refusal: IllegalMove) -> dict[str, Any]:  # noqa: D102
        return self.active.refusal_notes(refusal)

    def told(self, refusal: IllegalMove, player: int | None) -> str:  # noqa: D102
        return self.active.told(refusal, player)

    def name_log(self, shown: list[dict[str, Any]], game: Game) -> None:  # noqa: D102
        self.active.name_log(shown, game)

    def read_stats(self, store: StatsStore, variant: str) -> None:  # noqa: D102
        self.active.read_stats(store, variant)

    def table_changed(self) -> None:  # noqa: D102
        self.active.table_changed()

    def tick(self, now: float) -> str | None:  # noqa: D102
        return self.active.tick(now)

    def rejoin(self, view: str) -> None:  # noqa: D102
        self.active.rejoin(view)

    def close(self) -> None:  # noqa: D102
        self.active.close()


INTERFACE = tuple(sorted(name for name in vars(Seats) if not name.startswith("_")))
"""Every public member of the seats interface (what a wrapper forwards)."""
