"""The static site's test tools: a build of this tree, served on the loopback,
a browser context that may ask no other host, and the prompt under the app
that asks its kernel (tests/e2e/test_site.py, test_site_course.py)."""

from __future__ import annotations

import itertools
import json
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from browser_tools import require_browser_tools
from platformdirs import user_cache_dir
from spit_e2e import Deadline, expect

from spit_widget.site import build_site
from spit_widget.site.build import SiteError

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Frame, Page

ROOT = Path(__file__).resolve().parents[2]
COLD_START_S = 240  # the budget for a first start on a loaded 2-core machine, not a target
_probes = itertools.count(1)  # numbers each question asked at a prompt


def build(into: Path, levels: Path | None = None) -> Path:
    """The site of this tree, as the command builds it (the tools and Pyodide
    from the user cache folder, fetched on the first build only)."""
    require_browser_tools()
    started = time.monotonic()
    try:
        out = build_site(ROOT, into / "out", Path(user_cache_dir("spit-widget")) / "site",
                         levels=levels)
    except SiteError as exc:
        pytest.fail(f"the site did not build: {exc}", pytrace=False)
    size = sum(f.stat().st_size for f in out.rglob("*") if f.is_file()) / 1e6
    print(f"\nsite built in {time.monotonic() - started:.0f} s: {size:.1f} MB")
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serve(site: Path) -> Iterator[str]:
    """``site`` served by ``python -m http.server`` on the loopback; its address."""
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind",
                               "127.0.0.1", "-d", str(site)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = Deadline(20)
        while True:
            deadline.check("http.server never accepted a connection")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                server.poll()
                assert server.returncode is None, "http.server stopped"
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.terminate()
        server.wait(10)


def loopback_context(browser: Browser, served: str,
                     elsewhere: list[str]) -> BrowserContext:
    """A 1280x720 context in which every request to another host is refused
    and noted in ``elsewhere``."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})

    def loopback_only(route: object) -> None:
        url = route.request.url  # type: ignore[attr-defined]
        if url.startswith(served) or url.startswith(("data:", "blob:")):
            route.continue_()  # type: ignore[attr-defined]
        else:
            elsewhere.append(url)
            route.abort()  # type: ignore[attr-defined]

    context.route("**/*", loopback_only)
    return context


@contextmanager
def offline_page(browser: Browser, served: str) -> Iterator[Page]:
    """A page in a :func:`loopback_context`; when the block ends without failing,
    the site asked no other host and the page raised no error. Closed either way."""
    elsewhere: list[str] = []
    errors: list[str] = []
    context = loopback_context(browser, served, elsewhere)
    try:
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        yield page
        assert not elsewhere, f"the site asked other hosts: {elsewhere[:5]}"
        assert not errors, errors
    finally:
        context.close()


def app_frame(page: Page) -> Frame:
    frame = page.frame(url=re.compile(r"/repl/index\.html"))
    assert frame is not None, "the page has no app frame"
    return frame


def kernel_says(frame: Frame, expression: str) -> object:
    """Ask the kernel behind the app, through the prompt under it: the value
    of ``expression``, as JSON."""
    tag = f"PROBE-{next(_probes)}:"
    prompt = frame.locator(".jp-CodeConsole-promptCell .cm-content")
    prompt.click()
    frame.page.keyboard.type(f'import json; print("{tag}", json.dumps({expression}))')
    frame.page.keyboard.press("Shift+Enter")
    # Each probe waits for its own numbered line: an earlier probe's answer stays on
    # the page, and reading "the last PROBE line" read it when this one was slow.
    line = frame.locator(".jp-OutputArea-output", has_text=tag)
    expect(line).to_be_visible(timeout=30_000)
    return json.loads(line.inner_text().split(tag, 1)[1])
