"""Playing a table from a cell: a teacher's demonstration, a tutorial, a test.

A person at a cell acts through the very match a click goes through, so a
play from Python is refereed, logged and published like one from the page;
the table's seats say which seats a cell may play (:meth:`~.seats.Seats.cell_player`).
Kept apart from :class:`~.table.SpitWidget`'s shell: one concept, the cell's
hands on the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import Action, Event, Hint

if TYPE_CHECKING:
    from ..computer import Match
    from .seats import Seats
    from .session import Session


class CellPlay:
    """The moves a cell can make at a table (mixed into :class:`~.table.SpitWidget`)."""

    _session: Session
    _seats: Seats

    @property
    def _match(self) -> Match:
        return self._session.match

    def play(self, card: str, centre: int, seat: int = 1) -> list[Event]:
        """Play a card of ``seat`` (1 or 2; 1 unless told) from Python; raises
        IllegalMove with the reason. On a two-person table either seat may be
        played from a cell (a teacher's demo), whoever sits there."""
        return self._match.act(Action("play", self._cell(seat), card, centre))

    def stuck(self, seat: int = 1) -> list[Event]:
        """Declare ``seat`` stuck (duel)."""
        return self._match.act(Action("stuck", self._cell(seat)))

    def spit(self) -> list[Event]:
        """Classic: spit (or end the round when no spit cards are left)."""
        return self._match.act(Action("spit"))

    def move(self, card: str, slot: int, seat: int = 1) -> list[Event]:
        """Classic: move a card of ``seat`` into an empty slot."""
        return self._match.act(Action("move", self._cell(seat), card, slot))

    def slap(self, centre: int, seat: int = 1) -> list[Event]:
        """Classic: ``seat``, who went out, slaps a centre pile."""
        return self._match.act(Action("slap", self._cell(seat), None, centre))

    def step(self) -> list[Event]:
        """The computer's next action now (pause first to step it one at a time)."""
        return self._match.step()

    def hint(self, seat: int = 1, *, view: str | None = None) -> Hint:
        """A good move for ``seat`` and why; also shown in the view (only in
        ``view``, the asking one, on a two-person table)."""
        return self._session.hint(self._cell(seat), view)

    def _cell(self, seat: object) -> int:
        return self._seats.cell_player(seat, self._match)
