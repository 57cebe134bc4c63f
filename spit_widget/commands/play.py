"""``python -m spit_widget play``: JupyterLab opened on a notebook with the game.

Run from a checkout, it opens ``examples/play.ipynb``; elsewhere it writes a
one-cell notebook into the user's data folder and opens that.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from platformdirs import user_data_dir


def play_notebook(variant: str) -> Path:
    """The notebook to open: the checkout's example, or one written for you."""
    example = Path.cwd() / "examples" / "play.ipynb"
    if variant == "duel" and example.exists():
        return example
    folder = Path(os.environ.get("SPIT_WIDGET_HOME") or user_data_dir("spit-widget"))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"play_{variant}.ipynb"
    if not path.exists():
        source = f'from spit_widget import SpitWidget\nSpitWidget(variant="{variant}")'
        notebook = {
            "cells": [{"cell_type": "code", "execution_count": None, "metadata": {},
                       "outputs": [], "source": source}],
            "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                        "language": "python"}},
            "nbformat": 4, "nbformat_minor": 5,
        }
        path.write_text(json.dumps(notebook, indent=1))
    return path


def launch(*, variant: str, port: int, nodelay: bool, open_browser: bool) -> None:
    """Start JupyterLab on the play notebook (returns when the server stops)."""
    notebook = play_notebook(variant)
    cmd = [sys.executable, "-m", "jupyterlab", str(notebook), f"--ServerApp.port={port}",
           f"--ServerApp.root_dir={notebook.parent}"]
    if nodelay:
        cmd.append('--ServerApp.jpserver_extensions={"spit_widget.nodelay": True}')
    if not open_browser:
        cmd.append("--no-browser")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")  # containers and CI machines often run as root
    print("Starting JupyterLab:", " ".join(cmd), flush=True)
    raise SystemExit(subprocess.call(cmd))
