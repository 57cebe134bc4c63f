"""The wheels the site serves to Pyodide's package installer (piplite).

This project's own wheel is built pure (``SPIT_WIDGET_PURE_ENGINE=1``: the
mypyc engine cannot run in a browser) from a copy of the source tree, since
the build hook clears compiled files where it runs. Everything the game and the
kernel import comes along as the exact pure wheels of :data:`PINS`, so the page
never asks a package index for anything.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import zipfile
from pathlib import Path

from .tools import run, this_python

PINS = (
    "anywidget==0.11.0", "ipywidgets==8.1.9", "jupyterlab_widgets==3.0.17", "psygnal==0.16.1",
    "traitlets==5.16.1", "typing_extensions==4.16.0", "platformdirs==4.14.9", "tqdm==4.70.1",
    "mypy_extensions==1.2.0", "comm==0.2.3", "ipython==9.12.0", "jedi==0.20.1", "parso==0.8.7",
    "pygments==2.21.0", "ipython_pygments_lexers==1.1.1", "decorator==5.3.1",
    "matplotlib_inline==0.2.2", "prompt_toolkit==3.0.53", "wcwidth==0.9.4",
    "stack_data==0.6.3", "asttokens==3.0.2", "executing==2.3.0", "pure_eval==0.2.4",
)
"""What the game needs in the browser, and what the kernel installs when it
starts (ipython, jedi, comm and theirs): one version each, chosen by hand."""

LEFT_OUT = {
    "widgetsnbextension": "the kernel ships its own stand-in (a real one is not found: "
                          "jupyterlite#1342)",
    "ipykernel": "the kernel ships its own",
    "pexpect": "IPython wants it everywhere but in a browser",
    "ptyprocess": "pexpect's",
}
"""Wheels the resolver brings that the site must not serve, and why."""

_SKIP = shutil.ignore_patterns("*.so", "*.pyd", "__pycache__", "_compiled.json")


def project_wheel(source: Path, into: Path) -> Path:
    """Build this project's pure-Python wheel from a copy of ``source``."""
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "src"
        tree.mkdir()
        for name in ("pyproject.toml", "hatch_build.py", "README.md"):
            shutil.copy2(source / name, tree / name)
        shutil.copytree(source / "spit_widget", tree / "spit_widget", ignore=_SKIP)
        env = {**os.environ, "SPIT_WIDGET_PURE_ENGINE": "1"}
        run([this_python(), "-m", "pip", "wheel", "--no-deps", "-q",
             "--disable-pip-version-check", "-w", str(into), str(tree)], env=env)
    (wheel,) = into.glob("spit_widget-*.whl")
    if not wheel.name.endswith("-py3-none-any.whl"):
        raise RuntimeError(f"{wheel.name} is not a pure-Python wheel")
    binaries = [n for n in zipfile.ZipFile(wheel).namelist() if n.endswith((".so", ".pyd"))]
    if binaries:
        raise RuntimeError(f"{wheel.name} carries compiled files: {binaries[:3]}")
    return wheel


def dependency_wheels(project: Path, python_version: str, into: Path) -> list[Path]:
    """Download the pure wheels of :data:`PINS` and what ``project`` needs, for
    the Python inside Pyodide; drop :data:`LEFT_OUT`."""
    with tempfile.TemporaryDirectory() as tmp:
        pins = Path(tmp) / "pins.txt"
        pins.write_text("\n".join(PINS) + "\n")
        run([this_python(), "-m", "pip", "download", "-q", "--disable-pip-version-check",
             "--only-binary=:all:", "--python-version", python_version,
             "--implementation", "py", "--abi", "none", "--platform", "any",
             "-c", str(pins), "-d", str(into), str(project), *PINS])
    kept = []
    for wheel in sorted(into.glob("*.whl")):
        name = wheel.name.split("-")[0].lower()
        if name in LEFT_OUT:
            wheel.unlink()
        elif wheel != project:
            kept.append(wheel)
    return kept
