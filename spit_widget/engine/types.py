"""The engine's shared vocabulary: players, statuses, terminations and the
value types every layer passes around.

A leaf: it holds no rules and imports nothing of the package except the
narration that gives an :class:`Event` its sentence on demand (narration
itself imports only ``cards``), so any module can import these names at the
top without a cycle.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from . import narration

PLAYERS = (0, 1)
YOU, COMPUTER = PLAYERS
SNAPSHOT_VERSION = 1

PLAYING, ROUND_OVER, GAME_OVER = "playing", "round_over", "game_over"

# How a game ended (Outcome.termination).
STOCK_EMPTIED = "stock_emptied"  # duel: a player cleared their five stock piles
STALEMATE = "stalemate"  # duel: both stuck, no spit card left
SPITS_NOWHERE = "spits_nowhere"  # duel: spit after spit with no play between
OUT_OF_CARDS = "out_of_cards"  # classic: a player went out holding nothing else
ROUND_LIMIT = "round_limit"  # classic house rule: stop after N rounds


class IllegalMove(ValueError):
    """An action the rules refuse; ``str(error)`` is the reason, in plain words."""


class Action(NamedTuple):
    """One thing a player (or the table) does; ``Game.apply`` takes these.

    ``kind`` is ``"play"``, ``"stuck"``, ``"spit"``, ``"move"`` or ``"slap"``;
    ``target`` is the centre pile (play, slap) or the empty slot (move).
    """

    kind: str
    player: int | None = None
    card: str | None = None
    target: int | None = None


class Event(NamedTuple):
    """Something that happened, with a sentence for the move log and tutorials.

    The sentence is built when first read (``text``), not when the event
    happens: a game played headless at thousands per second never pays for it.
    ``note`` holds the sentence of the rarer events whose wording needs more
    than the fields (a slap's pile sizes, the end of the game).
    """

    seq: int
    kind: str
    player: int | None
    card: str | None = None
    centre: int | None = None
    pile: int | None = None
    note: str | None = None
    single_centre: bool = False

    @property
    def text(self) -> str:
        return self.note if self.note is not None else narration.event_sentence(self)

    def __repr__(self) -> str:
        return f"<Event {self.seq} {self.kind}: {self.text}>"

    def to_dict(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "kind": self.kind,
            "player": self.player,
            "text": self.text,
            "card": self.card,
            "centre": self.centre,
            "pile": self.pile,
        }


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the game ended: the termination, the winner (None: a draw), the cards
    each side still held, and a sentence for the end-of-game dialog."""

    termination: str
    winner: int | None
    cards_left: tuple[int, int]
    text: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "termination": self.termination,
            "winner": self.winner,
            "cards_left": list(self.cards_left),
            "text": self.text,
        }


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested action and why it is good (``action`` None: nothing to do now)."""

    action: Action | None
    text: str


