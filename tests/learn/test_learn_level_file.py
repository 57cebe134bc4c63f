"""A class's levels in a file: saved from a notebook, read back the same, and
a damaged, hand-edited or broken file refused with a sentence."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spit_widget import learn
from spit_widget.learn import (
    All,
    AnyOf,
    Fail,
    Level,
    LevelFileError,
    LevelHint,
    OnCentre,
    Opponent,
    load_levels,
    position,
    save_levels,
)
from spit_widget.learn.levelfile import _digest


def _teachers_level(**changes: object) -> Level:
    fields: dict[str, object] = dict(
        id="year7-race", stage="Year 7: racing the computer", rules=["no-turns"],
        goal="Play J♠ before the computer covers the Q♣.",
        position=position("duel", you=["JS", "4C"], computer=["KD", "2S"],
                          centre=["QC", "5D"]),
        success=OnCentre("JS", 0), failure=Fail(OnCentre("KD", 0), "The computer got there first."),
        opponent=Opponent(timed={3: ("play", 1, "KD", 0)}),
        hint=LevelHint("J♠ is one below the Q♣.", card="JS", pile=0),
        why="Nobody waits for a turn.", solution=(("play", 0, "JS", 0),))
    fields.update(changes)
    return Level(**fields)  # type: ignore[arg-type]


def test_every_course_level_comes_back_from_a_file_as_it_was(tmp_path: Path) -> None:
    levels = learn.course()
    back = load_levels(save_levels(levels, tmp_path / "course.json"))
    assert back == levels  # checks, scripts, hints, solutions, positions, par: all equal
    assert [lv.id for lv in back] == [lv.id for lv in levels]


def test_a_teachers_level_keeps_its_stage_script_hint_and_failure(tmp_path: Path) -> None:
    level = _teachers_level()
    (back,) = load_levels(save_levels([level], tmp_path / "class.json"))
    assert back == level
    assert back.stage == "Year 7: racing the computer"
    game = back.game()
    assert back.due(game, 3.0) == [("play", 1, "KD", 0)]
    assert learn.coursebook.book([back]).stages[0].title == "Year 7: racing the computer"


def test_a_level_with_a_function_for_a_check_is_refused_before_anything_is_written(
        tmp_path: Path) -> None:
    level = _teachers_level(success=lambda game: "JS" in game.centre[0], solution=(
        ("play", 0, "JS", 0),))
    target = tmp_path / "class.json"
    with pytest.raises(LevelFileError, match=r"Level 'year7-race': its success check .* "
                                             r"which a file cannot hold"):
        save_levels([level], target)
    assert not target.exists()


def test_anything_but_a_list_of_levels_is_refused_with_a_sentence(tmp_path: Path) -> None:
    with pytest.raises(TypeError, match=r"a list of learn\.Level, not Level"):
        save_levels(_teachers_level(), tmp_path / "x.json")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="item 2 is a str"):
        save_levels([_teachers_level(), "level 2"], tmp_path / "x.json")  # type: ignore[list-item]
    with pytest.raises(LevelFileError, match="the list is empty"):
        save_levels([], tmp_path / "x.json")
    with pytest.raises(LevelFileError, match="Two levels have the id 'year7-race'"):
        save_levels([_teachers_level(), _teachers_level()], tmp_path / "x.json")
    assert not (tmp_path / "x.json").exists()


def test_a_hand_edited_file_is_refused(tmp_path: Path) -> None:
    target = save_levels([_teachers_level()], tmp_path / "class.json")
    target.write_text(target.read_text().replace("J♠ before", "J♠ after"))
    with pytest.raises(LevelFileError, match=r"changed after learn\.save_levels wrote it"):
        load_levels(target)


@pytest.mark.parametrize(("text", "said"), [
    ('{"format": "spit-widget levels", "version": 1, "levels": [', "is damaged"),
    ("\x00\x01 not json", "is damaged"),
    ('{"cells": []}', "not a level file written by learn.save_levels"),
    ('{"format": "spit-widget levels", "version": 9, "levels": [], "digest": ""}',
     "of version 9"),
])
def test_a_damaged_or_foreign_file_is_refused(tmp_path: Path, text: str, said: str) -> None:
    target = tmp_path / "class.json"
    target.write_text(text)
    with pytest.raises(LevelFileError, match=said):
        load_levels(target)


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(LevelFileError, match="There is no level file"):
        load_levels(tmp_path / "nowhere.json")


def _rewritten(path: Path, change: object) -> None:
    """Change a saved file's levels and seal it again (as an older version of
    the game might have written a level this one no longer accepts)."""
    whole = json.loads(path.read_text())
    change(whole["levels"])  # type: ignore[operator]
    whole["digest"] = _digest(whole["levels"])
    path.write_text(json.dumps(whole))


def test_each_level_read_back_is_validated_as_the_course_is(tmp_path: Path) -> None:
    target = save_levels([_teachers_level(), _teachers_level(id="second")], tmp_path / "c.json")

    def wrong_solution(levels: list[dict[str, object]]) -> None:
        levels[1]["solution"] = [["play", 0, "4C", 0]]

    _rewritten(target, wrong_solution)
    with pytest.raises(LevelFileError, match=r"Level 'second': its solution does not solve it"):
        load_levels(target)


def test_a_check_the_format_does_not_know_is_named_with_its_level(tmp_path: Path) -> None:
    level = _teachers_level(success=AnyOf((OnCentre("JS", 0), All((OnCentre("4C", 1),)))))
    target = save_levels([level], tmp_path / "c.json")
    assert load_levels(target)[0].success == level.success

    def unknown(levels: list[dict[str, object]]) -> None:
        levels[0]["success"] = {"check": "Teleported", "card": "JS"}

    _rewritten(target, unknown)
    with pytest.raises(LevelFileError, match=r"Level 'year7-race' in c.json: .*Teleported"):
        load_levels(target)
