"""Every sentence a player reads about the game: the move log, refusals and
the end of a game.

Kept apart from the rules (as python-chess keeps notation apart from its
``Board``) so the engine's methods read as rules, and the wording can change
in one place. Functions take plain values (players, cards, counts), never a
``Game``, so this module depends only on the cards and the leaf types.
Sentences about the human are in the second person ("You play ..."), about
the computer in the third.
"""

from __future__ import annotations

import reprlib
from collections.abc import Sequence

from . import cards as C
from .types import COMPUTER, YOU, Event, narrate_events_with


def you_or_it(player: int | None, you: str, it: str) -> str:
    """Pick the sentence form for the human (second person) or the computer."""
    return you if player == YOU else it


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
def event_sentence(e: Event) -> str:
    """The move-log sentence for the common events (the rarer ones carry a note)."""
    card = C.label(e.card) if e.card else ""
    pile = centre_name(e.centre, e.single_centre)
    slot = (e.pile or 0) + 1
    p = e.player
    if e.kind == "play":
        return you_or_it(p, f"You play {card} on {pile}.", f"The computer plays {card} on {pile}.")
    if e.kind == "flip":
        return you_or_it(p, f"You turn up {card} in slot {slot}.",
                         f"The computer turns up {card} in slot {slot}.")
    if e.kind == "spit":
        return you_or_it(p, f"You spit {card} onto {pile}.",
                         f"The computer spits {card} onto {pile}.")
    if e.kind == "stuck":
        return you_or_it(p, "You are stuck.", "The computer is stuck.")
    if e.kind == "move":
        return you_or_it(p, f"You move {card} out of slot {slot}.",
                         f"The computer moves {card} out of slot {slot}.")
    return e.kind


narrate_events_with(event_sentence)


def dealt(round_no: int, rounds: bool) -> str:
    """The deal of a round (classic) or of the one duel."""
    return f"Round {round_no}: the cards are dealt." if rounds else "The cards are dealt: 26 each."


def short_of_cards(p: int) -> str:
    """Classic: ``p`` has no spit pile this round."""
    return you_or_it(p, "You are short of cards: no spit pile, and one centre pile.",
                     "The computer is short of cards: no spit pile, and one centre pile.")


def no_spit_piles(round_no: int) -> str:
    """Classic, a hand-made position: neither hand can make a spit pile."""
    return f"Round {round_no}: neither player has a spit pile."


def moved(p: int, card: str, slot: int) -> str:
    """Classic: ``card`` moved into empty ``slot`` (0-based)."""
    return you_or_it(p, f"You move {C.label(card)} into empty slot {slot + 1}.",
                     f"The computer moves {C.label(card)} into empty slot {slot + 1}.")


def slapped(p: int, name: str, mine: int, theirs: int) -> str:
    """Classic: ``p`` slapped the pile called ``name`` of ``mine`` cards."""
    return you_or_it(
        p,
        f"You slap {name} ({mine} cards); the computer takes the other ({theirs}).",
        f"The computer slaps {name} ({mine} cards); you take the other ({theirs}).",
    )


def went_out(p: int) -> str:
    """Classic: ``p`` played their last stock card. The log states the fact;
    the slap that follows is a line of its own, and while it is awaited the
    status line says what to do (a summary read after the slap would
    otherwise still tell the player to make it)."""
    return you_or_it(p, "You went out.", "The computer went out.")


def takes_single_pile(p: int) -> str:
    """Classic, a short round: ``p`` (the short player) takes the one centre pile."""
    return you_or_it(p, "With one centre pile there is no slap: you take it.",
                     "With one centre pile there is no slap: the computer takes it.")


NOBODY_CAN_SPIT = ("Nobody can play and no spit cards are left: each player takes "
                   "the centre pile on their side.")


# ------------------------------------------------------------ end of a game
def stock_emptied(p: int) -> str:
    """Duel: ``p`` won by clearing their stock."""
    return you_or_it(p, "You cleared your five stock piles first.",
                     "The computer cleared its five stock piles first.")


def out_of_cards(p: int) -> str:
    """Classic: ``p`` won by going out with no other card."""
    return you_or_it(p, "You have no cards left: you win the game!",
                     "The computer has no cards left: it wins the game.")


def outcome_title(winner: int | None) -> str:
    """The heading of the end-of-game dialog."""
    return {YOU: "You win!", COMPUTER: "The computer wins", None: "A draw"}[winner]


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


def round_is_over(went_out: int | None) -> str:
    """Refusal while a classic round waits for its slap."""
    who = "you" if went_out == YOU else "the computer"
    return f"The round is over: {who} went out and must slap the smaller pile."


def empty_centre(name: str) -> str:
    """Refusal: a play onto an empty centre pile."""
    return f"{name.capitalize()} is empty; nothing can go on it."


def does_not_fit(card: str, top: str, name: str) -> str:
    """Refusal: ``card`` is not a rank away from ``top``."""
    return f"{C.label(card)} doesn't fit on {C.label(top)}: {name} {needs(top)}."


def covered_first(card: str, seen: str, top: str, name: str, who: str | None) -> str:
    """Refusal: ``card`` fitted ``seen``, the top of the pile ``name`` when the
    player clicked, but ``who`` (a name for the start of a sentence; None: the
    same player, from elsewhere) covered it with ``top`` first. Said instead of
    :func:`does_not_fit`, which would tell the player their card was wrong."""
    first = f"{who} got there first" if who else "That pile changed first"
    return f"{first}: {C.label(top)} now covers {C.label(seen)} on {name}, so " \
        f"{C.label(card)} no longer fits ({needs(top).replace('needs', 'it needs')})."


def not_stuck(p: int, card: str, name: str) -> str:
    """Refusal: ``p`` declared stuck but ``card`` goes on the pile ``name``."""
    return you_or_it(p, f"You're not stuck: {C.label(card)} goes on {name}.",
                     f"The computer is not stuck: {C.label(card)} goes on {name}.")


def no_spit_yet(p: int, card: str, name: str) -> str:
    """Refusal: a classic spit while ``p`` can still play ``card``."""
    return you_or_it(p, f"No spit yet: you can still play {C.label(card)} on {name}.",
                     f"No spit yet: the computer can still play {C.label(card)}.")


def slot_not_empty(slot: int) -> str:
    """Refusal: a move into an occupied slot (0-based)."""
    return f"Slot {slot + 1} is not empty; a card can only move into an empty slot."


def nothing_under(card: str) -> str:
    """Refusal: moving a card that covers nothing."""
    return f"{C.label(card)} has no card under it: moving it would change nothing."


def only_who_went_out(p: int) -> str:
    """Refusal: ``p`` slapped but the other player went out."""
    return you_or_it(p, "Only the computer, who went out, may slap.",
                     "Only you, who went out, may slap.")


def bigger_pile(name: str, mine: int, theirs: int) -> str:
    """Refusal: a slap on the bigger centre pile."""
    return f"{name.capitalize()} is the bigger pile ({mine} cards); slap the smaller one " \
        f"({theirs} cards)."


def where_is(p: int, card: str, place: str) -> str:
    """Refusal: ``p`` played ``card`` that is not their face-up top; ``place`` is
    where it lies: ``"theirs"`` (the other's face-up card), ``"face_down"``,
    ``"spit"``, ``"centre"``, ``"hidden"`` (the other's hidden card) or ``"out"``."""
    name = C.label(card)
    if place == "theirs":
        return you_or_it(p, f"{name} is the computer's card.", f"{name} is your card.")
    if place == "face_down":
        return f"{name} is face down: only the top card of a pile can be played."
    if place == "spit":
        return f"{name} is in the spit pile: spit cards only go to the centre in a spit."
    if place == "centre":
        return f"{name} is already on a centre pile."
    if place == "hidden":
        return you_or_it(p, f"{name} is one of the computer's hidden cards.",
                         f"{name} is one of your hidden cards.")
    return f"{name} is not in this game."
