"""Exactly once: each action a page sends is applied at most once, however
often it arrives, and acknowledged.

A link can drop with a click inside it, or with the kernel's answer inside
it. So a page numbers every action it sends (``seq``, per view, increasing),
keeps each until the kernel acknowledges it, and sends what is still
unacknowledged again when the kernel answers after a silence (``js/outbox.js``).
The kernel may then see an action twice (its answer was lost) or after a later
one (its own bytes were lost and sent again). The :class:`Ledger` remembers,
per view, which numbers it has handled and how each ended (applied, or refused
with its sentence): a repeat is answered, never applied again, and an action
that arrives late is judged on the table as it is then, like any lost race.

Every numbered message also carries ``base``: the lowest number that page
still holds. The page has given up on every number below it (and told its
person so), so one of those arriving after all is dropped, never applied.

No clocks and no I/O: the inbox asks and records; the acknowledgement it sends
is :meth:`Ledger.ack_message`.
"""

from __future__ import annotations

import enum
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .protocol import AckMessage

KEPT = 256
"""Handled numbers remembered per view (with how each ended), to answer repeats."""
VIEWS_KEPT = 64
"""Views remembered per table: the oldest is forgotten past this (a page's every
render is a new view; a page that has gone that long ago sends nothing again)."""


class Verdict(enum.Enum):
    """What to do with a numbered action."""

    NEW = "new"
    """Never seen: carry it out, then :meth:`Ledger.settle` it."""
    REPEAT = "repeat"
    """Handled already: answer it again (its refusal, if it was refused), apply nothing."""
    ABANDONED = "abandoned"
    """Below the page's ``base`` and never handled: the page gave up on it; drop it."""


@dataclass
class _Stream:
    floor: int
    """Every number below this is settled: handled, or given up by the page."""
    ahead: dict[int, str | None] = field(default_factory=dict)
    """Numbers at or above ``floor`` handled already (out of order), with their refusal."""
    settled: OrderedDict[int, str | None] = field(default_factory=OrderedDict)
    """The last :data:`KEPT` numbers handled below ``floor``, with their refusal."""


@dataclass(frozen=True)
class Receipt:
    """The ledger's word on one numbered action."""

    verdict: Verdict
    refusal: str | None = None
    """For a repeat: the sentence it was refused with (None: it was applied)."""


class Ledger:
    """Each view's handled action numbers (see the module docstring)."""

    def __init__(self) -> None:
        self._streams: OrderedDict[str, _Stream] = OrderedDict()
        self.repeats = 0
        """Repeats answered (not applied) so far: each is an answer a page never got."""

    def receive(self, view: str, seq: int, base: int) -> Receipt:
        """An action numbered ``seq`` from ``view``, which still holds every
        number from ``base`` on: whether to carry it out."""
        stream = self._streams.get(view)
        if stream is None:
            stream = self._streams[view] = _Stream(floor=min(base, seq))
            while len(self._streams) > VIEWS_KEPT:
                self._streams.popitem(last=False)
        else:
            self._streams.move_to_end(view)
        self._raise_floor(stream, base)
        for handled in (stream.ahead, stream.settled):
            if seq in handled:
                self.repeats += 1
                return Receipt(Verdict.REPEAT, handled[seq])
        if seq < stream.floor:
            return Receipt(Verdict.ABANDONED)
        return Receipt(Verdict.NEW)

    def settle(self, view: str, seq: int, refusal: str | None) -> None:
        """``seq`` from ``view`` was carried out (``refusal``: or refused, saying so)."""
        stream = self._streams.get(view)
        if stream is None or seq < stream.floor:
            return
        stream.ahead[seq] = refusal
        self._raise_floor(stream, stream.floor)

    def acknowledged(self, view: str) -> int:
        """The highest number up to which every action of ``view`` is settled."""
        stream = self._streams.get(view)
        return stream.floor - 1 if stream is not None else 0

    def ack_message(self, view: str, seq: int, refusal: str | None) -> AckMessage:
        """The answer to action ``seq`` of ``view``, for every view (the one named takes it)."""
        ack: AckMessage = {"kind": "ack", "view": view, "seq": seq,
                           "upto": self.acknowledged(view)}
        if refusal is not None:
            ack["refused"] = refusal
        return ack

    @staticmethod
    def _raise_floor(stream: _Stream, base: int) -> None:
        """Settle everything below ``base`` (the page gave those up) and every
        handled number the floor now reaches."""
        if base > stream.floor:
            for n in sorted(k for k in stream.ahead if k < base):
                stream.settled[n] = stream.ahead.pop(n)
            stream.floor = base
        while stream.floor in stream.ahead:
            stream.settled[stream.floor] = stream.ahead.pop(stream.floor)
            stream.floor += 1
        while len(stream.settled) > KEPT:
            stream.settled.popitem(last=False)
