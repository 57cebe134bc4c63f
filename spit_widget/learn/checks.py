"""What a level asks for, and what ends it badly, as small data records.

A check is data rather than a lambda so that a level can be validated when it
is made: a check that names a card no one holds or a pile the table does not
have is refused with a sentence before any learner meets it, and the course
table can say in words what it waits for. Each check reads only the engine's
public state (piles, status, events), from the learner's side (player 0).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from ..engine import Game, Termination
from ..engine import cards as C


class Check(Protocol):
    """Anything with ``holds(game)``, ``problem(game)`` and ``describe()``."""

    def holds(self, game: Game) -> bool:
        """Is the check true of ``game`` now?"""

    def problem(self, start: Game) -> str | None:
        """What this check names that ``start`` lacks (None: nothing)."""

    def describe(self) -> str:
        """The check in a few words, for errors and the course table."""


def _card_problem(card: str, what: str) -> str | None:
    if not C.is_card(card):
        return f"{what} names {card!r:.20}, which is not a card like '7S'."
    return None


def _name(card: str) -> str:
    """A card's label, or the text as given when it is not a card (for errors)."""
    return C.label(card) if C.is_card(card) else repr(card)


def _stock_slot_of(game: Game, p: int, card: str) -> int | None:
    for slot, pile in enumerate(game.stock[p]):
        if card in pile:
            return slot
    return None


@dataclass(frozen=True)
class OnCentre:
    """``card`` has been played onto a centre pile (``centre`` None: either)."""

    card: str
    centre: int | None = None

    def holds(self, game: Game) -> bool:  # noqa: D102 (the Protocol says it)
        piles = game.centre if self.centre is None or len(game.centre) <= self.centre \
            else [game.centre[self.centre]]
        return any(self.card in pile for pile in piles)

    def problem(self, start: Game) -> str | None:  # noqa: D102
        bad = _card_problem(self.card, "the check")
        if bad:
            return bad
        if self.centre is not None and not 0 <= self.centre < len(start.centre):
            return (f"the check names centre pile {self.centre}, but the position has "
                    f"{len(start.centre)} (numbered from 0).")
        if any(self.card in pile for pile in start.centre):
            return f"{self.card} is already on a centre pile at the start."
        return None

    def describe(self) -> str:  # noqa: D102
        where = "a centre pile" if self.centre is None else f"centre pile {self.centre}"
        return f"{_name(self.card)} on {where}"


@dataclass(frozen=True)
class Uncovered:
    """``card``, face down in your stock at the start, is face up (or played)."""

    card: str

    def holds(self, game: Game) -> bool:  # noqa: D102
        slot = _stock_slot_of(game, 0, self.card)
        return slot is None or game.stock[0][slot][-1] == self.card

    def problem(self, start: Game) -> str | None:  # noqa: D102
        bad = _card_problem(self.card, "the check")
        if bad:
            return bad
        slot = _stock_slot_of(start, 0, self.card)
        if slot is None or start.stock[0][slot][-1] == self.card:
            return f"{self.card} is not face down in your stock piles, so nothing uncovers it."
        return None

    def describe(self) -> str:  # noqa: D102
        return f"{_name(self.card)} turned face up"


@dataclass(frozen=True)
class Cleared:
    """Your stock slot ``slot`` is empty (None: all five are: you went out)."""

    slot: int | None = None

    def holds(self, game: Game) -> bool:  # noqa: D102
        if self.slot is None:
            return not any(game.stock[0]) or game.winner == 0 or _went_out(game)
        return not game.stock[0][self.slot]

    def problem(self, start: Game) -> str | None:  # noqa: D102
        if self.slot is not None and self.slot not in range(5):
            return f"the check names stock slot {self.slot}; the slots are 0 to 4."
        if self.holds(start):
            return "the stock is already cleared at the start."
        return None

    def describe(self) -> str:  # noqa: D102
        return "your stock cleared" if self.slot is None else f"slot {self.slot + 1} emptied"


def _went_out(game: Game) -> bool:
    return any(e.kind == "round_end" and e.player == 0 for e in game.events)


@dataclass(frozen=True)
class Spat:
    """At least ``times`` spits have happened since the start."""

    times: int = 1

    def holds(self, game: Game) -> bool:  # noqa: D102
        return _spit_count(game) >= self.times

    def problem(self, start: Game) -> str | None:  # noqa: D102
        return None if self.times >= 1 else "a spit count is at least 1."

    def describe(self) -> str:  # noqa: D102
        return "a spit" if self.times == 1 else f"{self.times} spits"


def _spit_count(game: Game) -> int:
    """Spits since the start: one spit flips up to two cards, so a run of spit
    events counts once."""
    count, previous = 0, ""
    for e in game.events:
        if e.kind == "spit" and previous != "spit":
            count += 1
        previous = e.kind
    return count


@dataclass(frozen=True)
class Moved:
    """``card`` lies in your stock slot ``slot`` (classic: moved into it)."""

    card: str
    slot: int

    def holds(self, game: Game) -> bool:  # noqa: D102
        return 0 <= self.slot < 5 and self.card in game.stock[0][self.slot]

    def problem(self, start: Game) -> str | None:  # noqa: D102
        bad = _card_problem(self.card, "the check")
        if bad:
            return bad
        if self.slot not in range(5):
            return f"the check names stock slot {self.slot}; the slots are 0 to 4."
        if _stock_slot_of(start, 0, self.card) is None:
            return f"{self.card} is not in your stock piles, so you cannot move it."
        return "the check holds at the start." if self.holds(start) else None

    def describe(self) -> str:  # noqa: D102
        return f"{_name(self.card)} moved into slot {self.slot + 1}"


@dataclass(frozen=True)
class Slapped:
    """You slapped centre pile ``centre`` (None: either) after going out."""

    centre: int | None = None

    def holds(self, game: Game) -> bool:  # noqa: D102
        return any(e.kind == "slap" and e.player == 0
                   and (self.centre is None or e.centre == self.centre) for e in game.events)

    def problem(self, start: Game) -> str | None:  # noqa: D102
        if self.centre is not None and not 0 <= self.centre < len(start.centre):
            return (f"the check names centre pile {self.centre}, but the position has "
                    f"{len(start.centre)} (numbered from 0).")
        return None

    def describe(self) -> str:  # noqa: D102
        return "a slap" if self.centre is None else f"a slap on centre pile {self.centre}"


@dataclass(frozen=True)
class Won:
    """The game is over and you won it (``by`` None: any way)."""

    by: Termination | None = None

    def holds(self, game: Game) -> bool:  # noqa: D102
        out = game.outcome
        return out is not None and out.winner == 0 and self.by in (None, out.termination)

    def problem(self, start: Game) -> str | None:  # noqa: D102
        return "the game is already over at the start." if start.outcome else None

    def describe(self) -> str:  # noqa: D102
        return "you win" if self.by is None else f"you win ({self.by.replace('_', ' ')})"


@dataclass(frozen=True)
class RoundReached:
    """Classic: round ``number`` has been dealt."""

    number: int = 2

    def holds(self, game: Game) -> bool:  # noqa: D102
        return game.round >= self.number

    def problem(self, start: Game) -> str | None:  # noqa: D102
        if not start.rules.rounds:
            return "a duel has one round, so no next round is ever dealt."
        return "the check holds at the start." if self.holds(start) else None

    def describe(self) -> str:  # noqa: D102
        return f"round {self.number} dealt"


@dataclass(frozen=True)
class All:
    """Every one of ``checks`` holds."""

    checks: Sequence[Check]

    def holds(self, game: Game) -> bool:  # noqa: D102
        return all(check.holds(game) for check in self.checks)

    def problem(self, start: Game) -> str | None:  # noqa: D102
        if not self.checks:
            return "All() needs at least one check."
        return next((p for c in self.checks if (p := c.problem(start))), None)

    def describe(self) -> str:  # noqa: D102
        return " and ".join(check.describe() for check in self.checks)


@dataclass(frozen=True)
class AnyOf:
    """At least one of ``checks`` holds (a moment of a real game where several
    plays fitted: any of them solves it)."""

    checks: Sequence[Check]

    def holds(self, game: Game) -> bool:  # noqa: D102
        return any(check.holds(game) for check in self.checks)

    def problem(self, start: Game) -> str | None:  # noqa: D102
        if not self.checks:
            return "AnyOf() needs at least one check."
        return next((p for c in self.checks if (p := c.problem(start))), None)

    def describe(self) -> str:  # noqa: D102
        return " or ".join(check.describe() for check in self.checks)


@dataclass(frozen=True)
class Fail:
    """A failure: when ``check`` holds, the level is lost, and ``sentence`` says why."""

    check: Check
    sentence: str


@dataclass(frozen=True)
class Made:
    """You made ``action`` (a public tuple such as ``("play", 0, "7S", 0)``)."""

    action: tuple[object, ...]

    def holds(self, game: Game) -> bool:  # noqa: D102
        from .actions import learner_actions, normalise

        return normalise(self.action) in learner_actions(game)

    def problem(self, start: Game) -> str | None:  # noqa: D102
        from .actions import normalise

        try:
            move = normalise(self.action)
        except ValueError as exc:
            return str(exc)
        return None if move[0] == "spit" or move[1] == 0 else "the check names a move of player 1."

    def describe(self) -> str:  # noqa: D102
        from .actions import describe, normalise

        try:
            return describe(normalise(self.action))
        except (ValueError, KeyError, IndexError, TypeError):
            return repr(self.action)


@dataclass(frozen=True)
class Custom:
    """A teacher's own check: ``test(game) -> bool`` with a few words for it.

    The named checks above are validated against the position when a level is
    made; a custom one can only be run, so prefer those where they fit."""

    test: Callable[[Game], bool]
    words: str = "a custom check"

    def holds(self, game: Game) -> bool:  # noqa: D102
        return bool(self.test(game))

    def problem(self, start: Game) -> str | None:  # noqa: D102
        return None

    def describe(self) -> str:  # noqa: D102
        return self.words


def as_check(value: object, what: str) -> Check:
    """``value`` as a check: a named check as it is, a plain function wrapped in
    :class:`Custom`; ValueError for anything else."""
    if all(hasattr(value, name) for name in ("holds", "problem", "describe")):
        return value  # type: ignore[return-value]
    if callable(value):
        return Custom(value, getattr(value, "__name__", "a custom check"))
    raise ValueError(f"its {what} should be a check such as learn.OnCentre('AS', 0) or a "
                     f"function of the game, not {value!r:.40}.")
