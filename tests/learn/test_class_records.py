"""A pupil's record: handed in beside the notebook, checked by replay (a claim the
moves do not make counts nothing and says which; another version of a level is told
apart; a bad file is a sentence), private (the typed name and nothing else)."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spit_widget import learn
from spit_widget.learn import Level, OnCentre, position, progress
from spit_widget.learn.levelfile import fingerprint
from spit_widget.learn.record import FILENAME, make, stamp, write
from spit_widget.stats import StatsStore
from tools.class_records import played

FIRST = learn.course()[:6]


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SPIT_WIDGET_HOME", str(tmp_path / "spit-home"))
    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path / "spit-home"


def solve(level: Level) -> None:
    """Solve ``level`` as the course table does, and keep its moves."""
    game = level.game()
    for move in level.solution:
        if move[0] == "spit" or move[1] == 0:
            assert level.attempt(game, move).ok
    assert level.solved(game)
    progress.record_solution(level, game)


def entry(level: Level, **over: Any) -> dict[str, Any]:
    return {"id": level.id, "fingerprint": fingerprint(level), "moves": played(level),
            "at": stamp(1_780_000_000), **over}


# ---------------------------------------------------------------- handing in
def test_hand_in_writes_the_solved_levels_beside_the_notebook_and_check_confirms_them(
        tmp_path: Path) -> None:
    for level in FIRST[:3]:
        solve(level)
    path = learn.hand_in("Ada")
    assert path == Path(FILENAME) and (tmp_path / FILENAME).is_file()
    data = json.loads(path.read_text())
    assert data["format"] == "spit-widget record" and data["version"] == 1
    assert [lv["id"] for lv in data["levels"]] == [lv.id for lv in FIRST[:3]]
    assert all(set(lv) == {"id", "fingerprint", "moves", "at"} for lv in data["levels"])
    checked = learn.check(path)
    assert checked.name == "Ada"
    assert checked.solved == {lv.id: 3 for lv in FIRST[:3]}
    assert str(checked) == "Ada: 3 levels confirmed by replay, 9 stars."


def test_the_record_holds_the_typed_name_and_nothing_else_of_the_pupil(tmp_path: Path) -> None:
    solve(FIRST[0])
    text = learn.hand_in("  Ada L.  ").read_text()
    data = json.loads(text)
    assert set(data) == {"format", "version", "name", "written_at", "levels", "games"}
    assert data["name"] == "Ada L."
    for private in (os.environ.get("USER") or "root", str(tmp_path), "spit-home"):
        assert private not in text


def test_a_game_played_is_handed_in_as_its_review_summary_with_misses_by_rule(
        home: Path) -> None:
    game = learn.level("duel-wrap-ace").game()  # a stored game: the deal and two plays
    record = game.record()
    record["times"] = [0.0] * len(record.get("actions", []))
    StatsStore(home / "stats.db").keep_record({**record, "variant": game.variant})
    data = json.loads(learn.hand_in("Ada", store=home / "stats.db").read_text())
    assert len(data["games"]) <= 1
    for g in data["games"]:
        assert set(g) == {"finished_at", "variant", "summary", "missed_by_rule"}
        assert "name" not in json.dumps(g["summary"])


def test_no_name_is_a_sentence_and_writes_nothing(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="Type your name"):
        learn.hand_in("   ")
    assert not (tmp_path / FILENAME).exists()


def test_while_nbgrader_grades_the_record_handed_in_is_kept(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    write(make("Ada", [entry(FIRST[0])], []), tmp_path / FILENAME)
    before = (tmp_path / FILENAME).read_text()
    solve(FIRST[1])  # the grader's own progress: never the pupil's
    monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
    learn.hand_in("Grader")
    assert (tmp_path / FILENAME).read_text() == before
    assert "read as it is" in capsys.readouterr().out


def test_the_fewest_moves_are_kept_and_reset_forgets_them() -> None:
    solve(FIRST[0])
    solve(FIRST[0])
    assert len(progress.solutions()) == 1
    learn.reset()
    assert progress.solutions() == []


# ------------------------------------------------------------- the check
def test_a_hand_edited_claim_counts_nothing_and_says_which() -> None:
    one, two, three = FIRST[:3]
    forged = entry(three, moves=[["play", 0, "2C", 0]])  # a move the table refuses
    checked = learn.check(make("Bo", [entry(one), entry(two), forged], []))
    assert set(checked.solved) == {one.id, two.id}
    assert [c.level for c in checked.refused] == [three.id]
    assert checked.refused[0].verdict == "not_solved"
    assert f"'{three.id}' does not count: replayed," in checked.says()


def test_stars_come_from_the_replayed_moves_not_from_the_file() -> None:
    level = Level(id="mine", goal="Play J♠ on the Queen.", rules=("adjacency",),
                  position=position("duel", you=["JS", "4C"], computer=["KD", "2S"],
                                    centre=["QC", "5D"], rest="spit"),
                  success=OnCentre("JS", 0))
    detour = [["play", 0, "4C", 1], ["play", 0, "JS", 0]]  # par is 1: two moves, 2 stars
    claims = [entry(level, moves=detour, stars=3)]
    assert learn.check(make("Bo", claims, []), levels=[level]).solved == {"mine": 2}
    claims.append(entry(level))  # the same level again, in one move: the best counts
    assert learn.check(make("Bo", claims, []), levels=[level]).solved == {"mine": 3}


def test_another_version_of_a_level_is_told_apart() -> None:
    mine = Level(id="mine", goal="Play J♠ on the Queen.", rules=("adjacency",),
                 position=position("duel", you=["JS", "4C"], computer=["KD", "2S"],
                                   centre=["QC", "5D"], rest="spit"), success=OnCentre("JS", 0))
    changed = Level(id="mine", goal="Play J♠ on the Queen.", rules=("adjacency",),
                    position=position("duel", you=["JS", "4C"], computer=["KD", "3S"],
                                      centre=["QC", "5D"], rest="spit"),
                    success=OnCentre("JS", 0))
    reworded = Level(id="mine", goal="Put the Jack on the Queen.", rules=("adjacency",),
                     position=mine.position, success=OnCentre("JS", 0))
    assert fingerprint(mine) != fingerprint(changed)
    assert fingerprint(mine) == fingerprint(reworded)  # words are not the level's play
    record = make("Ada", [entry(mine)], [])
    assert learn.check(record, levels=[mine]).solved == {"mine": 3}
    other = learn.check(record, levels=[changed])
    assert other.solved == {} and other.refused[0].verdict == "other_version"
    assert "another version of that level" in other.says()
    unknown = learn.check(record, levels=FIRST)
    assert unknown.refused[0].verdict == "unknown_level"


@pytest.mark.parametrize("content, says", [
    (None, "There is no record at"),
    ("{not json", "is damaged"),
    (json.dumps({"format": "spit-widget levels"}), "is not a record written by"),
    (json.dumps({"format": "spit-widget record", "version": 9}), "of version 9"),
    (json.dumps({"format": "spit-widget record", "version": 1, "levels": {}}),
     "has a levels that is not"),
    (b"\xff\xfe\x00", "is damaged"),
])
def test_a_bad_file_is_a_sentence_never_a_traceback(tmp_path: Path, content: object,
                                                    says: str) -> None:
    path = tmp_path / FILENAME
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(str(content))
    checked = learn.check(path)
    assert checked.problem is not None and says in checked.problem
    assert checked.solved == {} and str(checked) == checked.problem
    assert checked.points([lv.id for lv in FIRST], per_level=2) == 0.0


def test_points_count_the_confirmed_levels_among_those_asked() -> None:
    checked = learn.check(make("Ada", [entry(lv) for lv in FIRST[:4]], []))
    ids = [lv.id for lv in FIRST]
    assert checked.solved_in(ids) == ids[:4]
    assert checked.points(ids) == 4.0
    assert checked.points(ids, per_level=1, per_star=1, most=10) == 10.0
    assert checked.points(FIRST[4:]) == 0.0


# moves a pupil could write by hand: any action of the public kinds, any cards and piles
CARDS = st.sampled_from(["AS", "KD", "7H", "QC", "2S", "XX", "", 7])
ACTION = st.one_of(
    st.tuples(st.just("play"), st.integers(-1, 2), CARDS, st.integers(-1, 3)),
    st.tuples(st.just("declare_stuck"), st.integers(0, 1)),
    st.just(("spit",)),
    st.tuples(st.just("move_to_empty"), st.integers(0, 1), CARDS, st.integers(-1, 6)),
    st.tuples(st.just("slap"), st.integers(0, 1), st.integers(-1, 2)),
    st.lists(st.one_of(st.integers(), st.text(max_size=3), st.none()), max_size=5),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(level=st.sampled_from(FIRST), moves=st.lists(ACTION, max_size=6))
def test_any_moves_are_replayed_and_count_only_if_they_solve_the_level(
        level: Level, moves: list[Any]) -> None:
    from spit_widget.learn.validation import play_through

    claim = {"id": level.id, "fingerprint": fingerprint(level),
             "moves": [list(m) for m in moves], "at": "now"}
    checked = learn.check(make("Eve", [claim], []))
    assert checked.problem is None
    try:
        really = bool(moves) and play_through(level, tuple(tuple(m) for m in moves)) is None
    except Exception:
        really = False
    assert (level.id in checked.solved) == really
    if not really:
        assert checked.refused and checked.refused[0].why


@settings(max_examples=60, deadline=None)
@given(data=st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                         lambda inner: st.lists(inner, max_size=3)
                         | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                         max_leaves=12))
def test_any_json_is_read_as_a_record_or_refused_with_a_sentence(data: object) -> None:
    for shaped in (data, {"format": "spit-widget record", "version": 1, "levels": data},
                   {"format": "spit-widget record", "version": 1, "levels": [data]}):
        checked = learn.check(shaped) if isinstance(shaped, dict) else learn.check({"x": shaped})
        assert checked.problem is not None or checked.solved == {}
        assert isinstance(checked.says(), str) and checked.says()


def test_checking_a_class_of_200_records_takes_well_under_a_second(tmp_path: Path) -> None:
    from tools.class_records import make_class, timings

    figures = timings(tmp_path, make_class(tmp_path, 200))
    assert figures["not_counted"] == 10  # one pupil in twenty forged a claim
    assert figures["check_cold_s"] < 1.0 and figures["report_s"] < 1.0, figures
    started = time.perf_counter()
    learn.check(tmp_path / "submitted" / "pupil001" / "spit-course" / FILENAME)
    assert time.perf_counter() - started < 1.0
