"""The site's build tools, in a virtual environment of their own.

JupyterLite's tools are pinned as one matched set (the kernel names the
Pyodide it runs on) and kept out of the environment the game and its tests run
in: installed there, ``jupyterlite-pyodide-kernel`` adds a prebuilt JupyterLab
extension that every JupyterLab on the machine would load. The environment is
made once per set of pins, in the cache folder, and reused.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import venv
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path

from ..filelock import held

TOOLS = ("jupyterlite-core==0.8.6", "jupyterlite-pyodide-kernel==0.8.6",
         "jupyter-server==2.21.1")  # jupyter-server: JupyterLite indexes the notebooks with it
"""The first kernel release that starts without Pyodide's ``sqlite3`` and ``ssl``
packages, which only Pyodide's full distribution carries (see docs/guide.md)."""

_ASK = ("import json, jupyterlite_pyodide_kernel.constants as c; "
        "print(json.dumps([c.PYODIDE_VERSION, c.PYODIDE_PYTHON_VERSION]))")


@dataclass(frozen=True)
class Tools:
    """A ready tools environment and the Pyodide its kernel expects."""

    python: Path
    pyodide_version: str
    """The ``pyodide`` npm release the kernel was built against."""
    python_version: str
    """The Python inside that Pyodide (``"3.14"``): the wheels must suit it."""

    def run(self, *args: str, cwd: Path) -> None:
        """Run a tool of the environment (``jupyter lite build ...``)."""
        tool = self.python.parent / args[0]
        run([str(tool), *args[1:]], cwd=cwd)


def run(cmd: list[str], cwd: Path | None = None, env: dict[str, str] | None = None) -> None:
    """Run a build step; on failure raise with the step's own last words."""
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        tail = (done.stdout + done.stderr).strip()[-3000:]
        raise RuntimeError(f"{' '.join(cmd[:4])} ... failed (exit {done.returncode}):\n{tail}")


def ensure_tools(cache: Path) -> Tools:
    """The tools environment for :data:`TOOLS`, made on first use."""
    key = hashlib.sha256("\n".join(TOOLS).encode()).hexdigest()[:12]
    home = cache / f"tools-{key}"
    python = home / "bin" / "python"
    ready = home / "ready.json"
    if not ready.exists():
        venv.create(home, with_pip=True, clear=True)
        run([str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", *TOOLS])
        asked = subprocess.run([str(python), "-c", _ASK], capture_output=True, text=True,
                               check=True)
        ready.write_text(asked.stdout)
    pyodide, py = json.loads(ready.read_text())
    return Tools(python, str(pyodide), str(py))


def cache_held(cache: Path) -> AbstractContextManager[None]:
    """Hold the cache folder while the tools and Pyodide are fetched into it.

    Two builds started together on a fresh machine (the tests' two site modules,
    a user's second terminal) would otherwise both make the tools' venv and both
    unpack Pyodide's package into one folder, and one of them read a tarball the
    other was still writing ("Compressed file ended before the end-of-stream
    marker")."""
    return held(cache / "fetching.lock")


def this_python() -> str:
    """The interpreter that runs the build (pip and the project's wheel)."""
    return sys.executable
