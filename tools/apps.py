"""Voila and marimo, started as hermetically as :func:`.harness.jupyter_lab`,
for the real-browser tests that play the table as an app in each of them.

Each serves a folder on the loopback on a free port, with the Jupyter,
IPython, marimo and stats folders under a temporary ``work`` folder (the same
environment as the JupyterLab harness: :func:`.harness.hermetic_env`), and is
stopped on exit with every kernel it started, or RuntimeError says which are left.
"""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from .harness import free_port, hermetic_env, stop_server, wait_until_serving


@dataclass
class AppServer:
    """A Voila or marimo server serving the files in ``root``."""

    base: str
    root: Path
    log: Path
    proc: subprocess.Popen[bytes]
    kind: str

    def url(self, name: str) -> str:
        """The page that runs ``name`` (a notebook for Voila, an app for marimo)."""
        if self.kind == "voila":
            return f"{self.base}/voila/render/{quote(name)}"
        return f"{self.base}/?file={quote(name)}"


def _listening(port: int) -> None:
    """Raise OSError unless something accepts connections on ``port``."""
    with socket.create_connection(("127.0.0.1", port), timeout=1):
        pass


@contextlib.contextmanager
def _serve(kind: str, cmd: list[str], work: Path, root: Path, port: int,
           home: Path | None, timeout: float) -> Iterator[AppServer]:
    work.mkdir(parents=True, exist_ok=True)
    log_path = work / f"{kind}.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(cmd, cwd=root, env=hermetic_env(work, home), stdout=log,
                                stderr=subprocess.STDOUT)
        try:
            wait_until_serving(proc, lambda: _listening(port), log_path, kind, timeout)
            yield AppServer(f"http://127.0.0.1:{port}", root, log_path, proc, kind)
        finally:
            stop_server(proc, set())


def voila(work: Path, root: Path, *, home: Path | None = None,
          timeout: float = 60.0) -> contextlib.AbstractContextManager[AppServer]:
    """Voila serving the notebooks in ``root`` (each page runs its notebook in a
    new kernel and shows the outputs alone), tracebacks shown."""
    port = free_port()
    cmd = [sys.executable, "-m", "voila", "--no-browser", str(root),
           "--Voila.ip=127.0.0.1", f"--Voila.port={port}", "--Voila.port_retries=0",
           "--VoilaConfiguration.show_tracebacks=True"]
    return _serve("voila", cmd, work, root, port, home, timeout)


def marimo(work: Path, root: Path, *, home: Path | None = None, edit: bool = False,
           timeout: float = 60.0) -> contextlib.AbstractContextManager[AppServer]:
    """``marimo run`` serving the apps in ``root`` read-only, as a user runs one
    (no token, no sandbox, no update check); with ``edit``, ``marimo edit``:
    the notebook editor, its cells run when a notebook opens."""
    port = free_port()
    cmd = [sys.executable, "-m", "marimo", "-q", "-y", "edit" if edit else "run", str(root),
           "--headless", "--host", "127.0.0.1", "--port", str(port), "--no-token",
           "--no-sandbox"]
    return _serve("marimo", cmd, work, root, port, home, timeout)
