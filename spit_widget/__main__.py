"""Command line: ``python -m spit_widget play | tournament | bench | latency``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def _tournament(args: argparse.Namespace) -> None:
    from tqdm import tqdm

    from .computer.tournament import plot, tournament

    def progress(stream, total):  # type: ignore[no-untyped-def]
        return tqdm(stream, total=total, unit="game", file=sys.stderr)

    result = tournament(args.variant, (args.a, args.b), args.games, seed=args.seed,
                        jobs=args.jobs, max_rounds=args.max_rounds, progress=progress)
    print(result.report())
    if args.plot:
        plot(result, args.plot)
        print(f"plot saved to {args.plot}")


def _bench(args: argparse.Namespace) -> None:
    from .commands.bench import run

    run(quick=args.quick)


def _latency(args: argparse.Namespace) -> None:
    from .commands.latency import run

    configs = {"both": (True, False), "on": (True,), "off": (False,)}[args.nodelay]
    run(plays=args.plays, configs=configs)


def _seat_latency(args: argparse.Namespace) -> None:
    from .commands.seat_latency import run

    run(plays=args.plays)


def _play(args: argparse.Namespace) -> None:
    from .commands.play import launch

    launch(variant=args.variant, port=args.port, nodelay=not args.no_nodelay,
           open_browser=not args.no_browser)


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the command line and run the chosen command."""
    parser = argparse.ArgumentParser(prog="python -m spit_widget", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    play = sub.add_parser("play", help="open the game in JupyterLab")
    play.add_argument("--variant", choices=["duel", "classic"], default="duel")
    play.add_argument("--port", type=int, default=8888)
    play.add_argument("--no-browser", action="store_true", help="print the URL only")
    play.add_argument("--no-nodelay", action="store_true",
                      help="leave the server's websocket as it is (Nagle on)")
    play.set_defaults(func=_play)

    tour = sub.add_parser("tournament", help="seeded games between two strategies")
    tour.add_argument("a", help="strategy A: random, greedy or expert")
    tour.add_argument("b", help="strategy B")
    tour.add_argument("--variant", choices=["duel", "classic"], default="duel")
    tour.add_argument("--games", type=int, default=1000)
    tour.add_argument("--seed", type=int, default=0)
    tour.add_argument("--jobs", type=int, default=1, help="processes to use")
    tour.add_argument("--max-rounds", type=int, default=None, help="classic house rule")
    tour.add_argument("--plot", metavar="FILE.png", help="save the win rate against games")
    tour.set_defaults(func=_tournament)

    bench = sub.add_parser("bench", help="print speed figures")
    bench.add_argument("--quick", action="store_true", help="fewer games, rougher figures")
    bench.set_defaults(func=_bench)

    latency = sub.add_parser("latency", help="click-to-paint latency in a real browser")
    latency.add_argument("--plays", type=int, default=100, help="samples per figure")
    latency.add_argument("--nodelay", choices=["both", "on", "off"], default="both",
                         help="the server's TCP_NODELAY extension on, off, or both (default)")
    latency.set_defaults(func=_latency)

    seats = sub.add_parser("seat-latency",
                           help="two people: one's click to the other's view, in real browsers")
    seats.add_argument("--plays", type=int, default=50, help="samples")
    seats.set_defaults(func=_seat_latency)

    args = parser.parse_args(argv)
    args.func(args)


if __name__ == "__main__":
    main()
