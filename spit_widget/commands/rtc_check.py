"""``python -m spit_widget rtc-check``: the two-person table under real-time
collaboration (jupyter-collaboration), two users in one shared notebook.

The work lives in :mod:`spit_widget.testing.rtc_check`; this reads the command line.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any


def _run(args: argparse.Namespace) -> None:
    from ..testing.rtc_check import main

    sys.exit(main(args.games, seed=args.seed))


def add_parser(sub: Any) -> None:
    """The ``rtc-check`` subcommand."""
    cmd = sub.add_parser(
        "rtc-check", help="two users in one shared notebook under jupyter-collaboration",
        description="Build (once, in the user cache folder; SPIT_WIDGET_RTC_VENV names "
                    "another) a virtual environment with this tree and jupyter-collaboration, "
                    "serve a two-person table from it, and play it from two browser contexts.")
    cmd.add_argument("--games", type=int, default=1, help="whole duels (default 1)")
    cmd.add_argument("--seed", type=int, default=0, help="the same seed repeats the deals")
    cmd.set_defaults(func=_run)
