"""A teacher's level with a mistake is refused when it is made, with a
sentence that says what is wrong; a good one is accepted and played."""

from __future__ import annotations

from typing import Any

import pytest

from spit_widget import learn
from spit_widget.learn import (
    Fail,
    Level,
    LevelHint,
    OnCentre,
    Opponent,
    Slapped,
    Uncovered,
    position,
)

GOOD: dict[str, Any] = {
    "goal": "Play the Ace on the King.",
    "position": position("duel", you=["AS", "5H"], computer=["3C"], centre=["KD", "8S"]),
    "success": OnCentre("AS", 0),
    "rules": ["wrap"],
}


def make(**changes: Any) -> Level:
    return Level(**{**GOOD, **changes})


def test_a_good_teachers_level_finds_its_own_solution_and_par() -> None:
    level = make()
    assert level.solution == (("play", 0, "AS", 0),)
    assert level.par == 1 and level.variant == "duel" and level.id == "play-the-ace-on-the-king"
    game = level.game()
    assert level.attempt(game, ("play", 0, "AS", 0)).solved


@pytest.mark.parametrize(("changes", "words"), [
    ({"position": {"variant": "duel", "players": [], "centre": []}}, "position breaks the rules"),
    ({"position": position("duel", you=["AS", "AS"], centre=["KD", "8S"])},
     "more than once"),
    ({"position": {**position("duel", you=["AS"], centre=["KD", "8S"]),
                   "centre": [["KD"], ["8S"]]}}, "holds 3 of the 52 cards"),
    ({"position": {**position("duel", you=["AS"], centre=["KD", "8S"]),
                   "centre": [["KD"], ["8S"]], "fragment": True}}, "holds 3 of the 52 cards"),
    ({"success": OnCentre("1S")}, "not a card"),
    ({"success": OnCentre("AS", 2)}, "centre pile 2"),
    ({"success": OnCentre("KD")}, "already on a centre pile"),
    ({"success": Uncovered("AS")}, "not face down"),
    ({"success": Slapped(3)}, "centre pile 3"),
    ({"rules": []}, "names no rule"),
    ({"rules": ["wrapping"]}, "not in learn.RULES"),
    ({"rules": ["slap"]}, "not a rule of duel"),
    ({"solution": [("play", 0, "5H", 0)]}, "refused: Adjacency: 5♥ is not one rank from K♦"),
    ({"position": position("duel", you=["AS", "9C"], centre=["KD", "8S"]),
      "solution": [("play", 0, "9C", 1)]}, "not reached"),
    ({"solution": [("fly", 0)]}, "Unknown action"),
    ({"success": OnCentre("3C")}, "no solution"),
    ({"par": 0}, "below the 1 moves"),
    ({"hint": LevelHint("Look left.", pile=4)}, "centre pile 4"),
    ({"hint": LevelHint("The Queen.", card="QH")}, "not face up at the start"),
    ({"failure": Fail(OnCentre("QQ"), "x")}, "failure check"),
    ({"goal": ""}, "needs a goal"),
    ({"opponent": Opponent(timed={2.0: ("play", 1, "AS", 0)})}, "not in the computer's stock"),
    ({"opponent": Opponent(replies={1: [("play", 1, "3C", 5)]})}, "names a pile"),
    ({"variant": "classic"}, "duel position"),
])
def test_a_broken_level_is_refused_with_a_sentence(changes: dict[str, Any], words: str) -> None:
    with pytest.raises(ValueError, match=words) as caught:
        make(**changes)
    assert str(caught.value).endswith((".", ")", "solution.")), str(caught.value)


def test_a_script_that_moves_for_the_learner_is_refused() -> None:
    with pytest.raises(ValueError, match="The scripted opponent is player 1"):
        Opponent(timed={1.0: ("play", 0, "5H", 0)})
    with pytest.raises(ValueError, match="time in seconds"):
        Opponent(timed={-1: ("play", 1, "3C", 0)})


def test_a_teacher_may_pass_a_game_and_a_function() -> None:
    from spit_widget import Game

    game = Game.from_dict(GOOD["position"])
    level = make(position=game, success=lambda g: "AS" in g.centre[0])
    assert level.position == game.to_dict() and level.success.describe() == "<lambda>"
    assert level.attempt(level.game(), ("play", 0, "AS", 0)).solved


@pytest.mark.parametrize(("changes", "words"), [
    ({"success": "AS on the King"}, "should be a check"),
    ({"failure": [OnCentre("AS")]}, r"learn.Fail\(check, sentence\)"),
])
def test_a_success_or_failure_of_the_wrong_kind_is_refused(changes: dict[str, Any],
                                                          words: str) -> None:
    with pytest.raises(ValueError, match=words):
        make(**changes)


def test_a_bare_hint_and_an_opponent_as_a_dict_are_taken() -> None:
    level = make(hint="Kings take Aces.", opponent={"timed": {9.0: ("play", 1, "3C", 1)}})
    assert level.hint == LevelHint("Kings take Aces.")
    assert isinstance(level.opponent, Opponent) and level.opponent.timed == (
        (9.0, ("play", 1, "3C", 1)),)


@pytest.mark.parametrize(("changes", "words"), [
    ({"hint": 7}, r"learn.LevelHint\(sentence"),
    ({"opponent": "fast"}, r"learn.Opponent\(replies"),
])
def test_a_hint_or_opponent_of_the_wrong_kind_is_refused(changes: dict[str, Any],
                                                        words: str) -> None:
    with pytest.raises(ValueError, match=words):
        make(**changes)


def test_every_refusal_names_the_level() -> None:
    with pytest.raises(ValueError, match=r"^Level 'mine': "):
        make(id="mine", rules=["nope"])


def test_the_puzzles_load_within_a_second() -> None:
    import importlib
    import time

    puzzles = importlib.import_module("spit_widget.learn.puzzles")  # the module, not learn.puzzles
    puzzles._loaded.cache_clear()  # built afresh: each puzzle validated, its answer played
    started = time.perf_counter()
    learn.puzzles("duel")
    learn.puzzles("classic")
    assert time.perf_counter() - started < 1.0


def test_a_position_missing_cards_gets_advice_that_works() -> None:
    """A teacher edits a snapshot's piles by hand (``"fragment": false``, as
    learn.position and game.to_dict() write it) and leaves 49 cards out: the
    refusal points to learn.position, never to "fragment" (which a level
    refuses next); following it makes the level."""
    by_hand = {**position("duel", you=["AS"], centre=["KD", "8S"]),
               "centre": [["KD"], ["8S"]]}
    with pytest.raises(ValueError, match=r"learn\.position\(\.\.\.\) puts the cards you do not "
                                         r"name under the centre piles") as caught:
        make(position=by_hand)
    assert "fragment" not in str(caught.value)
    followed = make(position=position("duel", you=["AS"], centre=["KD", "8S"]))
    assert followed.attempt(followed.game(), ("play", 0, "AS", 0)).solved
