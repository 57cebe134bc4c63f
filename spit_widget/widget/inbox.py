"""What a page message does at a table: checked by the seats, carried out
through a dispatch table (one entry per kind), refused with a sentence.

A message from the page never raises into the kernel: a refusal comes back
as a sentence in the view that sent it (and a warning in the log), and the
game is untouched.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..engine import IllegalMove
from . import voice as V
from .parsing import GAME_KINDS, BadMessage, Request, message_id
from .protocol import ECHO_KIND
from .race import race_of_request
from .seat_registry import SeatRefused

if TYPE_CHECKING:
    from .seats import Seats
    from .table import SpitWidget

log = logging.getLogger("spit_widget")


def handle(table: SpitWidget, seats: Seats, content: Any) -> None:
    """Check and carry out one message (the table's ``seats`` check it and say
    for whom it acts). Nothing raised in here reaches the kernel. An echo of
    the kernel's ping is only timed: nothing is published for it."""
    msg_id = message_id(content)
    view = content.get("view") if isinstance(content, dict) else None
    extra = {"view": view} if isinstance(view, str) and len(view) <= 64 else {}
    request: Request | None = None
    try:
        if isinstance(content, dict) and content.get("kind") == ECHO_KIND:
            _echo(table, content)
            return
        table.page_heard()
        request = seats.route(content, table.game, table.paused)
        if request is None:
            table.publish()
        else:
            HANDLERS[request.kind](table, request)
    except (BadMessage, IllegalMove, SeatRefused) as exc:
        log.warning("spit-widget refused a message from the page: %s", exc)
        if isinstance(exc, IllegalMove):
            lost_race = None if table.paused else race_of_request(table.game, request)
            text = seats.told(lost_race or exc, request.player if request else None)
            extra.update(seats.refusal_notes(exc))
        else:
            text = str(exc)
        table.say(text, "refused", msg_id=msg_id, **extra)
    except Exception:
        log.exception("spit-widget failed on a message from the page: %.200r", content)
        table.say(V.CLICK_FAILED, "refused", msg_id=msg_id, **extra)


def _echo(table: SpitWidget, content: dict[str, Any]) -> None:
    """A view's echo of a ping: timed, or refused when it names no ping or view."""
    view, n = content.get("view"), content.get("n")
    if not isinstance(view, str) or not 1 <= len(view) <= 64 or type(n) is not int:
        raise BadMessage(V.bad_echo(content))
    table.echoed(view, n)


def _pace(table: SpitWidget, request: Request) -> None:
    try:
        table.pace = request.pace or ""
    except ValueError as exc:
        raise BadMessage(str(exc)) from None


# What each page message does: one entry per kind of protocol.MESSAGE_KINDS
# (the seat messages of a two-person table, protocol.SEAT_KINDS, go to its seats).
HANDLERS: dict[str, Callable[[SpitWidget, Request], object]] = {
    **{kind: lambda w, r: w.act_from_page(r) for kind in GAME_KINDS},
    "pause": lambda w, _r: w.pause(),
    "resume": lambda w, _r: w.resume(),
    "pace": _pace,
    "new_game": lambda w, _r: w.new_game(),
    "visibility": lambda w, r: w.tab_hidden(bool(r.hidden)),
    "hint": lambda w, r: w.hint(r.player + 1, view=r.view),
    "sync": lambda w, _r: w.send_whole_log(),
    "end_interlude": lambda w, _r: w.match.end_interlude(),
}
