"""The tableau: every card's place and the questions about it.

"Tableau" is the card player's word for the cards as they are laid out (the
project says "table" only for the table people play at: the widget).
:class:`Tableau` is the state of a game of Spit (stock piles, spit piles, centre
piles, who feeds which, the stuck flags, the status) and the queries read off
it: who holds how many cards, what lies face up, what a centre pile needs,
which top cards fit which pile (the legal plays, kept until the table
changes), which pile may be slapped, where a card is. :class:`~.game.Game`
adds the rules that change it, as python-chess's ``Board`` adds them to its
``BaseBoard``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mypy_extensions import mypyc_attr

from . import cards as C
from . import narration as N
from .fits import IN_ORDER, NEIGHBOURS, SLOTS_IN_ORDER, plays_and_slots, rank_slots
from .log import expand
from .positions import describe
from .rules import STOCK_PILES, Variant
from .types import (
    PLAYERS,
    PLAYING,
    ROUND_OVER,
    SNAPSHOT_VERSION,
    Action,
    Event,
    IllegalMove,
    Outcome,
    RefusalKind,
    Status,
)

_PLACES: dict[RefusalKind, str] = {
    "not_yours": "theirs", "face_down": "face_down", "spit_card": "spit",
    "on_centre": "centre", "hidden": "hidden", "not_in_game": "out"}
"""A refusal's kind -> the place word :func:`.narration.where_is` takes."""


def check_player(player: object) -> int:
    """``player`` if it is 0 or 1, else a refusal."""
    if type(player) is not int or not 0 <= player <= 1:
        raise IllegalMove(N.no_player(player))
    return player


def check_card(card: object) -> str:
    """``card`` if it is one of the 52, else a refusal saying how cards are written."""
    if type(card) is str and card in C.CARDS:
        return card
    raise IllegalMove(N.not_a_card(card))


def check_index(value: object, count: int, what: str) -> int:
    """``value`` if it numbers one of ``count`` piles or slots, else a refusal."""
    if type(value) is not int or not 0 <= value < count:  # bool is refused too
        raise IllegalMove(N.no_such_index(value, count, what))
    return value


@mypyc_attr(allow_interpreted_subclasses=True)
class Tableau:
    """The cards of a game where they lie, and what can be read off them.

    Every list runs bottom to top; only the top card of a stock pile is face
    up; the last card of a spit pile is the next to flip.
    """

    rules: Variant
    seed: int
    max_rounds: int | None
    # Set by the deal (Game._lay_out) and by a position (Game.from_dict), each
    # before anything reads them: the empty table (_clear) leaves them alone.
    status: Status
    stuck: list[bool]
    """Each player's declared Stuck (the duel)."""
    fruitless_spits: int
    """Spits since the last play (the duel ends after too many in a row)."""
    fragment: bool

    def _clear(self) -> None:
        """An empty table at round 1 (a deal or a position fills it)."""
        self.round = 1
        self.stock: list[list[list[str]]] = [[[] for _ in range(STOCK_PILES)] for _ in PLAYERS]
        self.spit_piles: list[list[str]] = [[], []]
        self.centre: list[list[str]] = [[], []]
        self.spitter: list[int] = [0, 1]
        """For each centre pile, the player who spits onto it (and takes it when
        a round ends with nobody able to play or spit)."""
        self.outcome: Outcome | None = None
        self.went_out: int | None = None
        self._events: list[Event] = []
        self._history: list[Action] = []
        self._log: list[tuple[Any, ...]] = []
        """What happened since ``events`` and ``history`` were last read, in
        compact records (see :mod:`.log`): a headless game never builds them."""
        self._plays: list[list[tuple[str, int]] | None] = [None, None]
        """Each player's legal plays while the table stays as it is (None: not
        asked since the last change); ``_slots`` holds the slot of each."""
        self._slots: list[Sequence[int]] = [(), ()]
        self._by_rank: list[list[int] | None] = [None, None]
        """Each player's rank buckets (:func:`~.fits.rank_slots`): None when the
        stock changed other than by a play, which keeps them up to date."""

    @property
    def events(self) -> list[Event]:
        """The move log, oldest first: one :class:`Event` per thing that happened.

        The same list object for the whole game (readers may keep it; it grows),
        brought up to date from the compact log whenever it is read."""
        if self._log:
            self._catch_up()
        return self._events

    @events.setter
    def events(self, events: list[Event]) -> None:
        self._catch_up()  # as if every event had been appended on the spot
        self._events = events

    @property
    def history(self) -> list[Action]:
        """Every action applied since the deal or position, in order (what
        :meth:`~.game.Game.record` saves); the same growing list object."""
        if self._log:
            self._catch_up()
        return self._history

    @history.setter
    def history(self, history: list[Action]) -> None:
        self._catch_up()
        self._history = history

    def _catch_up(self) -> None:
        """Turn the compact records into events and actions, and forget them."""
        expand(self._log, self._events, self._history)
        self._log.clear()

    @property
    def variant(self) -> str:
        """The rule set's name: ``"duel"`` or ``"classic"``."""
        return self.rules.name

    @property
    def winner(self) -> int | None:
        """The winner once the game is over (None while playing, or for a draw)."""
        return self.outcome.winner if self.outcome else None

    def cards_left(self, player: object) -> int:
        """Cards ``player`` still holds: stock plus spit pile."""
        p = check_player(player)
        return sum(len(pile) for pile in self.stock[p]) + len(self.spit_piles[p])

    def stock_tops(self, player: object) -> list[str | None]:
        """The face-up top card of each of the five slots (None where empty)."""
        p = check_player(player)
        return [pile[-1] if pile else None for pile in self.stock[p]]

    def centre_tops(self) -> list[str | None]:
        """The top card of each centre pile (None where empty)."""
        return [pile[-1] if pile else None for pile in self.centre]

    def needs(self, centre: object) -> str:
        """What a centre pile takes, as its label says: ``"needs 6 or 8"``."""
        c = check_index(centre, len(self.centre), "centre pile")
        return N.needs(self.centre[c][-1] if self.centre[c] else None)

    def pile_name(self, centre: int) -> str:
        """How sentences name a centre pile: the left, right or only one."""
        return N.centre_name(centre, len(self.centre) == 1)

    def spit_cards(self, player: object) -> int:
        """How many cards are left in ``player``'s spit pile."""
        return len(self.spit_piles[check_player(player)])

    def all_cards(self) -> list[str]:
        """Every card on the table, wherever it lies (for the conservation check)."""
        out: list[str] = []
        for p in PLAYERS:
            for pile in self.stock[p]:
                out.extend(pile)
            out.extend(self.spit_piles[p])
        for pile in self.centre:
            out.extend(pile)
        return out

    @property
    def spit_cards_remain(self) -> bool:
        """Would a spit flip cards? (If not, pressing Spit! ends the round.)"""
        piles = self.spit_piles
        return bool(piles[self.spitter[0]] or (len(self.spitter) == 2 and piles[self.spitter[1]]))

    def legal_plays(self, player: object) -> list[tuple[str, int]]:
        """Every (card, centre) ``player`` may play now, slot by slot.

        The hottest call of any search or simulation: the answer is kept until
        the table changes (see :meth:`legal_plays_view`), so asking again is a
        copy (the caller's own list, to keep or change).
        """
        return list(self.legal_plays_view(player))

    def legal_plays_view(self, player: object) -> Sequence[tuple[str, int]]:
        """:meth:`legal_plays` without the copy, for loops that ask after every
        action (``bench``'s random play, simulations, training): read-only.

        It is the game's own kept list: the game replaces it, never changes it,
        when the table changes, so it may be kept and read later (it then tells
        the plays of that moment), but changing it would spoil the game's
        answers; take :meth:`legal_plays` for a list of your own.

        The answer is kept until the table changes (every change calls
        :meth:`_changed`), with the slot of each play in ``_slots``.
        """
        p = player if type(player) is int and 0 <= player <= 1 else check_player(player)
        found = self._plays[p]
        if found is not None:
            return found
        centre = self.centre
        slots: Sequence[int]
        if self.status != PLAYING:
            found, slots = [], []
        elif len(centre) == 2 and (left := centre[0]) and (right := centre[1]):
            # The usual table, after nearly every action of a headless game: the
            # slots whose top fits each pile are read off the rank buckets (kept
            # up to date by play) instead of ten fit tests, and put in order by
            # a table (measured: a fifth less time per call; nearly half the
            # calls of a classic game find nothing and skip the loop).
            by_rank = self._by_rank[p]
            if by_rank is None:
                by_rank = self._by_rank[p] = rank_slots(self.stock[p])
            low, high = NEIGHBOURS[left[-1]]
            onto = (by_rank[low] | by_rank[high]) << 5
            low, high = NEIGHBOURS[right[-1]]
            onto |= by_rank[low] | by_rank[high]
            found, slots = [], SLOTS_IN_ORDER[onto]
            if onto:
                stock = self.stock[p]
                for slot, c in IN_ORDER[onto]:
                    found.append((stock[slot][-1], c))
        else:
            found, slots = plays_and_slots(centre, self.stock[p])
        self._plays[p], self._slots[p] = found, slots
        return found

    def can_play(self, player: object) -> bool:
        """Has ``player`` a card that fits a centre pile now?"""
        return bool(self.legal_plays_view(player))

    def _changed(self) -> None:
        """The cards moved or the status changed: the plays are asked anew."""
        self._plays[0] = self._plays[1] = None
        self._by_rank[0] = self._by_rank[1] = None

    def slappable(self, player: object) -> list[int]:
        """The centre piles ``player`` may slap now: after going out, the smaller
        pile (either one when they are equal); otherwise none."""
        p = check_player(player)
        if self.status != ROUND_OVER or p != self.went_out:
            return []
        sizes = [len(pile) for pile in self.centre]
        return [c for c, size in enumerate(sizes) if size == min(sizes)]

    def _where_is(self, p: int, card: str) -> IllegalMove:
        """Why ``p`` cannot play ``card``: where it lies instead."""
        other = 1 - p
        place: RefusalKind
        if any(pile and pile[-1] == card for pile in self.stock[other]):
            place = "not_yours"
        elif any(card in pile for pile in self.stock[p]):
            place = "face_down"
        elif card in self.spit_piles[p]:
            place = "spit_card"
        elif any(card in pile for pile in self.centre):
            place = "on_centre"
        elif any(card in pile for pile in self.stock[other]) or card in self.spit_piles[other]:
            place = "hidden"
        else:
            place = "not_in_game"
        return N.refusal(place, N.where_is, p, card, _PLACES[place])

    # ------------------------------------------------------------- snapshots
    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready snapshot: the contract's keys plus status and bookkeeping
        (the keys are described in docs/snapshot.md)."""
        return {
            "version": SNAPSHOT_VERSION,
            "variant": self.variant,
            "players": [
                {"stock": [list(pile) for pile in self.stock[p]], "spit": list(self.spit_piles[p])}
                for p in PLAYERS
            ],
            "centre": [list(pile) for pile in self.centre],
            "spitter": list(self.spitter),
            "status": self.status,
            "stuck": list(self.stuck),
            "round": self.round,
            "went_out": self.went_out,
            "fruitless_spits": self.fruitless_spits,
            "seed": self.seed,
            "max_rounds": self.max_rounds,
            "outcome": self.outcome.to_dict() if self.outcome else None,
            "fragment": self.fragment,
        }

    def __repr__(self) -> str:
        return describe(self)
