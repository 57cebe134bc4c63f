"""A hermetic JupyterLab and headless Chromium, shared by the latency
command and the real-browser tests in ``tests/e2e``.

The server listens on the loopback with a fixed token and temporary config,
data and runtime folders, with news and update checks off, so a run never
touches the user's own Jupyter setup; a page waits on the real kernel status
(``expose_app_in_browser``) rather than on a sleep.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Page

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
PLAYWRIGHT_DISABLED_FEATURES = (
    "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding",
    "ThirdPartyStoragePartitioning", "AvoidCorsURLLoaderRestartOnRedirect", "OptimizationHints",
    "TcpPortRandomizationWin", "NetworkTimeServiceQuerying", "AimEnabled", "PreconnectToSearch",
    "msForceBrowserSignIn", "msEdgeUpdateLaunchServicesPreferredVersion",
)
"""The features Playwright turns off when it launches Chromium. Chromium keeps only the last
``--disable-features`` it is given, and ours comes after Playwright's, so ours repeats them
(tests/e2e/test_chromium_flags.py fails when a Playwright release adds one)."""
UNSEEN_TAB_UI = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup")
"""Chromium's headless mode is the whole browser without a window, and this one (156) builds
the address bar's suggestion popups for every new tab as web pages of their own
(chrome://omnibox-popup.top-chrome): a renderer nobody sees, 0.8-1.0 CPU-seconds a tab, a
quarter of what opening a notebook in JupyterLab costs the browser."""
CHROME_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-features=" + ",".join((*PLAYWRIGHT_DISABLED_FEATURES, *UNSEEN_TAB_UI)),
)
TOKEN = "spit-e2e"
NODELAY_FLAG = '--ServerApp.jpserver_extensions={"spit_widget.nodelay": True}'
PACKAGE_ROOT = Path(__file__).resolve().parents[1]
"""The checkout, the folder holding ``spit_widget`` and ``tools``: put on the server's and
kernels' PYTHONPATH."""

# ------------------------------------------------------------ the server


@dataclass
class Lab:
    """A running JupyterLab started by :func:`jupyter_lab`."""

    base: str
    root: Path
    log: Path
    runtime: Path
    proc: subprocess.Popen[bytes]
    kernel_pids: set[int] = field(default_factory=set)
    settings: Path | None = None
    """The user settings folder JupyterLab reads as each page loads."""

    def url(self, notebook: str) -> str:
        """The notebook alone in a fresh workspace (no tabs restored from before)."""
        workspace = f"{Path(notebook).stem}-{uuid.uuid4().hex[:6]}"
        return f"{self.base}/lab/workspaces/{workspace}/tree/{notebook}?token={TOKEN}"

    def api(self, path: str, method: str = "GET") -> bytes:
        """Call the server's REST API (with the token) and return the body."""
        req = urllib.request.Request(
            f"{self.base}{path}?token={TOKEN}",
            method=method,
            data=b"" if method == "POST" else None,
        )
        with urllib.request.urlopen(req, timeout=10) as response:
            body: bytes = response.read()
            return body

    def shutdown_kernels(self) -> None:
        """End every session and its kernel (between tests)."""
        self.remember_kernels()
        for session in json.loads(self.api("/api/sessions")):
            self.api(f"/api/sessions/{session['id']}", "DELETE")

    def remember_kernels(self) -> None:
        """Note the server's child processes (its kernels) to check they end."""
        self.kernel_pids |= _children(self.proc.pid)


def free_port() -> int:
    """A TCP port on the loopback that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _children(pid: int) -> set[int]:
    """Process ids whose parent is ``pid`` (Linux /proc; empty elsewhere)."""
    found: set[int] = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) == pid:
                found.add(int(stat.parent.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def write_notebook(path: Path, cells: Sequence[str]) -> Path:
    """A notebook of code cells (nbformat 4.5, Python 3 kernel) at ``path``."""
    notebook = {
        "cells": [
            {"cell_type": "code", "execution_count": None, "id": uuid.uuid4().hex[:8],
             "metadata": {}, "outputs": [], "source": source}
            for source in cells
        ],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                    "language": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(notebook, indent=1))
    return path


NBGRADER_SERVER = ("formgrader", "validate_assignment", "assignment_list", "course_list")


def _without_nbgrader(config: Path) -> None:
    """nbgrader (a test dependency: tests/learn/test_nbgrader_round_trip.py) turns its
    extensions on for every JupyterLab of the environment, with a menu, a notebook
    toolbar button and server handlers; the tables are tested in JupyterLab as a player
    has it, so the server's own config folder turns them off again."""
    server = config / "jupyter_server_config.d" / "nbgrader.json"
    server.parent.mkdir(parents=True, exist_ok=True)
    server.write_text(json.dumps({"ServerApp": {"jpserver_extensions": {
        f"nbgrader.server_extensions.{name}": False for name in NBGRADER_SERVER}}}))
    page = config / "labconfig" / "page_config.json"
    page.parent.mkdir(parents=True, exist_ok=True)
    page.write_text(json.dumps({"disabledExtensions": {"@jupyter/nbgrader": True}}))


def _user_settings(settings: Path, autosave: bool) -> None:
    """No news or update toasts; every notebook cell kept in the DOM; autosave as asked."""
    files = {
        "apputils-extension/notification.jupyterlab-settings": {
            "fetchNews": "false", "checkForUpdates": False, "doNotDisturbMode": True},
        "notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
        "docmanager-extension/plugin.jupyterlab-settings": {"autosave": autosave},
    }
    for name, value in files.items():
        path = settings / "@jupyterlab" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value))


@contextlib.contextmanager
def jupyter_lab(
    work: Path, root: Path, *, nodelay: bool = True, home: Path | None = None,
    timeout: float = 60.0, python: str | None = None, autosave: bool = False,
) -> Iterator[Lab]:
    """A hermetic JupyterLab serving ``root``, stopped by POST /api/shutdown.

    Loopback on a free port, a fixed token, its own config, data, runtime and
    settings folders under ``work``, no news or update checks, the app exposed
    as ``window.jupyterapp`` (so a test can wait on the real kernel status),
    ``spit_widget`` importable by the server and its kernels, and the stats in
    ``home`` (``SPIT_WIDGET_HOME``). ``python`` runs the server (and so its
    kernels) from another environment, e.g. one with real-time collaboration
    (:mod:`.rtc`); this one by default. On exit the server and every kernel it
    started are gone, or RuntimeError says which are left.

    ``autosave`` is off unless asked: two pages with one notebook open each save
    it now and then, and the second's JupyterLab then asks "File Changed ...?" in
    a modal dialog over the table, which takes the clicks (a two-person test
    failed so under load, once it ran past the two-minute autosave). With
    real-time collaboration the file is shared, and the checks turn it on.
    """
    settings = work / "settings"
    _user_settings(settings, autosave)
    runtime = work / "runtime"
    env = hermetic_env(work, home)
    for folder in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR"):
        # Made now: jupyter-server-fileid (real-time collaboration) opens its
        # database in the data folder as it loads, and sqlite makes no folders:
        # without this its extension fails and every shared document with it.
        Path(env[folder]).mkdir(parents=True, exist_ok=True)
    _without_nbgrader(Path(env["JUPYTER_CONFIG_DIR"]))
    port = free_port()
    cmd = [
        python or sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root",
        "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={TOKEN}", f"--ServerApp.root_dir={root}",
        "--LabApp.expose_app_in_browser=True",
        "--JupyterNotebookApp.expose_app_in_browser=True",  # Notebook 7, same server
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.extension_manager=readonly",
        f"--LabApp.user_settings_dir={settings}",
        f"--LabApp.workspaces_dir={work / 'workspaces'}",
    ]
    if nodelay:
        cmd.append(NODELAY_FLAG)
    log_path = work / "server.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT)
        lab = Lab(f"http://127.0.0.1:{port}", root, log_path, runtime, proc, settings=settings)
        try:
            wait_until_serving(proc, lambda: lab.api("/api/status"), log_path, "JupyterLab",
                               timeout)
            yield lab
        finally:
            lab.remember_kernels()
            grace = 20.0  # to shut down by itself, with its kernels: unlike a kill
            try:
                lab.api("/api/shutdown", "POST")
            except Exception:
                grace = 0.0
            stop_server(proc, lab.kernel_pids, grace)


def hermetic_env(work: Path, home: Path | None = None) -> dict[str, str]:
    """The environment of a server started for a test: Jupyter's and IPython's
    config, data and runtime folders and the stats (``SPIT_WIDGET_HOME``) under
    ``work``, no update checks, and ``spit_widget`` importable by the server and
    its kernels (this checkout first)."""
    path = os.environ.get("PYTHONPATH")
    return dict(
        os.environ,
        JUPYTER_CONFIG_DIR=str(work / "config"),
        JUPYTER_DATA_DIR=str(work / "data"),
        JUPYTER_RUNTIME_DIR=str(work / "runtime"),
        IPYTHONDIR=str(work / "ipython"),
        XDG_CONFIG_HOME=str(work / "xdg-config"),
        XDG_CACHE_HOME=str(work / "xdg-cache"),
        XDG_STATE_HOME=str(work / "xdg-state"),
        MARIMO_SKIP_UPDATE_CHECK="1",
        SPIT_WIDGET_HOME=str(home or work / "spit-home"),
        PYTHONPATH=os.pathsep.join([str(PACKAGE_ROOT), *([path] if path else [])]),
    )


def wait_until_serving(proc: subprocess.Popen[bytes], ping: Callable[[], object], log: Path,
                       name: str, timeout: float) -> None:
    """Until ``ping()`` stops raising OSError (the server answers); RuntimeError
    with the server's log if it exits first, the last OSError after ``timeout``."""
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"{name} exited at start:\n{log.read_text()}")
        try:
            ping()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def stop_server(proc: subprocess.Popen[bytes], children: set[int], grace: float = 0.0) -> None:
    """Stop the server: give it ``grace`` seconds to stop by itself (asked to
    already), then SIGTERM, then a kill; then check that ``children`` (its
    kernels, and its child processes now) are gone, or RuntimeError names them."""
    children = children | _children(proc.pid)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=grace)
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)  # the servers still stop their kernels on SIGTERM
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    deadline = time.monotonic() + 10
    left = {pid for pid in children if _alive(pid)}
    while left and time.monotonic() < deadline:
        time.sleep(0.1)
        left = {pid for pid in left if _alive(pid)}
    if left:
        raise RuntimeError(f"kernels still running after the server stopped: {sorted(left)}")


# ------------------------------------------------------------- the page

KERNEL_IDLE_JS = """() => {
  const k = window.jupyterapp?.shell?.currentWidget?.sessionContext?.session?.kernel;
  return !!k && k.connectionStatus === 'connected' && k.status === 'idle';
}"""

EXECUTE_JS = """async (code) => {
  const k = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = k.requestExecute({code, store_history: false});
  let out = '';
  let error = null;
  future.onIOPub = (msg) => {
    const t = msg.header.msg_type;
    if (t === 'stream') out += msg.content.text;
    if (t === 'error') error = `${msg.content.ename}: ${msg.content.evalue}`;
  };
  await future.done;
  if (error) throw new Error(error);
  return out;
}"""


def wait_kernel_idle(page: Page, timeout: float = 60_000) -> None:
    """The notebook's kernel is connected and idle (the app's word, not the toolbar's:
    the toolbar says idle before a kernel exists)."""
    page.wait_for_function(KERNEL_IDLE_JS, timeout=timeout)


CLOSE_ALL_JS = """async () => {
  const app = window.jupyterapp;
  const documents = () => [...app.shell.widgets('main')].filter((w) => w.context);
  for (const panel of documents()) {
    if (panel.context.model) panel.context.model.dirty = false;  // no "Save?"
    panel.close();
  }
  app.shell.collapseLeft();
  app.shell.collapseRight();
  for (let i = 0; i < 100 && documents().length; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));  // a close may finish a task later
  }
  return documents().length;
}"""
"""Closes every document of a started JupyterLab page (unsaved changes dropped) and folds
both side panels away: the page as a fresh workspace shows it, the app still started."""


def started_lab(page: Page, lab: Lab) -> bool:
    """Whether ``page`` shows ``lab``'s JupyterLab, started, with no dialog over it."""
    if page.is_closed() or not page.url.startswith(f"{lab.base}/lab"):
        return False
    return bool(page.evaluate("() => !!(window.jupyterapp && window.jupyterapp.shell)"
                              " && !document.querySelector('.jp-Dialog')"))


def clear_lab(page: Page) -> bool:
    """Close every document and fold the side panels (see :data:`CLOSE_ALL_JS`); whether
    nothing is left open."""
    left: int = page.evaluate(CLOSE_ALL_JS)
    return left == 0


def open_notebook(page: Page, lab: Lab, name: str, cells: int) -> None:
    """Open ``name`` alone and wait until its ``cells`` cells are drawn: inside the
    JupyterLab the page already shows, cleared (a page kept from the module's last test,
    tests/e2e/conftest.py), else in a fresh workspace. Starting JupyterLab is the larger
    part of a browser test's CPU (about 2.7 CPU-seconds of Chromium's and 0.5 of the
    server's), and the suite is bound by the CPU."""
    if started_lab(page, lab) and clear_lab(page):
        page.evaluate("async (path) => { await window.jupyterapp.commands.execute("
                      "'docmanager:open', {path, factory: 'Notebook'}); }", name)
    else:
        page.goto(lab.url(name))
    page.locator(".jp-Notebook .jp-Cell").nth(cells - 1).wait_for(timeout=60_000)
    wait_kernel_idle(page)
    lab.remember_kernels()


RUN_MENU = re.compile(r"^(Run|Exécution|Ejecutar|Ausführen)$")
"""The Run menu's name in English and in the language packs the tests install."""


def run_all(page: Page) -> None:
    """Run > Run All Cells, through the menu as a person would (in JupyterLab's language)."""
    page.locator(".lm-MenuBar-itemLabel", has_text=RUN_MENU).click()
    page.locator('.lm-Menu-item[data-command="runmenu:run-all"]').click()


def execute(page: Page, code: str) -> str:
    """Run ``code`` in the notebook's kernel over the page's own kernel
    connection (not as a cell); return what it printed."""
    out: str = page.evaluate(EXECUTE_JS, code)
    return out
