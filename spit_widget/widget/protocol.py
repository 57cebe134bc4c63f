"""Checking what the front end sends, before anything reaches the engine.

The page is not trusted: a message may be malformed, stale, or crafted. This
module turns a raw message into a :class:`Request` or refuses it with a
sentence a player understands. It knows the message shapes, not the rules:
whether a well-formed play is legal is the engine's call.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine import YOU, Action

GAME_KINDS = ("play", "stuck", "spit", "move", "slap")
CONTROL_KINDS = ("pause", "resume", "pace", "new_game", "visibility", "hint")
MAX_ID = 2**53  # the largest integer a JavaScript number holds exactly


class BadMessage(ValueError):
    """A message from the page that cannot be acted on; ``str()`` says why."""


@dataclass(frozen=True)
class Request:
    """A checked message: a game action for the human, or a control."""

    kind: str
    id: int | None = None
    action: Action | None = None
    pace: str | None = None
    hidden: bool | None = None


def _field(content: dict[str, Any], key: str, kind: str) -> Any:
    if key not in content:
        raise BadMessage(f"That {kind} is missing its {key}.")
    return content[key]


def _small_int(value: Any, what: str) -> int:
    if type(value) is not int or not 0 <= value < 100:
        raise BadMessage(f"The {what} should be a small whole number, not {value!r:.30}.")
    return value


def parse(content: Any) -> Request:
    """Check one message from the page; raise BadMessage saying what is wrong."""
    if not isinstance(content, dict):
        raise BadMessage("The page sent something that is not a message; it was ignored.")
    kind = content.get("kind")
    msg_id = content.get("id")
    if msg_id is not None and (type(msg_id) is not int or not 0 <= msg_id <= MAX_ID):
        msg_id = None
    if not isinstance(kind, str) or kind not in GAME_KINDS + CONTROL_KINDS:
        raise BadMessage(f"Unknown request {kind!r:.30} from the page; it was ignored.")
    if kind in ("play", "move"):
        card = _field(content, "card", kind)
        if not isinstance(card, str) or len(card) > 8:
            raise BadMessage(f"That {kind} names no card ({card!r:.30}).")
        where, what = ("centre", "centre pile") if kind == "play" else ("slot", "slot")
        target = _small_int(_field(content, where, kind), what)
        return Request(kind, msg_id,
                       Action("play" if kind == "play" else "move", YOU, card, target))
    if kind == "slap":
        centre = _small_int(_field(content, "centre", kind), "centre pile")
        return Request(kind, msg_id, Action("slap", YOU, None, centre))
    if kind == "stuck":
        return Request(kind, msg_id, Action("stuck", YOU))
    if kind == "spit":
        return Request(kind, msg_id, Action("spit"))
    if kind == "pace":
        pace = _field(content, "pace", kind)
        if not isinstance(pace, str) or len(pace) > 40:
            raise BadMessage(f"That pace is not a name ({pace!r:.30}).")
        return Request(kind, msg_id, pace=pace)
    if kind == "visibility":
        hidden = _field(content, "hidden", kind)
        if not isinstance(hidden, bool):
            raise BadMessage("The page's visibility report should say true or false.")
        return Request(kind, msg_id, hidden=hidden)
    return Request(kind, msg_id)
