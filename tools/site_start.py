"""``python -m tools.site_start SITE``: how long the static site takes to start.

A benchmark, not a test: it prints figures and asserts nothing. It serves a
built site (``python -m spit_widget site --out SITE``) on the loopback and
opens it in headless Chromium (the browser tests' own, :data:`~tools.harness.CHROMIUM`),
each run in a fresh browser context (nothing cached: a student's first visit),
turn about:

- **the bare REPL**: the site's own JupyterLite REPL running ``print(42)``,
  from the page opened to ``42`` printed (JupyterLite's application, Pyodide
  and the kernel; nothing of the game);
- **the game's page**: ``index.html``, from the page opened to a dealt table
  (the table's ``data-status`` is ``playing``).

It prints each run and the medians, and the game's page as a multiple of the
bare REPL (issue 38 asks for 0.6x or less). Run it on your own host with
``--url`` instead of a folder (the site served already) to measure that host.
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
from urllib.parse import urlencode

from tools.harness import CHROME_ARGS, CHROMIUM

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


def measure(base: str, runs: int, page_path: str = "index.html") -> tuple[list[float], list[float]]:
    """``runs`` cold starts of each page, turn about: (bare REPL, game's page) in s.
    The game's table may be in the page or in its app frame (``#spit-app``)."""
    from playwright.sync_api import sync_playwright

    bare: list[float] = []
    game: list[float] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=list(CHROME_ARGS))
        try:
            for _ in range(runs):
                for url, ready, into in (
                        (base + BARE, ".jp-OutputArea-output", bare),
                        (base + page_path, "", game)):
                    context = browser.new_context(viewport={"width": 1280, "height": 720})
                    page = context.new_page()
                    opened = time.monotonic()
                    page.goto(url)
                    if ready:
                        page.locator(ready, has_text="42").first.wait_for(
                            timeout=BUDGET_S * 1000)
                    else:
                        dealt = '.spit-root[data-status="playing"]'
                        where = page.frame_locator("#spit-app") if page.locator(
                            "#spit-app").count() else page
                        where.locator(dealt).first.wait_for(timeout=BUDGET_S * 1000)
                    into.append(time.monotonic() - opened)
                    context.close()
                print(f"  bare REPL {bare[-1]:.1f} s, game's page {game[-1]:.1f} s", flush=True)
        finally:
            browser.close()
    return bare, game


def main(argv: list[str] | None = None) -> None:
    """Measure, then print the medians and the ratio."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", nargs="?", type=Path, help="a built site's folder")
    parser.add_argument("--url", help="the site served already (its address, ending in /)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--page", default="index.html", help="the game's page (index.html)")
    args = parser.parse_args(argv)
    if (args.site is None) == (args.url is None):
        parser.error("give a built site's folder or --url, one of the two")
    with (served(args.site) if args.site is not None else _given(args.url)) as base:
        bare, game = measure(base, args.runs, args.page)
    b, g = statistics.median(bare), statistics.median(game)
    print(f"cold start, median of {args.runs}: the bare REPL printed 42 after {b:.1f} s; "
          f"the game's page dealt its table after {g:.1f} s ({g / b:.2f}x)")


@contextmanager
def _given(url: str) -> Iterator[str]:
    yield url if url.endswith("/") else url + "/"


if __name__ == "__main__":
    main()
