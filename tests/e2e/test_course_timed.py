"""A newcomer's first session, timed: ``learn.show()``, every level of the duel's
stages clicked through (the answer known, no reading time), then Next into a
whole game against the computer at Slow, played to its end by clicking.

Prints the times (a figure, never an assertion on it):
``python -m pytest tests/e2e/test_course_timed.py -q -s``.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pytest
from spit_e2e import MakeNotebook, Notebook, expect, play_to_the_end
from test_course import click_move, course_cell, expect_goal, expect_solved, learners_moves

from spit_widget import learn
from tools.harness import Lab

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e


def test_newcomer_from_show_through_the_duel_into_a_game_at_slow(
        page: Page, lab: Lab, notebook: MakeNotebook) -> None:
    duel = [lv for lv in learn.course() if lv.variant == "duel"]
    notebook("course_timed.ipynb", [course_cell(lab, "course_timed")], "w=w")
    nb = Notebook(page, lab, "course_timed.ipynb", 3).open()
    started = time.monotonic()
    nb.run_all(views=1)
    course = page.locator(".spit-course")
    expect(course).to_have_attribute("data-screen", "map")
    shown = time.monotonic()
    course.locator(".spit-course-continue").click()
    per_level = []
    for level in duel:
        t = time.monotonic()
        expect_goal(course, level)
        for action in learners_moves(level):
            click_move(course, action)
        expect_solved(course)
        course.locator('.spit-course-result [data-course="next"]').click()
        per_level.append(time.monotonic() - t)
    expect(course).to_have_attribute("data-screen", "game")
    expect(course.locator(".spit-course-where")).to_have_text(
        "A whole duel game \u00b7 computer at Slow")
    in_game = time.monotonic()
    done = play_to_the_end(nb, budget=900)
    over = time.monotonic()
    kernel = nb.probe()["w"]
    assert kernel["pace"] == "slow" and kernel["game"]["status"] == "game_over"
    assert kernel["stats"]["games"] == 1  # the whole game counts; the levels did not
    print(f"\n[course timed] learn.show() to the map {shown - started:.1f} s; "
          f"{len(duel)} duel levels {in_game - shown:.1f} s "
          f"(slowest level {max(per_level):.1f} s); whole game at Slow {over - in_game:.1f} s "
          f"({dict(done)}); total {over - started:.1f} s")
