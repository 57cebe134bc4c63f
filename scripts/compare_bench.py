#!/usr/bin/env python3
"""Random-play games/s of two checkouts, measured alternately in one session.

    python scripts/compare_bench.py OLD_TREE [NEW_TREE] [--rounds N] [--games N]

Each round runs, for each variant, one subprocess in the old tree and one in
the new (the order alternating from round to round, so drift in the machine's
load falls on both), each timing that tree's own ``bench.random_game`` loop
over the same seeds (the same games: the seeded deals and histories are
unchanged). It prints every round's rows, then the median of each and the
ratio new/old. Run it on a quiet machine; it prints the load average.
A tree of the old layout (``spit_widget/bench.py``) is measured as well as the
current one (``spit_widget/commands/bench.py``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

VARIANTS = ("duel", "classic")

CHILD = """
import json, sys, time
try:
    from spit_widget.commands.bench import random_game
except ImportError:
    from spit_widget.bench import random_game
variant, games, first = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
for seed in range(games // 10):  # warm up
    random_game(variant, 10_000 + seed)
started = time.perf_counter()
for seed in range(first, first + games):
    random_game(variant, seed)
print(json.dumps(games / (time.perf_counter() - started)))
"""


def rate(tree: Path, variant: str, games: int, first: int) -> float:
    """Games/s of ``tree``'s random_game, in a fresh interpreter whose cwd is the tree."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, "-c", CHILD, variant, str(games), str(first)],
                         cwd=tree, env=env, capture_output=True, text=True, check=True)
    return float(json.loads(out.stdout))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old", type=Path, help="the baseline checkout")
    parser.add_argument("new", type=Path, nargs="?", default=Path(__file__).resolve().parent.parent,
                        help="the checkout to compare (default: this one)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=1000, help="games per run")
    args = parser.parse_args()
    trees = {"old": args.old.resolve(), "new": args.new.resolve()}
    print(f"old: {trees['old']}\nnew: {trees['new']}")
    print(f"load average before: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}")
    rates: dict[tuple[str, str], list[float]] = {(t, v): [] for t in trees for v in VARIANTS}
    for r in range(args.rounds):
        order = ("old", "new") if r % 2 == 0 else ("new", "old")
        for variant in VARIANTS:
            for which in order:
                value = rate(trees[which], variant, args.games, r * args.games)
                rates[which, variant].append(value)
                print(f"  round {r + 1} {which:3s} {variant:8s} {value:8.0f} games/s", flush=True)
    print(f"load average after: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}")
    print(f"{'variant':8s} {'old':>9s} {'new':>9s} {'new/old':>8s}  (games/s, median of "
          f"{args.rounds} alternating runs of {args.games} games)")
    for variant in VARIANTS:
        old = statistics.median(rates["old", variant])
        new = statistics.median(rates["new", variant])
        print(f"{variant:8s} {old:9.0f} {new:9.0f} {new / old:7.2f}x")


if __name__ == "__main__":
    main()
