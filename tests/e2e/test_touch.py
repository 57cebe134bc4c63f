"""Tap, drag and drop, the round interlude and reduced motion, in a real browser.

A tap on a touch screen and a drag with the mouse both land a card: the page
and the kernel agree afterwards. A drop on a pile the card does not fit brings
it home with the kernel's reason. After a classic round ends the page shows how
for about 2.5 s, and the computer waits it out too.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
from spit_e2e import (
    FITS_BOTH_OR_NEITHER,
    MakeNotebook,
    Notebook,
    assert_table_matches,
    centre,
    close_page,
    expect,
    has_class,
    new_page,
    your_card,
)

from tools.harness import Lab

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

pytestmark = pytest.mark.e2e

# Nobody can play and no spit card is left: End Round deals round 2. The
# computer is quick (brisk), so a computer that did not wait out the interlude
# would play at once.
BLOCKED = """rest = others(["2C", "2D", "6S", "JD"], n=48)
w = SpitWidget(ai="greedy", pace="brisk", variant="classic", game=position(
    "classic", you=[[*rest[:24], "2C"]], computer=[[*rest[24:], "2D"]], centre=["6S", "JD"]))
w"""


@pytest.fixture
def touch_page(browser: Browser, lab: Lab, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A tablet: JupyterLab at 1024x768 on a touch screen."""
    ctx = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True,
                              is_mobile=False)
    page, errors = new_page(ctx)
    yield page
    failed = getattr(request.node, "rep_call", None)
    try:
        close_page(page, errors, request.node.name, failed is None or failed.failed)
    finally:
        ctx.close()
        lab.shutdown_kernels()


def drag(page: Page, card: Locator, target: Locator) -> None:
    """Press on ``card``, move in steps to the middle of ``target``, let go."""
    card.evaluate("(e) => e.closest('.spit-root').scrollIntoView({block: 'start'})")
    a = card.bounding_box()
    b = target.bounding_box()
    assert a and b
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=8)
    page.mouse.up()


def test_a_tap_plays_a_card(touch_page: Page, lab: Lab, notebook: MakeNotebook) -> None:
    notebook("tap.ipynb", [FITS_BOTH_OR_NEITHER], "w=w")
    nb = Notebook(touch_page, lab, "tap.ipynb", 3).open()
    nb.run_all(views=1)
    view = nb.view()
    # 7H fits both piles: a tap picks it up, a tap on the right pile plays it there.
    your_card(view, 0).tap()
    expect(your_card(view, 0)).to_have_class(has_class("spit-selected"))
    centre(view, 1).tap()
    expect(centre(view, 1)).to_have_attribute("data-top", "7H")
    expect(your_card(view, 0)).to_have_attribute("data-card", "3D")
    game = nb.probe()["w"]["game"]
    assert game["centre"] == [["6S"], ["8D", "7H"]]
    assert_table_matches(nb.table(), game)


def test_drag_and_drop_lands_or_comes_home_with_the_reason(
        page: Page, lab: Lab, notebook: MakeNotebook) -> None:
    notebook("drag.ipynb", [FITS_BOTH_OR_NEITHER], "w=w")
    nb = Notebook(page, lab, "drag.ipynb", 3).open()
    nb.run_all(views=1)
    view = nb.view()
    message = view.locator(".spit-message")

    # 2C onto the left pile: it does not fit; home it comes, with the reason.
    drag(page, your_card(view, 1), centre(view, 0))
    expect(message).to_have_attribute("data-kind", "refused")
    expect(message).to_contain_text("doesn't fit")
    expect(your_card(view, 1)).to_have_attribute("data-card", "2C")
    expect(your_card(view, 1)).not_to_have_class(has_class("spit-in-flight"))
    expect(your_card(view, 1)).not_to_have_class(has_class("spit-dragging"))

    # 7H fits both: dropped on the left pile, it lands there in one gesture.
    drag(page, your_card(view, 0), centre(view, 0))
    expect(centre(view, 0)).to_have_attribute("data-top", "7H")
    expect(centre(view, 1)).to_have_attribute("data-top", "8D")
    expect(message).to_be_hidden()  # the refusal was about a table that has changed
    game = nb.probe()["w"]["game"]
    assert game["centre"] == [["6S", "7H"], ["8D"]]
    assert_table_matches(nb.table(), game)


# Installed before the round ends: one row per batch of changes (the page's own
# clock, whether the interlude shows, the piles the computer could change). The
# page's clock, not the test's: under load a round trip to the test can take a
# second, and the window watched must be the one the player sees.
WATCH_THE_INTERLUDE = """(root) => {
  const rows = window.__interludeRows = [];
  const interlude = root.querySelector('.spit-interlude');
  const watched = [...root.querySelectorAll(
    '.spit-centre, .spit-stock[data-player="1"], .spit-spitpile[data-player="1"]')];
  const piles = () => watched.map((e) => `${e.dataset.top}/${e.dataset.count}`).join(' ');
  const row = () => rows.push({t: performance.now(), shows: !interlude.hidden, piles: piles(),
    title: interlude.querySelector('.spit-interlude-title')?.textContent ?? '',
    text: interlude.textContent});
  new MutationObserver(row).observe(root, {subtree: true, attributes: true,
    attributeFilter: ['hidden', 'data-top', 'data-count']});
  row();
}"""


SHOWN_THEN_HIDDEN = """() => {
  const rows = window.__interludeRows;
  const shown = rows.findIndex((r) => r.shows);
  return shown >= 0 && rows.slice(shown).some((r) => !r.shows);
}"""


def test_round_interlude_shows_for_about_2_5_s_and_the_computer_waits(
        page: Page, lab: Lab, notebook: MakeNotebook) -> None:
    # Paused from the cell: the brisk computer ends a blocked round itself within a
    # second, and on a loaded machine the page's first state can come later than that.
    notebook("interlude.ipynb", [BLOCKED.removesuffix("\nw") + "\nw.pause()\nw"], "w=w")
    nb = Notebook(page, lab, "interlude.ipynb", 3).open()
    nb.run_all(views=1)
    view = nb.view()
    interlude = view.locator(".spit-interlude")
    expect(view.locator(".spit-btn-spit")).to_have_text("End Round", timeout=15_000)
    expect(view).to_have_attribute("data-paused", "true")
    view.evaluate(WATCH_THE_INTERLUDE)
    # Resumed, the computer presses End Round (nobody can play, no spit card is left).
    view.locator(".spit-btn-pause").click()
    # The page's own record, not a poll: on a loaded machine the whole interlude
    # can come and go between two polls of a locator.
    page.wait_for_function(SHOWN_THEN_HIDDEN, timeout=10_000)
    rows: list[dict[str, Any]] = page.evaluate("window.__interludeRows")
    shown = next(i for i, r in enumerate(rows) if r["shows"])
    hidden = next(i for i in range(shown, len(rows)) if not rows[i]["shows"])
    assert rows[shown]["title"] == "Round 2", rows[shown]["title"]
    assert "You:" in rows[shown]["text"], rows[shown]["text"]
    expect(interlude).to_be_hidden()
    # It showed for about 2.5 s of the page's time...
    lasted = (rows[hidden]["t"] - rows[shown]["t"]) / 1000
    assert 2.0 <= lasted <= 3.5, f"the interlude lasted {lasted:.2f} s"
    # ...and the computer played nothing while it did (the new deal came with it).
    during = {r["piles"] for r in rows[shown:hidden + 1]}
    assert during == {rows[shown]["piles"]}, (rows[shown]["piles"], during)
    view.locator(".spit-btn-pause").click()  # hold the computer still to compare
    expect(view).to_have_attribute("data-paused", "true")
    game = nb.probe()["w"]["game"]
    assert game["round"] == 2
    assert_table_matches(nb.table(), game)


def test_a_click_ends_the_interlude_early(page: Page, lab: Lab,
                                         notebook: MakeNotebook) -> None:
    notebook("interlude_click.ipynb", [BLOCKED.replace('"greedy"', "None")], "w=w")
    nb = Notebook(page, lab, "interlude_click.ipynb", 3).open()
    nb.run_all(views=1)
    view = nb.view()
    view.locator(".spit-btn-spit").click()
    interlude = view.locator(".spit-interlude")
    expect(interlude).to_be_visible()
    interlude.click()
    expect(interlude).to_be_hidden(timeout=1_000)


# The computer holds a run (2S, 3S, ... KH): it always has a card to play.
RUN_FOR_THE_COMPUTER = """w = SpitWidget(ai="greedy", pace="fast", game=position(
    "duel",
    you=[["2D", "9C"], ["KC"], ["4D", "JC"]],
    computer=[list(reversed(DECK[1:26]))],
    centre=[["AS"], ["7D"]],
    you_spit=["5C"], computer_spit=["6C"]))
w"""


def test_reduced_motion_fades_instead_of_flying(browser: Browser, lab: Lab,
                                                notebook: MakeNotebook) -> None:
    notebook("reduced.ipynb", [RUN_FOR_THE_COMPUTER], "w=w")
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000}, reduced_motion="reduce")
    page, errors = new_page(ctx)
    try:
        nb = Notebook(page, lab, "reduced.ipynb", 3).open()
        nb.run_all(views=1)
        view = nb.view()
        seen = view.evaluate("""(root) => new Promise((done) => {
          let flew = false;
          const mo = new MutationObserver(() => {
            if (root.querySelector('.spit-flying')) flew = true;
            const face = root.querySelector('.spit-centre-card.spit-landed');
            if (face) { mo.disconnect();
              done({flew, animation: getComputedStyle(face).animationName}); }
          });
          mo.observe(root, {subtree: true, childList: true, attributes: true});
          setTimeout(() => { mo.disconnect(); done({flew, animation: 'no card landed'}); }, 15000);
        })""")
        assert seen == {"flew": False, "animation": "spit-fade"}, seen
    finally:
        ctx.close()
        lab.shutdown_kernels()
    assert not errors, errors
