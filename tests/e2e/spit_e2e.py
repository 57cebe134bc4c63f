"""Driving a Spit notebook in JupyterLab through the browser, for the e2e tests.

A test writes a notebook (:func:`make_notebook`), opens it and runs it with
Run All (:class:`Notebook`), then plays by clicking the table and reads the
kernel's side by re-running the notebook's last cell, which prints
``PROBE <n> <json>`` (the engine's ``to_dict()`` and the widget's controls).
:func:`assert_table_matches` compares that with the page's data attributes.
"""

from __future__ import annotations

import json
import re
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlparse

from tools.harness import (
    Lab,
    execute,
    open_notebook,
    run_all,
    wait_kernel_idle,
    write_notebook,
)
from tools.relay import Relay, relay

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Locator, Page

try:
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
    from playwright.sync_api import expect as expect

    # Every expectation waits on the page's own state, up to 15 s (Playwright's
    # default is 5 s): beside the whole suite on 2 cores, a click's round trip
    # through the kernel and back into a second browser took longer than 5 s. An
    # expectation that holds returns at once; only a failing one waits this long.
    expect.set_options(timeout=15_000)
except ImportError:  # the fixtures skip every test, or fail them in CI, saying why
    expect = None  # type: ignore[assignment]
    PlaywrightTimeoutError = TimeoutError  # type: ignore[assignment,misc]

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"

MakeNotebook = Callable[[str, list[str], str], Path]
"""The ``notebook`` fixture: ``notebook(name, cells, probe_arguments)``."""

# A teaching table: 7H fits both piles (6 and 8); 2C fits neither.
FITS_BOTH_OR_NEITHER = """w = SpitWidget(ai=None, game=position(
    "duel",
    you=[["3D", "7H"], ["2C"], ["9S", "5D"]],
    computer=[["KC"], ["4S"]],
    centre=[["6S"], ["8D"]],
    you_spit=["AS"], computer_spit=["AH"]))
w"""

PRELUDE = '''import itertools, json
from spit_widget import Game, SpitWidget
from spit_widget.engine.cards import DECK

position = Game.position  # a table set up by hand: piles bottom card first


def others(*used, n):
    """The first n cards of the deck not named in any of ``used``."""
    taken = {card for group in used for card in group}
    return [card for card in DECK if card not in taken][:n]

_probes = itertools.count(1)

def probe(**widgets):
    """What the kernel holds, printed for the browser test to compare with the page."""
    # one write: print's separate arguments may reach the page in two stream messages
    print(f"PROBE {next(_probes)} " + json.dumps({
        name: {"game": w.game.to_dict(), "paused": w.paused, "pace": w.pace,
               "stats": w.state["stats"], "message": w.state["message"],
               "log": [e["text"] for e in w.get_state()["log"]]}
        for name, w in widgets.items()}), flush=True)'''

TABLE_JS = """(root) => {
  const q = (sel) => root.querySelector(sel);
  const stock = (p) => [...root.querySelectorAll(`.spit-stock[data-player="${p}"]`)].map((s) => {
    const c = s.querySelector('.spit-slotbtn, .spit-slotcard');
    return {top: c.dataset.card || null, count: Number(s.dataset.count),
            playable: c.classList.contains('spit-playable'),
            both: c.classList.contains('spit-fits-both'),
            selected: c.classList.contains('spit-selected'),
            inFlight: c.classList.contains('spit-in-flight')};
  });
  const msg = q('.spit-message');
  return {
    status: root.dataset.status, paused: root.dataset.paused === 'true',
    variant: q('.spit-variant').textContent,
    stock: [stock(0), stock(1)],
    centre: [...root.querySelectorAll('.spit-centre')].map((c) => ({
      top: c.dataset.top || null, count: Number(c.dataset.count),
      fits: c.classList.contains('spit-fits'), slappable: c.classList.contains('spit-slappable')})),
    spit: [0, 1].map((p) => Number(q(`.spit-spitpile[data-player="${p}"]`).dataset.count)),
    stuck: [...root.querySelectorAll('.spit-stuck-chip')].map((c) => !c.hidden),
    canStuck: !q('.spit-btn-stuck').hidden && !q('.spit-btn-stuck').disabled,
    canSpit: !q('.spit-btn-spit').hidden && !q('.spit-btn-spit').disabled,
    statusText: q('.spit-status').textContent,
    message: msg.hidden ? null : {text: msg.textContent, kind: msg.dataset.kind},
    cardsLeft: q('.spit-cards-left').textContent,
    dialog: q('.spit-dialog').hidden ? null : {
      title: q('.spit-dialog-title').textContent, cards: q('.spit-dialog-cards').textContent},
    // the kernel's log: a view's own refusals, kept among the lines, are left out
    log: [...root.querySelectorAll('.spit-log li:not([data-kind="refused"])')].map(
      (li) => li.textContent),
  };
}"""

SIGNATURE_JS = """(root) => JSON.stringify([
  root.dataset.status, root.dataset.paused,
  [...root.querySelectorAll('.spit-stock, .spit-centre, .spit-spitpile')].map(
    (e) => [e.dataset.count, e.dataset.top, e.querySelector('[data-card]')?.dataset.card]),
  [...root.querySelectorAll('.spit-stuck-chip')].map((c) => c.hidden),
  root.querySelector('.spit-btn-stuck').disabled, root.querySelector('.spit-message').textContent,
])"""


# JupyterLab's own comm code (services, ``_maybeStartSubshell``) leaves this promise
# uncaught when a kernel connection is disposed while a comm's subshell is still being
# made: a test's kernel shut down, or its notebook closed, a moment after a widget
# opened. It says nothing about the page's code, and once failed a clean run in CI.
JUPYTERLAB_TEARDOWN_ERRORS = (
    "Canceled future for create_subshell_request message before replies were done",
)


def new_page(context: BrowserContext) -> tuple[Page, list[str]]:
    """A new page (tab); the list collects its uncaught errors (but JupyterLab's own
    :data:`JUPYTERLAB_TEARDOWN_ERRORS`)."""
    page = context.new_page()
    page.set_default_timeout(20_000)
    errors: list[str] = []

    def uncaught(exc: Exception) -> None:
        if not any(known in str(exc) for known in JUPYTERLAB_TEARDOWN_ERRORS):
            errors.append(str(exc))

    page.on("pageerror", uncaught)
    return page, errors


def close_page(page: Page, errors: list[str], name: str, failed: bool) -> None:
    """Close the page (a full-page screenshot in artifacts/ first if the test
    failed); fail if the page had uncaught errors."""
    if failed:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"failed-{name}.png"), full_page=True)
    page.close()
    assert not errors, f"uncaught errors in the page: {errors}"


ENGLISH = re.compile(
    r"\b(the|The|your|Your|you|You|and|of|on|to|is|it|with|this|that|card|cards|play|plays|"
    r"played|Stuck|Hint|Goal|Next|Retry|Review|wait|waited|fits|needs|left|right|"
    r"moves|level|levels|Learn|Practise|Computer pace|Cards left)\b")
"""Words of the English source that none of French, Spanish or German uses (a word
both share, such as "Pause", "Computer" or "Spit", is no sign of English)."""

WORDS_JS = """(root) => [root.innerText,
  ...[...root.querySelectorAll('[aria-label], [title]')].flatMap(
    (e) => [e.getAttribute('aria-label') || '', e.getAttribute('title') || ''])].join('\\n')"""
"""What a person reads in an element: its visible text, and every screen-reader
name and tooltip in it."""


def english_in(where: Locator) -> list[str]:
    """The English words in what ``where`` shows and says, with their line."""
    text: str = where.evaluate(WORDS_JS)
    return [line.strip() for line in text.splitlines() if ENGLISH.search(line)]


def has_class(cls: str) -> re.Pattern[str]:
    """For ``expect(...).to_have_class``: the class attribute includes ``cls``."""
    return re.compile(rf"(^|\s){re.escape(cls)}(\s|$)")


def make_notebook(root: Path, name: str, cells: list[str], probe: str) -> Path:
    """``PRELUDE``, the test's cells, then the probe cell ``probe(<probe>)``."""
    return write_notebook(root / name, [PRELUDE, *cells, f"probe({probe})"])


class Notebook:
    """One notebook open in a page: run it, read its kernel, find its widgets."""

    def __init__(self, page: Page, lab: Lab, name: str, cells: int) -> None:
        self.page = page
        self.lab = lab
        self.name = name
        self.cells = cells
        self.probes = 0

    def open(self) -> Notebook:
        open_notebook(self.page, self.lab, self.name, self.cells)
        return self

    def run_all(self, views: int) -> None:
        """Run All from the menu; wait for ``views`` tables and the first probe."""
        run_all(self.page)
        expect(self.page.locator(".spit-root")).to_have_count(views, timeout=60_000)
        self.probes = 0
        self.probe_output(1)
        wait_kernel_idle(self.page)

    def view(self, i: int = 0) -> Locator:
        return self.page.locator(".spit-root").nth(i)

    def probe_output(self, n: int) -> dict[str, Any]:
        out = self.page.locator(".jp-Notebook .jp-Cell").last.locator(".jp-OutputArea-output")
        # the whole line, not its first chunk: the stream may deliver it in parts
        expect(out).to_contain_text(re.compile(rf"PROBE {n} \{{.*\}}\s*$", re.S), timeout=30_000)
        text = out.text_content() or ""
        match = re.search(rf"PROBE {n} (\{{.*\}})", text, re.S)
        assert match, text
        self.probes = n
        result: dict[str, Any] = json.loads(match.group(1))
        return result

    def probe(self) -> dict[str, Any]:
        """Re-run the last cell (select it, Ctrl+Enter) and return what it printed."""
        cell = self.page.locator(".jp-Notebook .jp-Cell").last
        cell.locator(".jp-InputPrompt").click()
        self.page.keyboard.press("Control+Enter")
        return self.probe_output(self.probes + 1)

    def restart_kernel(self) -> None:
        """Kernel > Restart Kernel and Clear Outputs, confirmed in its dialog."""
        self.page.locator(".lm-MenuBar-itemLabel", has_text="Kernel").click()
        self.page.locator('.lm-Menu-item[data-command="kernelmenu:restart-and-clear"]').click()
        self.page.locator(".jp-Dialog .jp-mod-accept").click()
        expect(self.page.locator(".spit-root")).to_have_count(0)
        wait_kernel_idle(self.page)

    def table(self, i: int = 0) -> dict[str, Any]:
        """The table as view ``i`` shows it, read from its DOM hooks."""
        result: dict[str, Any] = self.view(i).evaluate(TABLE_JS)
        return result

    def tables(self) -> list[dict[str, Any]]:
        """Every view's table, read at one instant (one task in the page)."""
        result: list[dict[str, Any]] = self.page.evaluate(
            f"() => [...document.querySelectorAll('.spit-root')].map({TABLE_JS})")
        return result

    def signature(self, i: int = 0) -> str:
        sig: str = self.view(i).evaluate(SIGNATURE_JS)
        return sig

    def wait_for_change(self, old: str, i: int = 0, timeout: float = 20_000) -> None:
        """Until anything on table ``i`` changes (a play, a spit, a flag, a message)."""
        self.page.wait_for_function(
            f"([root, old]) => ({SIGNATURE_JS})(root) !== old",
            arg=[self.view(i).element_handle(), old], timeout=timeout)


def your_card(view: Locator, slot: int) -> Locator:
    return view.locator(f'.spit-stock[data-player="0"][data-slot="{slot}"] .spit-slotbtn')


def centre(view: Locator, c: int) -> Locator:
    return view.locator(f'.spit-centre[data-centre="{c}"]')


def assert_table_matches(table: dict[str, Any], game: dict[str, Any]) -> None:
    """The page shows the kernel's game: every stock pile, centre pile and spit pile."""
    for p in (0, 1):
        shown = [(s["top"], s["count"]) for s in table["stock"][p]]
        held = [(pile[-1] if pile else None, len(pile)) for pile in game["players"][p]["stock"]]
        assert shown == held, f"player {p} stock: page {shown}, kernel {held}"
        spit = len(game["players"][p]["spit"])
        assert table["spit"][p] == spit, f"player {p} spit: page {table['spit'][p]}, kernel {spit}"
    shown_c = [(c["top"], c["count"]) for c in table["centre"]]
    held_c = [(pile[-1] if pile else None, len(pile)) for pile in game["centre"]]
    assert shown_c == held_c, f"centre: page {shown_c}, kernel {held_c}"
    assert table["status"] == game["status"]


def cards_left(game: dict[str, Any]) -> tuple[int, int]:
    """Stock plus spit cards of each player, from a ``to_dict`` snapshot."""
    left = [sum(len(pile) for pile in pl["stock"]) + len(pl["spit"]) for pl in game["players"]]
    return left[0], left[1]


def observe_stillness(page: Page, view: Locator, seconds: float) -> list[str]:
    """Watch the centre piles and the computer's piles for ``seconds``; return
    every change seen (a MutationObserver plus polling, in the page)."""
    changes: list[str] = view.evaluate(
        """async (root, ms) => {
          const watched = [...root.querySelectorAll(
            '.spit-centre, .spit-stock[data-player="1"], .spit-spitpile[data-player="1"]')];
          const snap = () => watched.map((e) => `${e.dataset.top}/${e.dataset.count}`).join(' ');
          const seen = [];
          const start = snap();
          const mo = new MutationObserver((records) => {
            for (const r of records) seen.push(`${r.attributeName} on ${r.target.className}`);
          });
          for (const e of watched) mo.observe(e, {attributes: true,
            attributeFilter: ['data-top', 'data-count']});
          const until = performance.now() + ms;
          while (performance.now() < until) {
            await new Promise((r) => setTimeout(r, 50));
            if (snap() !== start) seen.push(`now ${snap()} (was ${start})`);
          }
          mo.disconnect();
          return seen;
        }""",
        seconds * 1000,
    )
    return changes


class Deadline:
    """A time budget for a loop that plays on until the game says it is over."""

    def __init__(self, seconds: float) -> None:
        self.end = time.monotonic() + seconds

    def check(self, what: str) -> None:
        assert not self.passed(), f"out of time: {what}"

    def passed(self) -> bool:
        return time.monotonic() >= self.end


def _click(target: Locator) -> bool:
    """Click as a person would; False when it could not be clicked within a moment
    (the table changed under the pointer: a card moved, the end dialog came up)."""
    try:
        target.click(timeout=2_000)
    except PlaywrightTimeoutError:
        return False
    return True


def take_turn(nb: Notebook, i: int = 0) -> str:
    """One move on table ``i`` as a person makes it: click a highlighted card (and
    then a pile it fits, when it fits both and is picked up); with none, press
    Stuck if it applies; then wait for the outcome. Returns what happened:
    "landed", "back" (the kernel refused it: the table changed under the
    pointer), "stuck", "missed" (the click could not land: look again), or
    "waited" (nothing to do until the table changed)."""
    view = nb.view(i)
    table = nb.table(i)
    if table["status"] != "playing":
        return "missed"
    mine = table["stock"][0]
    slot = next((s for s, pile in enumerate(mine) if pile["selected"]), None)
    if slot is None:
        slot = next((s for s, pile in enumerate(mine) if pile["playable"]), None)
        if slot is not None and not _click(your_card(view, slot)):
            return "missed"
    if slot is not None:
        card = your_card(view, slot)
        name = mine[slot]["top"]
        if "spit-selected" in (card.get_attribute("class") or ""):
            target = view.locator(".spit-centre.spit-fits")
            # A pile it fits; or, when the table changed and it fits neither, drop it.
            if not _click(target.first if target.count() else card):
                return "missed"
        nb.page.wait_for_function(
            """([root, card, name]) => root.dataset.status !== 'playing'
                 || card.dataset.card !== name
                 || !(card.classList.contains('spit-in-flight')
                      || card.classList.contains('spit-selected'))""",
            arg=[view.element_handle(), card.element_handle(), name])
        return "landed" if card.get_attribute("data-card") != name else "back"
    before = nb.signature(i)
    done = "waited"
    if table["canStuck"]:
        if not _click(view.locator(".spit-btn-stuck")):
            return "missed"  # Stuck stopped applying before the click
        done = "stuck"
    nb.wait_for_change(before, i)
    return done


def play_to_the_end(nb: Notebook, i: int = 0, budget: float = 120) -> Counter[str]:
    """Play duel table ``i`` until the game is over; count what each turn did."""
    done: Counter[str] = Counter()
    deadline = Deadline(budget)
    while nb.view(i).get_attribute("data-status") != "game_over":
        deadline.check(f"the game is still on after {dict(done)}")
        done[take_turn(nb, i)] += 1
    return done


def kernel(page: Page, expression: str) -> Any:
    """``expression`` evaluated in the page's kernel, through JSON."""
    return json.loads(execute(page, f"print(json.dumps({expression}))"))


@contextmanager
def far_lab(lab: Lab, trip: float) -> Iterator[tuple[Relay, Lab]]:
    """The lab as a page ``trip`` seconds away sees it (tools/relay.py), and the relay."""
    port = urlparse(lab.base).port
    assert port
    with relay(port, trip) as r:
        yield r, replace(lab, base=r.base)
