"""The course table writes the pupil's record on every solved level
(``learn.show(hand_in="name")``), and the record it writes is confirmed by replay."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_course_table import MakeCourse, make_course, open_by_page, solve_by_page

from spit_widget import learn
from spit_widget.learn.record import FILENAME

__all__ = ["make_course"]  # the fixture, shared with the course table's tests


def custom_messages(w: Any) -> list[dict[str, Any]]:
    """What the widget sends its views from now on (its custom messages, off the comm)."""
    sent: list[dict[str, Any]] = []
    previous = w.comm.send

    def send(data: Any = None, metadata: Any = None, buffers: Any = None) -> None:
        if isinstance(data, dict) and data.get("method") == "custom":
            sent.append(data["content"])
        previous(data, metadata, buffers)

    w.comm.send = send
    return sent


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


def test_download_my_work_sends_the_page_the_record_the_check_confirms(
        make_course: MakeCourse, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where there is no folder beside a notebook (the static site), the map's
    **Download my work** asks the kernel for the record; the page saves what it sends."""
    from page import send

    monkeypatch.chdir(tmp_path)
    w = make_course()
    sent = custom_messages(w)
    assert w.course["offers"]["download"] is True
    level = learn.course()[0]
    open_by_page(w, level.id)
    solve_by_page(w, level)
    send(w, {"kind": "course", "do": "download", "name": "  Ada L. "})
    records = [m for m in sent if m.get("kind") == "record"]
    assert [m["name"] for m in records] == [FILENAME]
    saved = tmp_path / "downloaded.json"
    saved.write_text(str(records[0]["text"]), encoding="utf-8")
    checked = learn.check(saved)
    assert checked.name == "Ada L." and checked.solved == {level.id: 3}
    assert FILENAME in w.course["said"]["text"]  # the pupil is told where the file went
    assert not (tmp_path / FILENAME).exists()  # nothing written beside the kernel


@pytest.mark.parametrize("name", ["", "   ", None, 7])
def test_download_without_a_name_is_refused_with_a_sentence(
        make_course: MakeCourse, name: object) -> None:
    from page import send

    w = make_course()
    sent = custom_messages(w)
    state = send(w, {"kind": "course", "do": "download", "name": name})
    assert state["message"]["kind"] == "refused"
    assert "Type your name first" in state["message"]["text"]
    assert [m for m in sent if m.get("kind") == "record"] == []
