"""The course table without a browser, where the course's own tests leave gaps: the level's clock
(it starts at nought, stands still while paused and on the map), the learner's row, Retry at a
whole game, whether Next leads on, and a progress file that cannot be used."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from spit_widget import learn
from spit_widget.engine import IllegalMove
from spit_widget.learn import daily
from spit_widget.learn.coursebook import book
from spit_widget.stats import StatsStore
from spit_widget.widget import voice as V
from spit_widget.widget.course import CourseWidget
from spit_widget.widget.course.match import Clock, LevelMatch

TIMED = "duel-no-turns"  # the computer plays K♦ on the Queen at 6 s


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SPIT_WIDGET_HOME", str(tmp_path / "spit-home"))
    return tmp_path / "spit-home"


@pytest.fixture
def course() -> Iterator[CourseWidget]:
    w = learn.show()
    yield w
    w.close()


def page(w: CourseWidget, content: dict[str, Any]) -> dict[str, Any]:
    """A message from the page, as its ``model.send`` delivers it."""
    w._handle_custom_msg(content, [])
    return w.state


def on_a_hand_clock(w: CourseWidget, level_id: str) -> list[float]:
    """Open ``level_id`` with its clock read from a list the test moves on."""
    page(w, {"kind": "course", "do": "open", "level": level_id})
    match = w.match
    assert isinstance(match, LevelMatch) and match.timed
    now = [100.0]
    match.clock = Clock(lambda: now[0])
    match.clock.run()
    return now


def computer_played(w: CourseWidget) -> bool:
    return any(e.kind == "play" and e.player == 1 for e in w.game.events)


def test_the_scripted_move_lands_at_its_second_not_before(course: CourseWidget) -> None:
    now = on_a_hand_clock(course, TIMED)
    now[0] += 5.9
    assert course.step() == [] and not computer_played(course)
    now[0] += 0.1
    course.step()
    assert computer_played(course)
    assert course.course["result"]["kind"] == "failed"


def test_a_paused_level_keeps_its_time(course: CourseWidget) -> None:
    now = on_a_hand_clock(course, TIMED)
    now[0] += 2.0
    course.pause()
    now[0] += 30.0  # a long pause: the level's 6 s are not up
    assert course.match.clock.elapsed() == 2.0  # type: ignore[attr-defined]
    assert course.step() == [] and not computer_played(course)
    assert course.course["result"] is None


def test_the_map_stops_the_levels_clock(course: CourseWidget) -> None:
    now = on_a_hand_clock(course, TIMED)
    clock = course.match.clock  # type: ignore[attr-defined]
    now[0] += 2.0
    page(course, {"kind": "course", "do": "map"})
    now[0] += 30.0
    assert course.course["screen"] == "map"
    assert clock.elapsed() == 2.0


def test_the_computers_row_is_not_the_learners_to_play(course: CourseWidget) -> None:
    page(course, {"kind": "course", "do": "open", "level": "duel-stuck"})
    before = course.game.to_dict()
    with pytest.raises(IllegalMove) as caught:
        course.stuck(2)
    assert str(caught.value) == V.COURSE_BOTTOM_ROW
    assert course.game.to_dict() == before


def test_retry_at_a_whole_game_deals_a_fresh_one(course: CourseWidget) -> None:
    last_duel = [lv for lv in learn.course() if lv.variant == "duel"][-1]
    course.lesson.open_level(last_duel.id)
    course.lesson.play_game("duel")
    assert course.lesson.screen == "game"
    first = course.game
    page(course, {"kind": "course", "do": "retry"})
    assert course.lesson.screen == "game"
    assert course.game is not first and course.game.history == []
    assert course.game.to_dict()["players"] != first.to_dict()["players"]


def test_next_is_offered_until_the_last_level(course: CourseWidget) -> None:
    puzzles = learn.puzzles("classic")  # the last track: Next goes back to the map after it
    page(course, {"kind": "course", "do": "open", "level": puzzles[0].id})
    assert course.course["current"]["has_next"] is True
    page(course, {"kind": "course", "do": "open", "level": puzzles[-1].id})
    assert course.course["current"]["has_next"] is False


class Broken:
    """A progress store on a disk that has gone away."""

    def stars(self, path: Path | None = None) -> dict[str, int]:
        raise OSError("the disk has gone")

    def record_stars(self, level_id: str, stars: int, path: Path | None = None) -> int:
        raise OSError("the disk has gone")

    def record_daily(self, day: str, won: bool, margin: int, seconds: float,
                     path: Path | None = None) -> bool:
        raise OSError("the disk has gone")


def test_a_progress_file_that_cannot_be_read_is_said_in_the_log_and_the_course_opens(
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="spit_widget")
    w = CourseWidget(book(), progress=Broken(), daily=daily, stats=StatsStore())
    try:
        assert w.course["screen"] == "map"
        assert all(lv["stars"] == 0 for s in w.course["sections"] for lv in s["levels"])
        assert "spit-widget could not read the course progress: the disk has gone" in [
            r.getMessage() for r in caplog.records]
        level = learn.course()[0]
        page(w, {"kind": "course", "do": "open", "level": level.id})
        (kind, _, card, centre), = level.solution
        page(w, {"kind": kind, "card": card, "centre": centre, "id": 1})
        assert w.course["result"]["kind"] == "solved"  # solved, though the stars are not kept
        assert "spit-widget could not record the stars: the disk has gone" in [
            r.getMessage() for r in caplog.records]
    finally:
        w.close()


def test_a_daily_result_that_cannot_be_kept_is_said_in_the_log_and_the_deal_ends(
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="spit_widget")
    w = CourseWidget(book(), progress=Broken(), daily=daily, stats=StatsStore())
    try:
        page(w, {"kind": "course", "do": "daily"})
        for i in range(3000):  # the learner plays what the page offers; the computer steps
            if w.game.status == "game_over":
                break
            you = w.state["you"]
            if you["plays"] and i % 2:
                card, centre = you["plays"][0]
                page(w, {"kind": "play", "card": card, "centre": centre, "id": i})
            elif you["can_stuck"] and not w.game.can_play(1):
                page(w, {"kind": "stuck", "id": i})
            else:
                w.step()
        assert w.game.status == "game_over"
        assert w.course["result"] is not None
        assert "spit-widget could not record the daily deal: the disk has gone" in [
            r.getMessage() for r in caplog.records]
    finally:
        w.close()


def test_the_computers_row_is_refused_for_a_short_action_too(course: CourseWidget) -> None:
    """The match's own act(), as a cell may call it, with an action written short."""
    page(course, {"kind": "course", "do": "open", "level": "duel-stuck"})
    before = course.game.to_dict()
    with pytest.raises(IllegalMove) as caught:
        course.match.act(("stuck", 1))
    assert str(caught.value) == V.COURSE_BOTTOM_ROW
    assert course.game.to_dict() == before


def test_a_whole_game_asked_for_from_a_cell_reaches_the_page_at_the_slowest_pace(
        course: CourseWidget) -> None:
    course.lesson.play_game("classic")
    assert course.course["screen"] == "game"
    assert (course.state["variant"], course.state["pace"]) == ("classic", course.pace)
    assert course.state["pace"] == course.state["paces"][0]["name"]
