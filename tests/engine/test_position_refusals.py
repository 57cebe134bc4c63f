"""A position typed by hand is refused with a sentence that says what to fix, word for word:
a teacher with a typo must learn which pile is wrong."""

from __future__ import annotations

from typing import Any

import pytest

from spit_widget import Game

PREFIX = "Not a valid position: "
OUTCOME_SHAPE = ("the outcome needs a termination (one of stock_emptied, stalemate, spits_nowhere, "
                 "out_of_cards, round_limit) and a text (words), a winner (0, 1 or None) and "
                 "cards_left (two counts).")


def position(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "variant": "duel",
        "fragment": True,
        "players": [
            {"stock": [["7S"], [], [], [], []], "spit": ["QC"]},
            {"stock": [["9D"], [], [], [], []], "spit": ["4H"]},
        ],
        "centre": [["6S"], ["JD"]],
    }
    data.update(changes)
    return data


def finished(**outcome: Any) -> dict[str, Any]:
    whole = {"termination": "stalemate", "winner": 0, "cards_left": [1, 1], "text": "x"}
    return position(status="game_over", outcome={**whole, **outcome})


CASES: dict[str, tuple[Any, str]] = {
    "none": (None, "expected a dict, got NoneType."),
    "a list": ([], "expected a dict, got list."),
    "version 2": (position(version=2), "snapshot version 2 is not supported (only 1)."),
    "unknown variant": (position(variant="speed"),
                        "Unknown variant 'speed'; choose 'duel' or 'classic'."),
    "no players": (position(players=[]),
                   "players should be a list of two players (you first, then the computer)."),
    "a player a string": (position(players=["a", "b"]),
                          "player 0 should be a dict with 'stock' and 'spit'."),
    "one centre pile in a duel": (position(centre=[["6S"]]),
                                  "a duel always has two centre piles."),
    "three centre piles": (position(centre=[["6S"], ["JD"], []]),
                           "centre should be a list of two centre piles (or one, in a short "
                           "round)."),
    "not a card": (position(centre=[["6S"], ["XX"]]),
                   "centre pile 1 holds 'XX', which is not a card like '7S'."),
    "a pile a string": (position(centre=[["6S"], "JD"]),
                        "centre pile 1 should be a list of cards, not 'JD'."),
    "one stock pile": (position(players=[{"stock": [["7S"]], "spit": []},
                                         {"stock": [[]] * 5, "spit": []}]),
                       "player 0 should have a list of exactly 5 stock piles."),
    "spit a string": (position(players=[{"stock": [[]] * 5, "spit": "QC"},
                                        {"stock": [[]] * 5, "spit": []}]),
                      "player 0 spit pile should be a list of cards, not 'QC'."),
    "stuck not flags": (position(stuck=[0, 1]), "stuck should be two true/false flags."),
    "unknown status": (position(status="won"),
                       "status should be one of playing, round_over, game_over, not 'won'."),
    "round 0": (position(round=0), "round should be a whole number of at least 1, not 0."),
    "seed a string": (position(seed="7"), "seed should be a whole number, not '7'."),
    "fragment a string": (position(fragment="yes"),
                          "fragment should be true or false, not 'yes'."),
    "game over without outcome": (position(status="game_over"),
                                  "a game_over position needs an outcome with termination, "
                                  "winner, cards_left and text."),
    "winner 7": (finished(winner=7), OUTCOME_SHAPE),
    "cards_left three": (finished(cards_left=[1, 2, 3]), OUTCOME_SHAPE),
    "text a number": (finished(text=5), OUTCOME_SHAPE),
    "a duel between rounds": (position(status="round_over", went_out=0),
                              "a duel is a single round: its status is playing or game_over."),
    "round over without went_out": (position(variant="classic", status="round_over"),
                                    "a round_over position needs went_out (0 or 1) and two "
                                    "centre piles."),
}


@pytest.mark.parametrize(("data", "why"), list(CASES.values()), ids=list(CASES))
def test_a_malformed_position_is_refused_saying_what_to_fix(data: Any, why: str) -> None:
    with pytest.raises(ValueError) as refused:
        Game.from_dict(data)
    assert str(refused.value) == PREFIX + why


def test_every_repeated_card_is_named_and_up_to_eight_missing_ones() -> None:
    twice = position(centre=[["6S", "7S", "9D"], ["JD"]])  # 7S and 9D are stock cards too
    with pytest.raises(ValueError) as refused:
        Game.from_dict(twice)
    assert str(refused.value) == PREFIX + "these cards appear more than once: 7S, 9D."

    def missing(count: int) -> str:
        data = Game("duel", seed=1).to_dict()
        spit = data["players"][0]["spit"]
        gone = sorted(spit[:count])
        del spit[:count]
        with pytest.raises(ValueError) as refused:
            Game.from_dict(data)
        text = str(refused.value)
        assert text.startswith(PREFIX + f"{count} cards are missing ({', '.join(gone[:8])}")
        return text

    assert "..." not in missing(8)
    assert ", ...); a position with part of the deck" in missing(9)
