"""Classic Spit's stages: its goal, its own rules (empty slots, the Spit!
button, going out, the slap, short of cards, the round limit), then a tip.

The general rules (adjacency, the wrap, uncovering, the spit) were taught in
the duel's stages; these levels teach what classic adds.
"""

from __future__ import annotations

from ..locale import _
from .checks import All, Cleared, OnCentre, RoundReached, Slapped, Spat, Won
from .hint import LevelHint
from .level import Level
from .positions import position
from .script import Opponent


def goal() -> tuple[Level, ...]:
    """Stage 1: classic is won by holding no cards at all."""
    return (
        Level(
            id="classic-goal", title=_("Win classic"),
            stage="classic-goal", variant="classic",
            rules=("goal-classic", "win-classic"),
            goal=_("You hold one card and no spit pile: play 9♠ to win the game."),
            position=position("classic", you=["9S"], computer=["3C", "KD JH"],
                              centre=["8H"], computer_spit="5C", rest="computer_spit"),
            success=Won("out_of_cards"),
            hint=LevelHint(_("9♠ fits on the 8♥."), card="9S", pile=0),
            why=_("Going out with no spit pile leaves you no cards at all: that wins "
                  "classic Spit."),
            solution=(("play", 0, "9S", 0),),
        ),
    )


def general() -> tuple[Level, ...]:
    """Stage 2: what classic adds during play."""
    return (
        Level(
            id="classic-move-to-empty", title=_("Into an empty slot"),
            stage="classic-general", variant="classic",
            rules=("move-to-empty", "uncover"),
            goal=_("Move J♣ into your empty first slot, then play the card it uncovers."),
            position=position("classic", you=[[], "4D JC", "9C"], computer=["KH", "6S"],
                              centre=["3S", "8H"], rest="spit"),
            success=OnCentre("4D"),
            hint=LevelHint(_("J♣ has a card under it; an empty slot takes it."), card="JC"),
            why=_("Moving a covering card into an empty slot turns up the card beneath."),
            solution=(("move_to_empty", 0, "JC", 0), ("play", 0, "4D", 0)),
        ),
        Level(
            id="classic-spit", title=_("Spit!"),
            stage="classic-general", variant="classic",
            rules=("spit-again",),
            goal=_("Neither of you can play: press Spit!, then play on the new card."),
            position=position("classic", you=["3C", "8D"], computer=["2S", "TC"],
                              centre=["KS", "6H"], you_spit="9H", computer_spit="4D",
                              rest="spit"),
            success=OnCentre("8D", 0),
            hint=LevelHint(_("Spit! lights up when both sides are stuck.")),
            why=_("In classic nobody declares stuck: when nothing fits, both spit at once."),
            solution=(("spit",), ("play", 0, "8D", 0)),
        ),
        Level(
            id="classic-spit-too-soon", title=_("Spit! too soon"),
            stage="classic-general", variant="classic",
            rules=("spit-again", "adjacency"),
            goal=_("Play 7♣ first; then nothing fits, and Spit! brings new cards."),
            position=position("classic", you=["7C", "3D"], computer=["2S", "TC"],
                              centre=["6H", "KS"], you_spit="JH", computer_spit="5C",
                              rest="spit"),
            success=All((OnCentre("7C"), Spat())),
            hint=LevelHint(_("7♣ goes on the 6♥."), card="7C", pile=0),
            why=_("A spit only comes when nobody can play: first play what fits."),
            solution=(("play", 0, "7C", 0), ("spit",)),
        ),
        Level(
            id="classic-no-spit-left", title=_("End Round"),
            stage="classic-general", variant="classic",
            rules=("no-spit-left", "next-round"),
            goal=_("Nobody can play and no spit cards are left: press End Round."),
            position=position("classic", you=["3C", "8D"], computer=["2S", "TC"],
                              centre=["KS", "6H"]),
            success=RoundReached(2),
            hint=LevelHint(_("The Spit! button reads End Round when no spit cards are left.")),
            why=_("With no spit cards the round ends: each player takes the centre pile on "
                  "their side and lays out again."),
            solution=(("spit",),),
        ),
    )


def rounds() -> tuple[Level, ...]:
    """Stage 3: the end of a round."""
    return (
        Level(
            id="classic-going-out", title=_("Going out"),
            stage="classic-rounds", variant="classic",
            rules=("going-out",),
            goal=_("Play your last stock card, 5♦, to go out (your spit cards do not count, only "
                   "your five stock piles)."),
            position=position("classic", you=["5D"], computer=["QS", "2H 8C"],
                              centre=["4S", "JC"], rest="spit"),
            success=Cleared(),
            hint=LevelHint(_("5♦ fits on the 4♠."), card="5D", pile=0),
            why=_("Playing your last stock card ends the round for both players."),
            solution=(("play", 0, "5D", 0),),
        ),
        Level(
            id="classic-slap", title=_("The slap"),
            stage="classic-rounds", variant="classic",
            rules=("slap", "next-round"),
            goal=_("You went out: slap the smaller centre pile."),
            position=position("classic", you=[], computer=["QS", "2H 8C"],
                              centre=["2C 3C 4C 5C 6C 7C", "9D TD JD"], you_spit="AS 4H",
                              rest="computer_spit", status="round_over", went_out=0),
            success=Slapped(1),
            hint=LevelHint(_("The right pile has 3 cards, the left 6."), pile=1),
            why=_("The smaller pile means fewer cards to pick up: the next round starts "
                  "with your spit cards plus that pile."),
            solution=(("slap", 0, 1),),
        ),
        Level(
            id="classic-out-and-slap", title=_("Out, then slap"),
            stage="classic-rounds", variant="classic",
            rules=("going-out", "slap"),
            goal=_("Go out with 6♠, then slap the smaller pile."),
            position=position("classic", you=["6S"], computer=["QS", "2H 8C"],
                              centre=["2C 3C 4C 5C", "9D TD JD QD KD AD 2D"],
                              you_spit="AS 4H", rest="computer_spit"),
            success=Slapped(),
            hint=LevelHint(_("6♠ on the 5♣, then the pile with fewer cards."), card="6S", pile=0),
            why=_("Go out, then slap the smaller pile: your card just made the left pile "
                  "5 cards, still fewer than 7."),
            solution=(("play", 0, "6S", 0), ("slap", 0, 0)),
        ),
    )


def short() -> tuple[Level, ...]:
    """Stage 4: short of cards, and a game's last round."""
    return (
        Level(
            id="classic-short", title=_("Short of cards"),
            stage="classic-short", variant="classic",
            rules=("short-of-cards",),
            goal=_("You are short of cards: one centre pile, and only the computer spits. "
                   "Play 7♥."),
            position=position("classic", you=["7H", "2C", "JD"], computer=["3C", "KD"],
                              centre=["8S"], computer_spit="5C", rest="computer_spit"),
            success=OnCentre("7H", 0),
            hint=LevelHint(_("7♥ fits on the 8♠."), card="7H", pile=0),
            why=_("With 15 cards or fewer you have no spit pile, and the round has one "
                  "centre pile that only your opponent spits onto."),
            solution=(("play", 0, "7H", 0),),
        ),
        Level(
            id="classic-short-round-end", title=_("A short round"),
            stage="classic-short", variant="classic",
            rules=("short-round-end", "short-of-cards"),
            goal=_("The computer is short: go out with 9♠ and it takes the one centre pile."),
            position=position("classic", you=["9S"], computer=["3C", "KD"],
                              centre=["8H"], you_spit="5C", rest="you_spit"),
            success=RoundReached(2),
            hint=LevelHint(_("9♠ fits on the 8♥."), card="9S", pile=0),
            why=_("With one centre pile there is nothing to slap: the short player takes it."),
            solution=(("play", 0, "9S", 0),),
        ),
        Level(
            id="classic-round-limit", title=_("Round limit"),
            stage="classic-short", variant="classic",
            rules=("round-limit", "slap"),
            goal=_("This game stops after one round: go out, slap, and win on fewer cards."),
            position=position("classic", you=["6S"], computer=["QS", "2H 8C"],
                              centre=["2C 3C 4C 5C", "9D TD JD QD KD AD 2D"],
                              you_spit="AS 4H", rest="computer_spit", max_rounds=1),
            success=Won("round_limit"),
            hint=LevelHint(_("6♠ on the 5♣, then slap the smaller pile."), card="6S", pile=0),
            why=_("With a round limit the game ends after that round: fewer cards wins."),
            solution=(("play", 0, "6S", 0), ("slap", 0, 0)),
        ),
    )


def tip() -> tuple[Level, ...]:
    """Stage 5: a tip for classic."""
    return (
        Level(
            id="classic-tip-which-card", title=_("Which card to move"),
            stage="classic-tip", variant="classic",
            rules=("move-to-empty", "uncover"),
            goal=_("Two cards could fill the empty slot: move the one that frees a play."),
            position=position("classic", you=[[], "9H QC", "7C 2D", "KC"],
                              computer=["6H", "7H"], centre=["TS", "5D"], rest="spit"),
            success=OnCentre("9H"),
            hint=LevelHint(_("Q♣ covers 9♥, and 9♥ fits on the 10♠."), card="QC"),
            why=_("Move the card whose hidden neighbour fits: 9♥ under Q♣ went on the 10♠."),
            solution=(("move_to_empty", 0, "QC", 0), ("play", 0, "9H", 0)),
        ),
        Level(
            id="classic-take-turns", title=_("Take turns"),
            stage="classic-tip", variant="classic",
            rules=("take-turns",),
            goal=_("Take turns: play a card, the computer answers with one; play three."),
            position=position("classic", you=["4C", "5D", "6H", "KD"], computer=["8S", "9C", "2D"],
                              centre=["3S", "7D"], rest="spit"),
            success=All((OnCentre("4C"), OnCentre("5D"), OnCentre("6H"))),
            opponent=Opponent(replies={1: [("play", 1, "8S", 1)], 2: [("play", 1, "9C", 1)]}),
            hint=LevelHint(_("4♣ on the 3♠, then keep building up that pile."), card="4C", pile=0),
            why=_("On the Take turns pace nobody races: one card each, in turn, so there is "
                  "time to look."),
            solution=(("play", 0, "4C", 0), ("play", 1, "8S", 1), ("play", 0, "5D", 0),
                      ("play", 1, "9C", 1), ("play", 0, "6H", 0)),
        ),
    )
