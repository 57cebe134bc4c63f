"""When a message on the table stops being true.

A message belongs to the state that caused it: a refusal ("8♥ doesn't fit on
10♠") is about the table as it was, a hint about the move it names, "paused"
about the pause. Each kind ends with the change that makes it stale, so the
table never shows a sentence that contradicts it (:func:`outlived` says when):

- a refusal: the next action that changes the table (either side's; a Stuck
  changes no pile, so the reason still holds), a new round, or Resume;
- a hint: the next action of either side, a new round, or Resume;
- news (``info``): Resume (it says why the game is paused), or a new round;
- an error: Resume (the computer restarts), or a new round.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..engine import Event


def outlived(message: Mapping[str, Any], events: Sequence[Event], new_round: bool) -> bool:
    """Whether ``message`` stopped being true once ``events`` landed (``new_round``:
    the game is in another round than when it was said)."""
    if new_round or any(e.kind == "deal" for e in events):
        return True
    if message.get("kind") == "refused":
        return any(e.kind != "stuck" for e in events)
    return message.get("kind") == "hint" and bool(events)


class Notices:
    """The one message a table shows at a time (a refusal, a hint, news, an
    error), numbered so a page tells a new one from the same one said again."""

    def __init__(self) -> None:
        self.current: dict[str, Any] | None = None
        self._seq = 0
        self._round: int  # the round the message was said in (set with it by say())

    def say(self, text: str, kind: str, game_round: int, msg_id: int | None = None,
            **extra: Any) -> None:
        """Show ``text`` (``extra``: a hint's card and centre, the view and seat it is for)."""
        self._seq += 1
        self.current = {"id": msg_id, "seq": self._seq, "text": text, "kind": kind, **extra}
        self._round = game_round

    def clear(self) -> None:
        """Nothing is said any more (a pause, a resume, a new game)."""
        self.current = None

    def events_landed(self, events: Sequence[Event], game_round: int) -> None:
        """Drop the message once ``events`` made it stale (see :func:`outlived`)."""
        if self.current is not None and outlived(self.current, events, game_round != self._round):
            self.current = None
