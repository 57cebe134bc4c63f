"""The compact move log: one small record per thing that happened.

A game keeps :attr:`~.tableau.Tableau.events` and :attr:`~.tableau.Tableau.history` as
lists of :class:`Event` and :class:`Action`, but building those named tuples
(two or three for every play) was a large share of a headless game's time
(measured: ``python -m spit_widget bench``), and a game played for training or
a tournament is never read event by event. So the rules append plain records
here, and :func:`expand` turns them into events and actions only when
someone reads ``events`` or ``history``; the lists, their order and every
field (``seq`` is the event's index in the move log) come out as they would
have been built on the spot.

Three shapes of record, told apart by their first item:

- a play (first item the player, an ``int``): ``(player, card, centre, slot,
  flipped, single_centre)``, ``flipped`` the card turned face up in the slot
  (None if it emptied); it stands for the ``"play"`` action, the ``"play"``
  event and the ``"flip"`` event;
- an action (first item :data:`ACTION`): ``(ACTION, action)``;
- an event (first item its kind): the :class:`Event`'s fields after ``seq``.
"""

from __future__ import annotations

from typing import Any, Final

from .types import Action, Event

ACTION: Final = "action"
"""The first item of a record that stands for an action (no event kind is spelt so)."""

Record = tuple[Any, ...]


def expand(records: list[Record], events: list[Event], history: list[Action]) -> None:
    """Append the events and actions ``records`` stand for, in order."""
    new = tuple.__new__  # skips NamedTuple's keyword-handling constructor
    for record in records:
        head = record[0]
        if type(head) is int:
            p, card, centre, slot, flipped, single = record
            history.append(new(Action, ("play", p, card, centre)))
            events.append(new(Event, (len(events), "play", p, card, centre, slot, None, single,
                                      ())))
            if flipped is not None:
                events.append(new(Event, (len(events), "flip", p, flipped, None, slot, None,
                                          single, ())))
        elif head == ACTION:
            history.append(record[1])
        else:
            events.append(new(Event, (len(events), *record)))
