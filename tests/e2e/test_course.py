"""The course in a real browser: ``learn.show()`` in JupyterLab, levels done by
clicks and by keys alone, stars on the map, progress across a kernel restart, a
level failed then solved, and the 1280x720 fit.

The levels' solutions come from ``spit_widget.learn`` in this process (the same
code the kernel runs): the test clicks what a learner who knows the answer
would click, and reads the outcome from the page.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import pytest
from spit_e2e import MakeNotebook, Notebook, centre, expect, has_class, play_to_the_end
from test_layout import (
    MEASURE_JS,
    assert_fits,
    open_file_browser,
    save_doc_picture,
    scroll_to_top_of,
)

from spit_widget import learn
from tools.harness import Lab

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = pytest.mark.e2e

COURSE = """import os
os.environ["SPIT_WIDGET_HOME"] = {home!r}  # this test's own progress and stats
from spit_widget import learn
w = learn.show()
w"""
STAR3 = "\u2605\u2605\u2605"
LEVEL_PARTS = {"goal": ".spit-course-goal", "Hint": '.spit-course-bar [data-course="hint"]',
               "computer's row": '.spit-stocks[data-player="1"]', "centre": ".spit-middle",
               "your row": '.spit-stocks[data-player="0"]', "Stuck": ".spit-btn-stuck"}
"""What a learner must see at once on a level, by selector."""


def course_cell(lab: Lab, name: str) -> str:
    """The course, with the progress in a folder of the notebook's own (kept
    across kernel restarts, apart from every other test's)."""
    return COURSE.format(home=str(lab.root.parent / f"home-{name}"))


def open_course(page: Page, lab: Lab, notebook: MakeNotebook,
                name: str) -> tuple[Notebook, Locator]:
    notebook(name, [course_cell(lab, name)], "w=w")
    nb = Notebook(page, lab, name, 3).open()
    nb.run_all(views=1)
    course = page.locator(".spit-course")
    expect(course).to_have_attribute("data-screen", "map")
    return nb, course


def learners_moves(level: Any) -> list[tuple[Any, ...]]:
    return [a for a in level.solution if a[0] == "spit" or a[1] == 0]


def card_button(course: Locator, card: str) -> Locator:
    return course.locator(f'.spit-stock[data-player="0"] .spit-slotbtn[data-card="{card}"]')


def click_move(course: Locator, action: tuple[Any, ...]) -> None:
    """One learner's move, clicked as a person clicks it."""
    kind = action[0]
    if kind == "play":
        card = card_button(course, action[2])
        # Only once the page offers it, as a person waits for it: the action before may
        # still be in flight (a Stuck and the spit it brings: clicked before the spit was
        # drawn, 8D went for the pile that showed K, in a loaded run).
        expect(card).to_have_class(re.compile(r"\bspit-playable\b"), timeout=20_000)
        both = "spit-fits-both" in (card.get_attribute("class") or "")
        card.click()
        if both:  # picked up: now the pile
            centre(course, action[3]).click()
    elif kind == "declare_stuck":
        course.locator(".spit-btn-stuck").click()
    elif kind == "spit":
        course.locator(".spit-btn-spit").click()
    elif kind == "move_to_empty":  # the empty pile, then the card to move into it
        course.locator(f'.spit-stock[data-player="0"][data-slot="{action[3]}"] .spit-slotbtn'
                       ).click()
        card_button(course, action[2]).click()
    elif kind == "slap":  # only once the page offers it: the play before may still be in flight
        pile = centre(course, action[2])
        expect(pile).to_have_class(re.compile(r"\bspit-slappable\b"), timeout=20_000)
        pile.click()
    else:
        raise AssertionError(f"no click written for {action}")


def key_move(page: Page, course: Locator, action: tuple[Any, ...]) -> None:
    """One learner's move by keys alone: the pile's digit, then arrows and Enter
    when the card fits both centre piles."""
    kind = action[0]
    if kind == "declare_stuck":
        page.keyboard.press(" ")
        return
    assert kind == "play", action
    slot = course.locator('.spit-stock[data-player="0"]').evaluate_all(
        "(piles, card) => piles.findIndex((p) => p.querySelector('[data-card]')"
        "?.dataset.card === card)", action[2])
    assert slot >= 0, action
    both = "spit-fits-both" in (card_button(course, action[2]).get_attribute("class") or "")
    page.keyboard.press(str(slot + 1))
    if not both:
        return
    for _ in range(3):
        if course.locator(f'.spit-centre.spit-chosen[data-centre="{action[3]}"]').count():
            break
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")


def expect_goal(course: Locator, level: Any) -> None:
    """The level is on the table: its goal shows (a loaded machine's kernel may
    take seconds to answer a click, so this waits longer than expect's 5 s)."""
    expect(course.locator(".spit-course-goal")).to_have_text(f"Goal: {level.goal}",
                                                              timeout=20_000)


def expect_solved(course: Locator, stars: str = STAR3) -> None:
    result = course.locator(".spit-course-result")
    # visible first: a hidden panel keeps the last level's data-kind
    expect(result).to_be_visible(timeout=20_000)
    expect(result).to_have_attribute("data-kind", "solved")
    expect(result.locator(".spit-course-stars")).to_have_text(stars)


def test_first_three_levels_by_clicks(page: Page, lab: Lab, notebook: MakeNotebook) -> None:
    _nb, course = open_course(page, lab, notebook, "course_clicks.ipynb")
    levels = learn.course()[:3]
    course.locator(".spit-course-continue").click()
    for i, level in enumerate(levels):
        expect(course).to_have_attribute("data-screen", "level")
        expect_goal(course, level)
        expect(course.locator(".spit-course-live")).to_contain_text(level.goal)
        for action in learners_moves(level):
            click_move(course, action)
        expect_solved(course)
        expect(course.locator(".spit-course-live")).to_contain_text(level.why)
        if i < len(levels) - 1:
            course.locator('.spit-course-result [data-course="next"]').click()
    course.locator('.spit-course-bar [data-course="map"]').click()
    expect(course).to_have_attribute("data-screen", "map")
    for level in levels:
        button = course.locator(f'.spit-course-level[data-level="{level.id}"]')
        expect(button).to_have_attribute("data-stars", "3")
        expect(button).to_contain_text(STAR3)
    expect(course.locator(".spit-course-continue")).to_have_attribute(
        "data-level", learn.course()[3].id)


def test_every_classic_level_by_clicks(page: Page, lab: Lab, notebook: MakeNotebook) -> None:
    """Classic's own moves on the course table: into an empty slot, Spit!, the
    slap after going out, a computer that takes turns."""
    classic = [lv for lv in learn.course() if lv.variant == "classic"]
    _nb, course = open_course(page, lab, notebook, "course_classic.ipynb")
    course.locator(f'.spit-course-level[data-level="{classic[0].id}"]').click()
    for level in classic:
        expect_goal(course, level)
        for action in level.solution:
            if action[0] != "spit" and action[1] == 1:  # the computer's: wait to see it land
                expect(centre(course, action[3])).to_have_attribute("data-top", action[2])
            else:
                click_move(course, action)
        expect_solved(course)
        course.locator('.spit-course-result [data-course="next"]').click()
    expect(course).to_have_attribute("data-screen", "game")  # classic's whole game next
    expect(course.locator(".spit-course-where")).to_have_text(
        "A whole classic game \u00b7 computer at Relaxed")


def test_the_daily_deal_played_out_offers_its_share_line(
        page: Page, lab: Lab, notebook: MakeNotebook) -> None:
    today = learn.daily()
    nb, course = open_course(page, lab, notebook, "course_daily.ipynb")
    course.locator(".spit-course-continue").focus()
    page.keyboard.press("d")
    expect(course).to_have_attribute("data-screen", "daily")
    expect(course.locator(".spit-course-where")).to_have_text(f"Daily deal \u00b7 {today.day}")
    expect(course.locator(".spit-course-live")).to_contain_text(today.day)
    expect(course.locator(".spit-course-pause")).to_be_visible()
    play_to_the_end(nb, budget=600)
    result = course.locator(".spit-course-result")
    expect(result).to_have_attribute("data-kind", "daily")
    expect(course.locator(".spit-dialog")).to_be_hidden()  # the course's panel, not the table's
    share = result.locator(".spit-course-share")
    expect(share).to_have_value(re.compile(rf"^Spit daily {today.day}: (won|lost) "))
    kernel = nb.probe()["w"]
    assert kernel["stats"]["games"] == 0  # the day's result is kept apart from the games


def test_first_three_levels_by_keys_alone(page: Page, lab: Lab,
                                          notebook: MakeNotebook) -> None:
    _nb, course = open_course(page, lab, notebook, "course_keys.ipynb")
    start = course.locator(".spit-course-continue")
    start.focus()  # where Tab from the notebook lands first
    page.keyboard.press("Enter")
    for i, level in enumerate(learn.course()[:3]):
        expect_goal(course, level)
        expect(course.locator(".spit-course-table .spit-root")).to_be_focused()
        if i == 1:  # Hint by key: the level's card lights up, and is announced
            page.keyboard.press("h")
            assert level.hint is not None and level.hint.card
            expect(card_button(course, level.hint.card)).to_have_class(has_class("spit-hinted"))
            expect(course.locator(".spit-live")).to_contain_text(level.hint.sentence)
        for action in learners_moves(level):
            key_move(page, course, action)
        expect_solved(course)
        expect(course.locator('.spit-course-result [data-course="next"]')).to_be_focused()
        page.keyboard.press("n")
    expect(course.locator(".spit-course-goal")).to_have_text(f"Goal: {learn.course()[3].goal}")
    page.keyboard.press("m")
    expect(course).to_have_attribute("data-screen", "map")
    expect(start).to_be_focused()
    expect(start).to_have_text("Continue")


def test_refusal_names_the_rule_then_failed_then_solved(
        page: Page, lab: Lab, notebook: MakeNotebook) -> None:
    """A timed level: a refused card names its rule; waiting lets the scripted
    computer cover the pile (failed, with the reason); Retry, then solved."""
    level = learn.level("duel-no-turns")
    _nb, course = open_course(page, lab, notebook, "course_fail.ipynb")
    course.locator(f'.spit-course-level[data-level="{level.id}"]').click()
    expect_goal(course, level)
    start = level.game()
    playable = {card for card, _ in start.legal_plays(0)}
    wrong = next(pile[-1] for pile in start.stock[0] if pile and pile[-1] not in playable)
    expected = level.attempt(level.game(), ("play", 0, wrong, 0))
    assert not expected.ok
    card_button(course, wrong).click()
    message = course.locator(".spit-message")
    expect(message).to_have_attribute("data-kind", "refused")
    expect(message).to_have_text(expected.sentence)
    result = course.locator(".spit-course-result")
    expect(result).to_have_attribute("data-kind", "failed", timeout=20_000)  # the script's move
    failure = level.failed(_after_script(level))
    expect(result.locator(".spit-course-result-text")).to_have_text(str(failure))
    expect(course.locator(".spit-course-live")).to_contain_text(str(failure))
    result.locator('[data-course="retry"]').click()
    expect(result).to_be_hidden()
    for action in learners_moves(level):
        click_move(course, action)
    expect_solved(course)


def test_a_puzzle_failed_then_solved_at_1280x720(page: Page, lab: Lab,
                                                notebook: MakeNotebook) -> None:
    """The first duel puzzle: a legal but worse first move fails it, with the
    reason; Retry; the best move solves it. The long goal still leaves the
    table in view at 1280x720."""
    puzzle = learn.puzzles("duel")[0]
    best = learners_moves(puzzle)[0]
    wrong = next(a for a in learn.actions.legal_actions(puzzle.game()) if a != best)
    failed = puzzle.game()
    puzzle.attempt(failed, wrong)
    page.set_viewport_size({"width": 1280, "height": 720})
    _nb, course = open_course(page, lab, notebook, "course_puzzle.ipynb")
    section = course.locator('.spit-course-section[data-section="puzzles-duel"]')
    section.locator("summary").click()  # the puzzles are folded under their title
    section.locator(f'.spit-course-level[data-level="{puzzle.id}"]').click()
    expect_goal(course, puzzle)
    assert_fits(measure_parts(course, LEVEL_PARTS), "a puzzle at 1280x720")
    click_move(course, wrong)
    result = course.locator(".spit-course-result")
    expect(result).to_have_attribute("data-kind", "failed")
    expect(result.locator(".spit-course-result-text")).to_have_text(str(puzzle.failed(failed)))
    result.locator('[data-course="retry"]').click()
    expect(result).to_be_hidden()
    click_move(course, best)
    expect_solved(course)
    course.locator('.spit-course-result [data-course="map"]').click()
    expect(section.locator(f'.spit-course-level[data-level="{puzzle.id}"]')).to_have_attribute(
        "data-stars", "3")


def _after_script(level: Any) -> Any:
    """The level's game once every timed move of its script has been made."""
    game = level.game()
    level.play_due(game, 1e9)
    return game


def test_progress_kept_across_a_kernel_restart(page: Page, lab: Lab,
                                               notebook: MakeNotebook) -> None:
    first, second = learn.course()[:2]
    nb, course = open_course(page, lab, notebook, "course_restart.ipynb")
    expect(course.locator(".spit-course-continue")).to_have_text("Start")
    course.locator(".spit-course-continue").click()
    for action in learners_moves(first):
        click_move(course, action)
    expect_solved(course)
    nb.restart_kernel()
    nb.run_all(views=1)
    course = page.locator(".spit-course")
    expect(course).to_have_attribute("data-screen", "map")
    button = course.locator(f'.spit-course-level[data-level="{first.id}"]')
    expect(button).to_have_attribute("data-stars", "3")
    expect(course.locator(".spit-course-continue")).to_have_text("Continue")
    expect(course.locator(".spit-course-continue")).to_have_attribute("data-level", second.id)


def test_course_fits_1280x720_with_the_file_browser_open(
        page: Page, lab: Lab, notebook: MakeNotebook) -> None:
    page.set_viewport_size({"width": 1280, "height": 720})
    _nb, course = open_course(page, lab, notebook, "course_layout.ipynb")
    open_file_browser(page)
    course.locator(".spit-course-continue").click()
    expect(course).to_have_attribute("data-screen", "level")
    m = measure_parts(course, LEVEL_PARTS)
    print(f"\n[course layout] 1280x720: course {m['root']['width']:.0f}x"
          f"{m['root']['height']:.0f}, card {m['card']['width']:.0f}, visible {m['visible']}")
    assert_fits(m, "the course at 1280x720, file browser open")
    save_doc_picture(page, "course-1280x720")  # the course page's pictures (docs/api/learn.md)
    course.locator('.spit-course-bar [data-course="map"]').click()
    expect(course).to_have_attribute("data-screen", "map")
    scroll_to_top_of(course)
    save_doc_picture(page, "course-map-1280x720")


def measure_parts(course: Locator, parts: dict[str, str]) -> dict[str, Any]:
    """test_layout's measure, of the course's own parts."""
    scroll_to_top_of(course)
    result: dict[str, Any] = course.evaluate(MEASURE_JS, parts)
    return result


FROM_GAMES = """import os
os.environ["SPIT_WIDGET_HOME"] = {home!r}  # this test's own progress and stats
from spit_widget import learn
from spit_widget.computer.human import HumanModel
from spit_widget.computer.pace import pace
from spit_widget.computer.timed import timed_record
from spit_widget.stats import StatsStore

store = StatsStore({home!r} + "/games.sqlite3")
for seed in range(3):  # three games with waits in them: the map's "From your games"
    store.keep_record(timed_record("duel", pace("duel", "normal"), seed,
                                   human=HumanModel(speed=1.5)))
w = learn.show(stats=store)
w"""


def test_practise_from_your_games_opens_its_level(page: Page, lab: Lab,
                                                  notebook: MakeNotebook) -> None:
    """The map's "From your games" row carries its rule (its name opens the rule's
    card); its Practise button opens the level that teaches it, not the card."""
    home = str(lab.root.parent / "home-from-games")
    page.set_viewport_size({"width": 1280, "height": 720})
    notebook("from_games.ipynb", [FROM_GAMES.format(home=home)], "w=w")
    nb = Notebook(page, lab, "from_games.ipynb", 3).open()
    nb.run_all(views=1)
    course = page.locator(".spit-course")
    expect(course).to_have_attribute("data-screen", "map")
    row = course.locator(".spit-course-games-row").first
    expect(row).to_be_visible(timeout=20_000)
    practise = row.locator(".spit-course-games-level")
    level = learn.level(str(practise.get_attribute("data-level")))
    card = course.locator(".spit-course-rule")

    # The rule's name reads the rule, in a card wholly inside the course, not cut at its
    # top: with the row at the window's foot there is more room above it in the window,
    # but above it in the course there is only the map's head.
    row.evaluate("(r) => r.scrollIntoView({block: 'end'})")
    row.locator(".spit-course-games-what b").click()
    expect(card).to_be_visible()
    expect(card).to_have_attribute("data-rule", str(row.get_attribute("data-rule")))
    top = card.evaluate("(c) => c.getBoundingClientRect().top - c.closest('.spit-course')"
                        ".getBoundingClientRect().top")
    assert top >= 0, top
    page.keyboard.press("Escape")
    expect(card).to_be_hidden()

    practise.click()
    expect(course).to_have_attribute("data-screen", "level", timeout=20_000)
    expect_goal(course, level)
    expect(card).to_be_hidden()
