"""What a page message does at a table: checked by the seats, carried out on
the :class:`~.session.Session` through a dispatch table (one entry per kind),
refused with a sentence, applied at most once, acknowledged.

A message from the page never raises into the kernel: a refusal comes back
as a sentence in the view that sent it (and a warning in the log), and the
game is untouched. Handling one message publishes the state once, at its end
(:meth:`~.session.Session.batch`), then acknowledges a numbered action
(:mod:`.delivery`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..engine import IllegalMove
from . import voice as V
from .delivery import Verdict
from .network import ANY_PAGE
from .parsing import GAME_KINDS, MAX_ID, BadMessage, Request, message_id
from .protocol import ECHO_KIND, LANGUAGE_KIND
from .race import race_of_request
from .seat_registry import SeatRefused

if TYPE_CHECKING:
    from .session import Session

log = logging.getLogger("spit_widget")


def handle(session: Session, content: Any) -> None:
    """Check and carry out one message (the table's seats check it and say for
    whom it acts). Nothing raised in here reaches the kernel. An echo of the
    kernel's ping is only timed: nothing is published for it."""
    msg_id = message_id(content)
    view = content.get("view") if isinstance(content, dict) else None
    view = view if isinstance(view, str) and 1 <= len(view) <= 64 else None
    extra = {"view": view} if view is not None else {}
    try:
        if isinstance(content, dict) and content.get("kind") == ECHO_KIND:
            _echo(session, content)
            return
        if isinstance(content, dict) and content.get("kind") == LANGUAGE_KIND:
            _language(session, content)
            return
        numbered = _numbered(content, view)
    except BadMessage as exc:
        log.warning("spit-widget refused a message from the page: %s", exc)
        session.say(str(exc), "refused", msg_id=msg_id, **extra)
        return
    with session.batch():
        session.heard(view if view is not None else ANY_PAGE)
        if numbered is None:
            _carry_out(session, content, msg_id, extra)
            return
        seq, base = numbered
        assert view is not None
        receipt = session.ledger.receive(view, seq, base)
        if receipt.verdict is Verdict.NEW:
            refusal = _carry_out(session, content, msg_id, extra)
            session.ledger.settle(view, seq, refusal)
        else:  # answered, not applied: the page may have missed the answer
            refusal = receipt.refusal
            if refusal is not None:
                session.say(refusal, "refused", msg_id=msg_id, **extra)
            session.changed(whole=True)
    session.send(session.ledger.ack_message(view, seq, refusal))


def _numbered(content: Any, view: str | None) -> tuple[int, int] | None:
    """The action's number and its page's ``base`` (None: an unnumbered message,
    as a cell's test or an older page sends). BadMessage for a number no page makes."""
    if not isinstance(content, dict) or content.get("seq") is None:
        return None
    seq, base = content.get("seq"), content.get("base", content.get("seq"))
    if (view is None or type(seq) is not int or type(base) is not int
            or not 1 <= base <= seq <= MAX_ID):
        raise BadMessage(V.bad_number(seq if type(seq) is not int else base))
    return seq, base


def _carry_out(session: Session, content: Any, msg_id: int | None,
               extra: dict[str, Any]) -> str | None:
    """Route and carry out one message; the sentence it was refused with, if it was."""
    request: Request | None = None
    seats = session.seats
    try:
        request = seats.route(content, session.game, bool(session.pauses))
        if request is None:
            session.changed()
        else:
            HANDLERS[request.kind](session, request)
        return None
    except (BadMessage, IllegalMove, SeatRefused) as exc:
        log.warning("spit-widget refused a message from the page: %s", exc)
        notes: dict[str, Any] = {}
        if isinstance(exc, IllegalMove):
            lost_race = None if session.pauses else race_of_request(session.game, request)
            text = seats.told(lost_race or exc, request.player if request else None)
            notes = seats.refusal_notes(exc)
        else:
            text = str(exc)
        session.say(text, "refused", msg_id=msg_id, **extra, **notes)
        return text
    except Exception:
        log.exception("spit-widget failed on a message from the page: %.200r", content)
        session.say(V.said(V.CLICK_FAILED), "refused", msg_id=msg_id, **extra)
        return V.said(V.CLICK_FAILED)


def _echo(session: Session, content: dict[str, Any]) -> None:
    """A view's echo of a ping: timed, or refused when it names no ping or view."""
    view, n = content.get("view"), content.get("n")
    if not isinstance(view, str) or not 1 <= len(view) <= 64 or type(n) is not int:
        raise BadMessage(V.bad_echo(content))
    session.echo(view, n)


def _language(session: Session, content: dict[str, Any]) -> None:
    """A view's language: followed if the package speaks it, else ignored (English)."""
    code = content.get("language")
    if not isinstance(code, str) or len(code) > 40:
        raise BadMessage(V.bad_language(code))
    session.page_language(code)


def _act(session: Session, request: Request) -> None:
    assert request.action is not None  # every game kind parses to an action
    session.act_from_page(request.action, request.waited)


def _pace(session: Session, request: Request) -> None:
    try:
        session.set_pace(request.pace or "")
    except ValueError as exc:
        raise BadMessage(str(exc)) from None


# What each page message does: one entry per kind of protocol.MESSAGE_KINDS
# (the seat messages of a two-person table, protocol.SEAT_KINDS, go to its seats).
HANDLERS: dict[str, Callable[[Session, Request], object]] = {
    **dict.fromkeys(GAME_KINDS, _act),
    "pause": lambda s, _r: s.pause(),
    "resume": lambda s, _r: s.resume(),
    "pace": _pace,
    "new_game": lambda s, _r: s.new_game(None, None),
    "visibility": lambda s, r: s.tab_hidden(bool(r.hidden)),
    "hint": lambda s, r: s.hint(r.player, r.view),
    "sync": lambda s, _r: s.resync(),
    "end_interlude": lambda s, _r: s.match.end_interlude(),
}
