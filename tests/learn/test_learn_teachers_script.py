"""What a teacher writes in a cell for a level's computer and position, taken
as written: a scripted move into any stock slot, a move timed at 0 seconds,
and the cards a position leaves unnamed put where ``rest=`` says."""

from __future__ import annotations

import pytest

from spit_widget.engine import Game
from spit_widget.learn import Level, OnCentre, Opponent, position
from spit_widget.learn.positions import Rest


@pytest.mark.parametrize("slot", range(5))
def test_the_scripted_computer_moves_into_any_of_its_five_slots(slot: int) -> None:
    """Classic has two centre piles but five stock slots: each slot is the
    computer's to move into."""
    computer = ["", "", "", "", ""]
    computer[1 if slot == 0 else 0] = "2S KD"  # K♦ over 2♠, the other slots empty
    move = ("move_to_empty", 1, "KD", slot)
    level = Level(goal="Play J♠, then 10♥.",
                  position=position("classic", you=["JS", "TH"], computer=computer,
                                    centre=["QC", "5D"]),
                  success=OnCentre("TH", 0), rules=["adjacency"],
                  opponent=Opponent(replies={1: move}),
                  solution=(("play", 0, "JS", 0), move, ("play", 0, "TH", 0)))
    game = level.game()
    first = level.attempt(game, ("play", 0, "JS", 0))
    assert first.replies == (move,)
    assert game.stock[1][slot] == ["KD"]
    assert level.attempt(game, ("play", 0, "TH", 0)).solved


def test_a_move_timed_at_zero_seconds_is_due_at_once() -> None:
    move = ("play", 1, "KD", 0)
    assert Opponent(timed={0: move}).timed == ((0.0, move),)
    level = Level(goal="Play J♠ before the computer's K♦.",
                  position=position("duel", you=["JS", "4C"], computer=["KD", "2S"],
                                    centre=["QC", "5D"]),
                  success=OnCentre("JS", 0), rules=["no-turns"],
                  opponent=Opponent(timed={0: move}), solution=(("play", 0, "JS", 0),))
    assert level.due(level.game(), 0.0) == [move]


def test_a_move_timed_before_the_start_is_refused() -> None:
    with pytest.raises(ValueError, match=r"a time in seconds \(0 or more\), not -1"):
        Opponent(timed={-1: ("play", 1, "KD", 0)})


@pytest.mark.parametrize(("rest", "full", "named"), [("you_stock", 0, 1), ("computer_stock", 1, 0)])
def test_the_cards_left_unnamed_go_face_down_in_the_stock_rest_names(
        rest: Rest, full: int, named: int) -> None:
    piles = position("duel", you=["4C", "7H"], computer=["KD", "2S"], centre=["QC", "5D"],
                     rest=rest)
    game = Game.from_dict(piles)
    assert len(game.all_cards()) == 52
    assert [p[-1:] for p in game.stock[0][:2]] == [["4C"], ["7H"]]  # the tops as named
    assert [p[-1:] for p in game.stock[1][:2]] == [["KD"], ["2S"]]
    assert [len(p) for p in game.stock[full]] == [24, 24, 0, 0, 0]  # 48 others, two slots
    assert [len(p) for p in game.stock[named]] == [1, 1, 0, 0, 0]
    assert game.centre == [["QC"], ["5D"]] and game.spit_piles == [[], []]
