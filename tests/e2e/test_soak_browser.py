"""A browser soak: 100 consecutive fast games in one page, with Play Again each time.

The kernel plays both sides as fast as the page can be told (greedy hands, an
action every few milliseconds, besides the widget's own computer at its
fastest pace: a computer-vs-computer game shown in the table); the page
shows every state and the end-of-game dialog after each game, and the test
presses the dialog's Play Again. The page's JS heap and DOM node
count (Chrome DevTools Protocol ``Performance.getMetrics``, read after a
forced garbage collection) must stay flat: after 10 warm-up games, no reading
may exceed the one at game 10 by more than HEAP_BOUND bytes, NODE_BOUND
nodes or LISTENER_BOUND event listeners (the first games warm JupyterLab up:
about +800 listeners and +200 nodes from game 1 to 10). A table that kept a
dialog, a log line or a few listeners per game would cross them well before
game 100.

Marked slow and left out of the default run (``addopts`` deselects ``slow``):
about 5 minutes on the 2-core machine. Run it with
``python -m pytest tests/e2e/test_soak_browser.py -m slow -s``.
"""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING, Any

import pytest
from spit_e2e import MakeNotebook, Notebook, assert_table_matches, expect

from tools.harness import Lab, execute

if TYPE_CHECKING:
    from playwright.sync_api import CDPSession, Page

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

GAMES = 100
WARM_UP = 10
HEAP_BOUND = 2_000_000  # bytes of JS heap over the reading at game WARM_UP
NODE_BOUND = 300  # DOM nodes over the reading at game WARM_UP
LISTENER_BOUND = 150  # event listeners over the reading at game WARM_UP
TITLES = re.compile("^(You win!|The computer wins|A draw)$")

DRIVER = '''import asyncio, random
from spit_widget.computer import View, greedy

w = SpitWidget(ai="greedy", pace="fast", seed=1)  # its own computer plays too
w.pause()  # until the test has read the stats bar
driver_state = {"actions": 0, "error": None}
go = asyncio.Event()


def your_action(action):
    """The human's side through the widget's own methods, as a cell would play."""
    kind = action.kind
    if kind == "play":
        w.play(action.card, action.target)
    elif kind == "move":
        w.move(action.card, action.target)
    elif kind == "slap":
        w.slap(action.target)
    elif kind == "stuck":
        w.stuck()
    else:
        w.spit()


async def drive():
    """Both sides, greedy, an action every few ms until the game is over; then
    wait for the page's Play Again."""
    rng = random.Random(5)
    await go.wait()
    w.resume()
    while True:
        await asyncio.sleep(0.004)
        if w.game.status == "game_over":
            continue
        try:
            mine = greedy(View(w.game, 0))
            if mine is not None and (rng.random() < 0.5 or not w.step()):
                your_action(mine)
            elif mine is None:
                w.step()
            driver_state["actions"] += 1
        except Exception as exc:
            driver_state["error"] = repr(exc)
            raise

driver = asyncio.ensure_future(drive())
w'''


class Metrics:
    """The page's counters through a CDP session, after a full garbage collection."""

    def __init__(self, page: Page) -> None:
        self.cdp: CDPSession = page.context.new_cdp_session(page)
        self.cdp.send("Performance.enable")
        self.readings: dict[int, dict[str, float]] = {}

    def read(self, game: int) -> dict[str, float]:
        self.cdp.send("HeapProfiler.collectGarbage")
        metrics = self.cdp.send("Performance.getMetrics")["metrics"]
        values = {m["name"]: m["value"] for m in metrics}
        reading = {k: values[k] for k in ("JSHeapUsedSize", "Nodes", "JSEventListeners")}
        self.readings[game] = reading
        return reading

    def summary(self) -> dict[str, Any]:
        heap = {g: r["JSHeapUsedSize"] for g, r in self.readings.items()}
        nodes = {g: r["Nodes"] for g, r in self.readings.items()}
        first, last = min(self.readings), max(self.readings)
        return {
            "heap MB (first, warm, last, max)": [round(heap[g] / 1e6, 2) for g in
                                                 (first, WARM_UP, last)]
            + [round(max(heap.values()) / 1e6, 2)],
            "nodes (first, warm, last, max)": [int(nodes[g]) for g in (first, WARM_UP, last)]
            + [int(max(nodes.values()))],
            "listeners (first, warm, last, max)": [
                int(self.readings[g]["JSEventListeners"]) for g in (first, WARM_UP, last)]
            + [int(max(r["JSEventListeners"] for r in self.readings.values()))],
            "readings": {g: [round(r["JSHeapUsedSize"] / 1e6, 2), int(r["Nodes"]),
                             int(r["JSEventListeners"])] for g, r in self.readings.items()},
        }


def games_counted(page: Page) -> int:
    text = page.locator(".spit-stats .spit-stat-games b").first.inner_text()
    return int(text)


GAMES_SHOWN_JS = """([root, n]) =>
    root.querySelector('.spit-stats .spit-stat-games b')?.textContent === n
    && !root.querySelector('.spit-dialog').hidden"""


def test_a_hundred_fast_games_in_one_page_keep_heap_and_dom_flat(
        page: Page, lab: Lab, notebook: MakeNotebook) -> None:
    notebook("soak.ipynb", [DRIVER], "w=w")
    nb = Notebook(page, lab, "soak.ipynb", 3).open()
    nb.run_all(views=1)
    view = nb.view()
    root = view.element_handle()
    dialog = view.locator(".spit-dialog")
    new_game = dialog.locator(".spit-dialog-new")
    metrics = Metrics(page)
    started = time.monotonic()
    base = games_counted(page)  # other tests in this server may have finished games
    execute(page, "go.set()")
    for game in range(1, GAMES + 1):
        # The game counted and its dialog up, seen in the page's own frames (no polling delay).
        page.wait_for_function(GAMES_SHOWN_JS, arg=[root, str(base + game)], polling="raf",
                               timeout=120_000)
        expect(dialog).to_be_visible()
        expect(dialog.locator(".spit-dialog-title")).to_have_text(TITLES)
        if game in (1, WARM_UP) or game % 10 == 0:
            metrics.read(game)
        if game < GAMES:
            new_game.click()
    seconds = time.monotonic() - started
    execute(page, "driver.cancel()")
    kernel = nb.probe()["w"]
    assert_table_matches(nb.table(), kernel["game"])
    assert kernel["stats"]["games"] == base + GAMES
    state = execute(page, "print(driver_state)")
    assert "'error': None" in state, state

    figures = metrics.summary()
    print(f"\n[browser soak] {GAMES} games in {seconds:.0f} s; {figures}; kernel {state.strip()}")
    warm = metrics.readings[WARM_UP]
    for game, reading in metrics.readings.items():
        if game < WARM_UP:
            continue
        assert reading["JSHeapUsedSize"] - warm["JSHeapUsedSize"] < HEAP_BOUND, (game, figures)
        assert reading["Nodes"] - warm["Nodes"] < NODE_BOUND, (game, figures)
        assert reading["JSEventListeners"] - warm["JSEventListeners"] < LISTENER_BOUND, (
            game, figures)
