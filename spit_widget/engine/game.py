"""The rules engine: one game of Spit as a pure, deterministic state machine.

Nothing here knows about widgets, clocks or event loops. Every action either
changes the state and appends events, or raises :class:`IllegalMove` with a
sentence a player understands and leaves the state exactly as it was: all
checks happen before the first mutation. The widget, the computer opponent
and tests all drive the game through these same calls, which is what makes
"every play lands in sequence" true. The sentences themselves live in
:mod:`.narration`; this module holds the rules.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from mypy_extensions import mypyc_attr

from . import cards as C
from . import narration as N
from .cards import RANK_INDEX
from .hints import hint_for
from .log import ACTION
from .positions import parse_position, teaching_position
from .rules import STOCK_PILES, Variant, variant
from .tableau import Tableau, check_card, check_index, check_player
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
    EventKind,
    Hint,
    IllegalMove,
    Outcome,
    Termination,
)

_SPIT = Action("spit")
_STUCK = (Action("stuck", 0), Action("stuck", 1))
"""Actions are immutable, so the ones without a card are made once."""


def round_rng(seed: int, round_number: int) -> random.Random:
    """The generator that shuffles round ``round_number`` of game ``seed`` (the
    vector engine deals from it too, so both deal the same games)."""
    return random.Random(f"spit/{seed}/{round_number}")


def _checked_seed(seed: object) -> int:
    if seed is None:
        return random.SystemRandom().randrange(2**32)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    return seed


def _checked_max_rounds(max_rounds: object, rules: Variant) -> int | None:
    if max_rounds is None:
        return None
    if isinstance(max_rounds, bool) or not isinstance(max_rounds, int) or max_rounds < 1:
        raise ValueError(f"max_rounds must be a positive whole number or None, not {max_rounds!r}")
    if not rules.rounds:
        raise ValueError("max_rounds is a classic house rule; a duel is a single round.")
    return max_rounds


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(Tableau):
    """A game of Spit between player 0 (you) and player 1 (the computer).

    ``Game(variant="duel", seed=7)`` deals and makes the opening spit. The
    state, and the queries that need no rule of play, are the
    :class:`~.tableau.Tableau`'s; the rules that change it are here.
    """

    def __init__(
        self, variant: object = "duel", seed: object = None, max_rounds: object = None
    ) -> None:
        # Typed ``object``, as are the players, cards and piles the actions take:
        # the engine checks what a cell or a message hands it and refuses with
        # a sentence, and the compiled engine (see .compiled) would otherwise
        # raise a bare TypeError before the check.
        self._init_empty(variant, seed, max_rounds)
        deck = C.shuffled_deck(self._round_rng())
        self._lay_out([deck[:26], deck[26:]])

    # ----------------------------------------------------------------- set-up
    def _init_empty(self, name: object, seed: object, max_rounds: object) -> None:
        self.rules: Variant = variant(name)
        self.seed: int = _checked_seed(seed)
        self.max_rounds: int | None = _checked_max_rounds(max_rounds, self.rules)
        self._clear()
        self._start_position: dict[str, Any] | None = None  # None: dealt from the seed
        self.fragment = False
        """A teaching position with part of the deck (``Game.position`` without
        ``fill``, or ``"fragment": true`` in ``from_dict``)."""

    def _round_rng(self) -> random.Random:
        """A generator fixed by the seed and the round, so replays reshuffle alike."""
        return round_rng(self.seed, self.round)

    def _lay_out(self, hands: Sequence[Sequence[str]]) -> None:
        """Deal each hand into stock piles of 1..5 (as far as it goes) and a spit
        pile of the rest, then make the opening spit."""
        for p in PLAYERS:
            hand = list(hands[p])
            self.stock[p] = [hand[0:1], hand[1:3], hand[3:6], hand[6:10], hand[10:15]]
            self.spit_piles[p] = hand[15:]
        short = [p for p in PLAYERS if not self.spit_piles[p]]
        self.stuck = [False, False]
        self.fruitless_spits = 0
        self.went_out = None
        self.status = PLAYING
        self._changed()
        if self.rules.rounds and len(short) == 2 and self.round > 1:
            # Only a hand-made position with cards out of play gets here: with
            # no spit pile on either side no round can start.
            self.spitter, self.centre = [0, 1], [[], []]
            self._event("deal", None, note=N.no_spit_piles(self.round))
            self._finish_stalemate(STALEMATE, N.NO_SPIT_PILE_EITHER_SIDE)
            return
        if self.rules.rounds and len(short) == 1:
            self.spitter, self.centre = [1 - short[0]], [[]]
        else:
            self.spitter, self.centre = [0, 1], [[], []]
        # Told when read (narration), in the language of whoever reads the log.
        self._event("deal", None, extra=(self.round, int(self.rules.rounds)))
        if self.rules.rounds:
            for p in short:
                self._event("deal", p)
        self._spit_all()

    # ---------------------------------------------------------------- queries
    def legal_moves_to_empty(self, player: object) -> list[tuple[str, int]]:
        """Classic: every (card, empty slot) where a covering top card may move."""
        p = check_player(player)
        if self.status != PLAYING or not self.rules.moves_to_empty:
            return []
        piles = self.stock[p]
        empty = [i for i, pile in enumerate(piles) if not pile]
        return [(pile[-1], slot) for pile in piles if len(pile) > 1 for slot in empty]

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
        if kind in ("play", "move", "stuck"):
            return p in PLAYERS and self._may(kind, p, action[2:])
        return kind == "spit" and self.rules.rounds and self.both_stuck()

    def _may(self, kind: str, p: int, rest: Sequence[Any]) -> bool:
        """``is_legal`` for a player's own action (``rest``: card and target)."""
        if kind == "stuck":
            return self.rules.declare_stuck and not self.stuck[p] and not self.legal_plays_view(p)
        card, target = (*rest, None, None)[:2]
        if kind == "move":
            return (card, target) in self.legal_moves_to_empty(p)
        return (card, target) in self.legal_plays_view(p)

    def both_stuck(self) -> bool:
        """Nobody can play onto a centre pile (the moment for a spit)."""
        return self.status == PLAYING and not (self.can_play(0) or self.can_play(1))

    # ---------------------------------------------------------------- actions
    def apply(self, action: Action | Sequence[Any]) -> None:
        """Carry out an :class:`Action` (or a list shaped like one)."""
        if not isinstance(action, (tuple, list)) or not 1 <= len(action) <= 4:
            raise IllegalMove(N.not_an_action(action))
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
            raise IllegalMove(N.unknown_action(kind))

    def play(self, player: object, card: object, centre: object) -> None:
        """Play the top card of one of ``player``'s stock piles onto a centre pile."""
        # The engine's hot path (measured by bench): a listed play is looked up,
        # not checked again, and it leaves one compact record (see .log).
        p = player if type(player) is int and 0 <= player <= 1 else check_player(player)
        found: Sequence[tuple[str, int]] | None = self._plays[p]
        if found is None:
            found = self.legal_plays_view(p)
        try:
            at = found.index((card, centre))
        except ValueError:
            at = -1
        if at < 0 or type(card) is not str or type(centre) is not int:
            raise self._play_refusal(p, card, centre)
        slot = self._slots[p][at]
        source = self.stock[p][slot]
        source.pop()
        centres = self.centre
        centres[centre].append(card)
        self._plays[0] = self._plays[1] = None  # _changed(), inline
        self.stuck[0] = self.stuck[1] = False
        self.fruitless_spits = 0
        by_rank = self._by_rank[p]
        if source:
            if by_rank is not None:
                by_rank[RANK_INDEX[card]] ^= 1 << slot
                by_rank[RANK_INDEX[source[-1]]] |= 1 << slot
            self._log.append((p, card, centre, slot, source[-1], len(centres) == 1))
            return
        if by_rank is not None:
            by_rank[RANK_INDEX[card]] ^= 1 << slot
        self._log.append((p, card, centre, slot, None, len(centres) == 1))
        if not any(self.stock[p]):
            self._went_out(p)

    def _play_refusal(self, p: int, card: object, centre: object) -> IllegalMove:
        """Why ``p`` may not play ``card`` on ``centre``, checked in the order a
        player thinks: the card, the game, the pile, the card's place, the fit."""
        card = check_card(card)
        self._require_playing()
        c = check_index(centre, len(self.centre), "centre pile")
        self._own_top_slot(p, card)
        pile = self.centre[c]
        if not pile:
            return IllegalMove(N.empty_centre(self.pile_name(c)), "empty_centre")
        tops = [p[-1] for p in self.centre if p]
        if len(tops) == 2 and not any(C.fits(card, top) for top in tops):
            # Neither pile takes it: name both, or the player looks to the other in vain.
            return IllegalMove(N.fits_neither(card, tops[0], tops[1]), "no_fit")
        return IllegalMove(N.does_not_fit(card, pile[-1], self.pile_name(c)), "no_fit")

    def declare_stuck(self, player: object) -> None:
        """Duel: say you cannot play. Once both have, the spit happens. Saying it
        again while stuck changes nothing; only a player who can play is refused."""
        p = player if type(player) is int and 0 <= player <= 1 else check_player(player)
        if not self.rules.declare_stuck:
            raise IllegalMove(N.said(N.NO_STUCK_IN_CLASSIC), "no_stuck_in_classic")
        if self.status != PLAYING:
            self._require_playing()
        plays = self.legal_plays_view(p)
        if plays:
            card, c = plays[0]
            raise N.refusal("not_stuck", N.not_stuck, p, card, self.pile_name(c))
        stuck = self.stuck
        if stuck[p]:
            return  # already stuck: saying it again changes nothing (and is no event)
        stuck[p] = True
        self._log.append((ACTION, _STUCK[p]))
        self._event("stuck", p)
        if stuck[1 - p]:
            self._both_stuck_in_duel()

    def spit(self) -> None:
        """Classic: when neither side can play, both spit; with no spit cards left
        this ends the round and each player takes the pile on their side."""
        if not self.rules.rounds:
            raise IllegalMove(N.said(N.NO_SPIT_IN_DUEL), "no_spit_in_duel")
        if self.status != PLAYING:
            self._require_playing()
        for p in PLAYERS:
            plays = self.legal_plays_view(p)
            if plays:
                card, c = plays[0]
                raise N.refusal("spit_too_soon", N.no_spit_yet, p, card, self.pile_name(c))
        self._log.append((ACTION, _SPIT))
        if self.spit_cards_remain:
            self._spit_all()
            return
        self._event("round_end", None, note=N.said(N.NOBODY_CAN_SPIT))
        self._end_round({p: [i for i, s in enumerate(self.spitter) if s == p] for p in PLAYERS})

    def move_to_empty(self, player: object, card: object, slot: object) -> None:
        """Classic: move a top card that has a card under it into an empty slot."""
        p = check_player(player)
        card = check_card(card)
        if not self.rules.moves_to_empty:
            raise IllegalMove(N.said(N.NO_MOVE_IN_DUEL), "no_move_in_duel")
        self._require_playing()
        s = check_index(slot, STOCK_PILES, "slot")
        if self.stock[p][s]:
            raise IllegalMove(N.slot_not_empty(s), "slot_not_empty")
        source_slot = self._own_top_slot(p, card)
        source = self.stock[p][source_slot]
        if len(source) < 2:
            raise IllegalMove(N.nothing_under(card), "nothing_under")
        source.pop()
        self.stock[p][s].append(card)
        self._changed()
        self._log.append((ACTION, Action("move", p, card, s)))
        self._event("move", p, card, None, source_slot, note=N.moved(p, card, s), extra=(s,))
        self._event("flip", p, source[-1], None, source_slot)

    def slap(self, player: object, centre: object) -> None:
        """Classic: the player who went out claims the smaller centre pile."""
        p = check_player(player)
        if not self.rules.slap:
            raise IllegalMove(N.said(N.NO_SLAP_IN_DUEL), "no_slap_in_duel")
        if self.status == GAME_OVER:
            raise IllegalMove(N.said(N.GAME_IS_OVER), "game_over")
        if self.status != ROUND_OVER or self.went_out is None:
            raise IllegalMove(N.said(N.SLAP_ONLY_AFTER_GOING_OUT), "slap_too_soon")
        if p != self.went_out:
            raise N.refusal("not_who_went_out", N.only_who_went_out, p)
        c = check_index(centre, len(self.centre), "centre pile")
        other = 1 - c
        mine, theirs = len(self.centre[c]), len(self.centre[other])
        if mine > theirs:
            raise IllegalMove(N.bigger_pile(self.pile_name(c), mine, theirs), "bigger_pile")
        self._log.append((ACTION, Action("slap", p, None, c)))
        self._event("slap", p, None, c, note=N.slapped(p, self.pile_name(c), mine, theirs),
                    extra=(mine, theirs))
        self._end_round({p: [c], 1 - p: [other]})

    # ------------------------------------------------------------- internals
    def _require_playing(self) -> None:
        if self.status == GAME_OVER:
            raise IllegalMove(N.said(N.GAME_IS_OVER), "game_over")
        if self.status == ROUND_OVER:
            raise N.refusal("round_over", N.round_is_over, self.went_out)

    def _own_top_slot(self, p: int, card: str) -> int:
        """The slot whose face-up top is ``card``, or a refusal saying where it is."""
        for slot, pile in enumerate(self.stock[p]):
            if pile and pile[-1] == card:
                return slot
        raise self._where_is(p, card)

    def _spit_all(self) -> None:
        """Each player with spit cards flips one onto the centre pile they feed.

        Every spit counts towards the duel's stalemate, the opening one too: it
        flips new centre cards like any other, and only a play resets the count.
        """
        log, piles, centre = self._log, self.spit_piles, self.centre
        single = len(centre) == 1
        for c, p in enumerate(self.spitter):
            pile = piles[p]
            if pile:
                card = pile.pop()
                centre[c].append(card)
                log.append(("spit", p, card, c, None, None, single))
        self.fruitless_spits += 1
        self._plays[0] = self._plays[1] = None  # _changed(), inline
        self.stuck[0] = self.stuck[1] = False

    def _both_stuck_in_duel(self) -> None:
        limit = self.rules.fruitless_spit_limit
        if not any(self.spit_piles):
            self._finish_stalemate(STALEMATE, N.BOTH_STUCK_NO_SPIT)
        elif limit is not None and self.fruitless_spits >= limit:
            self._finish_stalemate(SPITS_NOWHERE, N.spits_nowhere(self.fruitless_spits))
        else:
            self._spit_all()

    def _finish_stalemate(self, termination: Termination, why: str) -> None:
        left = (self.cards_left(0), self.cards_left(1))
        winner = YOU if left[0] <= left[1] else COMPUTER
        self._finish(termination, winner, N.stalemate(why, left))

    def _went_out(self, p: int) -> None:
        """``p`` has just played their last stock card."""
        if not self.rules.rounds:
            self._finish(STOCK_EMPTIED, p, N.stock_emptied(p))
            return
        if not self.spit_piles[p]:
            self._finish(OUT_OF_CARDS, p, N.out_of_cards(p))
            return
        single = len(self.centre) == 1  # a short round: nothing to slap
        self._event("round_end", p, note=N.went_out(p))
        if single:
            short = 1 - p
            self._event("take", short, None, 0, note=N.takes_single_pile(short))
            self._end_round({short: [0], p: []})
            return
        # No _changed() needed: the play that went out has just dropped the kept
        # plays (nothing asks for them between that and here), and the rank
        # buckets it updated still hold for the stock as it is.
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
            C.shuffle(rng, hand)
        self._lay_out(hands)
        if self.max_rounds is not None and self.round > self.max_rounds:
            self._undo_opening_spit()
            left = (self.cards_left(0), self.cards_left(1))
            winner = None if left[0] == left[1] else (YOU if left[0] < left[1] else COMPUTER)
            self._finish(ROUND_LIMIT, winner, N.round_limit(self.max_rounds, left))

    def _undo_opening_spit(self) -> None:
        """At the round limit nobody plays on, so the opening spit goes back."""
        for c, p in enumerate(self.spitter):
            self.spit_piles[p].extend(reversed(self.centre[c]))
            self.centre[c].clear()
        self._changed()
        while self.events and self.events[-1].kind == "spit":
            self.events.pop()

    def _finish(self, termination: Termination, winner: int | None, text: str) -> None:
        left = (self.cards_left(0), self.cards_left(1))
        self.outcome = Outcome(termination, winner, left, text)
        self.status = GAME_OVER
        self._changed()
        self.went_out = None
        self._event("game_end", winner, note=text)

    def _event(self, kind: EventKind, player: int | None, card: str | None = None,
               centre: int | None = None, pile: int | None = None,
               note: str | None = None, extra: tuple[int, ...] = ()) -> None:
        self._log.append((kind, player, card, centre, pile, note, len(self.centre) == 1, extra))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Game:
        """Rebuild a game from a snapshot, or set up any position by hand.

        Only ``variant``, ``players`` and ``centre`` are required. A hand-made
        position may leave cards out of play (a small tutorial position), but
        no card may appear twice.
        """
        pos = parse_position(data)
        # An instance without __init__ (a subclass's may want other arguments);
        # spelt through getattr because mypyc cannot compile ``cls.__new__``.
        game: Game = getattr(cls, "__new__")(cls)  # noqa: B009
        game._init_empty(pos.variant, pos.seed, pos.max_rounds)
        game.stock, game.spit_piles, game.centre = pos.stock, pos.spit, pos.centre
        game.spitter, game.stuck, game.round = pos.spitter, pos.stuck, pos.round
        game.fruitless_spits, game.went_out = pos.fruitless_spits, pos.went_out
        game.status = pos.status  # type: ignore[assignment]  # checked against STATUSES
        game.fragment = pos.fragment and len(game.all_cards()) < len(C.DECK)
        if pos.outcome is not None:
            out = pos.outcome
            game.outcome = Outcome(out["termination"], out["winner"],
                                   (int(out["cards_left"][0]), int(out["cards_left"][1])),
                                   out["text"])
        game._changed()
        game._start_position = game.to_dict()
        return game

    @classmethod
    def position(  # noqa: PLR0913 (a keyword-only teaching call: one keyword per pile)
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
        piles = {"you": you, "computer": computer, "centre": centre,
                 "you_spit": you_spit, "computer_spit": computer_spit}
        return cls.from_dict({**teaching_position(variant, piles, fill, seed), **extra})

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
    def hint(self, player: object = YOU) -> Hint:
        """A good action for ``player`` now, and why."""
        return hint_for(self, check_player(player))
