"""Every sentence a player reads about the game: the move log, refusals and
the end of a game.

Kept apart from the rules (as python-chess keeps notation apart from its
``Board``) so the engine's methods read as rules, and the wording can change
in one place. Functions take plain values (players, cards, counts), never a
``Game``, so this module depends only on the cards and the leaf types.
Sentences take a :class:`Voice`: whom they speak to and the players' names.
The default speaks to player 0 as "you" and of player 1 as "the computer";
a table of two people tells its log of "Ann" and "Bob", and a refusal to the
one who clicked ("You're not stuck", "7♦ is Bob's card"). Nothing is ever
reworded afterwards: each sentence is made once, in the voice it is read in.

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
    """How sentences name a centre pile: the left, right or only one."""
    if single:
        return "the centre pile"
    return "the right pile" if centre == 1 else "the left pile"


def needs(top: str | None) -> str:
    """What a centre pile with ``top`` face up takes: ``"needs 6 or 8"``."""
    if top is None:
        return "empty"
    low, high = C.neighbour_ranks(top)
    return f"needs {C.rank_label(low)} or {C.rank_label(high)}"


# ------------------------------------------------------------------ the log
def event_sentence(e: Event, voice: Voice = COMPUTER_VOICE) -> str:
    """The move-log sentence for the common events (the rarer ones carry a note)."""
    card = C.label(e.card) if e.card else ""
    pile = centre_name(e.centre, e.single_centre)
    slot = (e.pile or 0) + 1
    p = e.player
    who, verb = voice.subject(p), voice.verb
    if e.kind == "play":
        return f"{who} {verb(p, 'play', 'plays')} {card} on {pile}."
    if e.kind == "flip":
        return f"{who} {verb(p, 'turn', 'turns')} up {card} in slot {slot}."
    if e.kind == "spit":
        return f"{who} {verb(p, 'spit', 'spits')} {card} onto {pile}."
    if e.kind == "stuck":
        return f"{who} {verb(p, 'are', 'is')} stuck."
    if e.kind == "move":
        return f"{who} {verb(p, 'move', 'moves')} {card} out of slot {slot}."
    return e.kind


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
    return f"Round {round_no}: the cards are dealt." if rounds else "The cards are dealt: 26 each."


def short_of_cards(p: int, voice: Voice = COMPUTER_VOICE) -> str:
    """Classic: ``p`` has no spit pile this round."""
    return (f"{voice.subject(p)} {voice.verb(p, 'are', 'is')} short of cards: no spit pile, "
            "and one centre pile.")


def no_spit_piles(round_no: int) -> str:
    """Classic, a hand-made position: neither hand can make a spit pile."""
    return f"Round {round_no}: neither player has a spit pile."


def moved(p: int, card: str, slot: int, voice: Voice = COMPUTER_VOICE) -> str:
    """Classic: ``card`` moved into empty ``slot`` (0-based)."""
    return (f"{voice.subject(p)} {voice.verb(p, 'move', 'moves')} {C.label(card)} into empty "
            f"slot {slot + 1}.")


def slapped(p: int, name: str, mine: int, theirs: int, voice: Voice = COMPUTER_VOICE) -> str:
    """Classic: ``p`` slapped the pile called ``name`` of ``mine`` cards."""
    q = 1 - p
    return (f"{voice.subject(p)} {voice.verb(p, 'slap', 'slaps')} {name} ({mine} cards); "
            f"{voice.name(q)} {voice.verb(q, 'take', 'takes')} the other ({theirs}).")


def went_out(p: int, voice: Voice = COMPUTER_VOICE) -> str:
    """Classic: ``p`` played their last stock card. The log states the fact;
    the slap that follows is a line of its own, and while it is awaited the
    status line says what to do (a summary read after the slap would
    otherwise still tell the player to make it)."""
    return f"{voice.subject(p)} went out."


def takes_single_pile(p: int, voice: Voice = COMPUTER_VOICE) -> str:
    """Classic, a short round: ``p`` (the short player) takes the one centre pile."""
    return (f"With one centre pile there is no slap: {voice.name(p)} "
            f"{voice.verb(p, 'take', 'takes')} it.")


NOBODY_CAN_SPIT = ("Nobody can play and no spit cards are left: each player takes "
                   "the centre pile on their side.")


# ------------------------------------------------------------ end of a game
def stock_emptied(p: int, voice: Voice = COMPUTER_VOICE) -> str:
    """Duel: ``p`` won by clearing their stock."""
    return f"{voice.subject(p)} cleared {voice.own(p)} five stock piles first."


def out_of_cards(p: int, voice: Voice = COMPUTER_VOICE) -> str:
    """Classic: ``p`` won by going out with no other card."""
    if p == voice.you:
        return "You have no cards left: you win the game!"
    if voice.computer:
        return "The computer has no cards left: it wins the game."
    return f"{voice.subject(p)} has no cards left and wins the game."


def outcome_sentence(outcome: Outcome, voice: Voice = COMPUTER_VOICE) -> str:
    """The end dialog's sentence in ``voice`` (the engine's own is the default voice's)."""
    if voice == COMPUTER_VOICE:
        return outcome.text
    w, left = outcome.winner, outcome.cards_left
    counts = f"{left[0]} cards to {left[1]}"
    if w is None:
        return f"Fewer cards wins, and both hold as many ({counts}): a draw."
    if outcome.termination == STOCK_EMPTIED:
        return stock_emptied(w, voice)
    if outcome.termination == OUT_OF_CARDS:
        return out_of_cards(w, voice)
    if outcome.termination == ROUND_LIMIT:
        return f"The rounds are played: fewer cards wins, {voice.name(w)} wins ({counts})."
    return f"The game locked up: a stalemate. Fewest cards wins: {voice.name(w)} ({counts})."


NO_SPIT_PILE_EITHER_SIDE = "Neither player has enough cards for a spit pile"
BOTH_STUCK_NO_SPIT = "Both stuck with no spit cards left"


def spits_nowhere(count: int) -> str:
    """Duel: why the game ends after ``count`` fruitless spits in a row."""
    return f"{count} spits in a row brought no play"


def stalemate(why: str, left: Sequence[int]) -> str:
    """A stalemate's end text: ``why``, then fewest cards wins (a tie to you)."""
    tie = " (a tie goes to you)" if left[0] == left[1] else ""
    who = "you win" if left[0] <= left[1] else "the computer wins"
    return f"{why}: a stalemate. Fewest cards wins{tie}: {who}, {left[0]} cards to {left[1]}."


def round_limit(max_rounds: int, left: Sequence[int]) -> str:
    """Classic house rule: the end after ``max_rounds`` rounds, fewer cards wins."""
    who = ("a draw" if left[0] == left[1]
           else "you win" if left[0] < left[1] else "the computer wins")
    rounds = "1 round" if max_rounds == 1 else f"{max_rounds} rounds"
    return (f"{rounds} played: fewer cards wins, {who} "
            f"({left[0]} cards to {left[1]}).")


# ----------------------------------------------------------------- refusals
def no_player(value: object) -> str:
    """Refusal: ``value`` is not a player number."""
    return f"There is no player {quote(value, 40)}: 0 is you, 1 is the computer."


def not_a_card(value: object) -> str:
    """Refusal: ``value`` is not one of the 52 card strings."""
    if not isinstance(value, str):
        return ("A card is written as two characters, rank then suit, like '7S'; "
                f"got {quote(value, 40)}.")
    return (f"{quote(value, 40)} is not a card: write the rank (A 2-9 T J Q K) then the suit "
            "(S H D C), like '7S' or 'TD'.")


def no_such_index(value: object, count: int, what: str) -> str:
    """Refusal: ``value`` is not one of the ``count`` piles or slots called ``what``."""
    choices = ", ".join(str(i) for i in range(count))
    return f"There is no {what} {quote(value, 40)}; the {what}s are {choices}."


def not_an_action(value: object) -> str:
    """Refusal: ``value`` is not shaped like an action."""
    return f"Not an action: {quote(value, 60)}."


def unknown_action(kind: object) -> str:
    """Refusal: ``kind`` is not an action kind."""
    return f"Unknown action {quote(kind, 40)}: choose play, stuck, spit, move or slap."


GAME_IS_OVER = "The game is over: press Play Again for a new deal."
NO_STUCK_IN_CLASSIC = (
    "In classic Spit nobody declares stuck: press Spit! when neither side can play.")
NO_SPIT_IN_DUEL = "In a duel the spit comes by itself once both players have declared stuck."
NO_MOVE_IN_DUEL = "In a duel cards never move between stock piles."
NO_SLAP_IN_DUEL = "There is no slap in a duel: the first to clear their stock wins."
SLAP_ONLY_AFTER_GOING_OUT = "You can only slap when a player has just gone out."


def round_is_over(went_out: int | None, voice: Voice = COMPUTER_VOICE) -> str:
    """Refusal while a classic round waits for its slap."""
    return (f"The round is over: {voice.name(went_out)} went out and must slap the smaller "
            "pile.")


def empty_centre(name: str) -> str:
    """Refusal: a play onto an empty centre pile."""
    return f"{name.capitalize()} is empty; nothing can go on it."


def does_not_fit(card: str, top: str, name: str) -> str:
    """Refusal: ``card`` is not a rank away from ``top``."""
    return f"{C.label(card)} doesn't fit on {C.label(top)}: {name} {needs(top)}."


def fits_neither(card: str, left: str, right: str) -> str:
    """Refusal: ``card`` fits neither centre pile (``left`` and ``right`` their tops):
    both piles named, so the player does not look to the other one in vain."""
    return (f"{C.label(card)} doesn't fit on {C.label(left)} or {C.label(right)}: "
            f"the left pile {needs(left)}, the right pile {needs(right)}.")


def not_stuck(p: int, card: str, name: str, voice: Voice = COMPUTER_VOICE) -> str:
    """Refusal: ``p`` declared stuck but ``card`` goes on the pile ``name``."""
    if p == voice.you:
        return f"You're not stuck: {C.label(card)} goes on {name}."
    return f"{voice.subject(p)} is not stuck: {C.label(card)} goes on {name}."


def no_spit_yet(p: int, card: str, name: str, voice: Voice = COMPUTER_VOICE) -> str:
    """Refusal: a classic spit while ``p`` can still play ``card``."""
    where = f" on {name}" if p == voice.you else ""
    return f"No spit yet: {voice.name(p)} can still play {C.label(card)}{where}."


def slot_not_empty(slot: int) -> str:
    """Refusal: a move into an occupied slot (0-based)."""
    return f"Slot {slot + 1} is not empty; a card can only move into an empty slot."


def nothing_under(card: str) -> str:
    """Refusal: moving a card that covers nothing."""
    return f"{C.label(card)} has no card under it: moving it would change nothing."


def only_who_went_out(p: int, voice: Voice = COMPUTER_VOICE) -> str:
    """Refusal: ``p`` slapped but the other player went out."""
    return f"Only {voice.name(1 - p)}, who went out, may slap."


def bigger_pile(name: str, mine: int, theirs: int) -> str:
    """Refusal: a slap on the bigger centre pile."""
    return f"{name.capitalize()} is the bigger pile ({mine} cards); slap the smaller one " \
        f"({theirs} cards)."


def where_is(p: int, card: str, place: str, voice: Voice = COMPUTER_VOICE) -> str:
    """Refusal: ``p`` played ``card`` that is not their face-up top; ``place`` is
    where it lies: ``"theirs"`` (the other's face-up card), ``"face_down"``,
    ``"spit"``, ``"centre"``, ``"hidden"`` (the other's hidden card) or ``"out"``."""
    name = C.label(card)
    other = voice.possessive(1 - p)
    if place == "theirs":
        return f"{name} is {other} card."
    if place == "face_down":
        return f"{name} is face down: only the top card of a pile can be played."
    if place == "spit":
        return f"{name} is in the spit pile: spit cards only go to the centre in a spit."
    if place == "centre":
        return f"{name} is already on a centre pile."
    if place == "hidden":
        return f"{name} is one of {other} hidden cards."
    return f"{name} is not in this game."


# -------------------------------------------------------------------- hints
HINT_GAME_OVER = GAME_IS_OVER
HINT_WAIT_FOR_SLAP = "Wait: the other player went out and slaps a pile."
HINT_STUCK_ALREADY = "You have declared stuck: the spit comes when the computer is stuck too."
HINT_DECLARE_STUCK = ("None of your cards fits either centre pile: "
                      "declare stuck so a spit can refresh the piles.")
HINT_WATCH = "None of your cards fits now: watch for the computer's play, it may open one for you."
HINT_UNCOVERS = "it uncovers a face-down card, which may give you another play"
HINT_FOLLOWS = "another of your cards can follow straight on it"


def hint_move(card: str, slot: int) -> str:
    """Classic: move ``card`` into the empty ``slot`` (0-based)."""
    return (f"Move {C.label(card)} into empty slot {slot + 1}: the card under it "
            "turns face up and may fit a centre pile.")


def hint_slap(pile: str, size: int) -> str:
    """Classic: slap the smaller centre pile."""
    return (f"Slap {pile}: it is the smaller pile ({size} cards), "
            "so you pick up fewer cards for the next round.")


def hint_spit(label: str) -> str:
    """Classic: nobody can play; press the spit button (its ``label``)."""
    return f"Nobody can play: press {label}."


def hint_play(card: str, pile: str, why: str) -> str:
    """Play ``card`` on ``pile``, and ``why``."""
    return f"Play {C.label(card)} on {pile}: {why}."


# ------------------------------------------------------------------ the match
TAKE_TURNS = "Take turns: the computer plays its card before your next one."


def strategy_acted_for_you(action: object, player: object, computer: int) -> str:
    """A strategy (perhaps the user's own) returned an action for the other player."""
    return (f"The computer's strategy returned {action!r:.80}: an action for player "
            f"{player!r:.10}, but the computer is player {computer}.")
