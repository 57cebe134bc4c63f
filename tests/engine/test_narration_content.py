"""The sentences say the right thing, not only something (issue 17, item 6):
who is stuck, which slot, which pile, which card turns up after a move."""

from __future__ import annotations

import pytest

from spit_widget import Game


def texts_since(g: Game, start: int) -> list[str]:
    return [e.text for e in g.events[start:]]


@pytest.mark.parametrize(("player", "sentence"),
                         [(0, "You are stuck."), (1, "The computer is stuck.")])
def test_the_stuck_sentence_names_who_declared(table, player: int, sentence: str) -> None:
    g = table(you=["2C"], computer=["2D"], centre=["6S", "JD"], you_spit="QC 4C",
              computer_spit="QH 4H")
    start = len(g.events)
    g.declare_stuck(player)
    assert texts_since(g, start) == [sentence]


def test_both_stuck_then_the_spit_sentences_name_each_card_and_pile(table) -> None:
    g = table(you=["2C"], computer=["2D"], centre=["6S", "JD"], you_spit="QC 4C",
              computer_spit="QH 4H")
    start = len(g.events)
    g.declare_stuck(1)
    g.declare_stuck(0)
    assert texts_since(g, start) == [
        "The computer is stuck.",
        "You are stuck.",
        "You spit 4♣ onto the left pile.",
        "The computer spits 4♥ onto the right pile.",
    ]


@pytest.mark.parametrize("player", [0, 1])
def test_a_play_names_the_card_the_pile_and_the_slot_of_the_card_turned_up(
    table, player: int
) -> None:
    stocks = ["KC", "3H", "9D 7S"], ["2D"]
    you, computer = stocks if player == 0 else stocks[::-1]
    g = table(you=you, computer=computer, centre=["6S", "JD"], you_spit="QC", computer_spit="4H")
    start = len(g.events)
    g.play(player, "7S", 0)
    who = ("You play", "You turn up") if player == 0 else (
        "The computer plays", "The computer turns up")
    assert texts_since(g, start) == [
        f"{who[0]} 7♠ on the left pile.",
        f"{who[1]} 9♦ in slot 3.",  # the third slot, counted from 1
    ]
    assert [e.pile for e in g.events[start:]] == [2, 2]


def test_in_a_short_round_the_only_pile_is_the_centre_pile(table) -> None:
    g = table("classic", you=["7S", "KD"], computer=["2C"], centre=["6S"], computer_spit="QH")
    start = len(g.events)
    g.play(0, "7S", 0)
    assert texts_since(g, start) == ["You play 7♠ on the centre pile."]


@pytest.mark.parametrize("player", [0, 1])
def test_a_classic_move_names_both_slots_and_the_new_top_card(table, player: int) -> None:
    mine = [["5S", "9D"], [], ["AH"]]
    other = [["2C"]]
    you, computer = (mine, other) if player == 0 else (other, mine)
    g = table("classic", you=you, computer=computer, centre=["4H", "JC"],
              you_spit="7H", computer_spit="8C")
    start = len(g.events)
    g.move_to_empty(player, "9D", 1)
    who = ("You move", "You turn up") if player == 0 else (
        "The computer moves", "The computer turns up")
    assert texts_since(g, start) == [
        f"{who[0]} 9♦ into empty slot 2.",
        f"{who[1]} 5♠ in slot 1.",  # the card under it, in the slot it left
    ]
    assert g.stock_tops(player)[:3] == ["5S", "9D", "AH"]


def test_refusals_name_the_slot_and_the_card(table, refused) -> None:
    g = table("classic", you=[["5S", "9D"], [], ["AH"]], computer=["2C"],
              centre=["4H", "JC"], you_spit="7H", computer_spit="8C")
    assert refused(g, g.move_to_empty, 0, "9D", 2) == (
        "Slot 3 is not empty; a card can only move into an empty slot.")
    assert refused(g, g.move_to_empty, 0, "AH", 1) == (
        "A♥ has no card under it: moving it would change nothing.")
    assert refused(g, g.play, 0, "5S", 0) == (
        "5♠ is face down: only the top card of a pile can be played.")
    assert refused(g, g.play, 1, "9D", 0) == "9♦ is your card."
    assert refused(g, g.play, 0, "9D", 1) == (
        "9♦ doesn't fit on 4♥ or J♣: the left pile needs 3 or 5, the right pile needs 10 or Q.")


def test_a_card_that_fits_the_other_pile_is_refused_for_the_pile_it_was_sent_to(
        table, refused) -> None:
    """Only a card that fits neither pile names both: one that fits the other
    pile is told what the pile it was sent to needs."""
    g = table(you=["5S", "9D"], computer=["2C"], centre=["4H", "JC"])
    assert refused(g, g.play, 0, "5S", 1) == "5♠ doesn't fit on J♣: the right pile needs 10 or Q."
    assert refused(g, g.play, 0, "9D", 0) == (
        "9♦ doesn't fit on 4♥ or J♣: the left pile needs 3 or 5, the right pile needs 10 or Q.")


def test_the_stalemate_text_gives_the_counts_and_the_winner(table) -> None:
    g = table(you=["2C", "2S"], computer=["2D"], centre=["6S", "6H"])
    g.declare_stuck(0)
    g.declare_stuck(1)
    assert g.outcome is not None
    assert g.outcome.text == ("Both stuck with no spit cards left: a stalemate. Fewest cards "
                              "wins: the computer wins, 2 cards to 1.")
    assert g.events[-1].text == g.outcome.text
