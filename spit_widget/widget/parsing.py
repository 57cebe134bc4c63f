"""A page message checked before it reaches the engine.

The page is not trusted: a message may be malformed, stale, or crafted.
:func:`parse` turns a raw message into a :class:`Request` or refuses it with a
sentence a player understands. It knows the message shapes (``protocol``), not
the rules: whether a well-formed play is legal is the engine's call.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine import YOU, Action
from . import voice as V
from .protocol import SHAPES

MAX_ID = 2**53  # the largest integer a JavaScript number holds exactly


class BadMessage(ValueError):
    """A message from the page that cannot be acted on; ``str()`` says why."""


@dataclass(frozen=True)
class Request:
    """A checked message: a game action, or a control. The table's seats set
    ``player`` (whom it acts for) and ``view`` (who sent it) where that matters."""

    kind: str
    id: int | None = None
    action: Action | None = None
    pace: str | None = None
    hidden: bool | None = None
    seen: tuple[str | None, ...] | None = None
    player: int = YOU
    view: str | None = None
    waited: float | None = None  # seconds, on the page's clock


def message_id(content: Any) -> int | None:
    """The message's ``id`` if it is one the page could have chosen (a whole
    number from 0 to 2**53), else None: an id out of range is never echoed."""
    msg_id = content.get("id") if isinstance(content, dict) else None
    if type(msg_id) is int and 0 <= msg_id <= MAX_ID:
        return msg_id
    return None


def _card(value: Any, kind: str) -> str:
    if not isinstance(value, str) or len(value) > 8:
        raise BadMessage(V.names_no_card(kind, value))
    return value


def _small_int(what: str) -> Callable[[Any, str], int]:
    def check(value: Any, _kind: str) -> int:
        if type(value) is not int or not 0 <= value < 100:
            raise BadMessage(V.not_a_small_number(what, value))
        return value
    return check


def _pace(value: Any, _kind: str) -> str:
    if not isinstance(value, str) or len(value) > 40:
        raise BadMessage(V.pace_not_a_name(value))
    return value


def _seen(value: Any, kind: str) -> tuple[str | None, ...]:
    if not isinstance(value, list) or len(value) > 2 \
            or any(v is not None and not isinstance(v, str) for v in value):
        raise BadMessage(V.unreadable_seen(kind, value))
    return tuple(None if v is None else _card(v, kind) for v in value)


def _waited(value: Any, kind: str) -> int:
    if type(value) is not int or not 0 <= value <= 3_600_000:
        raise BadMessage(V.unreadable_wait(kind, value))
    return value


def _hidden(value: Any, _kind: str) -> bool:
    if not isinstance(value, bool):
        raise BadMessage(V.said(V.VISIBILITY_NOT_BOOLEAN))
    return value


# How each field is checked; a field of a message shape not listed here is a bug
# (a test holds the two together).
FIELDS: dict[str, Callable[[Any, str], Any]] = {
    "card": _card,
    "centre": _small_int("centre pile"),
    "slot": _small_int("slot"),
    "pace": _pace,
    "hidden": _hidden,
    "seen": _seen,
    "waited": _waited,
}

# The game kinds become an Action for the human; the fields are checked already.
ACTIONS: dict[str, Callable[[dict[str, Any]], Action]] = {
    "play": lambda f: Action("play", YOU, f["card"], f["centre"]),
    "stuck": lambda f: Action("stuck", YOU),
    "spit": lambda f: Action("spit"),
    "move": lambda f: Action("move", YOU, f["card"], f["slot"]),
    "slap": lambda f: Action("slap", YOU, None, f["centre"]),
}
GAME_KINDS = tuple(ACTIONS)  # the kinds that are moves in the game


def parse(content: Any) -> Request:
    """Check one message from the page; raise BadMessage saying what is wrong."""
    if not isinstance(content, dict):
        raise BadMessage(V.said(V.NOT_A_MESSAGE))
    kind = content.get("kind")
    if not isinstance(kind, str) or kind not in SHAPES:
        raise BadMessage(V.unknown_request(kind))
    fields: dict[str, Any] = {}
    for key in sorted(SHAPES[kind].__required_keys__ - {"kind"}):
        if key not in content:
            raise BadMessage(V.field_missing(kind, key))
        fields[key] = FIELDS[key](content[key], kind)
    for key in sorted(SHAPES[kind].__optional_keys__ - {"id"}):
        if content.get(key) is not None:
            fields[key] = FIELDS[key](content[key], kind)
    action = ACTIONS[kind](fields) if kind in ACTIONS else None
    waited = fields.get("waited")
    return Request(kind, message_id(content), action, fields.get("pace"), fields.get("hidden"),
                   fields.get("seen"), waited=None if waited is None else waited / 1000)
