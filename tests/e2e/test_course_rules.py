"""The course's refusals, rules and choices in a real browser, as a learner
meets them in JupyterLab at 1280x720 with the file browser open (issue 39,
items 14, 17, 19, 20):

- a card that fits neither pile is refused by the card itself, naming both
  piles, and the refusal stays in the move log;
- the rule a refusal, a hint or the map names can be read right there (the
  catalogue's own text);
- a card that fits both centre piles is picked up and the learner chooses the
  pile, by keys and by clicks;
- the map shows what each level teaches and folds the puzzles.

Expected sentences come from ``spit_widget.learn`` in this process (the code
the kernel runs); everything is read from the page.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from spit_e2e import MakeNotebook, centre, expect, has_class
from test_course import (
    card_button,
    expect_goal,
    expect_solved,
    measure_parts,
    open_course,
)
from test_layout import assert_fits, open_file_browser

from spit_widget import learn
from tools.harness import Lab

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = pytest.mark.e2e

RULE_CARD = ".spit-course-rule"


def open_level(page: Page, lab: Lab, notebook: MakeNotebook, name: str,
               level: Any) -> Locator:
    """The course at 1280x720 with the file browser open, on ``level`` (opened from the map)."""
    page.set_viewport_size({"width": 1280, "height": 720})
    _nb, course = open_course(page, lab, notebook, name)
    open_file_browser(page)
    course.locator(f'.spit-course-level[data-level="{level.id}"]').click()
    expect_goal(course, level)
    return course


def box(locator: Locator) -> dict[str, float]:
    found = locator.bounding_box()
    assert found is not None, f"{locator} is not shown"
    return found


def expect_rule_card(course: Locator, rule_id: str) -> Locator:
    """The rule card shows ``rule_id``'s name and the catalogue's text, in view."""
    rule = learn.RULES[rule_id]
    card = course.locator(RULE_CARD)
    expect(card).to_be_visible()
    expect(card).to_have_attribute("data-rule", rule_id)
    expect(card.locator(".spit-course-rule-name")).to_have_text(rule.name)
    expect(card.locator(".spit-course-rule-text")).to_have_text(rule.text)
    visible = course.evaluate(
        "(root) => { const a = root.closest('.jp-WindowedPanel-outer, .jp-Notebook')"
        ".getBoundingClientRect(); return {top: Math.max(a.top, 0), "
        "bottom: Math.min(a.bottom, innerHeight)}; }")
    b = box(card)
    assert visible["top"] - 1 <= b["y"] and b["y"] + b["height"] <= visible["bottom"] + 1, \
        f"the rule card {b} is outside the visible notebook area {visible}"
    return card


def test_a_misfit_is_refused_by_the_card_naming_both_piles_logged_and_its_rule_readable(
        page: Page, lab: Lab, notebook: MakeNotebook) -> None:
    level = learn.level("duel-adjacent-up")
    course = open_level(page, lab, notebook, "rules_refusal.ipynb", level)
    misfit = "3S"  # 3♠ fits neither the 7♣ nor the Q♦
    expected = level.attempt(level.game(), ("play", 0, misfit, 0))
    assert not expected.ok and expected.rule == "adjacency"
    card_button(course, misfit).click()

    # By the card: the callout names both piles and points at the refused card.
    callout = course.locator(".spit-callout")
    expect(callout).to_be_visible()
    expect(callout.locator(".spit-callout-text")).to_have_text(expected.sentence)
    expect(callout).to_contain_text("the left pile needs 6 or 8")
    expect(callout).to_contain_text("the right pile needs J or K")
    refused = card_button(course, misfit)
    expect(refused).to_have_class(has_class("spit-refused-held"))
    c, r = box(callout), box(refused)
    assert c["y"] + c["height"] <= r["y"] + 2, f"the callout {c} is not over the card {r}"
    assert r["y"] - (c["y"] + c["height"]) < 40, f"the callout {c} is far from the card {r}"
    assert c["x"] <= r["x"] + r["width"] / 2 <= c["x"] + c["width"], "the callout is elsewhere"
    parts = {"callout": ".spit-callout", "card": f'.spit-slotbtn[data-card="{misfit}"]'}
    assert_fits(measure_parts(course, parts), "the refusal at 1280x720")

    # In the move log, where a learner reads back what happened.
    logged = course.locator('.spit-log li[data-kind="refused"]')
    expect(logged).to_have_count(1)
    expect(logged).to_have_text(expected.sentence)

    # The rule's name is a link to the rule itself; Escape puts the keyboard back on it.
    link = callout.locator(".spit-rule-link")
    expect(link).to_have_text("Read the rule: Adjacency")
    link.click()
    card = expect_rule_card(course, "adjacency")
    expect(card.locator(".spit-course-rule-level").first).to_have_text(level.title)
    page.keyboard.press("Escape")
    expect(card).to_be_hidden()
    expect(link).to_be_focused()

    # The level goes on; the refusal keeps its place in the log before the move.
    card_button(course, "8H").click()
    expect_solved(course)
    lines = course.locator(".spit-log li")
    expect(lines.last).to_have_text("You play 8♥ on the left pile.")
    assert lines.all_text_contents()[-2:] == [expected.sentence, "You play 8♥ on the left pile."]


def test_a_hint_names_its_rule_and_the_rule_can_be_read(
        page: Page, lab: Lab, notebook: MakeNotebook) -> None:
    level = learn.level("duel-wrap-ace")
    course = open_level(page, lab, notebook, "rules_hint.ipynb", level)
    assert level.hint is not None and level.hint.card
    course.locator('.spit-course-bar [data-course="hint"]').click()
    callout = course.locator(".spit-callout")
    expect(callout).to_have_attribute("data-kind", "hint")
    expect(callout.locator(".spit-callout-text")).to_have_text(level.hint.sentence)
    link = callout.locator(".spit-rule-link")
    expect(link).to_have_text(f"Read the rule: {learn.RULES[level.rules[0]].name}")
    link.click()
    expect_rule_card(course, level.rules[0])
    course.locator(f"{RULE_CARD} .spit-course-rule-close").click()
    expect(course.locator(RULE_CARD)).to_be_hidden()


def test_the_map_names_each_level_and_its_rules_and_folds_the_puzzles(
        page: Page, lab: Lab, notebook: MakeNotebook) -> None:
    page.set_viewport_size({"width": 1280, "height": 720})
    _nb, course = open_course(page, lab, notebook, "rules_map.ipynb")
    open_file_browser(page)
    for level in learn.course():  # every course level shows its short name
        tile = course.locator(f'.spit-course-level[data-level="{level.id}"]')
        expect(tile.locator(".spit-course-level-name")).to_have_text(level.title)
    # Empty stars read on white: at least 3:1 against the button (WCAG's for graphics).
    ratio = course.locator(".spit-course-level .spit-course-star-not").first.evaluate(CONTRAST_JS)
    assert ratio >= 3, f"an empty star's contrast is {ratio:.2f}:1"
    # The puzzles are folded: the map shows the course's levels, and the puzzles on request.
    shown = course.locator(".spit-course-level:visible")
    expect(shown).to_have_count(len(learn.course()))
    fold = course.locator('.spit-course-fold[data-section="puzzles-duel"]')
    expect(fold.locator("summary")).to_contain_text(f"{len(learn.puzzles('duel'))} puzzles")
    fold.locator("summary").click()
    expect(shown).to_have_count(len(learn.course()) + len(learn.puzzles("duel")))
    expect(fold.locator(".spit-course-group-title").first).to_have_text("Longest run")
    fold.locator("summary").click()
    # A stage's rules, each readable where it is named.
    stage = course.locator('.spit-course-section[data-section="duel-general"]')
    stage.locator('.spit-rule-link[data-rule="either-pile"]').click()
    card = expect_rule_card(course, "either-pile")
    card.locator('[data-level="duel-choose-pile"]').click()  # and on to a level that teaches it
    expect_goal(course, learn.level("duel-choose-pile"))


CONTRAST_JS = """(el) => {
  const parts = (c) => { const v = c.match(/[\\d.]+/g).map(Number);
    return [v.slice(0, 3), v.length > 3 ? v[3] : 1]; };
  const lum = (rgb) => { const [r, g, b] = rgb.map((v) => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  let bg = el, back = 'rgba(0, 0, 0, 0)';
  while (bg && parts(back = getComputedStyle(bg).backgroundColor)[1] === 0) bg = bg.parentElement;
  const [under] = parts(back);
  const [fg, alpha] = parts(getComputedStyle(el).color);
  // a translucent colour as seen over its background
  const seen = fg.map((v, i) => v * alpha + under[i] * (1 - alpha));
  const [a, b] = [lum(seen), lum(under)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}"""


def test_a_card_that_fits_both_piles_waits_for_the_learner_to_choose(
        page: Page, lab: Lab, notebook: MakeNotebook) -> None:
    """duel-choose-pile by keys: Enter at once plays on the pile offered first
    (the left) and fails, saying why; Retry; then → and Enter, the right pile.
    Then again by clicks: the card, then the right pile."""
    level = learn.level("duel-choose-pile")
    course = open_level(page, lab, notebook, "rules_choose.ipynb", level)
    seven = card_button(course, "7H")
    expect(seven).to_have_class(has_class("spit-fits-both"))
    course.locator(".spit-course-table .spit-root").focus()

    page.keyboard.press("1")  # 7♥ is on pile 1: picked up, not played
    expect(seven).to_have_class(has_class("spit-selected"))
    expect(course.locator(".spit-prompt")).to_have_text(
        "7♥ fits both piles: click one, or ←/→ then Enter.")
    expect(centre(course, 0)).to_have_class(has_class("spit-chosen"))
    page.keyboard.press("Enter")
    result = course.locator(".spit-course-result")
    expect(result).to_have_attribute("data-kind", "failed", timeout=20_000)
    failure = level.attempt(level.game(), ("play", 0, "7H", 0)).failed
    expect(result.locator(".spit-course-result-text")).to_have_text(str(failure))
    result.locator('[data-course="retry"]').click()
    expect(result).to_be_hidden()

    page.keyboard.press("1")
    page.keyboard.press("ArrowRight")
    expect(centre(course, 1)).to_have_class(has_class("spit-chosen"))
    page.keyboard.press("Enter")
    expect(centre(course, 1)).to_have_attribute("data-top", "7H")
    card_button(course, "5C").click()  # uncovered; it fits the left pile only: one click
    expect_solved(course)

    course.locator('.spit-course-result [data-course="retry"]').click()
    expect(result).to_be_hidden()
    seven.click()
    expect(seven).to_have_class(has_class("spit-selected"))
    centre(course, 1).click()
    expect(centre(course, 1)).to_have_attribute("data-top", "7H")
    card_button(course, "5C").click()
    expect_solved(course)
