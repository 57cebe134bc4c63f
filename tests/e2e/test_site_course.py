"""The static site's course page, played for real: built with a class's own
level file (``site --levels``), served on the loopback with every other host
blocked. The page is a fast one (Pyodide in a worker runs the course, its
front end draws it in the page, no JupyterLab). The map offers the class's
stage under the teacher's name; a level solved by a click keeps its stars
across a reload (the browser's storage), the page saying where they are kept;
Forget me clears them, and a reload reads none; a timed level failed by
waiting, then Retry, then solved.

The build is as in tests/e2e/test_site.py (about a minute with the tools and
Pyodide cached); each page load is a cold start of Pyodide.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from site_tools import COLD_START_S, build, offline_page, serve
from spit_e2e import expect

from spit_widget import learn

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

pytestmark = [pytest.mark.e2e, pytest.mark.slow,  # builds the site: over a minute
              pytest.mark.timeout(1500)]

STAGE = "Year 7: first plays"
STAR3 = "\u2605\u2605\u2605"


def class_levels() -> list[learn.Level]:
    """A teacher's two levels: one card to play, and a race against a timed
    computer that fails if you wait."""
    return [
        learn.Level(id="y7-up", stage=STAGE, rules=["adjacency"],
                    goal="Play 8♥ on the 7♣.",
                    position=learn.position("duel", you=["8H", "3S"], computer=["2C", "5D"],
                                            centre=["7C", "QD"]),
                    success=learn.OnCentre("8H", 0)),
        learn.Level(id="y7-race", stage=STAGE, rules=["no-turns"],
                    goal="Play J♠ on the Q♣ before the computer covers it.",
                    position=learn.position("duel", you=["JS", "4C"], computer=["KD", "2S"],
                                            centre=["QC", "5D"]),
                    success=learn.OnCentre("JS", 0),
                    failure=learn.Fail(learn.OnCentre("KD", 0), "The computer got there first."),
                    opponent=learn.Opponent(timed={6: ("play", 1, "KD", 0)}),
                    solution=(("play", 0, "JS", 0),)),
    ]


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("class-site")
    levels = learn.save_levels(class_levels(), folder / "year7.json")
    with serve(build(folder, levels=levels)) as address:
        yield address


def _course(page: Page) -> Locator:
    """The course on the map, drawn in the page itself (no app frame)."""
    course = page.locator("#spit-app .spit-course")
    expect(course).to_have_attribute("data-screen", "map", timeout=COLD_START_S * 1000)
    assert page.locator("iframe").count() == 0
    return course


def _level_button(course: Locator, level_id: str) -> Locator:
    return course.locator(f'.spit-course-level[data-level="{level_id}"]')


def _play(course: Locator, card: str) -> None:
    course.locator(f'.spit-stock[data-player="0"] .spit-slotbtn[data-card="{card}"]').click()


def _expect_solved(course: Locator) -> None:
    result = course.locator(".spit-course-result")
    expect(result).to_be_visible(timeout=20_000)
    expect(result).to_have_attribute("data-kind", "solved")
    expect(result.locator(".spit-course-stars")).to_have_text(STAR3)


def test_a_class_levels_are_offered_and_their_stars_outlive_a_reload(
        browser: Browser, served: str) -> None:
    with offline_page(browser, served) as page:
        page.on("dialog", lambda dialog: dialog.accept())  # Forget me asks first
        page.goto(served + "course.html")
        course = _course(page)
        expect(page.locator("#spit-stats-note")).to_contain_text("in this browser only")
        sections = course.locator(".spit-course-section")
        expect(sections).to_have_count(1)  # the class's stage, not the whole course
        expect(sections.first).to_contain_text(STAGE)
        ids = [b.get_attribute("data-level") for b in course.locator(".spit-course-level").all()]
        assert ids == ["y7-up", "y7-race"]

        _level_button(course, "y7-up").click()
        expect(course.locator(".spit-course-goal")).to_have_text("Goal: Play 8♥ on the 7♣.",
                                                                  timeout=20_000)
        _play(course, "8H")
        _expect_solved(course)
        course.locator('.spit-course-result [data-course="map"]').click()
        expect(_level_button(course, "y7-up")).to_have_attribute("data-stars", "3")
        # Handing the work in with no folder beside a notebook: the pupil's record,
        # downloaded, is the file learn.hand_in writes, and the replay confirms it.
        course.locator(".spit-course-handin-name").fill("Ada L.")
        with page.expect_download() as got:
            course.locator(".spit-course-download").click()
        assert got.value.suggested_filename == "spit-record.json"
        checked = learn.check(got.value.path(), levels=class_levels())
        assert checked.name == "Ada L." and checked.solved == {"y7-up": 3}, checked
        expect(course.locator(".spit-course-live")).to_contain_text("spit-record.json")

        page.reload()
        course = _course(page)
        expect(_level_button(course, "y7-up")).to_have_attribute("data-stars", "3")
        expect(_level_button(course, "y7-up")).to_contain_text(STAR3)
        expect(course.locator(".spit-course-continue")).to_have_attribute("data-level",
                                                                           "y7-race")

        page.locator("#spit-forget").click()  # the page reloads, the stars gone
        course = _course(page)
        expect(_level_button(course, "y7-up")).to_have_attribute("data-stars", "0")
        expect(course.locator(".spit-course-continue")).to_have_attribute("data-level", "y7-up")
        page.reload()  # and gone from the browser's storage, not only from the page
        course = _course(page)
        expect(_level_button(course, "y7-up")).to_have_attribute("data-stars", "0")
        expect(_level_button(course, "y7-up")).not_to_contain_text(STAR3)


def test_a_timed_level_failed_by_waiting_then_retried_and_solved(
        browser: Browser, served: str) -> None:
    with offline_page(browser, served) as page:
        page.goto(served + "course.html")
        course = _course(page)
        _level_button(course, "y7-race").click()
        result = course.locator(".spit-course-result")
        expect(result).to_have_attribute("data-kind", "failed", timeout=30_000)  # 6 s, waited
        expect(result.locator(".spit-course-result-text")).to_have_text(
            "The computer got there first.")
        result.locator('[data-course="retry"]').click()
        expect(result).to_be_hidden()
        expect(course.locator(".spit-centre").first).to_have_attribute("data-top", "QC")
        _play(course, "JS")
        _expect_solved(course)
