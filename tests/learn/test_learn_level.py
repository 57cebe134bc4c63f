"""A level as the course table drives it: refusals that name the rule and
leave the table as it was, the scripted computer (replies and timed moves),
failure, stars against par, and Retry from a fresh game."""

from __future__ import annotations

import pytest

from spit_widget import learn


def level(level_id: str) -> learn.Level:
    return learn.level(level_id)


def test_stuck_while_a_card_fits_is_refused_naming_stuck() -> None:
    lv = level("duel-stuck-check")
    game = lv.game()
    before = game.to_dict()
    result = lv.attempt(game, ("declare_stuck", 0))
    assert not result.ok and result.rule == "stuck"
    assert result.sentence == "Stuck: You're not stuck: 7♣ goes on the left pile."
    assert game.to_dict() == before


def test_the_brief_s_example_sentence() -> None:
    """9♥ fits the right pile, so only the left pile it was sent to is named."""
    lv = learn.Level(goal="Play the Queen on the King.",
                     position=learn.position("duel", you=["QS", "9H"], centre=["KD", "8C"]),
                     success=learn.OnCentre("QS", 0), rules=["adjacency"])
    result = lv.attempt(lv.game(), ("play", 0, "9H", 0))
    assert result.sentence == ("Adjacency: 9♥ is not one rank from K♦ (the left pile needs Q "
                               "or A: the ranks wrap round).")


def test_a_card_that_fits_neither_pile_names_both() -> None:
    lv = learn.Level(goal="Play the Queen on the King.",
                     position=learn.position("duel", you=["QS", "9H", "2D"],
                                             centre=["KD", "5C"]),
                     success=learn.OnCentre("QS", 0), rules=["adjacency"])
    game = lv.game()
    assert lv.attempt(game, ("play", 0, "9H", 1)).sentence == (
        "Adjacency: 9♥ is not one rank from K♦ or 5♣ (the left pile needs Q or A: the ranks "
        "wrap round; the right pile needs 4 or 6).")
    assert lv.attempt(game, ("play", 0, "2D", 0)).sentence == (
        "Adjacency: 2♦ is not one rank from K♦ or 5♣ (the left pile needs Q or A: the ranks "
        "wrap round; the right pile needs 4 or 6).")


@pytest.mark.parametrize(("level_id", "action", "rule"), [
    ("duel-uncover", ("play", 0, "TD", 0), "top-cards-only"),
    ("duel-wrap-king", ("play", 0, "3D", 1), "top-cards-only"),
    ("duel-empty-slot", ("move_to_empty", 0, "4C", 0), "empty-slot-duel"),
    ("duel-stuck", ("spit",), "stuck"),
    ("classic-spit-too-soon", ("spit",), "spit-again"),
    ("classic-spit", ("declare_stuck", 0), "spit-again"),
    ("classic-slap", ("slap", 0, 0), "slap"),
    ("classic-slap", ("play", 0, "AS", 0), "slap"),
    ("classic-move-to-empty", ("move_to_empty", 0, "9C", 0), "move-to-empty"),
    ("classic-going-out", ("slap", 0, 0), "slap"),
])
def test_each_refusal_names_its_rule(level_id: str, action: tuple, rule: str) -> None:
    lv = level(level_id)
    game = lv.game()
    before = game.to_dict()
    result = lv.attempt(game, action)
    assert not result.ok and result.rule == rule, result
    assert result.sentence.startswith(learn.RULES[rule].name + ": ")
    assert game.to_dict() == before


def test_moving_for_the_computer_or_nonsense_is_refused_without_a_rule() -> None:
    lv = level("duel-wrap-ace")
    game = lv.game()
    assert lv.attempt(game, ("play", 1, "3C", 0)).sentence.startswith("That is the computer's")
    nonsense = lv.attempt(game, "AS")
    assert not nonsense.ok and nonsense.rule is None and "tuple" in nonsense.sentence
    odd = lv.attempt(game, ("play", 0, "AS", 7))
    assert not odd.ok and odd.rule is None and "centre pile" in odd.sentence


def test_the_computer_replies_to_stuck_and_the_spit_follows() -> None:
    lv = level("duel-stuck")
    game = lv.game()
    result = lv.attempt(game, ("declare_stuck", 0))
    assert result.ok and result.solved and result.replies == (("declare_stuck", 1),)
    assert result.sentence == lv.why
    assert result.events == ("You are stuck.", "The computer is stuck.",
                             "You spit 9♥ onto the left pile.",
                             "The computer spits 4♦ onto the right pile.")


def test_a_timed_move_is_due_on_time_and_makes_the_level_fail() -> None:
    lv = level("duel-no-turns")
    game = lv.game()
    assert lv.due(game, 5.9) == []
    assert lv.due(game, 6.0) == [("play", 1, "KD", 0)]
    result = lv.play_due(game, 6.5)
    assert result is not None and result.failed is not None
    assert "The computer played K♦ first" in result.failed
    assert lv.failed(game) == result.failed and not lv.solved(game)
    assert not lv.attempt(game, ("play", 0, "JS", 0)).ok  # over until Retry
    fresh = lv.game()  # Retry
    assert lv.attempt(fresh, ("play", 0, "JS", 0)).solved
    assert lv.due(fresh, 60.0) == []  # solved: the computer stops


def test_a_timed_move_the_learner_blocked_is_dropped() -> None:
    lv = level("duel-tip-race")
    game = lv.game()
    lv.attempt(game, ("play", 0, "5H", 0))
    assert lv.due(game, 6.0) == [("play", 1, "JS", 1)]
    lv.play_due(game, 6.0)
    assert lv.due(game, 7.0) == []
    result = lv.play_due(game, 12.0)
    assert result is not None and result.failed is not None
    assert result.failed.startswith("The game ended before the goal: ")


@pytest.mark.parametrize(("par", "moves", "stars"), [
    (1, 1, 3), (1, 2, 2), (1, 3, 1), (3, 3, 3), (3, 4, 2), (3, 5, 1), (4, 6, 2), (4, 7, 1)])
def test_stars_against_par(par: int, moves: int, stars: int) -> None:
    lv = learn.Level(goal="Play 8♥ and more.", par=par,
                     position=learn.position("duel", you=["8H"], centre=["7C", "QD"]),
                     success=learn.OnCentre("8H"), rules=["adjacency"])
    assert lv.stars(moves) == stars


def test_a_longer_way_round_earns_fewer_stars() -> None:
    lv = level("duel-tip-uncover")
    game = lv.game()
    for move in [("play", 0, "QH", 1), ("play", 0, "7S", 0), ("play", 0, "8C", 0),
                 ("play", 0, "9D", 0)]:
        result = lv.attempt(game, move)
    assert result.solved and lv.stars(lv.moves(game)) == 2
