"""When a message on the table stops being true.

A message belongs to the state that caused it: a refusal ("8♥ doesn't fit on
10♠") is about the table as it was, a hint about the move it names, "paused"
about the pause. Each kind ends with the change that makes it stale, so the
table never shows a sentence that contradicts it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..engine import Event

CLEARED_BY = {
    "refused": "the next action that changes the table (either side's; a Stuck changes no "
               "pile, so the reason still holds), a new round, or Resume",
    "hint": "the next action of either side, a new round, or Resume",
    "info": "Resume (it says why the game is paused), or a new round",
    "error": "Resume (the computer restarts), or a new round",
}
"""What ends each kind of message (for the docs; :func:`outlived` applies it)."""


def outlived(message: Mapping[str, Any] | None, events: Sequence[Event], new_round: bool) -> bool:
    """Whether ``message`` stopped being true once ``events`` landed (``new_round``:
    the game is in another round than when it was said)."""
    if message is None:
        return False
    if new_round or any(e.kind == "deal" for e in events):
        return True
    if message.get("kind") == "refused":
        return any(e.kind != "stuck" for e in events)
    return message.get("kind") == "hint" and bool(events)
