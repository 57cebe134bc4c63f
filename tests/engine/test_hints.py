"""Hints for a learner: which move, and the reason in words, in every kind of moment."""

from __future__ import annotations

from spit_widget import Game
from spit_widget.engine import Action

SPITS = {"you_spit": "2S 3S", "computer_spit": "2H 3H"}


def test_a_play_that_uncovers_a_card_comes_first() -> None:
    game = Game.position("duel", you=["5C", "2C 7S"], computer=["KH"], centre=["6H", "JD"],
                         **SPITS)
    hint = game.hint(0)
    assert hint.action == Action("play", 0, "7S", 0)
    assert hint.text == ("Play 7♠ on the left pile: it uncovers a face-down card, which may "
                         "give you another play.")


def test_then_a_play_another_card_can_follow() -> None:
    game = Game.position("duel", you=["5C", "7S", "8C"], computer=["KH"], centre=["6H", "JD"],
                         **SPITS)
    hint = game.hint(0)
    assert hint.action == Action("play", 0, "7S", 0)
    assert hint.text == "Play 7♠ on the left pile: another of your cards can follow straight on it."


def test_otherwise_the_play_and_what_the_pile_needs() -> None:
    game = Game.position("duel", you=["5C", "KS"], computer=["KH"], centre=["6H", "JD"], **SPITS)
    hint = game.hint(0)
    assert hint.action == Action("play", 0, "5C", 0)
    assert hint.text == "Play 5♣ on the left pile: the left pile needs 5 or 7."


def test_for_the_computer_too() -> None:
    game = Game.position("duel", you=["KS"], computer=["5C", "2D 7S"], centre=["6H", "JD"],
                         **SPITS)
    assert game.hint(1).action == Action("play", 1, "7S", 0)


def test_stuck_in_a_duel_then_waiting_for_the_computer() -> None:
    game = Game.position("duel", you=["2C"], computer=["7S"], centre=["6H", "JD"], **SPITS)
    hint = game.hint(0)
    assert hint.action == Action("stuck", 0)
    assert hint.text == ("None of your cards fits either centre pile: declare stuck so a spit "
                         "can refresh the piles.")
    game.apply(hint.action)
    again = game.hint(0)
    assert again.action is None
    assert again.text == "You have declared stuck: the spit comes when the computer is stuck too."


def test_a_move_into_an_empty_space_in_classic() -> None:
    game = Game.position("classic", you=["2C 9C", "", "KS"], computer=["7S"],
                         centre=["6H", "6D"], fill=True, **SPITS)
    hint = game.hint(0)
    assert hint.action == Action("move", 0, "9C", 1)
    assert hint.text == ("Move 9♣ into empty slot 2: the card under it turns face up and may "
                         "fit a centre pile.")


def test_after_going_out_slap_the_smaller_pile_or_wait() -> None:
    game = Game.position("classic", you=["6S"], computer=["9S", "KC"], fill=True,
                         centre=["2C 3C 4C 5H", "9H TH"], you_spit="2S 3S",
                         computer_spit="4D 5D")
    game.apply(("play", 0, "6S", 0))
    hint = game.hint(0)
    assert hint.action == Action("slap", 0, None, 1)
    assert hint.text == ("Slap the right pile: it is the smaller pile (2 cards), so you pick up "
                         "fewer cards for the next round.")
    waiting = game.hint(1)
    assert waiting.action is None
    assert waiting.text == "Wait: the other player went out and slaps a pile."


def test_when_the_game_is_over() -> None:
    game = Game.position("duel", you=["7S"], computer=["KH"], centre=["6H", "JD"], **SPITS)
    game.apply(("play", 0, "7S", 0))
    hint = game.hint(0)
    assert hint.action is None
    assert hint.text == "The game is over: press Play Again for a new deal."


def test_waiting_in_classic_while_the_computer_can_play() -> None:
    game = Game.position("classic", you=["KS"], computer=["7S"], centre=["6H", "6D"],
                         fill=True, **SPITS)
    hint = game.hint(0)
    assert hint.action is None
    assert hint.text == ("None of your cards fits now: watch for the computer's play, it may "
                         "open one for you.")
