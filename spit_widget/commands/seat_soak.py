"""``python -m spit_widget seat-soak``: duels between two browser contexts at
one two-person table, every view compared with the kernel after every action.

The work lives in :mod:`spit_widget.testing.seat_soak`; this reads the command line.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any


def _run(args: argparse.Namespace) -> None:
    from ..testing.seat_soak import run

    sys.exit(run(args.games, seed=args.seed, time_limit=args.time_limit))


def add_parser(sub: Any) -> None:
    """The ``seat-soak`` subcommand."""
    cmd = sub.add_parser("seat-soak", help="two browsers, one two-person table: no desync")
    cmd.add_argument("--games", type=int, default=100, help="whole duels")
    cmd.add_argument("--seed", type=int, default=0, help="the same seed repeats the deals")
    cmd.add_argument("--time-limit", type=float, default=None, metavar="SECONDS",
                     help="start no new game after this long")
    cmd.set_defaults(func=_run)
