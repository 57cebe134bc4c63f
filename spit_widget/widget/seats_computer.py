"""A person against the computer (or, with no strategy, one person driving
both sides from Python): the seats of a table with one view's worth of people.

Every page message acts for seat 1; seat 2 is the computer's match. Nothing
waits for people, and the state needs no seat part.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import COMPUTER, IllegalMove
from . import voice as V
from .parsing import Request, parse
from .seats import Seats, player_of

if TYPE_CHECKING:
    from ..computer import Match, Strategy
    from ..engine import Game
    from ..stats import GameResult
    from .protocol import State

NAMES = ("You", "Computer")


class ComputerSeats(Seats):
    """Seat 1 is the person at the page, seat 2 the computer's ``strategy``
    (None: no computer moves; Python drives seat 2 with ``w.step()`` or ``w.play``)."""

    def __init__(self, strategy: str | Strategy | None) -> None:
        self._strategy = strategy

    def seat_computer(self, strategy: str | Strategy | None) -> None:
        """From the next deal, seat 2 is ``strategy`` (None: nobody)."""
        self._strategy = strategy

    @property
    def computer(self) -> str | Strategy | None:  # noqa: D102 (see Seats)
        return self._strategy

    @property
    def names(self) -> tuple[str, str]:  # noqa: D102
        return NAMES

    @property
    def counts(self) -> bool:  # noqa: D102
        return self.computer is not None

    def public(self, match: Match) -> list[dict[str, Any]]:  # noqa: D102
        computer = self.computer is not None
        return [{"seat": 1, "name": "You", "status": "taken", "view": None},
                {"seat": 2, "name": match.strategy_name if computer else None,
                 "status": "computer" if computer else "free", "view": None}]

    def rename(self, seat: int, name: object) -> str:  # noqa: D102
        raise ValueError("Only a table of two people (opponent=\"human\") has named seats.")

    def cell_player(self, seat: object, match: Match) -> int:  # noqa: D102
        player = player_of(seat)
        if player == COMPUTER and self.computer is not None:
            raise IllegalMove(V.computers_seat(match.strategy_name))
        return player

    def route(self, content: Any, game: Game, paused: bool) -> Request | None:  # noqa: D102
        return parse(content)

    def waiting(self) -> str | None:  # noqa: D102
        return None

    def decorate(self, state: State, game: Game, paused: bool) -> None:  # noqa: D102
        return

    def filed(self, result: GameResult) -> GameResult:  # noqa: D102
        return result
