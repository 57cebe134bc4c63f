"""Every sentence a player reads about the game: the move log, refusals and
the end of a game.

Kept apart from the rules (as python-chess keeps notation apart from its
``Board``) so the engine's methods read as rules, and the wording can change
in one place. Functions take plain values (players, cards, counts), never a
``Game``, so this module depends only on the cards and the leaf types.
Sentences take a :class:`Voice`: whom they speak to and the players' names.
The default speaks to player 0 as "you" and of player 1 as "the computer";
a table of two people tells its log of "Ann" and "Bob", and a refusal to the
one who clicked ("You're not stuck", "7♦ is Bob's card").

Every sentence is a whole message of the catalogue (:mod:`spit_widget.locale`),
made in the current language: a sentence about a player is chosen whole by
whom it is about (you, the computer, a person by name), never glued from a
subject and a verb, so each language can word it its own way. The constants
keep the English source (the catalogue's key) and :func:`said` gives it in
the current language where it is used.

The engine's voice only: what the widget says about the table around the game
(the status line, seats, views, the course bar) is in
:mod:`spit_widget.widget.voice`, which speaks through the same :class:`Voice`.
The hints and the match's two refusals stay here, as the layers below the
widget (the engine's hints, the computer's match) cannot import the widget.
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..locale import N_, _, ngettext, pgettext
from . import cards as C
from .types import (
    COMPUTER,
    OUT_OF_CARDS,
    ROUND_LIMIT,
    STOCK_EMPTIED,
    YOU,
    Event,
    IllegalMove,
    Outcome,
    RefusalKind,
    narrate_events_with,
)


@dataclass(frozen=True)
class Voice:
    """Whom sentences speak to, and what they call each player.

    ``you`` is the player addressed in the second person (None: nobody, both
    told by name); ``names`` are the players' names in mid-sentence."""

    names: tuple[str, str] = ("you", "the computer")
    you: int | None = YOU

    @property
    def computer(self) -> bool:
        """The voice of a game against the computer (its own turns of phrase)."""
        return self.names[1] == "the computer"

    def name(self, p: int | None) -> str:
        """Player ``p`` in mid-sentence: "you", "the computer", "Ann"."""
        return "you" if p == self.you else self.names[p or 0]

    def subject(self, p: int | None) -> str:
        """Player ``p`` starting a sentence."""
        name = self.name(p)
        if p != self.you and not self.computer:
            return name  # a person's name, as they typed it
        return name[:1].upper() + name[1:]

    def verb(self, p: int | None, you_form: str, other_form: str) -> str:
        """The verb agreeing with player ``p`` ("play" for you, "plays" otherwise)."""
        return you_form if p == self.you else other_form

    def possessive(self, p: int | None) -> str:
        """Whose: "your", "the computer's", "Ann's"."""
        return "your" if p == self.you else f"{self.names[p or 0]}'s"

    def own(self, p: int | None) -> str:
        """``p``'s own (after ``p`` as the subject): "your", "its", "their"."""
        if p == self.you:
            return "your"
        return "its" if self.computer and p == COMPUTER else "their"


COMPUTER_VOICE = Voice()
"""The default: player 0 is "you", player 1 "the computer"."""


def people(names: Sequence[str], you: int | None = None) -> Voice:
    """The voice of a table of two people called ``names`` (``you``: the one
    addressed, as a refusal is, or None for the log every view shows)."""
    return Voice((names[0], names[1]), you)


def refusal(kind: RefusalKind, sentence: Callable[..., str], *args: Any) -> IllegalMove:
    """An IllegalMove of ``kind`` whose reason can be told in any voice
    (:meth:`IllegalMove.told`)."""
    return IllegalMove(sentence(*args), kind, lambda voice: sentence(*args, voice=voice))


def said(message: str) -> str:
    """One of this module's constant sentences (kept in English, the
    catalogue's key) in the current language."""
    return _(message)


def about(voice: Voice, p: int | None, you: str, computer: str, person: str,
           **values: Any) -> str:
    """The whole sentence about player ``p``: ``you`` when ``p`` is addressed,
    ``computer`` when ``p`` is the computer, else ``person`` (``{name}``: as typed).
    Each is a message of the catalogue, marked with ``N_`` where it is written."""
    if p == voice.you:
        return _(you, **values)
    if voice.computer and p == COMPUTER:
        return _(computer, **values)
    return _(person, name=voice.names[p or 0], **values)


def quote(value: object, width: int) -> str:
    """``repr(value)`` cut to ``width`` characters, for quoting a bad argument in a
    refusal. Never raises: a refusal must stay an IllegalMove even for an int too
    long to print (Python 3.11+ refuses) or a huge container (reprlib bounds it)."""
    try:
        text = reprlib.repr(value)
    except Exception:
        text = f"<{type(value).__name__}>"
    return text[:width]


def centre_name(centre: int | None, single: bool) -> str:
    """How sentences name a centre pile: the left, right or only one. The English
    name is the key sentences translate it by (:func:`pile`), in the case each
    sentence needs (German's "den linken Stapel" after "auf")."""
    if single:
        return "the centre pile"
    return "the right pile" if centre == 1 else "the left pile"


_PILE_AS_OBJECT: dict[str, Callable[[], str]] = {
    "the left pile": lambda: pgettext("centre pile, as object", "the left pile"),
    "the right pile": lambda: pgettext("centre pile, as object", "the right pile"),
    "the centre pile": lambda: pgettext("centre pile, as object", "the centre pile"),
}
_PILE_AS_SUBJECT: dict[str, Callable[[], str]] = {
    "the left pile": lambda: pgettext("centre pile, as subject", "the left pile"),
    "the right pile": lambda: pgettext("centre pile, as subject", "the right pile"),
    "the centre pile": lambda: pgettext("centre pile, as subject", "the centre pile"),
}


def pile(name: str, subject: bool = False) -> str:
    """The centre pile called ``name`` (by :func:`centre_name`) in the current
    language: as an object ("on the left pile"), or ``subject`` of a sentence."""
    table = _PILE_AS_SUBJECT if subject else _PILE_AS_OBJECT
    return table[name]() if name in table else name


def _start(text: str) -> str:
    """``text`` starting a sentence: its first letter a capital."""
    return text[:1].upper() + text[1:]


def needs(top: str | None) -> str:
    """What a centre pile with ``top`` face up takes: ``"needs 6 or 8"``."""
    if top is None:
        return pgettext("centre pile", "empty")
    low, high = C.neighbour_ranks(top)
    return _("needs {low} or {high}", low=C.rank_label(low), high=C.rank_label(high))


# ------------------------------------------------------------------ the log
def event_sentence(e: Event, voice: Voice = COMPUTER_VOICE) -> str:
    """The move-log sentence of an event that carries no note (most: told when read)."""
    card = C.label(e.card) if e.card else ""
    where = pile(centre_name(e.centre, e.single_centre))
    slot = (e.pile or 0) + 1
    p = e.player
    if e.kind == "play":
        return about(voice, p, N_("You play {card} on {pile}."),
                      N_("The computer plays {card} on {pile}."),
                      N_("{name} plays {card} on {pile}."), card=card, pile=where)
    if e.kind == "flip":
        return about(voice, p, N_("You turn up {card} in slot {slot}."),
                      N_("The computer turns up {card} in slot {slot}."),
                      N_("{name} turns up {card} in slot {slot}."), card=card, slot=slot)
    if e.kind == "spit":
        return about(voice, p, N_("You spit {card} onto {pile}."),
                      N_("The computer spits {card} onto {pile}."),
                      N_("{name} spits {card} onto {pile}."), card=card, pile=where)
    if e.kind == "stuck":
        return about(voice, p, N_("You are stuck."), N_("The computer is stuck."),
                      N_("{name} is stuck."))
    if e.kind == "deal":  # a round's deal, and who is short of a spit pile in it
        return dealt(e.extra[0], bool(e.extra[1])) if p is None else short_of_cards(p, voice)
    return about(voice, p, N_("You move {card} out of slot {slot}."),
                 N_("The computer moves {card} out of slot {slot}."),
                 N_("{name} moves {card} out of slot {slot}."), card=card, slot=slot
                 ) if e.kind == "move" else e.kind


narrate_events_with(event_sentence)


def told(e: Event, voice: Voice, outcome: Outcome | None = None) -> str:
    """``e``'s sentence in ``voice`` (``outcome``: the game's, for its last line)."""
    if voice == COMPUTER_VOICE:
        return e.text
    p = e.player
    if e.kind == "game_end" and outcome is not None:
        return outcome_sentence(outcome, voice)
    if p not in (YOU, COMPUTER):
        return e.text  # the deal, the end: about nobody in particular
    retold: dict[str, Callable[[], str]] = {
        "deal": lambda: short_of_cards(p, voice=voice),
        "move": lambda: moved(p, e.card or "", e.extra[0], voice=voice),
        "slap": lambda: slapped(p, centre_name(e.centre, e.single_centre), e.extra[0],
                                e.extra[-1], voice=voice),
        "round_end": lambda: went_out(p, voice=voice),
        "take": lambda: takes_single_pile(p, voice=voice),
    }
    if e.kind in retold and (e.kind != "move" or e.extra) and (e.kind != "slap" or e.extra):
        return retold[e.kind]()
    return event_sentence(e, voice) if e.note is None else e.note


def dealt(round_no: int, rounds: bool) -> str:
    """The deal of a round (classic) or of the one duel."""
    if rounds:
        return _("Round {round}: the cards are dealt.", round=round_no)
    return _("The cards are dealt: 26 each.")


def short_of_cards(p: int, voice: Voice = COMPUTER_VOICE) -> str:
    """Classic: ``p`` has no spit pile this round."""
    return about(voice, p,
                  N_("You are short of cards: no spit pile, and one centre pile."),
                  N_("The computer is short of cards: no spit pile, and one centre pile."),
                  N_("{name} is short of cards: no spit pile, and one centre pile."))


def no_spit_piles(round_no: int) -> str:
    """Classic, a hand-made position: neither hand can make a spit pile."""
    return _("Round {round}: neither player has a spit pile.", round=round_no)


def moved(p: int, card: str, slot: int, voice: Voice = COMPUTER_VOICE) -> str:
    """Classic: ``card`` moved into empty ``slot`` (0-based)."""
    return about(voice, p, N_("You move {card} into empty slot {slot}."),
                  N_("The computer moves {card} into empty slot {slot}."),
                  N_("{name} moves {card} into empty slot {slot}."),
                  card=C.label(card), slot=slot + 1)


def slapped(p: int, name: str, mine: int, theirs: int, voice: Voice = COMPUTER_VOICE) -> str:
    """Classic: ``p`` slapped the pile called ``name`` of ``mine`` cards; the
    other player takes the other pile, of ``theirs``."""
    values = {"pile": pile(name), "theirs": theirs, "other": voice.names[1 - p]}
    if p == voice.you:
        if voice.computer:
            return ngettext("You slap {pile} ({n} card); the computer takes the other "
                            "({theirs}).", "You slap {pile} ({n} cards); the computer takes "
                            "the other ({theirs}).", mine, **values)
        return ngettext("You slap {pile} ({n} card); {other} takes the other ({theirs}).",
                        "You slap {pile} ({n} cards); {other} takes the other ({theirs}).",
                        mine, **values)
    if 1 - p == voice.you:
        if voice.computer:
            return ngettext("The computer slaps {pile} ({n} card); you take the other "
                            "({theirs}).", "The computer slaps {pile} ({n} cards); you take "
                            "the other ({theirs}).", mine, **values)
        return ngettext("{name} slaps {pile} ({n} card); you take the other ({theirs}).",
                        "{name} slaps {pile} ({n} cards); you take the other ({theirs}).",
                        mine, name=voice.names[p], **values)
    return ngettext("{name} slaps {pile} ({n} card); {other} takes the other ({theirs}).",
                    "{name} slaps {pile} ({n} cards); {other} takes the other ({theirs}).",
                    mine, name=voice.names[p], **values)


def went_out(p: int, voice: Voice = COMPUTER_VOICE) -> str:
    """Classic: ``p`` played their last stock card. The log states the fact;
    the slap that follows is a line of its own, and while it is awaited the
    status line says what to do (a summary read after the slap would
    otherwise still tell the player to make it)."""
    return about(voice, p, N_("You went out."), N_("The computer went out."),
                  N_("{name} went out."))


def takes_single_pile(p: int, voice: Voice = COMPUTER_VOICE) -> str:
    """Classic, a short round: ``p`` (the short player) takes the one centre pile."""
    return about(voice, p, N_("With one centre pile there is no slap: you take it."),
                  N_("With one centre pile there is no slap: the computer takes it."),
                  N_("With one centre pile there is no slap: {name} takes it."))


NOBODY_CAN_SPIT = N_("Nobody can play and no spit cards are left: each player takes "
                     "the centre pile on their side.")


# ------------------------------------------------------------ end of a game
def stock_emptied(p: int, voice: Voice = COMPUTER_VOICE) -> str:
    """Duel: ``p`` won by clearing their stock."""
    return about(voice, p, N_("You cleared your five stock piles first."),
                  N_("The computer cleared its five stock piles first."),
                  N_("{name} cleared their five stock piles first."))


def out_of_cards(p: int, voice: Voice = COMPUTER_VOICE) -> str:
    """Classic: ``p`` won by going out with no other card."""
    return about(voice, p, N_("You have no cards left: you win the game!"),
                  N_("The computer has no cards left: it wins the game."),
                  N_("{name} has no cards left and wins the game."))


def outcome_sentence(outcome: Outcome, voice: Voice = COMPUTER_VOICE) -> str:
    """The end dialog's sentence in ``voice`` (the engine's own is the default voice's)."""
    if voice == COMPUTER_VOICE:
        return outcome.text
    w, left = outcome.winner, outcome.cards_left
    counts = {"n": left[0], "theirs": left[1]}
    if w is None:
        return ngettext("Fewer cards wins, and both hold as many ({n} card to {theirs}): "
                        "a draw.", "Fewer cards wins, and both hold as many ({n} cards to "
                        "{theirs}): a draw.", left[0], **counts)
    if outcome.termination == STOCK_EMPTIED:
        return stock_emptied(w, voice)
    if outcome.termination == OUT_OF_CARDS:
        return out_of_cards(w, voice)
    if outcome.termination == ROUND_LIMIT:
        return about(voice, w, N_("The rounds are played: fewer cards wins, you win "
                                   "({n} cards to {theirs})."),
                      N_("The rounds are played: fewer cards wins, the computer wins "
                         "({n} cards to {theirs})."),
                      N_("The rounds are played: fewer cards wins, {name} wins "
                         "({n} cards to {theirs})."), **counts)
    return about(voice, w, N_("The game locked up: a stalemate. Fewest cards wins: you "
                               "({n} cards to {theirs})."),
                  N_("The game locked up: a stalemate. Fewest cards wins: the computer "
                     "({n} cards to {theirs})."),
                  N_("The game locked up: a stalemate. Fewest cards wins: {name} "
                     "({n} cards to {theirs})."), **counts)


NO_SPIT_PILE_EITHER_SIDE = N_("Neither player has enough cards for a spit pile")
BOTH_STUCK_NO_SPIT = N_("Both stuck with no spit cards left")


def spits_nowhere(count: int) -> str:
    """Duel: why the game ends after ``count`` fruitless spits in a row."""
    return ngettext("{n} spit in a row brought no play", "{n} spits in a row brought no play",
                    count)


def stalemate(why: str, left: Sequence[int]) -> str:
    """A stalemate's end text: ``why`` (a reason above, or :func:`spits_nowhere`'s),
    then fewest cards wins (a tie to you)."""
    values = {"why": _(why), "n": left[0], "theirs": left[1]}
    if left[0] == left[1]:
        return ngettext("{why}: a stalemate. Fewest cards wins (a tie goes to you): you win, "
                        "{n} card to {theirs}.", "{why}: a stalemate. Fewest cards wins (a tie "
                        "goes to you): you win, {n} cards to {theirs}.", left[0], **values)
    if left[0] < left[1]:
        return ngettext("{why}: a stalemate. Fewest cards wins: you win, {n} card to {theirs}.",
                        "{why}: a stalemate. Fewest cards wins: you win, {n} cards to "
                        "{theirs}.", left[0], **values)
    return ngettext("{why}: a stalemate. Fewest cards wins: the computer wins, {n} card to "
                    "{theirs}.", "{why}: a stalemate. Fewest cards wins: the computer wins, "
                    "{n} cards to {theirs}.", left[0], **values)


def round_limit(max_rounds: int, left: Sequence[int]) -> str:
    """Classic house rule: the end after ``max_rounds`` rounds, fewer cards wins."""
    values = {"rounds": max_rounds, "n": left[0], "theirs": left[1]}
    if left[0] == left[1]:
        return ngettext("{rounds} round played: fewer cards wins, a draw ({n} cards to "
                        "{theirs}).", "{rounds} rounds played: fewer cards wins, a draw "
                        "({n} cards to {theirs}).", max_rounds, **values)
    if left[0] < left[1]:
        return ngettext("{rounds} round played: fewer cards wins, you win ({n} cards to "
                        "{theirs}).", "{rounds} rounds played: fewer cards wins, you win "
                        "({n} cards to {theirs}).", max_rounds, **values)
    return ngettext("{rounds} round played: fewer cards wins, the computer wins ({n} cards to "
                    "{theirs}).", "{rounds} rounds played: fewer cards wins, the computer "
                    "wins ({n} cards to {theirs}).", max_rounds, **values)


# ----------------------------------------------------------------- refusals
def no_player(value: object) -> str:
    """Refusal: ``value`` is not a player number."""
    return _("There is no player {value}: 0 is you, 1 is the computer.",
             value=quote(value, 40))


def not_a_card(value: object) -> str:
    """Refusal: ``value`` is not one of the 52 card strings."""
    if not isinstance(value, str):
        return _("A card is written as two characters, rank then suit, like '7S'; "
                 "got {value}.", value=quote(value, 40))
    return _("{value} is not a card: write the rank (A 2-9 T J Q K) then the suit "
             "(S H D C), like '7S' or 'TD'.", value=quote(value, 40))


def no_such_index(value: object, count: int, what: str) -> str:
    """Refusal: ``value`` is not one of the ``count`` centre piles or slots
    (``what``: ``"centre pile"`` or ``"slot"``)."""
    choices = ", ".join(str(i) for i in range(count))
    values = {"value": quote(value, 40), "choices": choices}
    if what == "centre pile":
        return _("There is no centre pile {value}; the centre piles are {choices}.", **values)
    return _("There is no slot {value}; the slots are {choices}.", **values)


def not_an_action(value: object) -> str:
    """Refusal: ``value`` is not shaped like an action."""
    return _("Not an action: {value}.", value=quote(value, 60))


def unknown_action(kind: object) -> str:
    """Refusal: ``kind`` is not an action kind."""
    return _("Unknown action {kind}: choose play, stuck, spit, move or slap.",
             kind=quote(kind, 40))


GAME_IS_OVER = N_("The game is over: press Play Again for a new deal.")
NO_STUCK_IN_CLASSIC = N_(
    "In classic Spit nobody declares stuck: press Spit! when neither side can play.")
NO_SPIT_IN_DUEL = N_("In a duel the spit comes by itself once both players have declared stuck.")
NO_MOVE_IN_DUEL = N_("In a duel cards never move between stock piles.")
NO_SLAP_IN_DUEL = N_("There is no slap in a duel: the first to clear their stock wins.")
SLAP_ONLY_AFTER_GOING_OUT = N_("You can only slap when a player has just gone out.")


def round_is_over(went_out: int | None, voice: Voice = COMPUTER_VOICE) -> str:
    """Refusal while a classic round waits for its slap."""
    return about(voice, went_out,
                  N_("The round is over: you went out and must slap the smaller pile."),
                  N_("The round is over: the computer went out and must slap the smaller "
                     "pile."),
                  N_("The round is over: {name} went out and must slap the smaller pile."))


def empty_centre(name: str) -> str:
    """Refusal: a play onto an empty centre pile."""
    return _("{pile} is empty; nothing can go on it.", pile=_start(pile(name, subject=True)))


def does_not_fit(card: str, top: str, name: str) -> str:
    """Refusal: ``card`` is not a rank away from ``top``."""
    low, high = C.neighbour_ranks(top)
    return _("{card} doesn't fit on {top}: {pile} needs {low} or {high}.",
             card=C.label(card), top=C.label(top), pile=pile(name, subject=True),
             low=C.rank_label(low), high=C.rank_label(high))


def fits_neither(card: str, left: str, right: str) -> str:
    """Refusal: ``card`` fits neither centre pile (``left`` and ``right`` their tops):
    both piles named, so the player does not look to the other one in vain."""
    (left_low, left_high), (right_low, right_high) = map(C.neighbour_ranks, (left, right))
    return _("{card} doesn't fit on {left} or {right}: the left pile needs {left_low} or "
             "{left_high}, the right pile needs {right_low} or {right_high}.",
             card=C.label(card), left=C.label(left), right=C.label(right),
             left_low=C.rank_label(left_low), left_high=C.rank_label(left_high),
             right_low=C.rank_label(right_low), right_high=C.rank_label(right_high))


def not_stuck(p: int, card: str, name: str, voice: Voice = COMPUTER_VOICE) -> str:
    """Refusal: ``p`` declared stuck but ``card`` goes on the pile ``name``."""
    return about(voice, p, N_("You're not stuck: {card} goes on {pile}."),
                  N_("The computer is not stuck: {card} goes on {pile}."),
                  N_("{name} is not stuck: {card} goes on {pile}."),
                  card=C.label(card), pile=pile(name))


def no_spit_yet(p: int, card: str, name: str, voice: Voice = COMPUTER_VOICE) -> str:
    """Refusal: a classic spit while ``p`` can still play ``card``."""
    return about(voice, p, N_("No spit yet: you can still play {card} on {pile}."),
                  N_("No spit yet: the computer can still play {card}."),
                  N_("No spit yet: {name} can still play {card}."),
                  card=C.label(card), pile=pile(name))


def slot_not_empty(slot: int) -> str:
    """Refusal: a move into an occupied slot (0-based)."""
    return _("Slot {slot} is not empty; a card can only move into an empty slot.",
             slot=slot + 1)


def nothing_under(card: str) -> str:
    """Refusal: moving a card that covers nothing."""
    return _("{card} has no card under it: moving it would change nothing.",
             card=C.label(card))


def only_who_went_out(p: int, voice: Voice = COMPUTER_VOICE) -> str:
    """Refusal: ``p`` slapped but the other player went out."""
    return about(voice, 1 - p, N_("Only you, who went out, may slap."),
                  N_("Only the computer, who went out, may slap."),
                  N_("Only {name}, who went out, may slap."))


def bigger_pile(name: str, mine: int, theirs: int) -> str:
    """Refusal: a slap on the bigger centre pile."""
    return ngettext("{pile} is the bigger pile ({n} card); slap the smaller one "
                    "({theirs} cards).", "{pile} is the bigger pile ({n} cards); slap the "
                    "smaller one ({theirs} cards).", mine,
                    pile=_start(pile(name, subject=True)), theirs=theirs)


def where_is(p: int, card: str, place: str, voice: Voice = COMPUTER_VOICE) -> str:
    """Refusal: ``p`` played ``card`` that is not their face-up top; ``place`` is
    where it lies: ``"theirs"`` (the other's face-up card), ``"face_down"``,
    ``"spit"``, ``"centre"``, ``"hidden"`` (the other's hidden card) or ``"out"``."""
    name = C.label(card)
    if place == "theirs":
        return about(voice, 1 - p, N_("{card} is your card."),
                      N_("{card} is the computer's card."), N_("{card} is {name}'s card."),
                      card=name)
    if place == "hidden":
        return about(voice, 1 - p, N_("{card} is one of your hidden cards."),
                      N_("{card} is one of the computer's hidden cards."),
                      N_("{card} is one of {name}'s hidden cards."), card=name)
    if place == "face_down":
        return _("{card} is face down: only the top card of a pile can be played.", card=name)
    if place == "spit":
        return _("{card} is in the spit pile: spit cards only go to the centre in a spit.",
                 card=name)
    if place == "centre":
        return _("{card} is already on a centre pile.", card=name)
    return _("{card} is not in this game.", card=name)


# -------------------------------------------------------------------- hints
HINT_GAME_OVER = GAME_IS_OVER
HINT_WAIT_FOR_SLAP = N_("Wait: the other player went out and slaps a pile.")
HINT_STUCK_ALREADY = N_("You have declared stuck: the spit comes when the computer is stuck too.")
HINT_DECLARE_STUCK = N_("None of your cards fits either centre pile: "
                        "declare stuck so a spit can refresh the piles.")
HINT_WATCH = N_(
    "None of your cards fits now: watch for the computer's play, it may open one for you.")
HINT_UNCOVERS = "it uncovers a face-down card, which may give you another play"
HINT_FOLLOWS = "another of your cards can follow straight on it"


def hint_move(card: str, slot: int) -> str:
    """Classic: move ``card`` into the empty ``slot`` (0-based)."""
    return _("Move {card} into empty slot {slot}: the card under it turns face up and may "
             "fit a centre pile.", card=C.label(card), slot=slot + 1)


def hint_slap(name: str, size: int) -> str:
    """Classic: slap the smaller centre pile (called ``name``)."""
    return ngettext("Slap {pile}: it is the smaller pile ({n} card), so you pick up fewer "
                    "cards for the next round.", "Slap {pile}: it is the smaller pile ({n} "
                    "cards), so you pick up fewer cards for the next round.", size,
                    pile=pile(name))


def hint_spit(label: str) -> str:
    """Classic: nobody can play; press the spit button (its ``label``)."""
    return _("Nobody can play: press {button}.", button=_(label))


SPIT_BUTTON = N_("Spit!")
END_ROUND_BUTTON = N_("End Round")


def hint_play(card: str, name: str, why: str, top: str | None = None) -> str:
    """Play ``card`` on the pile called ``name``, and why: it uncovers a card
    (``why`` is :data:`HINT_UNCOVERS`), another follows (:data:`HINT_FOLLOWS`),
    or else only what the pile, whose top is ``top``, needs."""
    values = {"card": C.label(card), "pile": pile(name)}
    if why == HINT_UNCOVERS:
        return _("Play {card} on {pile}: it uncovers a face-down card, which may give you "
                 "another play.", **values)
    if why == HINT_FOLLOWS:
        return _("Play {card} on {pile}: another of your cards can follow straight on it.",
                 **values)
    if top is None:
        return _("Play {card} on {pile}.", **values)
    low, high = C.neighbour_ranks(top)
    return _("Play {card} on {pile}: {the_pile} needs {low} or {high}.",
             the_pile=pile(name, subject=True), low=C.rank_label(low),
             high=C.rank_label(high), **values)


# ------------------------------------------------------------------ the match
TAKE_TURNS = N_("Take turns: the computer plays its card before your next one.")


def strategy_acted_for_you(action: object, player: object, computer: int) -> str:
    """A strategy (perhaps the user's own) returned an action for the other player."""
    return _("The computer's strategy returned {action}: an action for player {player}, but "
             "the computer is player {computer}.", action=f"{action!r:.80}",
             player=f"{player!r:.10}", computer=computer)
