"""The seats of a table against the computer that can review its last game.

A :class:`ReviewSeats` is the table's own seats (``inner``: the person and the
computer) with a :class:`~.panel.ReviewPanel` beside them. While the panel is
closed every question goes to ``inner``, unchanged. While the review holds the
table (a missed moment shown, or tried), the questions go to the panel's
:class:`~..course.seats.LessonSeats` instead, so a moment is dealt, refereed and
judged exactly as the course deals, referees and judges a level; the page's
review messages go to the panel. So the table still never asks which kind of
seats it has, and the course's machinery is not copied.

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
from ..seats import Seats
from .panel import SEAT, THRESHOLD, ReviewHost, ReviewPanel

if TYPE_CHECKING:
    from ...computer import Match, Strategy
    from ...engine import Game
    from ...review import Review
    from ...stats import GameResult, StatsStore
    from ..parsing import Request
    from ..protocol import State


class ReviewSeats(Seats):
    """``inner``'s seats, and the review panel of ``host`` (see the module docstring)."""

    def __init__(self, inner: Seats, host: ReviewHost) -> None:
        self.inner = inner
        self.panel = ReviewPanel(host)

    @property
    def active(self) -> Seats:
        """Who answers now: the lesson's seats while the review holds the table."""
        held = self.panel.seats if self.panel.holds_table() else None
        return held if held is not None else self.inner

    # ------------------------------------------------------ the interface
    @property
    def computer(self) -> str | Strategy | None:  # noqa: D102 (see Seats)
        return self.active.computer

    @property
    def names(self) -> tuple[str, str]:  # noqa: D102
        return self.active.names

    @property
    def counts(self) -> bool:  # noqa: D102
        return self.active.counts

    def public(self, match: Match) -> list[dict[str, Any]]:  # noqa: D102
        return self.active.public(match)

    def rename(self, seat: int, name: object) -> str:  # noqa: D102
        return self.inner.rename(seat, name)

    def cell_player(self, seat: object, match: Match) -> int:  # noqa: D102
        return self.active.cell_player(seat, match)

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
            raise IllegalMove(V.REVIEW_SHOWN_ONLY)
        if request.kind == "hint" and self.panel.holds_table():
            self.panel.hint()
            return None
        return request

    def waiting(self) -> str | None:  # noqa: D102
        return self.active.waiting()

    def decorate(self, state: State, game: Game, paused: bool) -> None:  # noqa: D102
        self.active.decorate(state, game, paused)
        self.panel.decorate(state)  # a moment shown, or a try ended: no move offered
        self.panel.publish()

    def filed(self, result: GameResult) -> GameResult:  # noqa: D102
        return self.inner.filed(result)

    def new_match(self, game: Game, pace: str | None, seed: int | None) -> Match:  # noqa: D102
        if self.panel.open and not self.panel.dealing:
            self.panel.release()  # a game dealt from a cell: the review lets go of the table
        return self.active.new_match(game, pace, seed)

    def opponent(self, match: Match) -> str | None:  # noqa: D102
        return self.active.opponent(match)

    def runs(self, match: Match) -> bool:  # noqa: D102
        return self.active.runs(match)

    def told(self, refusal: IllegalMove, player: int | None) -> str:  # noqa: D102
        return self.active.told(refusal, player)

    def read_stats(self, store: StatsStore, variant: str) -> None:  # noqa: D102
        self.inner.read_stats(store, variant)

    def table_changed(self) -> None:  # noqa: D102
        self.active.table_changed()

    def start(self) -> None:  # noqa: D102
        self.inner.start()

    def close(self) -> None:  # noqa: D102
        self.panel.release()
        self.inner.close()

    def review_of(self, table: object, seat: int, threshold: float) -> Review:
        """The panel's review when it is of the table's last game (the very
        object the panel shows), else a new one."""
        record = self.panel.session.last_record
        if record is not None and seat == SEAT and threshold == THRESHOLD:
            return self.panel.reviewed(record)
        return super().review_of(table, seat, threshold)
