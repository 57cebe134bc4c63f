"""Going from one part of the course to the next, as a learner or a teacher
sees it: the daily deal after a level, the table shown on a cell's last line,
where Next goes after a solved level, and Continue once all is solved."""

from __future__ import annotations

from typing import Any

from page import send
from test_course_table import (
    MakeCourse,
    make_course,
    open_by_page,
    play_to_the_end,
    quick_level,
    solve_by_page,
)

from spit_widget import learn

__all__ = ["make_course"]  # the fixture, shared with the course table's tests




def test_a_daily_deal_opened_after_a_level_is_judged_as_the_daily(
        make_course: MakeCourse) -> None:
    w = make_course()
    level = learn.course()[2]
    open_by_page(w, level.id)
    send(w, {"kind": "course", "do": "daily"})
    today = learn.daily()
    play_to_the_end(w)
    assert w.game.status == "game_over"
    result = w.course["result"]
    assert result is not None and result["kind"] == "daily", result
    assert result["share"].startswith(f"Spit daily {today.day}: ")
    assert [row[0] for row in learn.progress.daily_results()] == [today.day]
    assert learn.progress.stars() == {}  # no level was solved, and none failed


def test_the_course_table_shows_itself_on_a_cells_last_line(make_course: MakeCourse) -> None:
    w = make_course([quick_level(), quick_level(id="mine-2")])
    assert repr(w) == "<CourseWidget map>"
    shown: Any = w._repr_mimebundle_()  # what Jupyter calls on a cell's last line
    data, _meta = shown
    assert data["text/plain"] == "<CourseWidget map>"
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == w.model_id
    open_by_page(w, "mine-2")
    assert repr(w) == "<CourseWidget mine-2>"
    send(w, {"kind": "course", "do": "daily"})
    assert repr(w) == "<CourseWidget daily>"  # not the level left behind
    open_by_page(w, "mine-1")
    send(w, {"kind": "course", "do": "map"})
    assert repr(w) == "<CourseWidget map>"


def test_next_goes_on_after_a_level_and_to_the_map_after_the_last(
        make_course: MakeCourse) -> None:
    first, last = quick_level(), quick_level(id="mine-2")
    w = make_course([first, last])
    open_by_page(w, first.id)
    solve_by_page(w, first)
    assert w.course["said"]["text"].endswith("Press Next (N) to go on.")
    send(w, {"kind": "course", "do": "next"})
    assert w.lesson.level is last and w.lesson.screen == "level"
    solve_by_page(w, last)
    assert w.course["said"]["text"].endswith(
        "That was the last one here: Next (N) goes back to the map.")
    send(w, {"kind": "course", "do": "next"})
    assert w.course["screen"] == "map"


def test_continue_opens_the_first_level_once_every_level_has_stars(
        make_course: MakeCourse) -> None:
    """One section of two levels, both solved: Continue (the page opens
    ``resume``) goes back to the first."""
    levels = [quick_level(), quick_level(id="mine-2")]
    w = make_course(levels)
    for level in levels:
        open_by_page(w, level.id)
        solve_by_page(w, level)
    send(w, {"kind": "course", "do": "map"})
    assert [len(s["levels"]) for s in w.course["sections"]] == [2]
    assert all(lv["stars"] == 3 for lv in w.course["sections"][0]["levels"])
    assert w.course["resume"] == "mine-1"
    open_by_page(w, w.course["resume"])
    assert w.lesson.level is levels[0]


def test_a_teachers_course_can_leave_out_the_daily_deal_and_whole_games(
        make_course: MakeCourse) -> None:
    w = make_course([quick_level()], daily_deal=False, play_game=False)
    assert w.course["offers"] == {"daily": False, "play_game": False, "download": True}
    for do, words in (("daily", "This course has no daily deal: its teacher left it out."),
                      ("play_game", "This course has no whole games: its teacher left them out.")):
        state = send(w, {"kind": "course", "do": do})
        assert state["message"]["kind"] == "refused" and state["message"]["text"] == words
        assert w.lesson.screen == "map"
    assert make_course([quick_level()]).course["offers"] == {
        "daily": True, "play_game": True, "download": True}


def test_without_whole_games_next_after_the_duels_levels_goes_on_to_classic(
        make_course: MakeCourse) -> None:
    w = make_course(play_game=False)
    duel = [lv for lv in learn.course() if lv.variant == "duel"]
    open_by_page(w, duel[-1].id)
    solve_by_page(w, duel[-1])
    assert w.course["said"]["text"].endswith("Press Next (N) to go on.")
    send(w, {"kind": "course", "do": "next"})
    assert w.lesson.screen == "level" and w.lesson.level.variant == "classic"
