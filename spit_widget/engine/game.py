"""The rules engine: one game of Spit as a pure, deterministic state machine.

Nothing here knows about widgets, clocks or event loops. Every action either
changes the state and appends events, or raises :class:`IllegalMove` with a
sentence a player understands and leaves the state exactly as it was: all
checks happen before the first mutation. The widget, the computer opponent
and tests all drive the game through these same calls, which is what makes
"every play lands in sequence" true.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from . import cards as C
from .hints import hint_for
from .narration import quote, you_or_it
from .positions import describe, parse_position
from .rules import STOCK_PILES, Variant, variant
from .types import (
    COMPUTER,
    GAME_OVER,
    OUT_OF_CARDS,
    PLAYERS,
    PLAYING,
    ROUND_LIMIT,
    ROUND_OVER,
    SNAPSHOT_VERSION,
    SPITS_NOWHERE,
    STALEMATE,
    STOCK_EMPTIED,
    YOU,
    Action,
    Event,
    Hint,
    IllegalMove,
    Outcome,
)


def _check_player(player: object) -> int:
    if type(player) is not int or not 0 <= player <= 1:
        raise IllegalMove(f"There is no player {quote(player, 40)}: 0 is you, 1 is the computer.")
    return player


def _check_card(card: object) -> str:
    if type(card) is str and card in C.CARDS:
        return card
    if not isinstance(card, str):
        raise IllegalMove(
            "A card is written as two characters, rank then suit, like '7S'; "
            f"got {quote(card, 40)}."
        )
    if card not in C.CARDS:
        raise IllegalMove(
            f"{quote(card, 40)} is not a card: write the rank (A 2-9 T J Q K) then the suit "
            "(S H D C), like '7S' or 'TD'."
        )
    return card


def _check_index(value: object, count: int, what: str) -> int:
    if type(value) is not int or not 0 <= value < count:  # bool is refused too
        choices = ", ".join(str(i) for i in range(count))
        raise IllegalMove(f"There is no {what} {quote(value, 40)}; the {what}s are {choices}.")
    return value


class Game:
    """A game of Spit between player 0 (you) and player 1 (the computer).

    ``Game(variant="duel", seed=7)`` deals and makes the opening spit. Every
    list in the state runs bottom to top; only the top card of a stock pile is
    face up; the last card of a spit pile is the next to flip.
    """

    def __init__(
        self, variant: str = "duel", seed: int | None = None, max_rounds: int | None = None
    ) -> None:
        self._init_empty(variant, seed, max_rounds)
        deck = C.shuffled_deck(self._round_rng())
        self._lay_out([deck[:26], deck[26:]])

    # ----------------------------------------------------------------- set-up
    def _init_empty(self, name: str, seed: int | None, max_rounds: int | None) -> None:
        self.rules: Variant = variant(name)
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be a whole number, not {seed!r}")
        if max_rounds is not None and (
            isinstance(max_rounds, bool) or not isinstance(max_rounds, int) or max_rounds < 1
        ):
            raise ValueError(
                f"max_rounds must be a positive whole number or None, not {max_rounds!r}"
            )
        if max_rounds is not None and not self.rules.rounds:
            raise ValueError("max_rounds is a classic house rule; a duel is a single round.")
        self.seed: int = seed
        self.max_rounds: int | None = max_rounds
        self.round = 1
        self.stock: list[list[list[str]]] = [[[] for _ in range(STOCK_PILES)] for _ in PLAYERS]
        self.spit_piles: list[list[str]] = [[], []]
        self.centre: list[list[str]] = [[], []]
        self.spitter: list[int] = [0, 1]
        self.stuck: list[bool] = [False, False]
        self.status = PLAYING
        self.outcome: Outcome | None = None
        self.went_out: int | None = None
        self.fruitless_spits = 0
        self.events: list[Event] = []
        self.history: list[Action] = []
        self._start_position: dict[str, Any] | None = None  # None: dealt from the seed

    def _round_rng(self) -> random.Random:
        """A generator fixed by the seed and the round, so replays reshuffle alike."""
        return random.Random(f"spit/{self.seed}/{self.round}")

    def _lay_out(self, hands: Sequence[Sequence[str]]) -> None:
        """Deal each hand into stock piles of 1..5 (as far as it goes) and a spit
        pile of the rest, then make the opening spit."""
        for p in PLAYERS:
            hand = list(hands[p])
            piles: list[list[str]] = []
            at = 0
            for size in range(1, STOCK_PILES + 1):
                piles.append(hand[at : at + size])
                at += size
            self.stock[p] = piles
            self.spit_piles[p] = hand[at:]
        short = [p for p in PLAYERS if not self.spit_piles[p]]
        if self.rules.rounds and len(short) == 2 and self.round > 1:
            # Only a hand-made position with cards out of play gets here: with
            # no spit pile on either side no round can start.
            self.spitter = [0, 1]
            self.centre = [[], []]  # the old centre piles are in the hands now
            self._event("deal", None, note=f"Round {self.round}: neither player has a spit pile.")
            self._finish_stalemate(STALEMATE, "Neither player has enough cards for a spit pile")
            return
        if self.rules.rounds and len(short) == 1:
            self.spitter = [1 - short[0]]
            self.centre = [[]]
        else:
            self.spitter = [0, 1]
            self.centre = [[], []]
        self.stuck = [False, False]
        self.fruitless_spits = 0
        self.went_out = None
        self.status = PLAYING
        deal_text = (
            f"Round {self.round}: the cards are dealt."
            if self.rules.rounds
            else ("The cards are dealt: 26 each.")
        )
        self._event("deal", None, note=deal_text)
        for p in short:
            if self.rules.rounds:
                self._event(
                    "deal",
                    p,
                    note=you_or_it(
                        p,
                        "You are short of cards: no spit pile, and one centre pile.",
                        "The computer is short of cards: no spit pile, and one centre pile.",
                    ),
                )
        self._spit_all(opening=True)

    # ---------------------------------------------------------------- queries
    @property
    def variant(self) -> str:
        return self.rules.name

    @property
    def winner(self) -> int | None:
        return self.outcome.winner if self.outcome else None

    def cards_left(self, player: int) -> int:
        """Cards ``player`` still holds: stock plus spit pile."""
        p = _check_player(player)
        return sum(len(pile) for pile in self.stock[p]) + len(self.spit_piles[p])

    def stock_tops(self, player: int) -> list[str | None]:
        """The face-up top card of each of the five slots (None where empty)."""
        p = _check_player(player)
        return [pile[-1] if pile else None for pile in self.stock[p]]

    def centre_tops(self) -> list[str | None]:
        return [pile[-1] if pile else None for pile in self.centre]

    def legal_plays(self, player: int) -> list[tuple[str, int]]:
        """Every (card, centre) ``player`` may play now, slot by slot.

        The hottest call of any search or simulation, hence the plain loops.
        """
        p = player if type(player) is int and 0 <= player <= 1 else _check_player(player)
        if self.status != PLAYING:
            return []
        centre = self.centre
        plays: list[tuple[str, int]] = []
        if len(centre) == 2 and centre[0] and centre[1]:  # the usual table, unrolled
            left, right = C.ADJACENT[centre[0][-1]], C.ADJACENT[centre[1][-1]]
            for pile in self.stock[p]:
                if pile:
                    card = pile[-1]
                    if card in left:
                        plays.append((card, 0))
                    if card in right:
                        plays.append((card, 1))
            return plays
        fits = [(i, C.ADJACENT[pile[-1]]) for i, pile in enumerate(centre) if pile]
        for pile in self.stock[p]:
            if pile:
                card = pile[-1]
                for i, accepts in fits:
                    if card in accepts:
                        plays.append((card, i))
        return plays

    def can_play(self, player: int) -> bool:
        return bool(self.legal_plays(player))

    def legal_moves_to_empty(self, player: int) -> list[tuple[str, int]]:
        """Classic: every (card, empty slot) where a covering top card may move."""
        p = _check_player(player)
        if self.status != PLAYING or not self.rules.moves_to_empty:
            return []
        piles = self.stock[p]
        empty = [i for i, pile in enumerate(piles) if not pile]
        return [(pile[-1], slot) for pile in piles if len(pile) > 1 for slot in empty]

    def needs(self, centre: int) -> str:
        """What a centre pile takes, as its label says: ``"needs 6 or 8"``."""
        c = _check_index(centre, len(self.centre), "centre pile")
        if not self.centre[c]:
            return "empty"
        low, high = C.neighbour_ranks(self.centre[c][-1])
        return f"needs {C.rank_label(low)} or {C.rank_label(high)}"

    def pile_name(self, centre: int) -> str:
        """How sentences name a centre pile: the left, right or only one."""
        if len(self.centre) == 1:
            return "the centre pile"
        return ("the left pile", "the right pile")[centre]

    def spit_cards(self, player: int) -> int:
        return len(self.spit_piles[_check_player(player)])

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

    def slappable(self, player: int) -> list[int]:
        """The centre piles ``player`` may slap now: after going out, the smaller
        pile (either one when they are equal); otherwise none."""
        p = _check_player(player)
        if self.status != ROUND_OVER or p != self.went_out:
            return []
        sizes = [len(pile) for pile in self.centre]
        return [c for c, size in enumerate(sizes) if size == min(sizes)]

    @property
    def spit_cards_remain(self) -> bool:
        """Would a spit flip cards? (If not, pressing Spit! ends the round.)"""
        return any(self.spit_piles[p] for p in self.spitter)

    def legal_actions(self) -> list[Action]:
        """Every action the rules allow now, either player's (for simulations,
        property tests and strategies that search)."""
        acts: list[Action] = []
        for p in PLAYERS:
            acts += [Action("play", p, card, c) for card, c in self.legal_plays(p)]
            acts += [Action("move", p, card, s) for card, s in self.legal_moves_to_empty(p)]
        if self.status == PLAYING:
            if self.rules.declare_stuck:
                acts += [Action("stuck", p) for p in PLAYERS
                         if not self.stuck[p] and not self.can_play(p)]
            elif self.both_stuck():
                acts.append(Action("spit"))
        elif self.status == ROUND_OVER and self.went_out is not None:
            acts += [Action("slap", self.went_out, None, c) for c in self.slappable(self.went_out)]
        return acts

    def is_legal(self, action: Action) -> bool:
        """Would ``apply(action)`` be accepted now? (Asks without acting, so the
        computer can re-check a plan after the table changed.)"""
        kind, p = action[0], action[1]
        if self.status == ROUND_OVER:
            out = self.went_out
            return (out is not None and kind == "slap" and p == out
                    and action[3] in self.slappable(out))
        if self.status != PLAYING:
            return False
        if kind == "play":
            return p in PLAYERS and (action[2], action[3]) in self.legal_plays(p)
        if kind == "move":
            return p in PLAYERS and (action[2], action[3]) in self.legal_moves_to_empty(p)
        if kind == "stuck":
            return (self.rules.declare_stuck and p in PLAYERS and not self.stuck[p]
                    and not self.can_play(p))
        if kind == "spit":
            return self.rules.rounds and self.both_stuck()
        return False

    def both_stuck(self) -> bool:
        """Nobody can play onto a centre pile (the moment for a spit)."""
        return self.status == PLAYING and not (self.can_play(0) or self.can_play(1))

    # ---------------------------------------------------------------- actions
    def apply(self, action: Action | Sequence[Any]) -> None:
        """Carry out an :class:`Action` (or a list shaped like one)."""
        if not isinstance(action, (tuple, list)) or not 1 <= len(action) <= 4:
            raise IllegalMove(f"Not an action: {quote(action, 60)}.")
        kind, player, card, target = (*action, None, None, None)[:4]
        if kind == "play":
            self.play(player, card, target)
        elif kind == "stuck":
            self.declare_stuck(player)
        elif kind == "spit":
            self.spit()
        elif kind == "move":
            self.move_to_empty(player, card, target)
        elif kind == "slap":
            self.slap(player, target)
        else:
            raise IllegalMove(
                f"Unknown action {quote(kind, 40)}: choose play, stuck, spit, move or slap."
            )

    def play(self, player: int, card: str, centre: int) -> None:
        """Play the top card of one of ``player``'s stock piles onto a centre pile."""
        # The common, valid case is checked inline: this is the engine's hot path.
        p = player if type(player) is int and 0 <= player <= 1 else _check_player(player)
        if type(card) is not str or card not in C.CARDS:
            card = _check_card(card)
        if self.status != PLAYING:
            self._require_playing()
        centres = self.centre
        if type(centre) is int and 0 <= centre < len(centres):
            c = centre
        else:
            c = _check_index(centre, len(centres), "centre pile")
        piles = self.stock[p]
        for slot, source in enumerate(piles):  # noqa: B007 (both are used after the loop)
            if source and source[-1] == card:
                break
        else:
            raise IllegalMove(self._where_is(p, card))
        pile = centres[c]
        if not pile:
            raise IllegalMove(f"{self.pile_name(c).capitalize()} is empty; nothing can go on it.")
        if card not in C.ADJACENT[pile[-1]]:
            raise IllegalMove(
                f"{C.label(card)} doesn't fit on {C.label(pile[-1])}: "
                f"{self.pile_name(c)} {self.needs(c)}."
            )
        # All checks passed: mutate.
        source.pop()
        pile.append(card)
        self.stuck[0] = self.stuck[1] = False
        self.fruitless_spits = 0
        self.history.append(tuple.__new__(Action, ("play", p, card, c)))
        # The play's events are built inline (see _event): this is the hot path.
        events = self.events
        single = len(centres) == 1
        events.append(tuple.__new__(Event, (len(events), "play", p, card, c, slot, None, single)))
        if source:
            events.append(tuple.__new__(
                Event, (len(events), "flip", p, source[-1], None, slot, None, single)))
        elif not any(piles):
            self._went_out(p)

    def declare_stuck(self, player: int) -> None:
        """Duel: say you cannot play. Once both have, the spit happens."""
        p = _check_player(player)
        if not self.rules.declare_stuck:
            raise IllegalMove(
                "In classic Spit nobody declares stuck: press Spit! when neither side can play."
            )
        self._require_playing()
        plays = self.legal_plays(p)
        if plays:
            card, c = plays[0]
            raise IllegalMove(
                you_or_it(
                    p,
                    f"You're not stuck: {C.label(card)} goes on {self.pile_name(c)}.",
                    f"The computer is not stuck: {C.label(card)} goes on {self.pile_name(c)}.",
                )
            )
        if self.stuck[p]:
            raise IllegalMove(
                you_or_it(
                    p,
                    "You have already declared stuck; waiting for the computer.",
                    "The computer has already declared stuck.",
                )
            )
        self.stuck[p] = True
        self.history.append(Action("stuck", p))
        self._event("stuck", p)
        if all(self.stuck):
            self._both_stuck_in_duel()

    def spit(self) -> None:
        """Classic: when neither side can play, both spit; with no spit cards left
        this ends the round and each player takes the pile on their side."""
        if not self.rules.rounds:
            raise IllegalMove(
                "In a duel the spit comes by itself once both players have declared stuck."
            )
        self._require_playing()
        for p in PLAYERS:
            plays = self.legal_plays(p)
            if plays:
                card, c = plays[0]
                raise IllegalMove(
                    you_or_it(
                        p,
                        f"No spit yet: you can still play {C.label(card)} on {self.pile_name(c)}.",
                        f"No spit yet: the computer can still play {C.label(card)}.",
                    )
                )
        self.history.append(Action("spit"))
        if self.spit_cards_remain:
            self._spit_all(opening=False)
            return
        self._event(
            "round_end",
            None,
            note="Nobody can play and no spit cards are left: each player takes "
            "the centre pile on their side.",
        )
        self._end_round({p: [i for i, s in enumerate(self.spitter) if s == p] for p in PLAYERS})

    def move_to_empty(self, player: int, card: str, slot: int) -> None:
        """Classic: move a top card that has a card under it into an empty slot."""
        p = _check_player(player)
        card = _check_card(card)
        if not self.rules.moves_to_empty:
            raise IllegalMove("In a duel cards never move between stock piles.")
        self._require_playing()
        s = _check_index(slot, STOCK_PILES, "slot")
        if self.stock[p][s]:
            raise IllegalMove(
                f"Slot {s + 1} is not empty; a card can only move into an empty slot."
            )
        source_slot = self._own_top_slot(p, card)
        source = self.stock[p][source_slot]
        if len(source) < 2:
            raise IllegalMove(
                f"{C.label(card)} has no card under it: moving it would change nothing."
            )
        source.pop()
        self.stock[p][s].append(card)
        self.history.append(Action("move", p, card, s))
        self._event(
            "move",
            p,
            card,
            None,
            source_slot,
            note=you_or_it(
                p,
                f"You move {C.label(card)} into empty slot {s + 1}.",
                f"The computer moves {C.label(card)} into empty slot {s + 1}.",
            ),
        )
        self._flip(p, source_slot)

    def slap(self, player: int, centre: int) -> None:
        """Classic: the player who went out claims the smaller centre pile."""
        p = _check_player(player)
        if not self.rules.slap:
            raise IllegalMove("There is no slap in a duel: the first to clear their stock wins.")
        if self.status == GAME_OVER:
            raise IllegalMove("The game is over: press Play Again for a new deal.")
        if self.status != ROUND_OVER or self.went_out is None:
            raise IllegalMove("You can only slap when a player has just gone out.")
        if p != self.went_out:
            raise IllegalMove(
                you_or_it(
                    p,
                    "Only the computer, who went out, may slap.",
                    "Only you, who went out, may slap.",
                )
            )
        c = _check_index(centre, len(self.centre), "centre pile")
        other = 1 - c
        mine, theirs = len(self.centre[c]), len(self.centre[other])
        if mine > theirs:
            raise IllegalMove(
                f"{self.pile_name(c).capitalize()} is the bigger pile ({mine} cards); "
                f"slap the smaller one ({theirs} cards)."
            )
        self.history.append(Action("slap", p, None, c))
        self._event(
            "slap",
            p,
            None,
            c,
            note=you_or_it(
                p,
                f"You slap {self.pile_name(c)} ({mine} cards); the computer takes the other "
                f"({theirs}).",
                f"The computer slaps {self.pile_name(c)} ({mine} cards); you take the other "
                f"({theirs}).",
            ),
        )
        self._end_round({p: [c], 1 - p: [other]})

    # ------------------------------------------------------------- internals
    def _require_playing(self) -> None:
        if self.status == GAME_OVER:
            raise IllegalMove("The game is over: press Play Again for a new deal.")
        if self.status == ROUND_OVER:
            who = "You" if self.went_out == YOU else "The computer"
            raise IllegalMove(f"The round is over: {who} went out and must slap the smaller pile.")

    def _own_top_slot(self, p: int, card: str) -> int:
        """The slot whose face-up top is ``card``, or a refusal saying where it is."""
        for slot, pile in enumerate(self.stock[p]):
            if pile and pile[-1] == card:
                return slot
        raise IllegalMove(self._where_is(p, card))

    def _where_is(self, p: int, card: str) -> str:
        name = C.label(card)
        other = 1 - p
        if any(pile and pile[-1] == card for pile in self.stock[other]):
            return you_or_it(p, f"{name} is the computer's card.", f"{name} is your card.")
        if any(card in pile for pile in self.stock[p]):
            return f"{name} is face down: only the top card of a pile can be played."
        if card in self.spit_piles[p]:
            return f"{name} is in the spit pile: spit cards only go to the centre in a spit."
        if any(card in pile for pile in self.centre):
            return f"{name} is already on a centre pile."
        if any(card in pile for pile in self.stock[other]) or card in self.spit_piles[other]:
            return you_or_it(
                p,
                f"{name} is one of the computer's hidden cards.",
                f"{name} is one of your hidden cards.",
            )
        return f"{name} is not in this game."

    def _flip(self, p: int, slot: int) -> None:
        card = self.stock[p][slot][-1]
        self._event("flip", p, card, None, slot)

    def _spit_all(self, *, opening: bool) -> None:
        """Each player with spit cards flips one onto the centre pile they feed."""
        for c, p in enumerate(self.spitter):
            if self.spit_piles[p]:
                card = self.spit_piles[p].pop()
                self.centre[c].append(card)
                self._event("spit", p, card, c)
        if not opening:
            self.fruitless_spits += 1
        self.stuck = [False, False]

    def _both_stuck_in_duel(self) -> None:
        limit = self.rules.fruitless_spit_limit
        if not any(self.spit_piles):
            self._finish_stalemate(STALEMATE, "Both stuck with no spit cards left")
        elif limit is not None and self.fruitless_spits >= limit:
            self._finish_stalemate(
                SPITS_NOWHERE, f"{self.fruitless_spits} spits in a row brought no play"
            )
        else:
            self._spit_all(opening=False)

    def _finish_stalemate(self, termination: str, why: str) -> None:
        left = (self.cards_left(0), self.cards_left(1))
        winner = YOU if left[0] <= left[1] else COMPUTER
        tie = " (a tie goes to you)" if left[0] == left[1] else ""
        who = "you win" if winner == YOU else "the computer wins"
        self._finish(
            termination,
            winner,
            f"{why}: a stalemate. Fewest cards wins{tie}: {who}, {left[0]} cards to {left[1]}.",
        )

    def _went_out(self, p: int) -> None:
        """``p`` has just played their last stock card."""
        if not self.rules.rounds:
            self._finish(
                STOCK_EMPTIED,
                p,
                you_or_it(
                    p,
                    "You cleared your five stock piles first.",
                    "The computer cleared its five stock piles first.",
                ),
            )
            return
        if not self.spit_piles[p]:
            self._finish(
                OUT_OF_CARDS,
                p,
                you_or_it(
                    p,
                    "You have no cards left: you win the game!",
                    "The computer has no cards left: it wins the game.",
                ),
            )
            return
        single = len(self.centre) == 1  # a short round: nothing to slap
        self._event(
            "round_end",
            p,
            note=you_or_it(
                p,
                "You went out." if single else "You went out: slap the smaller centre pile!",
                "The computer went out."
                if single
                else "The computer went out and slaps the smaller centre pile.",
            ),
        )
        if single:
            short = 1 - p
            self._event(
                "take",
                short,
                None,
                0,
                note=you_or_it(
                    short,
                    "With one centre pile there is no slap: you take it.",
                    "With one centre pile there is no slap: the computer takes it.",
                ),
            )
            self._end_round({short: [0], p: []})
            return
        self.status = ROUND_OVER
        self.went_out = p

    def _end_round(self, takes: Mapping[int, Iterable[int]]) -> None:
        """Each player gathers their cards plus the centre piles they take, and
        (unless the round limit is reached) lays out again for the next round."""
        hands: list[list[str]] = []
        for p in PLAYERS:
            hand = [card for pile in self.stock[p] for card in pile] + self.spit_piles[p]
            for c in takes.get(p, ()):
                hand.extend(self.centre[c])
            hands.append(hand)
        self.round += 1
        rng = self._round_rng()
        for hand in hands:
            rng.shuffle(hand)
        self._lay_out(hands)
        if self.max_rounds is not None and self.round > self.max_rounds:
            self._undo_opening_spit()
            left = (self.cards_left(0), self.cards_left(1))
            winner = None if left[0] == left[1] else (YOU if left[0] < left[1] else COMPUTER)
            who = {None: "a draw", YOU: "you win", COMPUTER: "the computer wins"}[winner]
            self._finish(
                ROUND_LIMIT,
                winner,
                f"{self.max_rounds} rounds played: fewer cards wins, {who} "
                f"({left[0]} cards to {left[1]}).",
            )

    def _undo_opening_spit(self) -> None:
        """At the round limit nobody plays on, so the opening spit goes back."""
        for c, p in enumerate(self.spitter):
            self.spit_piles[p].extend(reversed(self.centre[c]))
            self.centre[c].clear()
        while self.events and self.events[-1].kind == "spit":
            self.events.pop()

    def _finish(self, termination: str, winner: int | None, text: str) -> None:
        left = (self.cards_left(0), self.cards_left(1))
        self.outcome = Outcome(termination, winner, left, text)
        self.status = GAME_OVER
        self.went_out = None
        self._event("game_end", winner, note=text)

    def _event(
        self,
        kind: str,
        player: int | None,
        card: str | None = None,
        centre: int | None = None,
        pile: int | None = None,
        note: str | None = None,
    ) -> None:
        events = self.events
        # tuple.__new__ skips NamedTuple's keyword-handling constructor.
        events.append(tuple.__new__(
            Event, (len(events), kind, player, card, centre, pile, note, len(self.centre) == 1)))

    # ------------------------------------------------------------- snapshots
    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready snapshot: the contract's keys plus status and bookkeeping."""
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
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Game:
        """Rebuild a game from a snapshot, or set up any position by hand.

        Only ``variant``, ``players`` and ``centre`` are required. A hand-made
        position may leave cards out of play (a small tutorial position), but
        no card may appear twice.
        """
        pos = parse_position(data)
        game = cls.__new__(cls)
        game._init_empty(pos.variant, pos.seed, pos.max_rounds)
        game.stock = pos.stock
        game.spit_piles = pos.spit
        game.centre = pos.centre
        game.spitter = pos.spitter
        game.stuck = pos.stuck
        game.round = pos.round
        game.fruitless_spits = pos.fruitless_spits
        game.went_out = pos.went_out
        game.status = pos.status
        if pos.outcome is not None:
            game.outcome = Outcome(
                pos.outcome["termination"],
                pos.outcome["winner"],
                (int(pos.outcome["cards_left"][0]), int(pos.outcome["cards_left"][1])),
                pos.outcome["text"],
            )
        game._start_position = game.to_dict()
        return game

    @classmethod
    def position(
        cls,
        variant: str = "duel",
        *,
        you: Sequence[str | Sequence[str]] = (),
        computer: Sequence[str | Sequence[str]] = (),
        centre: Sequence[str | Sequence[str]] = (),
        you_spit: str | Sequence[str] = (),
        computer_spit: str | Sequence[str] = (),
        fill: bool = False,
        seed: int = 0,
        **extra: Any,
    ) -> Game:
        """A position for teaching, written briefly: each pile a string of cards
        bottom to top (``"2C 9D"``: the 9 of diamonds lies face up on the 2 of
        clubs), up to five stock piles each.

        Cards not named are out of play, unless ``fill``: then they are shuffled
        (by ``seed``) under the named spit cards, shared between the players who
        were given a spit pile (both, if neither was), so all 52 are in play."""

        def pile(spec: str | Sequence[str]) -> list[str]:
            return spec.split() if isinstance(spec, str) else list(spec)

        def stock(piles: Sequence[str | Sequence[str]]) -> list[list[str]]:
            if len(piles) > STOCK_PILES:
                raise ValueError(f"A player has at most {STOCK_PILES} stock piles.")
            return [pile(p) for p in piles] + [[] for _ in range(STOCK_PILES - len(piles))]

        stocks = [stock(you), stock(computer)]
        spits = [pile(you_spit), pile(computer_spit)]
        centres = [pile(c) for c in centre]
        if fill:
            named = {c for piles in [*stocks, spits, centres] for p in piles for c in p}
            rest = [c for c in C.DECK if c not in named]
            random.Random(seed).shuffle(rest)
            takers = [spit for spit in spits if spit] or spits
            for i, card in enumerate(rest):
                takers[i % len(takers)].insert(0, card)
        players = [{"stock": stocks[p], "spit": spits[p]} for p in PLAYERS]
        return cls.from_dict({"variant": variant, "players": players, "centre": centres,
                              "seed": seed, **extra})

    # ---------------------------------------------------------------- replay
    def record(self) -> dict[str, Any]:
        """Everything needed to replay this game, JSON-ready: how it started (a
        seeded deal, or a position set up by hand) and every action since."""
        return {
            "version": SNAPSHOT_VERSION,
            "variant": self.variant,
            "seed": self.seed,
            "max_rounds": self.max_rounds,
            "position": self._start_position,
            "actions": [list(a) for a in self.history],
        }

    @classmethod
    def replay(cls, record: Mapping[str, Any], upto: int | None = None) -> Game:
        """The game of ``record`` after its first ``upto`` actions (all by default).

        Rebuilding from the start is cheap (a whole game replays in well under a
        millisecond), so any moment of a finished game can be shown on demand.
        """
        position = record.get("position")
        if position is not None:
            game = cls.from_dict(position)
        else:
            game = cls(record["variant"], seed=record["seed"], max_rounds=record.get("max_rounds"))
        actions = record["actions"]
        for action in actions[: len(actions) if upto is None else upto]:
            game.apply(Action(*action))
        return game

    # ------------------------------------------------------------- teaching
    def hint(self, player: int = YOU) -> Hint:
        """A good action for ``player`` now, and why."""
        return hint_for(self, _check_player(player))

    def __repr__(self) -> str:
        return describe(self)
