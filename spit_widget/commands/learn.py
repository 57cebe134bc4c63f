"""``python -m spit_widget learn``: JupyterLab opened on a notebook with the course.

As ``play`` does, the notebook is the learner's own copy in the served
``notebooks`` subfolder of their data folder (``SPIT_WIDGET_HOME`` or the
platform's user data dir; the stats file stays out of sight), written on first use
and kept after (it is theirs to add cells to). It has one code cell, so
Shift+Enter puts the course table in view; the progress lives in the stats
file, not in the notebook, so a fresh kernel picks up where the learner stopped.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .play import data_folder, notebooks_folder, open_lab

NOTEBOOK = "learn_spit.ipynb"
SOURCE = "from spit_widget import learn\n\nlearn.show()"
INTRO = ("## Learn Spit\n\nRun the cell above (Shift+Enter): the course opens on its map. "
         "Each level has a goal, a **Hint** (H), **Retry** (R) and, once solved, **Next** (N); "
         "the keys 1-5 play your piles and Space says you are stuck.")


def learn_notebook() -> Path:
    """The learner's own course notebook, written on first use."""
    path = notebooks_folder() / NOTEBOOK
    older = data_folder() / NOTEBOOK  # where a first version of the command wrote it
    if not path.exists() and older.is_file():
        older.replace(path)
    if not path.exists():
        path.write_text(json.dumps(_notebook(), indent=1), encoding="utf-8")
    return path


def _notebook() -> dict[str, Any]:
    return {
        # The code cell first: JupyterLab opens with it selected, so one Shift+Enter
        # shows the course; the notes below it are for reading after.
        "cells": [{"cell_type": "code", "execution_count": None, "metadata": {},
                   "outputs": [], "source": SOURCE},
                  {"cell_type": "markdown", "metadata": {}, "source": INTRO}],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                    "language": "python"}},
        "nbformat": 4, "nbformat_minor": 5,
    }


def add_parser(sub: Any) -> None:
    """The ``learn`` subcommand."""
    learn = sub.add_parser("learn", help="open the course (levels, puzzles, daily deal) in "
                                         "JupyterLab")
    learn.add_argument("--port", type=int, default=8888)
    learn.add_argument("--no-browser", action="store_true", help="print the URL only")
    learn.add_argument("--no-nodelay", action="store_true",
                       help="leave the server's websocket as it is (Nagle on)")
    learn.set_defaults(func=lambda args: open_lab(
        learn_notebook(), port=args.port, nodelay=not args.no_nodelay,
        open_browser=not args.no_browser))
