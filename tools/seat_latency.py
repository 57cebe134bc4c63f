"""``python -m tools.seat_latency``: from one person's click to the other
person's view showing the card, at a table of two (``opponent="human"``).

A benchmark, not a test: it prints figures and asserts nothing. A hermetic
JupyterLab (the harness of ``tests/e2e``) serves one notebook; two browser
contexts of one headless Chromium open it, as two people on one server
would. The first runs it and sits at seat 1; the second shows the same
widget and sits at seat 2. Seat 1 then clicks the top card of a stock pile
holding a run of the deck, ``--plays`` times, each after the last has landed.

Times are wall-clock, ``performance.timeOrigin + performance.now()``, taken in
each page: the click in a capture listener on seat 1's document (before the
widget's handler), the arrival in a MutationObserver on seat 2's centre pile
(``data-top`` becomes the card) and in the next ``requestAnimationFrame``
(the frame that paints it). Both pages run on this machine's clock.

``--rtc``: the same under real-time collaboration, JupyterLab served from the
RTC check's environment (:mod:`.rtc_env`); the second
person only opens the notebook (the outputs are shared).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .harness import (
    CHROME_ARGS,
    CHROMIUM,
    jupyter_lab,
    open_notebook,
    run_all,
    write_notebook,
)
from .latency import SETUP_CELL, percentile
from .rtc_env import ensure_venv

if TYPE_CHECKING:
    from playwright.sync_api import Page

TABLE_CELL = 'w = SpitWidget(game=run_of_the_deck(0), opponent="human")'

CLICKS_JS = """() => {
  const wall = () => performance.timeOrigin + performance.now();
  window.__clicks = {};
  document.addEventListener('click', (e) => {
    const btn = e.target instanceof Element && e.target.closest('.spit-stock .spit-slotbtn');
    if (btn && btn.dataset.card) window.__clicks[btn.dataset.card] = wall();
  }, true);
}"""

ARRIVALS_JS = """() => {
  const wall = () => performance.timeOrigin + performance.now();
  const seen = window.__seen = {};
  const centre = document.querySelector('.spit-root .spit-centre[data-centre="0"]');
  new MutationObserver(() => {
    const card = centre.dataset.top;
    if (!card || card in seen) return;
    seen[card] = [wall()];
    requestAnimationFrame(() => seen[card].push(wall()));
  }).observe(centre, {attributes: true, attributeFilter: ['data-top']});
}"""


def _seat(page: Page, seat: str) -> None:
    page.wait_for_selector(f'.spit-root[data-seat="{seat}"]', timeout=60_000)


def _measure(pages: list[Page], plays: int) -> dict[str, list[float]]:
    first, second = pages
    first.evaluate(CLICKS_JS)
    for page in pages:
        page.evaluate(ARRIVALS_JS)
    card = first.locator('.spit-stock[data-player="0"][data-slot="0"] .spit-slotbtn')
    for _ in range(plays):
        name = card.get_attribute("data-card")
        assert name, "the run ran out"
        card.click()
        for page in pages:
            page.wait_for_function("(n) => (window.__seen[n] || []).length === 2", arg=name)
    clicks: dict[str, float] = first.evaluate("window.__clicks")
    out: dict[str, list[float]] = {}
    for who, page in (("other", second), ("own", first)):
        seen: dict[str, list[float]] = page.evaluate("window.__seen")
        out[f"{who}_dom"] = [seen[c][0] - t for c, t in clicks.items() if c in seen]
        out[f"{who}_frame"] = [seen[c][1] - t for c, t in clicks.items() if c in seen]
    return out


def run(plays: int = 50, *, verbose: bool = True, rtc: bool = False) -> str:
    """Measure and print; returns the report."""
    from playwright.sync_api import sync_playwright

    work = Path(tempfile.mkdtemp(prefix="spit-seat-latency-"))
    try:
        root = work / "root"
        root.mkdir()
        write_notebook(root / "seats.ipynb", [SETUP_CELL, TABLE_CELL, "w"])
        python = str(ensure_venv()) if rtc else None
        with jupyter_lab(work, root, nodelay=True, python=python, autosave=rtc) as lab, \
                sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=list(CHROME_ARGS))
            pages = [browser.new_context(viewport={"width": 1300, "height": 950}).new_page()
                     for _ in range(2)]
            for i, page in enumerate(pages):
                open_notebook(page, lab, "seats.ipynb", 3)
                if i == 0:
                    run_all(page)
                elif not rtc:  # with collaboration the output is shared: it is there
                    page.locator(".jp-Notebook .jp-Cell").nth(2).locator(
                        ".jp-InputPrompt").click()
                    page.keyboard.press("Control+Enter")
                _seat(page, str(i))
            samples = _measure(pages, plays)
            browser.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    text = report(samples, plays, rtc=rtc)
    if verbose:
        print(text)
    return text


def report(samples: dict[str, Any], plays: int, *, rtc: bool = False) -> str:
    """The figures as a small table (milliseconds)."""
    lab = "one JupyterLab with real-time collaboration" if rtc else "one JupyterLab"
    lines = [f"seat 1's click -> the card on the pile ({plays} plays, two browser "
             f"contexts, {lab}, TCP_NODELAY on)",
             f"{'':44}{'median':>8}{'p95':>8}{'max':>8}"]
    rows = (("seat 2's view: centre pile data-top (DOM)", "other_dom"),
            ("    ... painted (next frame)", "other_frame"),
            ("beside it, seat 1's own view confirmed (DOM)", "own_dom"),
            ("    ... painted (next frame)", "own_frame"))
    for label, key in rows:
        xs = samples[key]
        lines.append(f"{label:44}{statistics.median(xs):8.1f}{percentile(xs, 0.95):8.1f}"
                     f"{max(xs):8.1f}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m tools.seat_latency``: read the command line, print the figures."""
    seats = argparse.ArgumentParser(
        prog="python -m tools.seat_latency",
        description="two people: one's click to the other's view, in real browsers")
    seats.add_argument("--plays", type=int, default=50, help="samples")
    seats.add_argument("--rtc", action="store_true",
                       help="under real-time collaboration (the rtc-check's environment)")
    args = seats.parse_args(argv)
    run(plays=args.plays, rtc=args.rtc)


if __name__ == "__main__":
    main()
