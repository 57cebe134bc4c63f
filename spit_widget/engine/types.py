"""The engine's shared vocabulary: players, statuses, terminations, kinds and
the value types every layer passes around.

A true leaf: it imports nothing of the package, so any module can import these
names at the top without a cycle. One thing here needs words, an
:class:`Event`'s sentence, and the words live in :mod:`.narration`. Rather than
import narration (which would make this module depend on the sentences, and
them on the cards), the dependency is turned around: narration, which imports
this module, registers its sentence function with :func:`narrate_events_with`
when it is imported, and :attr:`Event.text` calls whatever is registered. The
engine's game imports narration, so every event a game makes can speak; the
sentence is still built only when read, so the hot path never pays for it.

The kinds, statuses and terminations are ``Literal`` aliases of plain strings,
not enums: snapshots, the page protocol and the stats database carry them as
the same JSON strings as before, and ``game.status == "playing"`` keeps working.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, Literal, NamedTuple

PLAYERS: Final = (0, 1)
"""The two seats: 0 is you (the human at the widget), 1 is the computer."""
YOU: Final = 0
COMPUTER: Final = 1
SNAPSHOT_VERSION: Final = 1
"""The version of the ``to_dict`` / ``record`` format (see docs/snapshot.md)."""

Status = Literal["playing", "round_over", "game_over"]
"""Where a game stands (``Game.status``)."""
PLAYING: Final[Status] = "playing"
"""Players may play, declare stuck, spit or move to an empty slot."""
ROUND_OVER: Final[Status] = "round_over"
"""Classic: a player went out; only their slap of the smaller centre pile is allowed."""
GAME_OVER: Final[Status] = "game_over"
"""The game has ended; ``Game.outcome`` says how. Every action is refused."""
STATUSES: Final[tuple[Status, ...]] = (PLAYING, ROUND_OVER, GAME_OVER)

Termination = Literal["stock_emptied", "stalemate", "spits_nowhere", "out_of_cards", "round_limit"]
"""How a game ended (``Outcome.termination``)."""
STOCK_EMPTIED: Final[Termination] = "stock_emptied"
"""Duel: a player cleared their five stock piles and wins."""
STALEMATE: Final[Termination] = "stalemate"
"""Both stuck (or, classic, no spit pile on either side) with no spit card left:
fewest cards wins, a tie going to you."""
SPITS_NOWHERE: Final[Termination] = "spits_nowhere"
"""Duel: three spits in a row (counted from the deal) with no play between."""
OUT_OF_CARDS: Final[Termination] = "out_of_cards"
"""Classic: a player went out holding no other card and wins the game."""
ROUND_LIMIT: Final[Termination] = "round_limit"
"""Classic house rule ``max_rounds``: after that many rounds, fewer cards wins."""
TERMINATIONS: Final[tuple[Termination, ...]] = (
    STOCK_EMPTIED, STALEMATE, SPITS_NOWHERE, OUT_OF_CARDS, ROUND_LIMIT)

ActionKind = Literal["play", "stuck", "spit", "move", "slap"]
"""What a player (or, for ``"spit"`` in classic, the table) does:

- ``"play"``: a stock pile's top card onto a centre pile (``card``, ``target`` = centre);
- ``"stuck"``: duel, a player with no play declares stuck (``player``);
- ``"spit"``: classic, nobody can play, so both spit (or the round ends);
- ``"move"``: classic, a covering top card into an empty slot (``card``, ``target`` = slot);
- ``"slap"``: classic, whoever went out claims the smaller centre pile (``target``).
"""

EventKind = Literal[
    "deal", "play", "flip", "spit", "stuck", "move", "round_end", "take", "slap", "game_end"]
"""What the move log records (``Event.kind``):

- ``"deal"``: a round is laid out (and, classic, a player is short of cards);
- ``"play"``: a card went onto a centre pile (``card``, ``centre``, ``pile`` = slot);
- ``"flip"``: the card under it turned face up (``card``, ``pile`` = slot);
- ``"spit"``: a spit card went onto a centre pile (``card``, ``centre``);
- ``"stuck"``: duel, a player declared stuck;
- ``"move"``: classic, a card moved into an empty slot (``pile`` = the slot it left);
- ``"round_end"``: classic, a player went out, or nobody could play or spit;
- ``"take"``: classic, the short player takes the single centre pile;
- ``"slap"``: classic, a slap (``centre`` = the pile slapped);
- ``"game_end"``: the game ended (``player`` = the winner, None for a draw).
"""


RefusalKind = Literal[
    "bad_input", "game_over", "round_over", "empty_centre", "no_fit", "not_stuck",
    "no_stuck_in_classic", "no_spit_in_duel", "no_move_in_duel", "no_slap_in_duel",
    "spit_too_soon", "slot_not_empty", "nothing_under", "slap_too_soon", "not_who_went_out",
    "bigger_pile", "not_yours", "face_down", "spit_card", "on_centre", "hidden", "not_in_game"]
"""Why the rules refused an action (``IllegalMove.kind``), so a course or a
test can name the rule broken without reading the sentence:

- ``"bad_input"``: not a player, card, pile, slot or action at all;
- ``"game_over"``: the game has ended;
- ``"round_over"``: classic, a player went out and the slap is awaited;
- ``"empty_centre"``: a play onto a centre pile with no card;
- ``"no_fit"``: the card is not one rank above or below the pile's top card;
- ``"not_stuck"``: duel, Stuck declared by a player who can play;
- ``"no_stuck_in_classic"``, ``"no_spit_in_duel"``, ``"no_move_in_duel"``,
  ``"no_slap_in_duel"``: the action belongs to the other rule set;
- ``"spit_too_soon"``: classic, a spit while a player can still play;
- ``"slot_not_empty"``: classic, a move into a slot that holds cards;
- ``"nothing_under"``: classic, moving a card that covers nothing;
- ``"slap_too_soon"``: classic, a slap when nobody has gone out;
- ``"not_who_went_out"``: classic, a slap by the player who did not go out;
- ``"bigger_pile"``: classic, a slap on the bigger centre pile;
- ``"not_yours"``: the other player's face-up card;
- ``"face_down"``: one's own card under the top of a stock pile;
- ``"spit_card"``: one's own spit card (those only go out in a spit);
- ``"on_centre"``: a card already on a centre pile;
- ``"hidden"``: one of the other player's hidden cards;
- ``"not_in_game"``: a card left out of a teaching position.
"""
REFUSAL_KINDS: Final[tuple[RefusalKind, ...]] = (
    "bad_input", "game_over", "round_over", "empty_centre", "no_fit", "not_stuck",
    "no_stuck_in_classic", "no_spit_in_duel", "no_move_in_duel", "no_slap_in_duel",
    "spit_too_soon", "slot_not_empty", "nothing_under", "slap_too_soon", "not_who_went_out",
    "bigger_pile", "not_yours", "face_down", "spit_card", "on_centre", "hidden", "not_in_game")


class IllegalMove(ValueError):
    """An action the rules refuse; ``str(error)`` is the reason, in plain words
    (to player 0 as "you", of player 1 as "the computer"), and ``kind`` (a
    :data:`RefusalKind`) says which rule refused it. A refusal that speaks of a
    player can be told again in another voice: :meth:`told`."""

    def __init__(self, reason: str = "", kind: RefusalKind = "bad_input",
                 retell: Callable[[Any], str] | None = None) -> None:
        super().__init__(reason)
        self.kind: RefusalKind = kind
        self.retell = retell

    def told(self, voice: Any) -> str:
        """The reason in ``voice`` (a :class:`~.narration.Voice`: whom it speaks
        to, and the players' names); the same words when it names no player."""
        return self.retell(voice) if self.retell is not None else str(self)

    def __reduce__(self) -> tuple[type[IllegalMove], tuple[str, RefusalKind]]:
        # Pickled whole but for the retelling (a tournament worker's refusal
        # crosses processes; a closure does not).
        return (IllegalMove, (str(self), self.kind))


class Action(NamedTuple):
    """One thing a player (or the table) does; ``Game.apply`` takes these.

    ``kind`` is one of :data:`ActionKind`; ``target`` is the centre pile (play,
    slap) or the empty slot (move).
    """

    kind: ActionKind
    player: int | None = None
    card: str | None = None
    target: int | None = None


def _unnarrated(event: Event) -> str:
    return event.kind


_narrator: Callable[[Event], str] = _unnarrated


def narrate_events_with(sentence: Callable[[Event], str]) -> None:
    """Give :attr:`Event.text` its words (narration calls this once, on import)."""
    global _narrator
    _narrator = sentence


class Event(NamedTuple):
    """Something that happened, with a sentence for the move log and tutorials.

    The sentence is built when first read (``text``), not when the event
    happens: a game played headless at thousands per second never pays for it.
    ``note`` holds the sentence of the rarer events whose wording needs more
    than the fields (a slap's pile sizes, the end of the game).
    """

    seq: int
    kind: EventKind
    player: int | None
    card: str | None = None
    centre: int | None = None
    pile: int | None = None
    note: str | None = None
    single_centre: bool = False
    extra: tuple[int, ...] = ()
    """The numbers a rarer event's sentence needs: a slap's two pile sizes,
    a move's empty slot (0-based), so narration can tell it in any voice."""

    @property
    def text(self) -> str:
        """The sentence a player reads in the move log."""
        return self.note if self.note is not None else _narrator(self)

    def __repr__(self) -> str:
        return f"<Event {self.seq} {self.kind}: {self.text}>"

    def to_dict(self) -> dict[str, Any]:
        """The event as the page's move log receives it (JSON-ready)."""
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

    termination: Termination
    winner: int | None
    cards_left: tuple[int, int]
    text: str

    def to_dict(self) -> dict[str, Any]:
        """The outcome as snapshots and the page carry it (JSON-ready)."""
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
