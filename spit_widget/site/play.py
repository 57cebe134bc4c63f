"""The fast pages' files: the game without JupyterLab, for a fast start.

JupyterLite's REPL app, its kernel and IPython take most of a cold start. A
fast page (the duel, classic, the course: :mod:`.pages` writes them) runs
Pyodide in a worker (``play_assets/worker.mjs``) and the widget's own front
end (``widget.js``, or ``course.js`` for the course) in the page, with a small
model (``play_assets/page.mjs``) that gives the front end what anywidget gives
it and carries the traits to and from the Python side as ipywidgets' comm
messages (``play_assets/bridge.py``, which also stands in for IPython; it says
why). The worker runs the code the page carries (``data-code``: the page's
table, or the course). The game's wheels are listed in a Pyodide lock file of
their own (``play/lock.json``, pointing at the site's ``pypi/`` wheels), so
Pyodide downloads them while it starts.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import zipfile
from pathlib import Path

ASSETS = Path(__file__).with_name("play_assets")
FOLDER = "play"
"""The fast pages' files, in the built site."""
PAGE_ASSETS = ("page.mjs", "worker.mjs", "bridge.py")
FRONT_ENDS = ("widget", "course")
"""The bundles (``npm run build``: ``<name>.js`` and ``.css``) served beside the
pages: the table's, and the course's (which draws the table inside it)."""

WHEELS = ("spit_widget", "anywidget", "ipywidgets", "traitlets", "psygnal", "typing_extensions",
          "platformdirs", "comm", "tqdm", "mypy_extensions")
"""What ``from spit_widget import SpitWidget`` imports in the browser, IPython
aside (the bridge stands in for it): the wheels the fast pages' lock lists."""


def _imports(wheel: Path) -> list[str]:
    """The top-level modules ``wheel`` installs (the lock's ``imports``)."""
    names = zipfile.ZipFile(wheel).namelist()
    tops = {n.split("/")[0].removesuffix(".py") for n in names
            if not n.split("/")[0].endswith((".dist-info", ".data"))}
    return sorted(t for t in tops if t.isidentifier())


def play_lock(wheels: Path, runtime_lock: Path) -> dict[str, object]:
    """A Pyodide lock file listing :data:`WHEELS` from the folder ``wheels``,
    with their digests; its ``info`` is the runtime's own."""
    packages: dict[str, object] = {}
    for name in WHEELS:
        found = sorted(wheels.glob(f"{name}-*.whl"))
        if len(found) != 1:
            raise RuntimeError(f"the fast pages need one {name} wheel in {wheels}, "
                               f"found {len(found)}")
        wheel = found[0]
        packages[name.replace("_", "-")] = {
            "name": name.replace("_", "-"), "version": wheel.name.split("-")[1],
            "file_name": wheel.name, "install_dir": "site", "package_type": "package",
            "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "imports": _imports(wheel), "depends": [], "unvendored_tests": False}
    info = json.loads(runtime_lock.read_text())["info"]
    return {"info": info, "packages": packages}


def write_play(out: Path, source: Path) -> None:
    """The fast pages' files into the built site ``out`` (its ``pypi/`` wheels
    and ``static/pyodide`` runtime in place), the front ends built in
    ``source`` (the course's when the tree has it)."""
    into = out / FOLDER
    into.mkdir(exist_ok=True)
    for name in PAGE_ASSETS:
        shutil.copy2(ASSETS / name, into / name)
    static = source / "spit_widget" / "static"
    for name in FRONT_ENDS:
        for built in (static / f"{name}.js", static / f"{name}.css"):
            if built.exists():
                shutil.copy2(built, into / built.name)
    lock = play_lock(out / "pypi", out / "static" / "pyodide" / "pyodide-lock.json")
    (into / "lock.json").write_text(json.dumps(lock, indent=1))
