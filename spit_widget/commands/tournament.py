"""``python -m spit_widget tournament A B``: seeded games between two strategies,
plain (seats alternating), paired (each deal both ways round on the same random
stream) or compared (A and B each against C on the same deals)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from typing import Any

from .league import add_backend_options, backend_of


def add_parser(sub: Any) -> None:
    """The ``tournament`` subcommand."""
    tour = sub.add_parser("tournament", help="seeded games between two strategies")
    tour.add_argument("a", help="strategy A: random, greedy or expert")
    tour.add_argument("b", help="strategy B")
    tour.add_argument("--variant", choices=["duel", "classic"], default="duel")
    tour.add_argument("--games", type=int, default=1000)
    tour.add_argument("--seed", type=int, default=0)
    tour.add_argument("--max-rounds", type=int, default=None, help="classic house rule")
    tour.add_argument("--plot", metavar="FILE.png", help="save the win rate against games")
    tour.add_argument("--paired", action="store_true",
                      help="each deal played both ways round on the same random stream")
    tour.add_argument("--against", metavar="C",
                      help="compare A and B, each against C on the same deals (paired)")
    add_backend_options(tour)
    tour.set_defaults(func=run)


def run(args: argparse.Namespace) -> None:
    """Play the tournament and print its report (the progress bar goes to stderr)."""
    from tqdm import tqdm

    from ..computer.tournament import compare, paired_tournament, plot, tournament

    if args.against:
        print(compare(args.variant, (args.a, args.b), args.against, args.games,
                      seed=args.seed).report())
        return
    if args.paired:
        print(paired_tournament(args.variant, (args.a, args.b), args.games, seed=args.seed,
                                max_rounds=args.max_rounds, jobs=args.jobs,
                                backend=backend_of(args), scheduler=args.scheduler).report())
        return

    def progress(stream: Iterable[Any], total: int) -> Iterable[Any]:
        return tqdm(stream, total=total, unit="game", file=sys.stderr)  # type: ignore[no-any-return]

    result = tournament(args.variant, (args.a, args.b), args.games, seed=args.seed,
                        jobs=args.jobs, max_rounds=args.max_rounds, progress=progress,
                        backend=backend_of(args), scheduler=args.scheduler)
    print(result.report())
    if args.plot:
        plot(result, args.plot)
        print(f"plot saved to {args.plot}")
