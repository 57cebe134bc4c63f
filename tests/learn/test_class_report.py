"""The teacher's report on a class: nbgrader's layout or any folder of records, pupils
by level with the replay's stars, totals and last activity, where pupils are stuck,
the rules the class misses with the level teaching each, and a readable cell."""

from __future__ import annotations

from pathlib import Path

import pytest

from spit_widget import learn
from spit_widget.learn.levelfile import fingerprint
from spit_widget.learn.record import FILENAME, make
from spit_widget.learn.record import write as write_record
from tools.class_records import played

COURSE = learn.course()


def write(record: dict[str, object], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    write_record(record, path)


def entry(n: int, at: str = "2026-06-01T10:00:00Z") -> dict[str, object]:
    level = COURSE[n]
    return {"id": level.id, "fingerprint": fingerprint(level), "moves": played(level), "at": at}


def game(missed: dict[str, int], at: str = "2026-06-02T09:00:00Z") -> dict[str, object]:
    return {"finished_at": at, "variant": "duel", "summary": {"missed": sum(missed.values())},
            "missed_by_rule": missed}


@pytest.fixture
def course_folder(tmp_path: Path) -> Path:
    """nbgrader's course folder: three pupils' submissions, an autograded copy, a
    checkpoint copy and a level file that must not be read as records."""
    def submit(student: str, record: dict[str, object], assignment: str = "spit1") -> None:
        write(record, tmp_path / "submitted" / student / assignment / FILENAME)

    submit("ada", make("Ada", [entry(0), entry(1), entry(2, "2026-06-03T12:00:00Z")],
                       [game({"wrap": 2, "adjacency": 1})]))
    submit("ada", make("Ada", [entry(3)], [game({"wrap": 2, "adjacency": 1})]), "spit2")
    forged = {**entry(2), "moves": [["play", 0, "2C", 0]]}  # edited by hand
    submit("bo", make("Bo", [entry(0), forged], [game({"wrap": 1, "uncover": 3})]))
    submit("cy", make("", [], []))
    (tmp_path / "submitted" / "dan" / "spit1").mkdir(parents=True)
    (tmp_path / "submitted" / "dan" / "spit1" / FILENAME).write_text("{damaged")
    write(make("Copy", [entry(0)], []), tmp_path / "autograded" / "ada" / "spit1" / FILENAME)
    write(make("Ckpt", [entry(0)], []),
          tmp_path / "submitted" / "bo" / "spit1" / ".ipynb_checkpoints" / FILENAME)
    learn.save_levels(COURSE[:2], tmp_path / "submitted" / "year7.json")
    return tmp_path


def test_the_report_reads_nbgraders_submissions_checked_by_replay(course_folder: Path) -> None:
    report = learn.class_report(course_folder)
    rows = {row["student"]: row for row in report.rows()}
    assert set(rows) == {"ada", "bo", "cy"}  # not the autograded copy, the checkpoint, the levels
    ada, bo, cy = rows["ada"], rows["bo"], rows["cy"]
    assert (ada["pupil"], ada["levels"], ada["stars"]) == ("Ada", 4, 12)  # two assignments, one row
    assert ada["last_activity"] == "2026-06-03T12:00:00Z"
    assert (bo["levels"], bo["not_counted"], bo[COURSE[2].id]) == (1, 1, 0)
    assert (cy["pupil"], cy["levels"], cy["last_activity"]) == ("cy", 0, None)  # no name typed
    assert report.problems == [(f"submitted/dan/spit1/{FILENAME}",
                                f"{FILENAME} is damaged: it is not the JSON that "
                                "learn.hand_in() writes.")]


def test_where_pupils_are_stuck_and_the_rules_they_miss_with_the_level_teaching_each(
        course_folder: Path) -> None:
    report = learn.class_report(course_folder)
    assert dict(report.stuck) == {COURSE[0].id: 1, COURSE[1].id: 1, COURSE[4].id: 1}
    missed = {m.rule: m for m in report.missed}
    assert [m.rule for m in report.missed] == ["uncover", "wrap", "adjacency"]
    assert (missed["wrap"].moments, missed["wrap"].pupils) == (3, 2)  # Ada's game counted once
    wrap_level = learn.level(missed["wrap"].level)
    assert "wrap" in wrap_level.rules and missed["wrap"].goal == wrap_level.goal


def test_any_folder_of_records_is_a_class(tmp_path: Path) -> None:
    for n, name in enumerate(("Ann", "Ben")):
        write(make(name, [entry(i) for i in range(n + 1)], []), tmp_path / f"{name}.json")
    (tmp_path / "notes.json").write_text('{"not": "a record"}')
    report = learn.class_report(tmp_path)
    assert [(r["pupil"], r["levels"]) for r in report.rows()] == [("Ann", 1), ("Ben", 2)]
    assert report.problems == []


def test_the_table_is_a_dataframe_with_pandas_else_rows(course_folder: Path) -> None:
    table = learn.class_report(course_folder).table
    try:
        import pandas  # noqa: F401
    except ImportError:
        assert isinstance(table, list) and table[0]["pupil"] == "Ada"
    else:
        assert list(table["pupil"]) == ["Ada", "Bo", "cy"]


def test_shown_in_a_cell_it_is_a_table_with_a_chart_and_every_name_escaped(
        tmp_path: Path) -> None:
    write(make("<script>alert(1)</script>", [entry(0)], [game({"wrap": 1})]),
          tmp_path / FILENAME)
    page = learn.class_report(tmp_path)._repr_html_()
    assert "<script>" not in page and "&lt;script&gt;" in page
    assert "Pupils by level (stars confirmed by replay)" in page
    assert "Levels most pupils are stuck on" in page and "Ace-King wrap" in page
    assert "\u2605\u2605\u2605" in page
    pytest.importorskip("matplotlib")
    assert 'src="data:image/png;base64,' in page


def test_a_folder_that_is_not_there_is_a_sentence(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="is not a folder"):
        learn.class_report(tmp_path / "nowhere")
