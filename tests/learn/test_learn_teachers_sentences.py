"""What a teacher reads when a level is wrong, word for word, and what the course's own levels
say to a learner: each check's words in the sentence that refuses a level, the search that
finds a level's solution, the scripted computer's timed moves in a solution, and the learner's
sentences (goals, hints, reasons, failures) written as sentences."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest

from spit_widget import Game, learn
from spit_widget.learn import (
    All,
    AnyOf,
    Cleared,
    Fail,
    Level,
    OnCentre,
    Opponent,
    RoundReached,
    Won,
    docs,
    position,
)
from spit_widget.learn import checks as K
from spit_widget.learn.actions import describe
from spit_widget.learn.coursebook import book
from spit_widget.learn.proofs import unique_best

BASE: dict[str, Any] = {
    "id": "mine",
    "goal": "Play the Ace on the King.",
    "position": position("duel", you=["AS", "5H"], computer=["3C"], centre=["KD", "8S"]),
    "success": OnCentre("AS", 0),
    "rules": ["wrap"],
}


def refusal(**changes: Any) -> str:
    with pytest.raises(ValueError) as caught:
        Level(**{**BASE, **changes})
    return str(caught.value)


# ------------------------------------------------------------ a check's words in a refusal

def test_a_goal_not_reached_names_the_check_in_words() -> None:
    pos = position("duel", you=["AS", "9C", "2D"], computer=["3C"], centre=["KD", "8S"])
    said = refusal(position=pos, success=Won(), solution=[("play", 0, "9C", 1)])
    assert said == ("Level 'mine': its solution does not solve it: after all 1 moves the goal "
                    "(you win) is not reached.")
    said = refusal(position=pos, success=Won("stalemate"), solution=[("play", 0, "9C", 1)])
    assert "the goal (you win (stalemate)) is not reached." in said
    said = refusal(position=pos, success=AnyOf((OnCentre("2D"), OnCentre("AS", 0))),
                   solution=[("play", 0, "9C", 1)])
    assert "the goal (2♦ on a centre pile or A♠ on centre pile 0) is not reached." in said


def test_an_emptied_slot_is_counted_from_one_as_the_table_shows_it() -> None:
    pos = position("duel", you=["AS", "9C", "2D"], computer=["3C"], centre=["KD", "8S"])
    said = refusal(position=pos, success=Cleared(2), solution=[("play", 0, "9C", 1)])
    assert "the goal (slot 3 emptied) is not reached." in said
    assert Cleared().describe() == "your stock cleared"


def test_a_function_without_a_name_is_called_a_custom_check() -> None:
    class Never:
        def __call__(self, game: Game) -> bool:
            return False

    pos = position("duel", you=["AS", "9C"], computer=["3C"], centre=["KD", "8S"])
    said = refusal(position=pos, success=Never(), solution=[("play", 0, "9C", 1)])
    assert "the goal (a custom check) is not reached." in said


def test_a_move_of_the_solution_is_numbered_from_one() -> None:
    said = refusal(solution=[("play", 0, "5H", 0)])
    assert said.startswith("Level 'mine': its solution does not solve it: move 1 (play 5♥ on "
                           "the left pile) is refused: ")


def test_a_check_that_holds_at_the_start_says_which() -> None:
    slot_empty = position("duel", you=["AS", "", "9C"], computer=["3C"], centre=["KD", "8S"])
    assert refusal(position=slot_empty, success=Cleared(1)) == (
        "Level 'mine': its success check (slot 2 emptied) is wrong: the stock is already "
        "cleared at the start.")
    second = position("classic", you=["AS", "9C"], computer=["3C"], centre=["KD", "8S"],
                      round=2)
    assert refusal(position=second, success=RoundReached(2), rules=["wrap"]) == (
        "Level 'mine': its success check (round 2 dealt) is wrong: the check holds at the "
        "start.")
    assert refusal(success=All(())) == (
        "Level 'mine': its success check () is wrong: All() needs at least one check.")


def test_a_lost_game_never_counts_as_your_stock_cleared() -> None:
    game = Game.from_dict(position("duel", you=["5C", "9D"], computer=["8H"],
                                   centre=["7C", "QD"]))
    game.play(1, "8H", 0)  # the computer's last stock card: it wins
    assert game.winner == 1
    assert not Cleared().holds(game)


def test_the_checks_of_a_made_level_cannot_be_changed_afterwards() -> None:
    """A level was validated against its checks: changing one later would skip that."""
    for check in (OnCentre("AS"), K.Moved("AS", 1), Cleared(1), Won(), RoundReached(2)):
        with pytest.raises(dataclasses.FrozenInstanceError):
            check.__setattr__(next(iter(vars(check))), None)


# ------------------------------------------------------------------- what a position says

def test_a_position_with_too_many_piles_names_whose() -> None:
    with pytest.raises(ValueError) as caught:
        position("duel", computer=["AS", "2S", "3S", "4S", "5S", "6S"])
    assert str(caught.value) == "the computer has 6 stock piles; a player has at most 5."
    with pytest.raises(ValueError) as caught:
        position("duel", you=["AS", "2S", "3S", "4S", "5S", "6S"])
    assert str(caught.value) == "you have 6 stock piles; a player has at most 5."


def test_a_position_missing_cards_names_the_first_six() -> None:
    short = {**position("duel", you=["AS"], centre=["KD", "8S"]), "centre": [["KD"], ["8S"]]}
    said = refusal(position=short)
    assert re.search(r"holds 3 of the 52 cards \(missing (\w\w, ){5}\w\w, \.\.\.\); every card "
                     r"must be somewhere", said), said


def test_a_finished_game_is_refused_as_a_position() -> None:
    game = Game.from_dict(position("duel", you=["AS"], computer=["3C"], centre=["KD", "8S"],
                                   rest="computer_spit"))
    game.play(0, "AS", 0)
    assert game.status == "game_over"
    assert refusal(position=game, success=OnCentre("3C", 0)) == (
        "Level 'mine': its position is a finished game: there is nothing left to play.")


def test_a_level_keeps_its_position_when_the_teachers_dict_changes_later() -> None:
    pos = position("duel", you=["AS", "5H"], computer=["3C"], centre=["KD", "8S"])
    first = Level(**{**BASE, "position": pos})
    pos["players"][0]["stock"][0] = ["5H"]  # the teacher edits the dict for a next level
    pos["players"][0]["stock"][1] = ["AS"]
    assert first.game().stock[0][0] == ["AS"]
    assert first.attempt(first.game(), ("play", 0, "AS", 0)).solved


# ------------------------------------------------------------------------- the search

def test_the_search_finds_a_solution_six_moves_long() -> None:
    level = Level(goal="Play all six clubs down to the 2.", rules=["adjacency"],
                  position=position("duel", you=["2C 3C 4C 5C 6C 7C"], computer=["JH"],
                                    centre=["8D", "KH"]),
                  success=OnCentre("2C", 0))
    assert level.solution == tuple(("play", 0, c, 0) for c in ("7C", "6C", "5C", "4C", "3C", "2C"))
    assert level.par == 6


def test_the_search_passes_over_a_move_that_fails_the_level() -> None:
    level = Level(goal="Play 7♣, not 9♣.", rules=["adjacency"],
                  position=position("duel", you=["9C", "7C"], computer=["JH"],
                                    centre=["8D", "KH"]),
                  success=OnCentre("7C", 0),
                  failure=Fail(OnCentre("9C"), "The 9 was the wrong card."))
    assert level.solution == (("play", 0, "7C", 0),)


def test_a_puzzle_search_with_a_tie_has_no_answer() -> None:
    a, b = ("play", 0, "AS", 0), ("play", 0, "2S", 1)
    assert unique_best({a: (2, (a,)), b: (2, (b,))}, "run") is None
    assert unique_best({a: (3, (a,)), b: (2, (b,))}, "run") == a
    assert unique_best({a: (3, (a,)), b: (2, (b,))}, "deny") == b


# ------------------------------------------------------- the computer's moves in a solution

TIMED = position("duel", you=["AH", "5S"], computer=["KD", "2C"], centre=["QC", "9D"])


def test_a_solution_may_wait_for_the_computers_timed_move() -> None:
    level = Level(goal="Wait for the King, then play the Ace on it.", rules=["wrap"],
                  position=TIMED, success=OnCentre("AH", 0),
                  opponent=Opponent(timed={6.0: ("play", 1, "KD", 0)}),
                  solution=[("play", 1, "KD", 0), ("play", 0, "AH", 0)])
    assert level.par == 1
    game = level.game()
    assert level.play_due(game, 6.0) is not None
    assert level.attempt(game, ("play", 0, "AH", 0)).solved


def test_a_solution_naming_a_computer_move_the_script_never_makes_is_refused() -> None:
    said = refusal(goal="Wait for the King.", rules=["wrap"], position=TIMED,
                   success=OnCentre("AH", 0),
                   opponent=Opponent(timed={6.0: ("play", 1, "2C", 1)}),
                   solution=[("play", 1, "KD", 0), ("play", 0, "AH", 0)])
    assert said.startswith("Level 'mine': its solution does not solve it: move 1 (")
    assert said.endswith("move 1 (the computer plays K♦ on the left pile) is not a move the "
                         "scripted computer makes then."), said


# --------------------------------------------------------------- the course's own words

def test_the_computers_press_is_said_in_the_third_person() -> None:
    assert describe(("declare_stuck", 1)) == "the computer presses Stuck"
    assert describe(("play", 1, "KD", 0)) == "the computer plays K♦ on the left pile"


SENTENCE_END = (".", "!", "?")


def learners_sentences(level: Level) -> list[str]:
    said = [level.goal, level.why]
    if level.hint is not None:
        said.append(level.hint.sentence)
    failures = (level.failure,) if isinstance(level.failure, Fail) else level.failure
    return said + [f.sentence for f in failures]


@pytest.mark.parametrize("level", learn.course(), ids=lambda lv: lv.id)
def test_every_sentence_a_level_says_is_written_as_a_sentence(level: Level) -> None:
    for text in learners_sentences(level):
        assert text and text == text.strip() and "  " not in text, repr(text)
        assert text[0].isupper() or text[0].isdigit() or text[0] in "♠♥♦♣", repr(text)
        assert text.endswith(SENTENCE_END), repr(text)


@pytest.mark.parametrize("level", [lv for lv in learn.course()
                                   if lv.hint and lv.hint.card and lv.hint.pile is not None],
                         ids=lambda lv: lv.id)
def test_a_hint_lights_a_card_that_goes_on_the_pile_it_lights(level: Level) -> None:
    assert level.hint is not None
    plays = level.game().legal_plays(0)
    assert (level.hint.card, level.hint.pile) in [tuple(p) for p in plays]


def test_a_teachers_stage_of_one_variant_shows_it_and_a_mixed_one_shows_none() -> None:
    duel = Level(**{**BASE, "stage": "Aces"})
    classic = Level(**{**BASE, "id": "mine-c", "stage": "Mixed",
                       "position": position("classic", you=["AS", "5H"], computer=["3C"],
                                            centre=["KD", "8S"])})
    duel_too = Level(**{**BASE, "id": "mine-d", "stage": "Mixed"})
    stages = book([duel, classic, duel_too]).stages
    assert [(s.title, s.variant) for s in stages] == [("Aces", "duel"), ("Mixed", "")]


def test_the_docs_check_says_how_to_bring_the_page_up_to_date(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(docs, "PAGE", tmp_path / "course.md")
    (tmp_path / "course.md").write_text("# old\n", encoding="utf-8")
    assert docs.main(["--check"]) == 1
    assert capsys.readouterr().out == (
        "docs/course.md is out of date: run python -m spit_widget.learn.docs\n")
    assert docs.main([]) == 0 and docs.main(["--check"]) == 0
    assert capsys.readouterr().out.endswith("docs/course.md is up to date.\n")
