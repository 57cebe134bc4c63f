"""``python -m spit_widget soak``: the reliability claims, at scale.

The work itself lives in :mod:`spit_widget.testing.soak` (the test rig, which
the hardening tests share); this module only reads the command line.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any


def _run(args: argparse.Namespace) -> None:
    from ..testing.soak.run import run

    sys.exit(run(args.messages, args.games, args.races, seed=args.seed, jobs=args.jobs,
                 time_limit=args.time_limit))


def add_parser(sub: Any) -> None:
    """The ``soak`` subcommand."""
    soak_cmd = sub.add_parser("soak", help="fuzzed messages, games and races through real widgets")
    soak_cmd.add_argument("--messages", type=int, default=100_000, help="fuzzed page messages")
    soak_cmd.add_argument("--games", type=int, default=100_000, help="whole games, both variants")
    soak_cmd.add_argument("--races", type=int, default=10_000, help="same-pile races")
    soak_cmd.add_argument("--time-limit", type=float, default=None, metavar="SECONDS",
                          help="start no more work after this long")
    soak_cmd.add_argument("--seed", type=int, default=0, help="the same seed repeats the run")
    soak_cmd.add_argument("--jobs", type=int, default=1, help="processes to use")
    soak_cmd.set_defaults(func=_run)
