"""The checks a teacher writes a level with, as a teacher reads them: the words
each says for itself (in a refusal, on the table) and when each holds."""

from __future__ import annotations

import pytest

from spit_widget import learn
from spit_widget.learn import Level, Moved, OnCentre, Slapped, Uncovered, position


def test_on_centre_says_which_card_and_where() -> None:
    assert OnCentre("7S").describe() == "7♠ on a centre pile"
    assert OnCentre("7S", 1).describe() == "7♠ on centre pile 1"


def test_slapped_names_a_pile_only_when_given() -> None:
    assert Slapped().describe() == "a slap"
    assert Slapped(1).describe() == "a slap on centre pile 1"


UNDER = position("duel", you=["9H 4C", "KS"], computer=["9C 4D", "2S"], centre=["5D", "JH"])
"""9♥ face down under your 4♣; the computer has a 4 over a 9 too (9♣ under 4♦)."""


def test_uncovered_holds_once_the_card_over_it_is_played() -> None:
    check = Uncovered("9H")
    game = learn.Level(goal="Uncover the 9♥.", position=UNDER, success=check,
                       rules=["top-cards-only"]).game()
    assert check.holds(game) is False  # 9♥ still lies under 4♣
    game.play(0, "4C", 0)
    assert check.holds(game) is True


def test_uncovered_reads_your_stock_not_the_computers() -> None:
    """The computer's 4♦ played uncovers its 9♣, not your 9♥."""
    game = Level(goal="Uncover the 9♥.", position=UNDER, success=Uncovered("9H"),
                 rules=["top-cards-only"]).game()
    game.play(1, "4D", 0)
    assert Uncovered("9H").holds(game) is False


def test_a_teachers_uncover_level_is_solved_by_the_play_that_uncovers() -> None:
    level = Level(goal="Uncover the 9♥.", position=UNDER, success=Uncovered("9H"),
                  rules=["top-cards-only"])
    assert level.solution == (("play", 0, "4C", 0),)
    game = level.game()
    result = level.attempt(game, ("play", 0, "4C", 0))
    assert result.ok and result.solved
    assert Uncovered("9H").describe() == "9♥ turned face up"


@pytest.mark.parametrize("slot", [5, -1])
def test_moved_refuses_a_slot_out_of_range_naming_it(slot: int) -> None:
    start = learn.Level(goal="x", position=UNDER, success=OnCentre("4C"),
                        rules=["adjacency"]).game()
    assert Moved("4C", slot).problem(start) == (
        f"the check names stock slot {slot}; the slots are 0 to 4.")
    with pytest.raises(ValueError, match=rf"names stock slot {slot}; the slots are 0 to 4"):
        Level(goal="Move the 4♣.", position={**position("classic", you=["9H 4C"],
                                                        centre=["5D", "JH"])},
              success=Moved("4C", slot), rules=["move-to-empty"])
