"""The exact sentences a player reads: the move log for either side, the end of a game, and
refusals. Each is checked word for word: the log is how a player follows a fast game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from spit_widget import Game, IllegalMove


def log_after(game: Game, actions: Sequence[Any]) -> list[tuple[str, int | None, str]]:
    start = len(game.events)
    for action in actions:
        game.apply(action)
    return [(e.kind, e.player, e.text) for e in game.events[start:]]


def test_plays_and_flips_of_either_side_in_a_duel() -> None:
    game = Game.position("duel", you=["2C 7S", "KH"], computer=["4D 8C", "9D"],
                         centre=["6H", "JD"], you_spit="3S 2S", computer_spit="3H 2H")
    assert log_after(game, [("play", 0, "7S", 0), ("play", 1, "8C", 0), ("stuck", 0)]) == [
        ("play", 0, "You play 7♠ on the left pile."),
        ("flip", 0, "You turn up 2♣ in slot 1."),
        ("play", 1, "The computer plays 8♣ on the left pile."),
        ("flip", 1, "The computer turns up 4♦ in slot 1."),
        ("stuck", 0, "You are stuck."),
    ]


def test_both_stuck_then_the_spit_in_a_duel() -> None:
    game = Game.position("duel", you=["2C", "KH"], computer=["4D", "9D"], centre=["6H", "JD"],
                         you_spit="3S 2S", computer_spit="3H 7H")
    assert log_after(game, [("stuck", 0), ("stuck", 1)]) == [
        ("stuck", 0, "You are stuck."),
        ("stuck", 1, "The computer is stuck."),
        ("spit", 0, "You spit 2♠ onto the left pile."),
        ("spit", 1, "The computer spits 7♥ onto the right pile."),
    ]


@pytest.mark.parametrize(
    ("you", "computer", "winner", "text"),
    [
        (["2C", "KH"], ["4D", "9D"], 0, "Both stuck with no spit cards left: a stalemate. Fewest "
         "cards wins (a tie goes to you): you win, 2 cards to 2."),
        (["2C", "KH"], ["4D"], 1, "Both stuck with no spit cards left: a stalemate. Fewest cards "
         "wins: the computer wins, 2 cards to 1."),
        (["2C", "KH"], ["4D", "9D", "8C"], 0, "Both stuck with no spit cards left: a stalemate. "
         "Fewest cards wins: you win, 2 cards to 3."),
    ],
)
def test_a_duel_stalemate_says_who_wins_and_why(you: list[str], computer: list[str],
                                                winner: int, text: str) -> None:
    game = Game.position("duel", you=you, computer=computer, centre=["6H", "JD"])
    log = log_after(game, [("stuck", 0), ("stuck", 1)])
    assert log[-1] == ("game_end", winner, text)
    assert game.outcome is not None and game.outcome.winner == winner
    assert game.outcome.text == text


def test_clearing_the_stock_wins_a_duel_for_either_side() -> None:
    game = Game.position("duel", you=["7S"], computer=["4D"], centre=["6H", "JD"],
                         you_spit="2S", computer_spit="2H")
    assert log_after(game, [("play", 0, "7S", 0)])[-1] == (
        "game_end", 0, "You cleared your five stock piles first.")
    game = Game.position("duel", you=["3S"], computer=["5D"], centre=["6H", "JD"],
                         you_spit="2S", computer_spit="2H")
    assert log_after(game, [("play", 1, "5D", 0)])[-1] == (
        "game_end", 1, "The computer cleared its five stock piles first.")


def test_classic_moves_and_plays() -> None:
    game = Game.position("classic", you=["7S", "2D 9D", ""], computer=["8C", "KH"],
                         centre=["6H", "JD"], you_spit="2S", computer_spit="2H", fill=True)
    assert log_after(game, [("move", 0, "9D", 2), ("play", 0, "7S", 0)]) == [
        ("move", 0, "You move 9♦ into empty slot 3."),
        ("flip", 0, "You turn up 2♦ in slot 2."),
        ("play", 0, "You play 7♠ on the left pile."),
    ]


ROUND = dict(fill=True, centre=["2C 3C 4C 5H", "9H TH"], you_spit="2S 3S", computer_spit="4D 5D")


def test_going_out_and_the_slap_in_classic_for_you() -> None:
    game = Game.position("classic", you=["6S"], computer=["9S", "KC"], **ROUND)
    log = log_after(game, [("play", 0, "6S", 0), ("slap", 0, None, 1)])
    assert log[:4] == [
        ("play", 0, "You play 6♠ on the left pile."),
        ("round_end", 0, "You went out."),
        ("slap", 0, "You slap the right pile (2 cards); the computer takes the other (5)."),
        ("deal", None, "Round 2: the cards are dealt."),
    ]
    assert [kind for kind, _, _ in log[4:]] == ["spit", "spit"]


def test_going_out_and_the_slap_in_classic_for_the_computer() -> None:
    game = Game.position("classic", you=["9S", "KC"], computer=["6S"], **ROUND)
    log = log_after(game, [("play", 1, "6S", 0), ("slap", 1, None, 1)])
    assert log[:4] == [
        ("play", 1, "The computer plays 6♠ on the left pile."),
        ("round_end", 1, "The computer went out."),
        ("slap", 1, "The computer slaps the right pile (2 cards); you take the other (5)."),
        ("deal", None, "Round 2: the cards are dealt."),
    ]


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (("play", 0, "XX", 0), "'XX' is not a card: write the rank (A 2-9 T J Q K) then the suit "
         "(S H D C), like '7S' or 'TD'."),
        (("play", 0, 7, 0), "A card is written as two characters, rank then suit, like '7S'; "
         "got 7."),
        (("play", 2, "7S", 0), "There is no player 2: 0 is you, 1 is the computer."),
        (("play", 0, "7S", 5), "There is no centre pile 5; the centre piles are 0, 1."),
        (("jump", 0), "Unknown action 'jump': choose play, stuck, spit, move or slap."),
        ("junk", "Not an action: 'junk'."),
        (("spit",), "In a duel the spit comes by itself once both players have declared stuck."),
        (("move", 0, "7S", 1), "In a duel cards never move between stock piles."),
        (("slap", 0, None, 0), "There is no slap in a duel: the first to clear their stock wins."),
        (("play", 0, "4D", 0), "4♦ is the computer's card."),
        (("play", 0, "2S", 0), "2♠ is in the spit pile: spit cards only go to the centre in a "
         "spit."),
        (("play", 0, "8S", 0), "8♠ is not in this game."),
        (("play", 0, "QS", 0), "Q♠ doesn't fit on 6♥ or 5♦: the left pile needs 5 or 7, "
                               "the right pile needs 4 or 6."),
        (("stuck", 0), "You're not stuck: 7♠ goes on the left pile."),
        (("stuck", 1), "The computer is not stuck: 4♦ goes on the right pile."),
    ],
)
def test_refusals_say_exactly_what_is_wrong(action: Any, text: str) -> None:
    game = Game.position("duel", you=["7S", "QS"], computer=["4D"], centre=["6H", "5D"],
                         you_spit="2S", computer_spit="2H")
    before = game.to_dict()
    with pytest.raises(IllegalMove) as refused:
        game.apply(action)
    assert str(refused.value) == text
    assert game.to_dict() == before


def test_a_finished_game_refuses_every_move() -> None:
    game = Game.position("duel", you=["7S"], computer=["4D"], centre=["6H", "JD"],
                         you_spit="2S", computer_spit="2H")
    game.apply(("play", 0, "7S", 0))
    with pytest.raises(IllegalMove) as refused:
        game.apply(("play", 1, "4D", 0))
    assert str(refused.value) == "The game is over: press Play Again for a new deal."


def test_the_deal_is_announced() -> None:
    assert Game("duel", seed=1).events[0].text == "The cards are dealt: 26 each."
    assert Game("classic", seed=1).events[0].text == "Round 1: the cards are dealt."


WORDS = {"A": "ace", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six",
         "7": "seven", "8": "eight", "9": "nine", "T": "ten", "J": "jack", "Q": "queen",
         "K": "king"}


def test_every_card_has_its_spoken_name_and_its_short_label() -> None:
    from spit_widget.engine import cards as C

    suits = {"S": ("spades", "♠"), "H": ("hearts", "♥"), "D": ("diamonds", "♦"),
             "C": ("clubs", "♣")}
    for card in C.DECK:
        rank, suit = card
        assert C.long_name(card) == f"{WORDS[rank]} of {suits[suit][0]}"
        shown = "10" if rank == "T" else rank
        assert C.label(card) == shown + suits[suit][1]
    assert len(set(C.DECK)) == 52


def test_a_teaching_position_has_at_most_five_stock_piles_a_side() -> None:
    five = Game.position("duel", you=["7S", "8S", "9S", "TS", "JS"], computer=["2C"],
                         centre=["6H", "KD"])
    assert five.stock_tops(0) == ["7S", "8S", "9S", "TS", "JS"]
    with pytest.raises(ValueError) as refused:
        Game.position("duel", you=["7S", "8S", "9S", "TS", "JS", "QS"], centre=["6H", "KD"])
    assert str(refused.value) == "A player has at most 5 stock piles."


def test_a_seed_is_a_whole_number_not_a_flag() -> None:
    data = Game("duel", seed=1).to_dict()
    data["seed"] = True
    with pytest.raises(ValueError) as refused:
        Game.from_dict(data)
    assert str(refused.value) == "Not a valid position: seed should be a whole number, not True."


def test_at_the_round_limit_the_log_ends_with_the_deal_and_the_result() -> None:
    game = Game.position("classic", you=["6S"], computer=["9S", "KC"], fill=True, max_rounds=1,
                         centre=["2C 3C 4C 5H", "9H TH"], you_spit="2S 3S",
                         computer_spit="4D 5D")
    log = log_after(game, [("play", 0, "6S", 0), ("slap", 0, None, 1)])
    kinds = [kind for kind, _, _ in log]
    assert kinds[-2:] == ["deal", "game_end"], kinds  # no spit of a round nobody plays
    assert all(not pile for pile in game.centre)  # the opening spit went back
    assert len(game.all_cards()) == 52


def test_filling_a_teaching_position_shuffles_the_rest_by_its_seed() -> None:
    def spits(seed: int) -> list[list[str]]:
        g = Game.position("duel", you=["7S"], computer=["2C"], centre=["6S", "JD"], fill=True,
                          seed=seed)
        return [list(g.spit_piles[0]), list(g.spit_piles[1])]

    assert spits(1) == spits(1)
    assert spits(1) != spits(2)
    from spit_widget.engine import cards as C

    in_order = [c for c in C.DECK if c not in {"7S", "2C", "6S", "JD"}]
    assert sorted(spits(1)[0] + spits(1)[1]) == sorted(in_order)
    assert spits(1)[0] + spits(1)[1] != in_order  # not simply dealt in deck order


@pytest.mark.parametrize(("out", "who"), [(0, "you"), (1, "the computer")])
def test_while_a_round_waits_for_its_slap_a_play_is_refused_naming_who_went_out(
        out: int, who: str) -> None:
    mine, theirs = ["6S"], ["9S", "KC"]
    game = Game.position("classic", you=mine if out == 0 else theirs,
                         computer=theirs if out == 0 else mine, **ROUND)
    game.apply(("play", out, "6S", 0))
    with pytest.raises(IllegalMove) as refused:
        game.apply(("play", 1 - out, "9S", 1))
    text = str(refused.value)
    assert text.startswith("The round is over: ")
    assert f"{who} went out and must slap the smaller pile." in text.lower()


@pytest.mark.parametrize(("out", "who"), [(0, "you win"), (1, "the computer wins")])
def test_at_the_round_limit_fewer_cards_wins_and_the_sentence_says_so(out: int, who: str) -> None:
    mine, theirs = ["6S"], ["9S", "KC"]
    game = Game.position("classic", you=mine if out == 0 else theirs,
                         computer=theirs if out == 0 else mine, max_rounds=1, **ROUND)
    game.apply(("play", out, "6S", 0))
    game.apply(("slap", out, None, 1))
    assert game.outcome is not None and game.outcome.winner == out
    left = game.outcome.cards_left
    assert left[out] < left[1 - out]
    assert game.outcome.text == (
        f"1 round played: fewer cards wins, {who} ({left[0]} cards to {left[1]}).")


def test_an_event_as_the_page_gets_it() -> None:
    game = Game.position("duel", you=["2C 7S"], computer=["9D"], centre=["6H", "JD"],
                         you_spit="2S", computer_spit="2H")
    game.apply(("play", 0, "7S", 0))
    assert game.events[0].to_dict() == {
        "seq": 0, "kind": "play", "player": 0, "text": "You play 7♠ on the left pile.",
        "card": "7S", "centre": 0, "pile": 0}


def test_at_the_round_limit_equal_cards_are_a_draw() -> None:
    game = Game.position("classic", you=["6S"], computer=["9S", "KC"], fill=True, max_rounds=1,
                         centre=["2C 3C 4C 5H", "7H 8H 9H TH"], you_spit="2S 3S 4S",
                         computer_spit="4D")
    game.apply(("play", 0, "6S", 0))
    game.apply(("slap", 0, None, game.slappable(0)[0]))
    assert game.outcome is not None and game.outcome.winner is None
    assert game.outcome.cards_left == (26, 26)
    assert game.outcome.text.endswith("played: fewer cards wins, a draw (26 cards to 26).")


def test_stuck_in_classic_is_refused_with_what_to_do_instead() -> None:
    game = Game("classic", seed=1)
    with pytest.raises(IllegalMove) as refused:
        game.declare_stuck(0)
    assert str(refused.value) == ("In classic Spit nobody declares stuck: press Spit! when "
                                  "neither side can play.")
