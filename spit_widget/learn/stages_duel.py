"""The duel's stages: the goal, the general rules, Stuck and the spit, the
endings, then a tip, in the order Board Game Arena's tutorials teach.

Each level is a record; the positions name only the cards the level is about
and :func:`~.positions.position` puts the rest where they change nothing.
"""

from __future__ import annotations

from ..locale import _
from .checks import All, Cleared, Fail, OnCentre, Spat, Won
from .hint import LevelHint
from .level import Level
from .positions import position
from .script import Opponent


def goal() -> tuple[Level, ...]:
    """Stage 1: what a duel is for."""
    return (
        Level(
            id="duel-goal-1", title=_("Win the duel"),
            stage="duel-goal", rules=("goal-duel", "spit-not-needed"),
            goal=_("Play your last stock card, 8♥, to win the duel (your spit cards do not count, "
                   "only your five stock piles)."),
            position=position("duel", you=["8H"], computer=["2C", "5D 9S", "JH", "3S 4C", "KC"],
                              centre=["7C", "QD"], rest="spit"),
            success=Won("stock_emptied"),
            hint=LevelHint(_("8♥ is one above the 7♣ on the left pile."), card="8H", pile=0),
            why=_("Your five stock piles are empty: you win on the spot, spit cards and all."),
            solution=(("play", 0, "8H", 0),),
        ),
        Level(
            id="duel-goal-2", title=_("The deal"),
            stage="duel-goal", rules=("deal", "opening-spit"),
            goal=_("Play 6♠, the face-up card of your fifth pile, onto the 5♥."),
            position=position(
                "duel", you=["KS", "2D 9C", "3H TD JC", "4C 8S QH 2H", "AD 5C 7H 4S 6S"],
                computer=["QS", "3D 8D", "AH 9D TC", "2S 5S JS 7C", "AC KH 4D 3C JD"],
                centre=["5H", "8C"], you_spit="AS 9H 6C 7D TS QC 3S KD 2C 4H 6D",
                computer_spit="QD 7S TH 5D 6H JH 9S KC 8H"),
            success=OnCentre("6S"),
            hint=LevelHint(_("Only the top card of each pile is face up; 6♠ is on top of pile 5."),
                      card="6S", pile=0),
            why=_("A deal gives each player five piles of 1 to 5 cards, tops face up, and a "
                  "spit pile; the opening spit started the two centre piles."),
            solution=(("play", 0, "6S", 0),),
        ),
    )


def general() -> tuple[Level, ...]:
    """Stage 2: how a card goes on a centre pile."""
    return (
        Level(
            id="duel-adjacent-up", title=_("One rank up"),
            stage="duel-general", rules=("adjacency",),
            goal=_("Play 8♥ on the 7♣: one rank higher fits."),
            position=position("duel", you=["8H", "3S", "JC"], computer=["2C", "5D"],
                              centre=["7C", "QD"], rest="spit"),
            success=OnCentre("8H", 0),
            hint=LevelHint(_("On a 7 goes a 6 or an 8."), card="8H", pile=0),
            why=_("A card one rank above the top card fits; the suit does not matter."),
            solution=(("play", 0, "8H", 0),),
        ),
        Level(
            id="duel-adjacent-down", title=_("Up and down"),
            stage="duel-general", rules=("adjacency",),
            goal=_("Go up and down: play 8♥, then 7♦, then 6♠ on the left pile."),
            position=position("duel", you=["8H", "7D", "6S", "2C"], computer=["KC", "4D"],
                              centre=["7C", "TD"], rest="spit"),
            success=All((OnCentre("8H", 0), OnCentre("7D", 0), OnCentre("6S", 0))),
            hint=LevelHint(_("After 8♥ the pile needs a 7 or a 9."), card="8H", pile=0),
            why=_("You may go up and down as you please: 7, 8, 7, 6 is one pile."),
            solution=(("play", 0, "8H", 0), ("play", 0, "7D", 0), ("play", 0, "6S", 0)),
        ),
        Level(
            id="duel-wrap-ace", title=_("Ace on a King"),
            stage="duel-general", rules=("wrap",),
            goal=_("Play the Ace on the King."),
            position=position("duel", you=["AS", "5H", "9C"], computer=["3C", "7D"],
                              centre=["KD", "8S"], rest="spit"),
            success=OnCentre("AS", 0),
            hint=LevelHint(_("The ranks go round: King, Ace, 2."), card="AS", pile=0),
            why=_("The ranks wrap round: an Ace sits next to the King as well as the 2."),
            solution=(("play", 0, "AS", 0),),
        ),
        Level(
            id="duel-wrap-king", title=_("King on an Ace"),
            stage="duel-general", rules=("wrap", "either-pile"),
            goal=_("Play the King on the computer's Ace, on the right pile."),
            position=position("duel", you=["KH", "6C", "TS"], computer=["3D", "8C"],
                              centre=["4S", "AD"], rest="spit"),
            success=OnCentre("KH", 1),
            hint=LevelHint(_("The right pile shows an Ace; a King or a 2 fits on it."),
                      card="KH", pile=1),
            why=_("Either centre pile is yours to play on, and a King fits on an Ace."),
            solution=(("play", 0, "KH", 1),),
        ),
        Level(
            id="duel-choose-pile", title=_("Choose a pile"),
            stage="duel-general", rules=("either-pile", "adjacency"),
            goal=_("7♥ fits both piles: put it on the right pile, then play the card it "
                   "uncovers on the left."),
            position=position("duel", you=["5C 7H", "KS", "2D"], computer=["JC", "3H"],
                              centre=["6S", "8D"], rest="spit"),
            success=All((OnCentre("7H", 1), OnCentre("5C", 0))),
            failure=Fail(OnCentre("7H", 0), _("7♥ went on the left pile. A card that fits "
                           "both piles waits for you to choose: click it, then click the "
                           "right pile (or press → and Enter).")),
            hint=LevelHint(_("Click 7♥ to pick it up, then click the right pile (or press → "
                             "and Enter)."), card="7H", pile=1),
            why=_("A card that fits both piles waits for you to choose: put it where it "
                  "leaves the other pile's top for your next card."),
            solution=(("play", 0, "7H", 1), ("play", 0, "5C", 0)),
        ),
        Level(
            id="duel-uncover", title=_("Uncover a card"),
            stage="duel-general", rules=("uncover", "top-cards-only"),
            goal=_("Play 9♥ to turn up the card under it, then play that card too."),
            position=position("duel", you=["2C", "TD 9H", "5S"], computer=["KC", "3H"],
                              centre=["8C", "QS"], rest="spit"),
            success=OnCentre("TD"),
            hint=LevelHint(_("9♥ goes on the 8♣; what lies under it?"), card="9H", pile=0),
            why=_("Playing a top card turns up the card under it, ready to play at once."),
            solution=(("play", 0, "9H", 0), ("play", 0, "TD", 0)),
        ),
        Level(
            id="duel-no-turns", title=_("No turns"),
            stage="duel-general", rules=("no-turns", "either-pile"),
            goal=_("Play J♠ on the Queen before the computer covers it."),
            position=position("duel", you=["JS", "4C", "7H"], computer=["KD", "2S"],
                              centre=["QC", "5D"], rest="spit"),
            success=OnCentre("JS", 0),
            failure=Fail(OnCentre("KD", 0), _("The computer played K♦ first: in Spit nobody "
                           "waits for a turn.")),
            opponent=Opponent(timed={6.0: ("play", 1, "KD", 0)}),
            hint=LevelHint(_("Quick: J♠ fits on the Q♣."), card="JS", pile=0),
            why=_("Both players play at once: the first card down takes the pile."),
            solution=(("play", 0, "JS", 0),),
        ),
        Level(
            id="duel-empty-slot", title=_("Empty slots"),
            stage="duel-general", rules=("empty-slot-duel",),
            goal=_("Empty your first pile with 3♦, then play 4♣ from the next one."),
            position=position("duel", you=["3D", "TH 4C", "9S"], computer=["JD", "7C"],
                              centre=["2H", "KS"], rest="spit"),
            success=All((Cleared(0), OnCentre("4C"))),
            hint=LevelHint(_("3♦ fits on the 2♥."), card="3D", pile=0),
            why=_("In a duel an empty slot stays empty: nothing moves between stock piles, "
                  "and it is one pile less to watch."),
            solution=(("play", 0, "3D", 0), ("play", 0, "4C", 0)),
        ),
    )


_BOTH_STUCK = {("declare_stuck", 0): [("declare_stuck", 1)]}
"""The scripted computer of the Stuck levels: it has no play either, so it
presses Stuck right after you do."""


def stuck() -> tuple[Level, ...]:
    """Stage 3: nobody can play: Stuck, and the spit."""
    return (
        Level(
            id="duel-stuck", title=_("Stuck"),
            stage="duel-stuck", rules=("stuck", "spit-again"),
            goal=_("No card of yours fits: press Stuck."),
            position=position("duel", you=["3C", "8D", "JH"], computer=["2S", "TC"],
                              centre=["KS", "6H"], you_spit="9H", computer_spit="4D",
                              rest="spit"),
            success=Spat(),
            opponent=Opponent(replies=_BOTH_STUCK),
            hint=LevelHint(_("The piles need Q or A and 5 or 7; you hold none of them.")),
            why=_("Once both players are stuck, each spits a new card onto their centre pile."),
            solution=(("declare_stuck", 0), ("declare_stuck", 1)),
        ),
        Level(
            id="duel-stuck-check", title=_("Stuck is checked"),
            stage="duel-stuck", rules=("stuck",),
            goal=_("Play what fits first, then press Stuck."),
            position=position("duel", you=["7C", "3D"], computer=["2S", "TC"],
                              centre=["6H", "KS"], you_spit="JH", computer_spit="5C",
                              rest="spit"),
            success=All((OnCentre("7C"), Spat())),
            opponent=Opponent(replies=_BOTH_STUCK),
            hint=LevelHint(_("7♣ goes on the 6♥; Stuck is checked, so play it first."),
                      card="7C", pile=0),
            why=_("Stuck is checked: while a card fits, the game shows it to you instead."),
            solution=(("play", 0, "7C", 0), ("declare_stuck", 0), ("declare_stuck", 1)),
        ),
        Level(
            id="duel-one-spit-pile", title=_("One spit pile"),
            stage="duel-stuck", rules=("one-spit-pile", "spit-again"),
            goal=_("Your spit pile is empty: press Stuck, then play on the card the computer "
                   "spits."),
            position=position("duel", you=["8D", "3C"], computer=["2S", "TC"],
                              centre=["KS", "6H"], computer_spit="9C", rest="computer_spit"),
            success=OnCentre("8D", 1),
            opponent=Opponent(replies=_BOTH_STUCK),
            hint=LevelHint(_("Only the computer spits; its card lands on the right pile."), pile=1),
            why=_("With one spit pile empty, only the other player spits, and play goes on."),
            solution=(("declare_stuck", 0), ("declare_stuck", 1), ("play", 0, "8D", 1)),
        ),
    )


def endings() -> tuple[Level, ...]:
    """Stage 4: when a duel locks up."""
    return (
        Level(
            id="duel-stalemate", title=_("Stalemate"),
            stage="duel-endings", rules=("stalemate",),
            goal=_("Both stuck, no spit cards anywhere: press Stuck and win on fewer cards."),
            position=position("duel", you=["3C"], computer=["2S", "9C TC"],
                              centre=["KS", "6H"]),
            success=Won("stalemate"),
            opponent=Opponent(replies=_BOTH_STUCK),
            hint=LevelHint(_("You hold 1 card, the computer 3: a stalemate goes to fewer cards.")),
            why=_("A locked round is a stalemate: fewer cards left wins (a tie goes to you)."),
            solution=(("declare_stuck", 0), ("declare_stuck", 1)),
        ),
        Level(
            id="duel-spits-nowhere", title=_("Spits going nowhere"),
            stage="duel-endings", rules=("spits-nowhere", "spit-again"),
            goal=_("Press Stuck until three spits in a row have brought no play."),
            position=position("duel", you=["3C"], computer=["2S", "9C TC"],
                              centre=["KS", "6H"], you_spit="QH 8D", computer_spit="8S 6C",
                              rest="spit", fruitless_spits=1),
            success=Won("spits_nowhere"),
            opponent=Opponent(replies=_BOTH_STUCK),
            hint=LevelHint(_("Nothing fits after either spit: keep pressing Stuck.")),
            why=_("Spits that bring no play end the game rather than going on forever; "
                  "fewer cards left wins."),
            solution=(("declare_stuck", 0), ("declare_stuck", 1)) * 3,
        ),
    )


def tip() -> tuple[Level, ...]:
    """Stage 5: a tip, then a race."""
    return (
        Level(
            id="duel-tip-uncover", title=_("Uncover first"),
            stage="duel-tip", rules=("uncover", "adjacency"),
            goal=_("Play three cards in three moves: start with the one that uncovers another."),
            position=position("duel", you=["2D", "8C 7S", "QH", "9D", "KS"],
                              computer=["4H", "3S"], centre=["6C", "JD"], rest="spit"),
            success=All((OnCentre("7S"), OnCentre("8C"), OnCentre("9D"))),
            hint=LevelHint(_("Under 7♠ lies a card: play 7♠ on the 6♣ first."), card="7S", pile=0),
            why=_("Play the card with a face-down card under it first: the new card often "
                  "fits the pile you just played on."),
            solution=(("play", 0, "7S", 0), ("play", 0, "8C", 0), ("play", 0, "9D", 0)),
        ),
        Level(
            id="duel-tip-race", title=_("The race"),
            stage="duel-tip", rules=("goal-duel", "no-turns"),
            goal=_("Race the computer: clear your last three cards before it clears its two."),
            position=position("duel", you=["5H", "6D", "7S"], computer=["JS", "QC"],
                              centre=["4C", "TD"], rest="spit"),
            success=Won("stock_emptied"),
            opponent=Opponent(timed={6.0: ("play", 1, "JS", 1), 12.0: ("play", 1, "QC", 1)}),
            hint=LevelHint(_("5♥, 6♦, 7♠ on the 4♣, one after the other."), card="5H", pile=0),
            why=_("The race goes to the quicker hand: spot a run and play it without waiting."),
            solution=(("play", 0, "5H", 0), ("play", 0, "6D", 0), ("play", 0, "7S", 0)),
        ),
    )
