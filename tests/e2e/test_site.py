"""The static site, played for real: built from this tree, served on the
loopback by ``python -m http.server``, every other host blocked, opened at
1280x720. The first page (the fast duel: no JupyterLab) deals, a click plays a
card, the computer plays, the pace menu's choice reaches Python, Pause holds;
classic's page deals classic; the prompt page (the REPL) shows the table the
kernel under its prompt holds. Prints the cold start (page open to a dealt
table) and the click to the Python-confirmed card on its pile.

The first build makes the tools environment and fetches Pyodide (cached in
the user cache folder); a build is about 1 to 3 minutes, a fast page's first
start 10 to 20 s on this machine, the prompt page's about twice that.
"""

from __future__ import annotations

import re
import statistics
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from site_tools import COLD_START_S, app_frame, build, kernel_says, offline_page, serve
from spit_e2e import Deadline, PlaywrightTimeoutError, english_in, expect, observe_stillness

from spit_widget.engine.cards import label

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Frame, Locator

pytestmark = [pytest.mark.e2e, pytest.mark.slow,  # builds the site: over two minutes
              pytest.mark.timeout(1500)]

CLICKS = 5  # plays timed from the click to the card confirmed on its pile
# Some deals leave the computer stuck while you play: it plays once a card of yours gives it a
# place. After the timed plays the test plays on, as a person would, for up to this many more.
MORE_TURNS = 10
COMPUTER_PLAYED = re.compile(r"The computer plays .* pile\.")

CONFIRM_JS = """(root) => {
  // From the pointer going down on one of your cards to that card on a centre pile.
  window.spitConfirm = new Promise((resolve) => {
    let start = null, card = null;
    const down = (e) => {
      const b = e.target.closest('.spit-slotbtn');
      if (b && start === null) { start = performance.now(); card = b.dataset.card; }
    };
    const seen = () => [...root.querySelectorAll('.spit-centre')].some(
      (c) => card !== null && c.dataset.top === card);
    const mo = new MutationObserver(() => {
      if (!seen()) return;
      resolve({card, ms: performance.now() - start});
      mo.disconnect();
      root.removeEventListener('pointerdown', down, {capture: true});
    });
    root.addEventListener('pointerdown', down, {capture: true});
    mo.observe(root, {attributes: true, subtree: true, attributeFilter: ['data-top']});
  });
}"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("site"))


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    with serve(site) as address:
        yield address


def _kernel_says(frame: Frame) -> dict[str, object]:
    """The game and the pause, as the kernel behind the table holds them."""
    said = kernel_says(frame, '{"game": table.game.to_dict(), "paused": table.paused}')
    assert isinstance(said, dict)
    return said


def _play_a_card(frame: Frame, view: Locator) -> tuple[str, float]:
    """Click a card that fits (and a pile, if it fits both); press Stuck while
    none fits. Returns the card and the click-to-confirmed time in ms. A click
    the kernel refuses (the computer covered the pile first) is tried again."""
    mine = view.locator('.spit-stock[data-player="0"] .spit-slotbtn.spit-playable')
    deadline = Deadline(120)
    while True:
        deadline.check("no card of yours landed")
        if mine.count():
            frame.evaluate(f"() => ({CONFIRM_JS})(document.querySelector('.spit-root'))")
            card = mine.first
            try:  # the computer may take the pile first: the card stops fitting
                name = card.get_attribute("data-card", timeout=2_000)
                card.click(timeout=2_000)
                if "spit-selected" in (card.get_attribute("class", timeout=2_000) or ""):
                    view.locator(".spit-centre.spit-fits").first.click(timeout=2_000)
            except PlaywrightTimeoutError:
                continue
            landed = frame.evaluate("""() => Promise.race([window.spitConfirm,
                new Promise((r) => setTimeout(() => r(null), 10000))])""")
            if landed is not None:
                assert landed["card"] == name
                return str(name), float(landed["ms"])
            continue  # refused: the table changed under the pointer
        stuck = view.locator(".spit-btn-stuck")
        if stuck.is_enabled() and stuck.is_visible():
            stuck.click(timeout=5_000)
        frame.page.wait_for_timeout(200)  # a person looking again


COMPUTER_NEXT_JS = """() => {
  // The computer's next play from now: a line of the log it adds.
  const log = document.querySelector('.spit-root .spit-log');
  window.spitComputerNext = new Promise((resolve) => {
    const mo = new MutationObserver((changes) => {
      for (const change of changes) for (const li of change.addedNodes) {
        if (li.dataset && li.dataset.player === '1' && li.dataset.kind === 'play') {
          mo.disconnect(); resolve(li.textContent); return;
        }
      }
    });
    mo.observe(log, {childList: true});
  });
}"""


def _computer_plays_again(frame: Frame) -> str:
    """Wait for the computer's next play, playing a card of yours while it has
    none (a stuck computer plays once a card of yours gives it a place)."""
    frame.evaluate(COMPUTER_NEXT_JS)
    for _ in range(MORE_TURNS):
        said = frame.evaluate("""() => Promise.race([window.spitComputerNext,
            new Promise((r) => setTimeout(() => r(null), 8000))])""")
        if said is not None:
            assert COMPUTER_PLAYED.search(said), said
            return str(said)
        _play_a_card(frame, frame.locator(".spit-root"))
    raise AssertionError("the computer never played after the pace changed")


def test_the_first_page_deals_plays_and_pauses_offline_without_jupyterlab(
        browser: Browser, served: str) -> None:
    """``index.html``: Pyodide in a worker and the widget's front end, no JupyterLab;
    clicks go to Python and back, the computer plays, the pace menu's choice is
    Python's, Pause reaches the game."""
    with offline_page(browser, served) as page:
        opened = time.monotonic()
        page.goto(served + "index.html")
        expect(page.locator("nav")).to_contain_text("Play classic")
        expect(page.locator("nav")).to_contain_text("Duel with a Python prompt")
        expect(page.locator("nav")).to_contain_text("The rules, one at a time")
        expect(page.locator("#spit-stats-note")).to_contain_text("in this browser only")
        view = page.locator("#spit-app .spit-root")
        expect(view).to_have_attribute("data-status", "playing", timeout=COLD_START_S * 1000)
        cold = time.monotonic() - opened
        assert page.locator(".jp-LabShell, iframe").count() == 0  # the table in the page itself
        expect(view).to_have_attribute("data-variant", "duel")
        expect(view.locator('.spit-stock[data-player="0"] .spit-slotbtn[data-card]')
               ).to_have_count(5)
        frame = page.main_frame

        played = [_play_a_card(frame, view) for _ in range(CLICKS)]
        log = view.locator(".spit-log")
        for card, _ in played:  # Python's sentence for each click
            expect(log).to_contain_text(re.compile(rf"You play {re.escape(label(card))} on the"))
        for _ in range(MORE_TURNS):
            try:
                expect(log).to_contain_text(COMPUTER_PLAYED, timeout=5_000)
                break
            except AssertionError:  # the computer is stuck: play on
                _play_a_card(frame, view)
        expect(log).to_contain_text(COMPUTER_PLAYED, timeout=30_000)

        pace = view.locator(".spit-pace")  # the pace menu: the computer takes the new pace
        pace.select_option("slow")
        # Every state from Python sets the menu to Python's pace: after the state that
        # confirms a card played since, it still reads slow only if Python took the choice.
        _play_a_card(frame, view)
        expect(pace).to_have_value("slow")
        _computer_plays_again(frame)

        view.locator(".spit-btn-pause").click()
        expect(view).to_have_attribute("data-paused", "true")  # Python's state says so
        assert observe_stillness(page, view, 2.0) == []  # paused in Python: the computer waits
        times = sorted(ms for _, ms in played)
        print(f"\nindex.html: cold start to a dealt table {cold:.1f} s; click to the card "
              f"confirmed on its pile: median {statistics.median(times):.0f} ms of "
              f"{len(times)} ({', '.join(f'{t:.0f}' for t in times)})")


def test_the_classic_page_deals_classic(browser: Browser, served: str) -> None:
    with offline_page(browser, served) as page:
        page.goto(served + "classic.html")
        view = page.locator("#spit-app .spit-root")
        expect(view).to_have_attribute("data-status", "playing", timeout=COLD_START_S * 1000)
        expect(view).to_have_attribute("data-variant", "classic")
        expect(view.locator(".spit-variant")).to_contain_text("Classic")
        # The bar's language menu: the table says everything in German at once, game kept.
        english = view.evaluate("(root) => root.innerText")
        dealt = view.locator(".spit-stock .spit-slotbtn[data-card]").evaluate_all(
            "(cards) => cards.map((c) => c.dataset.card)")
        page.locator("#spit-language").select_option("de")
        expect(page.locator("html")).to_have_attribute("lang", "de")
        page.wait_for_function("(was) => document.querySelector('#spit-app .spit-root')"
                               ".innerText !== was", arg=english)
        assert english_in(view) == []
        assert view.locator(".spit-stock .spit-slotbtn[data-card]").evaluate_all(
            "(cards) => cards.map((c) => c.dataset.card)") == dealt
        expect(page.locator("nav a", has_text="Play duel")).to_have_attribute("href",
                                                                              "index.html")


def test_the_prompt_page_shows_the_table_its_kernel_holds(browser: Browser, served: str) -> None:
    """``prompt.html``: the duel in JupyterLite's REPL, a Python prompt under it that
    reads the very game on the table: a click, the pace and Pause as the kernel holds them."""
    with offline_page(browser, served) as page:
        opened = time.monotonic()
        page.goto(served + "prompt.html")
        expect(page.locator("nav a", has_text="Play duel")).to_have_attribute("href",
                                                                              "index.html")
        view = page.frame_locator("#spit-app").locator(".spit-root")
        expect(view).to_have_attribute("data-status", "playing", timeout=COLD_START_S * 1000)
        cold = time.monotonic() - opened
        frame = app_frame(page)
        card, ms = _play_a_card(frame, frame.locator(".spit-root"))
        expect(view.locator(".spit-log")).to_contain_text(
            re.compile(rf"You play {re.escape(label(card))} on the"))

        pace = view.locator(".spit-pace")
        pace.select_option("slow")
        expect(pace).to_have_value("slow")
        assert kernel_says(frame, "[table.pace, table.match.pace_model.name]") == [
            "slow", "slow"]

        view.locator(".spit-btn-pause").click()
        expect(view).to_have_attribute("data-paused", "true")
        said = _kernel_says(frame)
        assert said["paused"] is True
        game = said["game"]
        assert isinstance(game, dict)
        tops = [pile[-1] if pile else None for pile in game["centre"]]
        shown = [c.get_attribute("data-top") or None for c in view.locator(".spit-centre").all()]
        assert shown == tops, f"the page shows {shown}, the kernel holds {tops}"
        mine = [p[-1] if p else None for p in game["players"][0]["stock"]]
        on_page = [b.get_attribute("data-card") or None for b in
                   view.locator('.spit-stock[data-player="0"] .spit-slotbtn').all()]
        assert on_page == mine
        assert observe_stillness(page, view, 2.0) == []  # paused: the computer waits
        print(f"\nprompt.html: cold start to a dealt table {cold:.1f} s; click to the card "
              f"confirmed on its pile {ms:.0f} ms")
