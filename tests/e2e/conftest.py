"""Real-browser fixtures: a hermetic JupyterLab, headless Chromium, and one page per module,
kept from test to test while they pass (JupyterLab started in it once).

Run: ``python -m pytest tests/e2e -q -x``. Needs Playwright (Python) and Debian's
Chromium at /usr/bin/chromium (never ``playwright install``), and the built front
end (``npm run build``). Without them the tests skip, saying why; with
``CI=true`` they fail instead, so CI cannot pass without running them.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from browser_tools import require_app, require_browser_tools
from spit_e2e import ARTIFACTS, MakeNotebook, close_page, make_notebook, new_page

from tools.apps import AppServer, marimo, voila
from tools.harness import CHROME_ARGS, CHROMIUM, Lab, clear_lab, jupyter_lab, started_lab

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize
    from test_seats_human import Person

HERE = Path(__file__).resolve().parent
PROJECT = HERE.parent.parent


@pytest.fixture(scope="session")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    """JupyterLab serving a temporary copy of examples/ (plus the tests' notebooks),
    with the stats in a temporary SPIT_WIDGET_HOME; shut down with its kernels."""
    require_browser_tools()
    for stale in ARTIFACTS.glob("failed-*.png"):  # from an earlier run
        stale.unlink()
    work = tmp_path_factory.mktemp("jupyter")
    root = work / "root"
    shutil.copytree(PROJECT / "examples", root,
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    # Up to 3 minutes to answer: five workers start their servers together beside the
    # suite, and one took over a minute (its every browser test then errored).
    with jupyter_lab(work, root, nodelay=True, home=work / "spit-home",
                     timeout=180) as server:
        yield server


@pytest.fixture(scope="module")  # not session: Playwright's sync API keeps an asyncio
def browser() -> Iterator[Browser]:  # loop running, so other modules' asyncio.run() would fail
    require_browser_tools()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=list(CHROME_ARGS))
        yield chromium
        chromium.close()


VIEWPORT: ViewportSize = {"width": 1400, "height": 1000}


@pytest.fixture(scope="module")
def context(browser: Browser) -> Iterator[BrowserContext]:
    """One browser context per module, so JupyterLab's scripts come from its cache."""
    ctx = browser.new_context(viewport=VIEWPORT)
    yield ctx
    ctx.close()


@pytest.fixture(scope="module")
def kept_page(context: BrowserContext) -> Iterator[list[tuple[Page, list[str]]]]:
    """The page the module's last test passed in, its JupyterLab started and cleared
    (none, or one): closed with the module."""
    kept: list[tuple[Page, list[str]]] = []
    yield kept
    for pg, _ in kept:
        if not pg.is_closed():
            pg.close()


@pytest.fixture
def page(context: BrowserContext, lab: Lab, kept_page: list[tuple[Page, list[str]]],
         request: pytest.FixtureRequest) -> Iterator[Page]:
    """A page for the test. When the module's last test passed, the same page, at the usual
    size: its documents were closed and its side panels folded, and ``open_notebook`` opens
    the next notebook inside its JupyterLab instead of starting another (the larger part of
    a browser test's CPU, and the suite is bound by the CPU). Else a new page. A page a test
    failed in, or left without JupyterLab, is closed (a picture kept when it failed)."""
    if kept_page:
        pg, errors = kept_page.pop()
        pg.set_viewport_size(VIEWPORT)
    else:
        pg, errors = new_page(context)
    yield pg
    failed = _failed(request.node)
    try:
        if failed or errors or not _cleared(pg, lab):
            close_page(pg, errors, request.node.name, failed)
        else:
            kept_page.append((pg, errors))
    finally:
        lab.shutdown_kernels()  # after the documents closed: no page waits on a dead kernel


def _cleared(pg: Page, lab: Lab) -> bool:
    """Whether the page still shows the lab's JupyterLab, now with nothing open in it."""
    from playwright.sync_api import Error as PlaywrightError

    try:
        return started_lab(pg, lab) and clear_lab(pg)
    except PlaywrightError:
        return False


@pytest.fixture
def app_page(context: BrowserContext, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A page with no JupyterLab behind it (for the Voila and marimo servers)."""
    pg, errors = new_page(context)
    yield pg
    close_page(pg, errors, request.node.name, _failed(request.node))


def _app_root(tmp_path_factory: pytest.TempPathFactory, kind: str,
              folder: str | None = None) -> tuple[Path, Path]:
    require_browser_tools()
    require_app(kind)
    work = tmp_path_factory.mktemp(folder or kind)
    root = work / "root"
    shutil.copytree(PROJECT / "examples", root,
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    return work, root


@pytest.fixture(scope="module")
def voila_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    """Voila serving a temporary copy of examples/ (and the tests' notebooks)."""
    work, root = _app_root(tmp_path_factory, "voila")
    with voila(work, root, home=work / "spit-home") as server:
        yield server


@pytest.fixture(scope="module")
def marimo_server(tmp_path_factory: pytest.TempPathFactory,
                  request: pytest.FixtureRequest) -> Iterator[AppServer]:
    """``marimo run`` serving a temporary copy of examples/ and the test module's
    ``APPS`` (name: source; written first: marimo lists its folder when it starts)."""
    work, root = _app_root(tmp_path_factory, "marimo")
    for name, source in getattr(request.module, "APPS", {}).items():
        (root / name).write_text(source)
    with marimo(work, root, home=work / "spit-home") as server:
        yield server


@pytest.fixture(scope="module")
def marimo_editor(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    """``marimo edit`` serving a temporary copy of examples/."""
    work, root = _app_root(tmp_path_factory, "marimo", "marimo-edit")
    with marimo(work, root, home=work / "spit-home", edit=True) as server:
        yield server


def _failed(node: Any) -> bool:
    report = getattr(node, "rep_call", None)
    return report is None or report.failed


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


@pytest.fixture
def notebook(lab: Lab) -> MakeNotebook:
    """Write a test notebook into the server's root: prelude, cells, probe cell."""

    def make(name: str, cells: list[str], probe: str) -> Path:
        return make_notebook(lab.root, name, cells, probe)

    return make


@pytest.fixture
def people(browser: Browser, lab: Lab, request: pytest.FixtureRequest) -> Iterator[list[Person]]:
    """The people of a two-browser test (test_seats_human.Person), each closed
    after it (a trace kept when it failed), then the server's kernels shut down."""
    made: list[Person] = []
    yield made
    try:
        for i, person in enumerate(made):
            person.close(f"{request.node.name}-{i}", _failed(request.node))
    finally:
        lab.shutdown_kernels()
