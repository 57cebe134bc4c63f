"""``python -m tools.site_start SITE``: how long the static site takes to start.

A benchmark, not a test: it prints figures and asserts nothing. It serves a
built site (``python -m spit_widget site --out SITE``) on the loopback and
opens it in headless Chromium (the browser tests' own, :data:`~tools.harness.CHROMIUM`),
each run in a fresh browser context (nothing cached: a student's first visit),
turn about:

- **the bare REPL**: the site's own JupyterLite REPL running ``print(42)``,
  from the page opened to ``42`` printed (JupyterLite's application, Pyodide
  and the kernel; nothing of the game);
- **the game's page**: ``index.html`` (the duel without JupyterLab: Pyodide
  in a worker and the widget's front end), from the page opened to a dealt
  table (the table's ``data-status`` is ``playing``); ``--page prompt.html``
  adds the duel in the REPL app, ``--page classic.html`` classic's page.

It prints each run and the medians, and each game's page as a multiple of the
bare REPL (issue 38 asks for 0.6x or less of the game's page). Run it on your own host
with ``--url`` instead of a folder (the site served already) to measure that host.
"""

from __future__ import annotations

import argparse
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlencode

from tools.harness import CHROME_ARGS, CHROMIUM

if TYPE_CHECKING:
    from playwright.sync_api import Browser

BARE = "repl/index.html?" + urlencode({"kernel": "python", "toolbar": "0", "showBanner": "0",
                                       "code": "print(42)"})
BUDGET_S = 300


@contextmanager
def served(site: Path) -> Iterator[str]:
    """``site`` served by ``python -m http.server`` on a free loopback port."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind",
                               "127.0.0.1", "-d", str(site)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)  # the server starting: no page state to wait on yet
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.terminate()
        server.wait(10)


SEEN_JS = """(() => {
  // When the page first shows it: 42 printed (the REPL) or a dealt table, in this frame.
  const check = () => {
    if (window.spitSeenAt) return;
    const printed = [...document.querySelectorAll(".jp-OutputArea-output")].some(
      (out) => out.textContent.includes("42"));
    if (printed || document.querySelector('.spit-root[data-status="playing"]'))
      window.spitSeenAt = Date.now();
  };
  new MutationObserver(check).observe(document, {
    childList: true, subtree: true, attributes: true, characterData: true });
})();"""
"""Stamps the moment in the page itself: Playwright's waits poll, up to a second late."""


def _start(browser: Browser, url: str, ready: str) -> float:
    """Seconds from opening ``url`` in a fresh context to ``ready`` in it: ``42``
    printed (the REPL) or a dealt table, in the page or its app frame (``#spit-app``),
    as the page's own clock (:data:`SEEN_JS`) saw it."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    context.add_init_script(SEEN_JS)
    try:
        page = context.new_page()
        opened = time.time()
        page.goto(url)
        if ready:
            frame = page.main_frame
            page.locator(ready, has_text="42").first.wait_for(timeout=BUDGET_S * 1000)
        else:
            app = page.locator("iframe#spit-app")
            where = page.frame_locator("#spit-app") if app.count() else page
            where.locator('.spit-root[data-status="playing"]').first.wait_for(
                timeout=BUDGET_S * 1000)
            frame = next(f for f in page.frames if f.evaluate("() => !!window.spitSeenAt"))
        return float(frame.evaluate("() => window.spitSeenAt")) / 1000 - opened
    finally:
        context.close()


def measure(base: str, runs: int, pages: list[str]) -> dict[str, list[float]]:
    """``runs`` cold starts of the bare REPL and each of ``pages``, turn about, in s."""
    from playwright.sync_api import sync_playwright

    starts: dict[str, list[float]] = {"bare REPL": [], **{p: [] for p in pages}}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=list(CHROME_ARGS))
        try:
            for _ in range(runs):
                starts["bare REPL"].append(_start(browser, base + BARE, ".jp-OutputArea-output"))
                for page in pages:
                    starts[page].append(_start(browser, base + page, ""))
                print("  " + ", ".join(f"{name} {s[-1]:.1f} s" for name, s in starts.items()),
                      flush=True)
        finally:
            browser.close()
    return starts


def main(argv: list[str] | None = None) -> None:
    """Measure, then print the medians, the spreads and the ratios."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", nargs="?", type=Path, help="a built site's folder")
    parser.add_argument("--url", help="the site served already (its address, ending in /)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--page", action="append", dest="pages",
                        help="a game's page to time (repeat it; index.html unless given)")
    args = parser.parse_args(argv)
    if (args.site is None) == (args.url is None):
        parser.error("give a built site's folder or --url, one of the two")
    pages = args.pages or ["index.html"]
    with (served(args.site) if args.site is not None else _given(args.url)) as base:
        starts = measure(base, args.runs, pages)
    bare = statistics.median(starts["bare REPL"])
    print(f"cold start, median of {args.runs} (min to max): the bare REPL printed 42 after "
          f"{bare:.1f} s ({min(starts['bare REPL']):.1f} to {max(starts['bare REPL']):.1f})")
    for page in pages:
        game = statistics.median(starts[page])
        print(f"  {page} dealt its table after {game:.1f} s ({min(starts[page]):.1f} to "
              f"{max(starts[page]):.1f}): {game / bare:.2f}x the bare REPL")


@contextmanager
def _given(url: str) -> Iterator[str]:
    yield url if url.endswith("/") else url + "/"


if __name__ == "__main__":
    main()
