"""The end-of-game review in a real browser: a table plays a game with waits in
it, then the player opens **Review**, picks a missed moment, fails it and
solves it, by keys as much as by clicks, at 1280x720 with the file browser open.

The game is driven from the kernel, not slept through: the notebook plays a
seeded timed game (the project's human model, a little slower than the median
person, against the computer) through the table's own match on a controlled
clock, so the table finishes a game whose waits are the record's, at once.
The expected moments, plays and sentences come from ``spit_widget.review`` in
this process (the same code the kernel runs), read from the same record.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import pytest
from spit_e2e import MakeNotebook, Notebook, expect, has_class
from test_layout import (
    MEASURE_JS,
    assert_fits,
    open_file_browser,
    save_doc_picture,
    scroll_to_top_of,
)

from spit_widget import review
from spit_widget.computer.human import HumanModel
from spit_widget.computer.pace import pace
from spit_widget.computer.timed import timed_record
from spit_widget.engine import cards as C
from spit_widget.widget import voice as V
from tools.harness import Lab

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = pytest.mark.e2e

SEED = 5
"""A duel of 34 actions: five moments, three of them a card that waited."""

TABLE = f"""import os
os.environ["SPIT_WIDGET_HOME"] = {{home!r}}  # this test's own stats
from spit_widget.computer.human import HumanModel
from spit_widget.computer.pace import pace
from spit_widget.computer.timed import timed_record

# A game with waits in it, played through the table on the record's own clock.
record = timed_record("duel", pace("duel", "normal"), {SEED}, human=HumanModel(speed=1.5))
w = SpitWidget("duel", opponent=None, seed=record["seed"])
now = [0.0]
w.match._clock = lambda: now[0]
w.match._dealt_at = 0.0
for action, t in zip(record["actions"], record["times"]):
    now[0] = t
    w.match.act(action)
w.publish()
w"""

REVIEW_PARTS = {"timeline": ".spit-review-line", "buttons": ".spit-review-buttons",
                "sentence": ".spit-review-said", "computer's row": '.spit-stocks[data-player="1"]',
                "centre": ".spit-middle", "your row": '.spit-stocks[data-player="0"]',
                "Stuck": ".spit-btn-stuck"}
"""What the player must see at once while reviewing, by selector."""


def the_record() -> dict[str, Any]:
    return timed_record("duel", pace("duel", "normal"), SEED, human=HumanModel(speed=1.5))


def lit_cards(view: Locator) -> list[str]:
    found: list[str] = view.locator(".spit-slotbtn.spit-review-lit").evaluate_all(
        "(cards) => cards.map((c) => c.dataset.card).sort()")
    return found


def slot_of(view: Locator, card: str) -> int:
    slot: int = view.locator('.spit-stock[data-player="0"]').evaluate_all(
        "(piles, card) => piles.findIndex((p) => p.querySelector('[data-card]')"
        "?.dataset.card === card)", card)
    assert slot >= 0, card
    return slot


def play_by_keys(page: Page, view: Locator, card: str, centre: int) -> None:
    """A card played by keys alone: its pile's digit, then the arrows and Enter
    when it fits both centre piles."""
    both = "spit-fits-both" in (view.locator(f'.spit-slotbtn[data-card="{card}"]')
                                .get_attribute("class") or "")
    page.keyboard.press(str(slot_of(view, card) + 1))
    if not both:
        return
    for _ in range(3):
        if view.locator(f'.spit-centre.spit-chosen[data-centre="{centre}"]').count():
            break
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")


def test_a_game_reviewed_a_moment_failed_then_solved(page: Page, lab: Lab,
                                                     notebook: MakeNotebook) -> None:
    record = the_record()
    moments = review.of(record).moments
    assert len(moments) == 5, [(m.t, m.kind) for m in moments]
    n, moment = next((i, m) for i, m in enumerate(moments) if m.kind == "missed" and any(
        p and p[-1] not in {c for c, _ in m.plays} for p in m.game().stock[0]))
    wrong = next(p[-1] for p in moment.game().stock[0]
                 if p and p[-1] not in {c for c, _ in moment.plays})
    card, centre = moment.plays[0]

    page.set_viewport_size({"width": 1280, "height": 720})
    notebook("review.ipynb", [TABLE.format(home=str(lab.root.parent / "home-review"))], "w=w")
    nb = Notebook(page, lab, "review.ipynb", 3).open()
    open_file_browser(page)
    nb.run_all(views=1)
    view = nb.view()

    # The game is over: the end dialog offers Review; V opens it.
    dialog = view.locator(".spit-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator(".spit-dialog-review")).to_be_visible()
    view.focus()
    page.keyboard.press("v")
    strip = view.locator(".spit-review")
    expect(strip).to_be_visible()
    expect(dialog).to_be_hidden()
    marks = strip.locator(".spit-review-mark")
    expect(marks).to_have_count(len(moments))
    # Each mark says its number ("Moment 2 of 5" counts them so); a legend names the colours,
    # and the summary gives the one count, named.
    assert marks.all_inner_texts() == [str(i + 1) for i in range(len(moments))]
    legend = strip.locator(".spit-review-legend .spit-review-key")
    expect(legend).to_have_text([V.REVIEW_LEGEND[k] for k in V.REVIEW_LEGEND
                                 if any(m.kind == k for m in moments)])
    expect(strip.locator(".spit-review-summary")).to_contain_text(
        f"{len(moments)} moments to review")
    said = view.locator(".spit-review-said")
    expect(said).to_have_attribute("aria-live", "polite")
    expect(said).to_contain_text(moments[0].why[0])
    expect(marks.first).to_be_focused()  # the keyboard is on the timeline
    expect(marks.first).to_have_attribute("aria-pressed", "true")

    # The arrows choose along the timeline; a click chooses too.
    page.keyboard.press("ArrowRight")
    expect(marks.nth(1)).to_have_attribute("aria-pressed", "true")
    expect(said).to_contain_text(f"Moment 2 of {len(moments)}")
    expect(view.locator(".spit-btn-stuck.spit-review-lit")).to_have_count(
        1 if moments[1].kind == "late_stuck" else 0)
    marks.nth(n).click()
    expect(marks.nth(n)).to_have_attribute("aria-pressed", "true")
    expect(said).to_contain_text(moment.why[0])
    expect(view.locator(".spit-status")).to_have_text(
        V.review_caption(n + 1, len(moments), moment.t))
    expect(view.locator(".spit-slotbtn.spit-review-lit")).to_have_count(len(moment.plays))
    assert lit_cards(view) == sorted(c for c, _ in moment.plays)
    expect(view.locator(f'.spit-centre[data-centre="{centre}"]')).to_have_class(
        has_class("spit-review-target"))
    scroll_to_top_of(view)
    measured = view.evaluate(MEASURE_JS, REVIEW_PARTS)
    assert_fits(measured, "the review at 1280x720, file browser open")
    save_doc_picture(page, "review-1280x720", view)

    # A lit card clicked on a shown moment is refused with the way to play it ...
    message, callout = view.locator(".spit-message"), view.locator(".spit-callout")
    view.locator(f'.spit-slotbtn[data-card="{card}"]').click()
    expect(message).to_contain_text("press Try it (T)")
    view.focus()

    # Try it (T): the moment as a level; a card that does not fit fails it, with the answer.
    page.keyboard.press("t")
    expect(said).to_contain_text(f"Try it, moment {n + 1}")
    expect(view).to_be_focused()
    # ... and once T is pressed the instruction is gone from the message line and the callout
    expect(message).to_be_hidden()
    expect(callout).to_be_hidden()
    expect(view.locator(".spit-slotbtn.spit-review-lit")).to_have_count(0)
    # nothing gives the answer away: no card of yours is outlined as playable
    expect(view.locator(".spit-slotbtn.spit-playable")).to_have_count(0)
    page.keyboard.press(str(slot_of(view, wrong) + 1))
    expect(message).to_have_attribute("data-kind", "refused")
    # said where the eye is (by the card) and logged; the message line does not say it again
    expect(callout).to_be_visible()
    expect(message).to_be_hidden()
    expect(view.locator('.spit-log-item[data-kind="refused"]').last).to_contain_text(
        C.label(wrong))
    expect(said).to_contain_text("Not this time:")
    expect(said).to_contain_text(" ".join(moment.why))
    expect(said).to_have_attribute("data-result", "failed")
    assert lit_cards(view) == sorted(c for c, _ in moment.plays)  # the answer, lit
    retry = strip.locator('[data-review="retry"]')
    expect(retry).to_be_focused()
    # The why and "Press Retry (R)" are read whole at 1280x720: the box does not scroll,
    # and it is inside the window.
    expect(said).to_contain_text("Press Retry (R)")
    box = said.evaluate("(b) => ({scroll: b.scrollHeight - b.clientHeight, "
                        "bottom: b.getBoundingClientRect().bottom, win: window.innerHeight})")
    assert box["scroll"] <= 1 and box["bottom"] <= box["win"], box
    # The table agrees with the panel: no move offered, no "Your move"
    more = n + 1 < len(moments)
    expect(view.locator(".spit-status")).to_have_text(V.review_try_over(False, more))
    expect(view.locator(".spit-btn-stuck")).to_be_disabled()
    expect(view.locator(".spit-slotbtn.spit-playable")).to_have_count(0)

    # Retry (R), then the play found by keys: solved.
    page.keyboard.press("r")
    expect(said).to_have_attribute("data-result", "")
    expect(view).to_be_focused()
    play_by_keys(page, view, card, centre)
    expect(said).to_have_attribute("data-result", "solved")
    expect(said).to_contain_text("Found it.")
    pile = view.locator(f'.spit-centre[data-centre="{centre}"]')
    expect(pile).to_have_attribute("data-top", card)
    expect(strip.locator('[data-review="next"]')).to_be_focused()

    # Next moment (N) tries the next one; Play again (G) is back to the table.
    page.keyboard.press("n")
    expect(said).to_contain_text(f"Try it, moment {n + 2}")
    page.keyboard.press("g")
    expect(strip).to_be_hidden()
    expect(view).to_have_attribute("data-status", "playing")
    expect(view.locator(".spit-header")).to_be_visible()
    expect(view.locator(".spit-review-said")).to_be_hidden()
    assert re.search(r"spit-review-lit", view.inner_html()) is None
