"""``python -m spit_widget play``: JupyterLab opened on a notebook with the game.

The notebook is the player's own copy in the ``notebooks`` subfolder of their
data folder (``SPIT_WIDGET_HOME`` or the platform's user data dir; the stats
database stays beside it, unserved), never the tracked ``examples/play.ipynb``,
which JupyterLab would autosave with outputs into the checkout. From a checkout
the copy is made from that example (outputs stripped); elsewhere it is a
one-cell notebook. An existing copy is kept: it is the player's now.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import quote

from platformdirs import user_data_dir

NOTEBOOKS = "notebooks"
"""The subfolder of the data folder that JupyterLab serves: the stats database
(``stats.sqlite3`` and its ``-wal`` / ``-shm`` files) sits in the data folder
itself, out of the file browser's sight and out of reach of a stray delete."""


def notebooks_folder() -> Path:
    """The served subfolder of the data folder (made when missing), where the
    ``play`` and ``learn`` notebooks live."""
    folder = data_folder() / NOTEBOOKS
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def data_folder() -> Path:
    """``SPIT_WIDGET_HOME``, or the platform's user data folder: the stats live here."""
    return Path(os.environ.get("SPIT_WIDGET_HOME") or user_data_dir("spit-widget"))


def play_notebook(variant: str) -> Path:
    """The player's own notebook to open, written on first use (a copy left in
    the data folder by an older version is moved into the served subfolder)."""
    path = notebooks_folder() / f"play_{variant}.ipynb"
    older = data_folder() / path.name
    if not path.exists() and older.is_file():
        older.replace(path)
    if not path.exists():
        path.write_text(json.dumps(_notebook(variant), indent=1), encoding="utf-8")
    return path


def _notebook(variant: str) -> dict[str, Any]:
    """The checkout's play example without outputs (duel), or a one-cell notebook."""
    example = Path.cwd() / "examples" / "play.ipynb"
    if variant == "duel" and example.exists():
        notebook: dict[str, Any] = json.loads(example.read_text(encoding="utf-8"))
        for cell in notebook.get("cells", []):
            if cell.get("cell_type") == "code":
                cell["outputs"] = []
                cell["execution_count"] = None
        return notebook
    source = f'from spit_widget import SpitWidget\nSpitWidget(variant="{variant}")'
    return {
        "cells": [{"cell_type": "code", "execution_count": None, "metadata": {},
                   "outputs": [], "source": source}],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                    "language": "python"}},
        "nbformat": 4, "nbformat_minor": 5,
    }


def launch(*, variant: str, port: int, nodelay: bool, open_browser: bool) -> None:
    """Start JupyterLab on the play notebook (returns when the server stops)."""
    open_lab(play_notebook(variant), port=port, nodelay=nodelay, open_browser=open_browser)


def open_lab(notebook: Path, *, port: int, nodelay: bool, open_browser: bool) -> None:
    """Start JupyterLab on ``notebook`` (``play`` and ``learn`` share it)."""
    # The URL JupyterLab prints (and opens) is its default_url: point it at the
    # notebook, so the printed link opens the game, not the launcher.
    cmd = [sys.executable, "-m", "jupyterlab", str(notebook), f"--ServerApp.port={port}",
           f"--ServerApp.root_dir={notebook.parent}",
           f"--LabApp.default_url=/lab/tree/{quote(notebook.name)}"]
    if nodelay:
        cmd.append('--ServerApp.jpserver_extensions={"spit_widget.nodelay": True}')
    if not open_browser:
        cmd.append("--no-browser")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")  # containers and CI machines often run as root
    print("Starting JupyterLab:", " ".join(cmd), flush=True)
    raise SystemExit(subprocess.call(cmd))


def add_parser(sub: Any) -> None:
    """The ``play`` subcommand."""
    play = sub.add_parser("play", help="open the game in JupyterLab")
    play.add_argument("--variant", choices=["duel", "classic"], default="duel")
    play.add_argument("--port", type=int, default=8888)
    play.add_argument("--no-browser", action="store_true", help="print the URL only")
    play.add_argument("--no-nodelay", action="store_true",
                      help="leave the server's websocket as it is (Nagle on)")
    play.set_defaults(func=lambda args: launch(
        variant=args.variant, port=args.port, nodelay=not args.no_nodelay,
        open_browser=not args.no_browser))
