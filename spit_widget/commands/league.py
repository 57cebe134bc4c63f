"""``python -m spit_widget league A B C ...``: every pair on the same paired
deals, rated in Elo points with 95% intervals, a ranked table and a plot."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from typing import Any

from ..computer.backends import BACKENDS


def add_backend_options(parser: argparse.ArgumentParser) -> None:
    """``--jobs``, ``--backend`` and ``--scheduler``, shared with ``tournament``."""
    parser.add_argument("--jobs", type=int, default=1,
                        help="local processes (or local Dask workers without --scheduler)")
    parser.add_argument("--backend", choices=BACKENDS, default=None,
                        help="where games run: local processes (default) or Dask")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="a Dask scheduler, like tcp://10.0.0.5:8786 (implies --backend dask)")


def backend_of(args: argparse.Namespace) -> str:
    """The backend the options ask for (a scheduler means Dask)."""
    if args.backend is None:
        return "dask" if args.scheduler else "processes"
    return str(args.backend)


def add_parser(sub: Any) -> None:
    """The ``league`` subcommand."""
    league = sub.add_parser("league", help="rate several strategies on the same paired deals")
    league.add_argument("entrants", nargs="+", metavar="STRATEGY",
                        help="random, greedy, expert, or module:function of your own")
    league.add_argument("--variant", choices=["duel", "classic"], default="duel")
    league.add_argument("--deals", type=int, default=200,
                        help="deals per pair, each played twice with seats swapped")
    league.add_argument("--seed", type=int, default=0, help="the first deal")
    league.add_argument("--max-rounds", type=int, default=None, help="classic house rule")
    league.add_argument("--plot", metavar="FILE.png", default="league.png",
                        help="where to save the ratings chart (default league.png; '' for none)")
    add_backend_options(league)
    league.set_defaults(func=run)


def run(args: argparse.Namespace) -> None:
    """Play the league and print its table (the progress bar goes to stderr)."""
    from tqdm import tqdm

    from ..computer.league import league, plot

    def progress(stream: Iterable[Any], total: int) -> Iterable[Any]:
        return tqdm(stream, total=total, unit="game", file=sys.stderr)  # type: ignore[no-any-return]

    result = league(args.variant, args.entrants, args.deals, seed=args.seed, jobs=args.jobs,
                    backend=backend_of(args), scheduler=args.scheduler,
                    max_rounds=args.max_rounds, progress=progress)
    print(result.table())
    if args.plot:
        plot(result, args.plot)
        print(f"plot saved to {args.plot}")
