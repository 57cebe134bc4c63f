"""The course table writes the pupil's record on every solved level
(``learn.show(hand_in="name")``), and the record it writes is confirmed by replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_course_table import MakeCourse, make_course, open_by_page, solve_by_page

from spit_widget import learn
from spit_widget.learn.record import FILENAME

__all__ = ["make_course"]  # the fixture, shared with the course table's tests


def test_each_solved_level_is_written_to_the_record_beside_the_notebook(
        make_course: MakeCourse, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    w = make_course(hand_in="Ada")
    first, second = learn.course()[:2]
    open_by_page(w, first.id)
    assert not (tmp_path / FILENAME).exists()  # nothing before a level is solved
    solve_by_page(w, first)
    assert [lv["id"] for lv in json.loads((tmp_path / FILENAME).read_text())["levels"]] == [
        first.id]
    open_by_page(w, second.id)
    solve_by_page(w, second)
    checked = learn.check(tmp_path / FILENAME)
    assert checked.name == "Ada" and checked.solved == {first.id: 3, second.id: 3}


def test_without_hand_in_the_course_writes_no_file_but_keeps_the_moves(
        make_course: MakeCourse, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    w = make_course()
    level = learn.course()[0]
    open_by_page(w, level.id)
    solve_by_page(w, level)
    assert not (tmp_path / FILENAME).exists()
    assert learn.check(learn.hand_in("Ada", games=False)).solved == {level.id: 3}
