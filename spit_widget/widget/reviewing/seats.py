"""The seats of a table against the computer that can review its last game.

A :class:`ReviewSeats` is the table's own seats (``inner``: the person and the
computer) with a :class:`~.panel.ReviewPanel` beside them. While the panel is
closed every question goes to ``inner``, unchanged. While the review holds the
table (a missed moment shown, or tried), the questions go to the panel's
:class:`~..course.seats.LessonSeats` instead (a :class:`~..seats.WrappedSeats`
forwards every member it does not change to whichever answers now), so a
moment is dealt, refereed and judged exactly as the course deals, referees
and judges a level; the page's review messages go to the panel. So the
table still never asks which kind of seats it has, and the course's
machinery is not copied.

A moment shown (not tried) is for looking at: its plays are lit by the panel,
the table offers no move, and a click is refused with the way to play it
(**Try it**). A game dealt any other way (``w.new_game()``, ``w.show()``)
closes the review first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import IllegalMove
from .. import voice as V
from ..parsing import GAME_KINDS, parse
from ..seats import Seats, WrappedSeats
from .panel import ReviewHost, ReviewPanel

if TYPE_CHECKING:
    from ...computer import Match
    from ...engine import Game
    from ...stats import GameResult, StatsStore
    from ..parsing import Request
    from ..protocol import State


class ReviewSeats(WrappedSeats):
    """``inner``'s seats, and the review panel of ``host`` (see the module docstring).
    Only what the review changes is written here; everything else is forwarded."""

    def __init__(self, inner: Seats, host: ReviewHost) -> None:
        super().__init__(inner)
        self.panel = ReviewPanel(host)

    @property
    def active(self) -> Seats:
        """Who answers now: the lesson's seats while the review holds the table."""
        held = self.panel.seats if self.panel.holds_table() else None
        return held if held is not None else self.inner

    # ------------------------------------- what stays with the table's own seats
    def rename(self, seat: int, name: object) -> str:  # noqa: D102 (see Seats)
        return self.inner.rename(seat, name)

    def filed(self, result: GameResult) -> GameResult:  # noqa: D102
        return self.inner.filed(result)

    def read_stats(self, store: StatsStore, variant: str) -> None:  # noqa: D102
        self.inner.read_stats(store, variant)

    def close(self) -> None:  # noqa: D102
        self.panel.release()
        self.inner.close()

    # ------------------------------------------------- what the review changes
    def route(self, content: Any, game: Game, paused: bool) -> Request | None:  # noqa: D102
        if isinstance(content, dict) and content.get("kind") == "review":
            self.panel.from_page(content)
            return None
        if not self.panel.open:
            return self.inner.route(content, game, paused)
        request = parse(content)  # a course bar's message is no message here
        if request.kind == "new_game":  # Play Again: back to the table
            self.panel.play_again()
            return None
        if self.panel.trying():
            return self.active.route(content, game, paused)
        if request.kind in GAME_KINDS and self.panel.holds_table():
            raise IllegalMove(V.said(V.REVIEW_SHOWN_ONLY))
        if request.kind == "hint" and self.panel.holds_table():
            self.panel.hint()
            return None
        return request

    def decorate(self, state: State, game: Game, paused: bool) -> None:  # noqa: D102
        self.active.decorate(state, game, paused)
        self.panel.decorate(state)  # a moment shown, or a try ended: no move offered
        self.panel.publish()

    def new_match(self, game: Game, pace: str | None, seed: int | None) -> Match:  # noqa: D102
        if self.panel.open and not self.panel.dealing:
            self.panel.release()  # a game dealt from a cell: the review lets go of the table
        return self.active.new_match(game, pace, seed)
