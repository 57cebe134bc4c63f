"""The rules of both texts, one entry each, in the project's own words.

The course promises to teach every rule, so the rules have to be a list a test
can walk: each level names the entries it teaches, each refusal names the entry
it enforces, and ``docs/course.md`` is generated from both. The ids are stable
(progress, teachers' levels and the table of the docs refer to them); the names
are what a refusal starts with ("Adjacency: ...").

A rule's name and text are kept in English, the catalogue's keys (marked with
``N_``), and said in the learner's language where they are read
(:func:`~.narration.rule_name`, the course's book).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

from ..locale import N_

VariantName = Literal["duel", "classic"]
BOTH: tuple[VariantName, ...] = ("duel", "classic")
DUEL: tuple[VariantName, ...] = ("duel",)
CLASSIC: tuple[VariantName, ...] = ("classic",)


@dataclass(frozen=True)
class Rule:
    """One rule: ``id`` (stable), ``name`` (a few words), ``text`` (the rule in
    a sentence or two) and the rule sets it belongs to."""

    id: str
    name: str
    text: str
    variants: tuple[VariantName, ...]


_ALL = (
    # ---------------------------------------------------------------- the goal
    Rule("goal-duel", N_("The duel's goal"),
         N_("In a duel the first player to empty all five stock piles wins at once; "
         "there is one round and no cards carry over."), DUEL),
    Rule("goal-classic", N_("The classic goal"),
         N_("In classic Spit you play round after round, and you win when you hold no "
         "cards at all."), CLASSIC),
    # ------------------------------------------------------------ general rules
    Rule("deal", N_("The deal"),
         N_("The 52 cards (no jokers) are split 26 each: five stock piles of 1, 2, 3, 4 and 5 "
         "cards with only the top card face up, and the other 11 face down as a spit pile."),
         BOTH),
    Rule("opening-spit", N_("The opening spit"),
         N_("A round starts when both players turn their top spit card onto the centre "
         "pile on their own side; those two cards start the centre piles."), BOTH),
    Rule("no-turns", N_("No turns"),
         N_("Nobody waits for a turn: both players play at the same time, and each play "
         "lands in the order it was made."), BOTH),
    Rule("adjacency", N_("Adjacency"),
         N_("A card goes on a centre pile when its rank is one above or one below the top "
         "card's; suits do not matter, and you may go up and down as you please."), BOTH),
    Rule("wrap", N_("Ace-King wrap"),
         N_("The ranks go round in a circle: an Ace fits on a King and on a 2, and a King "
         "fits on a Queen and on an Ace."), BOTH),
    Rule("either-pile", N_("Either centre pile"),
         N_("You may play on either centre pile, your opponent's side as freely as your "
         "own; both players race for the same two piles."), BOTH),
    Rule("top-cards-only", N_("Your top cards only"),
         N_("Only the face-up top card of one of your own stock piles can be played, one "
         "card at a time, and only onto a centre pile; spit cards and face-down cards "
         "wait their turn."), BOTH),
    Rule("uncover", N_("Uncovering"),
         N_("When you play a stock pile's top card, the face-down card under it turns face "
         "up and can be played at once."), BOTH),
    Rule("empty-slot-duel", N_("Empty slots stay empty"),
         N_("In a duel an emptied stock pile stays empty for the rest of the game: cards "
         "never move between stock piles."), DUEL),
    # ------------------------------------------------------- stuck and the spit
    Rule("stuck", N_("Stuck"),
         N_("In a duel, a player with no card that fits presses Stuck; the game checks, "
         "and a player who could still play is shown the card instead."), DUEL),
    Rule("spit-again", N_("The spit"),
         N_("When neither player can play, each turns the next spit card onto the centre "
         "pile on their side, on top of what is there, and play goes on (in a duel once "
         "both have pressed Stuck; in classic with the Spit! button)."), BOTH),
    Rule("one-spit-pile", N_("One spit pile left"),
         N_("When one player's spit pile is empty, only the other player spits; the "
         "player without spit cards keeps playing from the stock piles."), BOTH),
    Rule("spit-not-needed", N_("Only the stock counts"),
         N_("In a duel the spit pile only feeds the centre: clearing the five stock piles "
         "wins even with spit cards left."), DUEL),
    Rule("stalemate", N_("Stalemate"),
         N_("In a duel, when both players are stuck and neither has a spit card left, the "
         "game ends: fewer cards left (stock and spit) wins, and a tie goes to you."),
         DUEL),
    Rule("spits-nowhere", N_("Spits going nowhere"),
         N_("In a duel, when three spits in a row bring no play, the game ends as a "
         "stalemate, decided by fewer cards left."), DUEL),
    # ----------------------------------------------------- classic's own rules
    Rule("move-to-empty", N_("Empty slots"),
         N_("In classic Spit you may move the top card of a stock pile into an empty slot "
         "when a card lies under it, so that card turns face up; a lone card stays "
         "where it is, and you never have more than five stock piles."), CLASSIC),
    Rule("no-spit-left", N_("No spit cards left"),
         N_("In classic Spit, when nobody can play and neither player has a spit card, "
         "the round ends and each player picks up the centre pile on their side."),
         CLASSIC),
    Rule("going-out", N_("Going out"),
         N_("In classic Spit a round ends the moment a player plays the last card of "
         "their five stock piles."), CLASSIC),
    Rule("slap", N_("The slap"),
         N_("The player who went out slaps the smaller centre pile (either one if they "
         "are the same size) and the other player takes the bigger one."), CLASSIC),
    Rule("next-round", N_("The next round"),
         N_("After a round each player adds the centre pile they took to their stock and "
         "spit cards, shuffles, and lays out again; all 52 cards are always somewhere."),
         CLASSIC),
    Rule("short-of-cards", N_("Short of cards"),
         N_("A player who starts a round with 15 cards or fewer lays out what they can in "
         "the stock piles and has no spit pile; that round has a single centre pile, "
         "and only the other player spits onto it."), CLASSIC),
    Rule("short-round-end", N_("A short round's end"),
         N_("In a round with one centre pile there is nothing to slap: if the player with "
         "a spit pile goes out, the short player takes the centre pile."), CLASSIC),
    Rule("win-classic", N_("Winning classic"),
         N_("Going out with an empty spit pile means holding no cards at all: that player "
         "wins the game."), CLASSIC),
    Rule("round-limit", N_("Round limit"),
         N_("As a house rule, a classic game can stop after an agreed number of rounds; "
         "then fewer cards wins."), CLASSIC),
    Rule("take-turns", N_("Take turns"),
         N_("A gentler way to play classic Spit here: you and the computer play one card "
         "each in turn instead of racing, and the smaller pile is slapped for you at the "
         "end of a round."), CLASSIC),
)

RULES: Mapping[str, Rule] = MappingProxyType({rule.id: rule for rule in _ALL})
"""Every rule of the duel and classic texts, by id, in teaching order."""
