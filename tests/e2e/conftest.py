"""Real-browser fixtures: a hermetic JupyterLab, headless Chromium, a page per test.

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
from tools.harness import CHROME_ARGS, CHROMIUM, Lab, jupyter_lab

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page
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


@pytest.fixture(scope="module")
def context(browser: Browser) -> Iterator[BrowserContext]:
    """One browser context per module, so JupyterLab's scripts come from its cache."""
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
    yield ctx
    ctx.close()


@pytest.fixture
def page(context: BrowserContext, lab: Lab, request: pytest.FixtureRequest) -> Iterator[Page]:
    pg, errors = new_page(context)
    yield pg
    try:
        close_page(pg, errors, request.node.name, _failed(request.node))
    finally:
        lab.shutdown_kernels()


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
