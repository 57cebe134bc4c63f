"""The browser every real-browser test launches (tools/harness.CHROME_ARGS): no page of
Chromium's own beside the test's, and Playwright's own settings kept.

Each new tab of headless Chromium 156 also built the address bar's suggestion popups,
two hidden web pages that cost the browser about a CPU-second a tab; the suite opens
over a hundred tabs. Turning them off takes a ``--disable-features`` of ours, which
replaces Playwright's (Chromium keeps the last), so ours must repeat every feature
Playwright turns off.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tools.harness import CHROME_ARGS

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.e2e


def _descendants(pid: int) -> list[int]:
    """Every live process under ``pid``, read from /proc."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat[stat.rfind(")") + 2:].split()[1])
    found, frontier = [], [pid]
    while frontier:
        kids = [child for child, parent in parents.items() if parent in frontier]
        found += kids
        frontier = kids
    return found


def _switch_values(args: list[str], name: str) -> list[str]:
    return [arg.split("=", 1)[1] for arg in args if arg.startswith(f"{name}=")]


@pytest.fixture
def tab(browser: Browser) -> Iterator[Browser]:
    """One tab open, as each test has."""
    page = browser.new_context().new_page()
    page.set_content("<p>a test's page</p>")
    yield browser
    page.context.close()


def test_a_new_tab_brings_no_page_of_chromiums_own(tab: Browser) -> None:
    cdp = tab.new_browser_cdp_session()
    targets = cdp.send("Target.getTargets")["targetInfos"]
    assert [t["type"] for t in targets if t["type"] in ("page", "browser_ui")] == ["page"], [
        (t["type"], t["url"]) for t in targets]


@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="reads /proc (Linux)")
def test_the_features_playwright_turns_off_stay_off(tab: Browser) -> None:
    launched = []
    for pid in _descendants(os.getpid()):
        try:
            args = Path(f"/proc/{pid}/cmdline").read_bytes().decode().split("\0")
        except OSError:
            continue
        if "--remote-debugging-pipe" in args:  # the browser process, not its helpers
            launched.append(args)
    assert len(launched) == 1, f"{len(launched)} browsers under this test"
    given = [set(value.split(",")) for value in _switch_values(launched[0],
                                                               "--disable-features")]
    ours = set(_switch_values(list(CHROME_ARGS), "--disable-features")[0].split(","))
    assert len(given) == 2 and given[-1] == ours, "Playwright's list, then ours (which wins)"
    assert given[0] - ours == set(), "Playwright turns these off too: add them to ours"
