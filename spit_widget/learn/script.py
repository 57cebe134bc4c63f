"""The scripted computer of a level: moves in answer to the learner's, and
moves at set times.

A level's opponent is not a strategy: it is a short script, so that a level
plays the same way every time and its solution can be checked when it is made.
A reply fires right after the learner's n-th move (``1`` is the first), or
right after a given learner move; a timed move is due once the level has run
that many seconds. A scripted move the table no longer allows (the learner
covered the pile first) is dropped, as a real opponent's would be.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import PublicAction, normalise, player_of, sequence

Trigger = int | PublicAction


def _replies(value: Any) -> tuple[tuple[Trigger, tuple[PublicAction, ...]], ...]:
    pairs = value.items() if isinstance(value, Mapping) else value
    out: list[tuple[Trigger, tuple[PublicAction, ...]]] = []
    for trigger, moves in pairs:
        when: Trigger = trigger if isinstance(trigger, int) else normalise(trigger)
        if isinstance(when, int) and when < 1:
            raise ValueError(f"A reply fires after the learner's move 1, 2, ...; not {when}.")
        out.append((when, _computer_moves(moves)))
    return tuple(out)


def _timed(value: Any) -> tuple[tuple[float, PublicAction], ...]:
    pairs = value.items() if isinstance(value, Mapping) else value
    out = []
    for seconds, move in pairs:
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or seconds < 0:
            raise ValueError(f"A timed move needs a time in seconds (0 or more), not {seconds!r}.")
        out.append((float(seconds), _computer_moves([move])[0]))
    return tuple(sorted(out, key=lambda pair: pair[0]))


def _computer_moves(moves: Sequence[Any]) -> tuple[PublicAction, ...]:
    if moves and isinstance(moves[0], str):  # a single action given bare
        moves = [moves]
    acts = sequence(moves)
    for act in acts:
        if player_of(act) != 1:
            raise ValueError(f"The scripted opponent is player 1; {act!r:.60} is not its move.")
    return acts


@dataclass(frozen=True)
class Opponent:
    """``replies``: {n or learner action: computer moves}; ``timed``: {seconds: move}.

    Either may be a dict or a sequence of pairs."""

    replies: Any = field(default=())
    timed: Any = field(default=())

    def __post_init__(self) -> None:
        object.__setattr__(self, "replies", _replies(self.replies))
        object.__setattr__(self, "timed", _timed(self.timed))

    def answers(self, count: int, move: PublicAction) -> list[PublicAction]:
        """The computer's replies to the learner's ``count``-th move, ``move``."""
        return [act for when, acts in self.replies if when in (count, move) for act in acts]

    def moves(self) -> list[PublicAction]:
        """Every move the script can make."""
        return [a for _, acts in self.replies for a in acts] + [a for _, a in self.timed]
