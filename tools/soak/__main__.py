"""``python -m tools.soak``: the reliability claims, at scale.

The work lives in :mod:`tools.soak.run` (the hardening tests run slices of the
same code); this module only reads the command line.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """Read the command line, run the soak; the exit status says whether it held."""
    from .run import run

    cmd = argparse.ArgumentParser(
        prog="python -m tools.soak",
        description="fuzzed messages, games and races through real widgets")
    cmd.add_argument("--messages", type=int, default=100_000, help="fuzzed page messages")
    cmd.add_argument("--games", type=int, default=100_000, help="whole games, both variants")
    cmd.add_argument("--races", type=int, default=10_000, help="same-pile races")
    cmd.add_argument("--time-limit", type=float, default=None, metavar="SECONDS",
                     help="start no more work after this long")
    cmd.add_argument("--seed", type=int, default=0, help="the same seed repeats the run")
    cmd.add_argument("--jobs", type=int, default=1, help="processes to use")
    args = cmd.parse_args(argv)
    return run(args.messages, args.games, args.races, seed=args.seed, jobs=args.jobs,
               time_limit=args.time_limit)


if __name__ == "__main__":
    sys.exit(main())
