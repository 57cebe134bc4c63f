"""``python -m spit_widget calibrate``: the computer at each pace against the
human model, one line per pace with its win rate and 95% interval.

With ``--solve`` it first finds, by bisection, the mean reaction time that
hits each pace's target (:data:`~spit_widget.computer.calibration.TARGETS`),
then measures those on fresh deals; the numbers it prints are the ones
written into ``computer/pace.py``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Iterable
from typing import Any

from ..computer.calibration import TARGETS, Measured, Progress, measure, solve
from ..computer.human import MEDIAN_HUMAN
from ..computer.matchme import ReactionMeter
from ..computer.pace import Pace, pace
from ..computer.timed import human_vs_computer

FRESH_SEEDS = 1_000_000
"""Solved paces are measured on deals from here on, not the ones they were solved on."""


def _progress(label: str) -> Progress:
    from tqdm import tqdm

    def wrap(stream: Iterable[int], total: int) -> Iterable[int]:
        bar: Iterable[int] = tqdm(stream, total=total, unit="game", desc=label,
                                  file=sys.stderr, leave=False)
        return bar

    return wrap


def run(variant: str, games: int, *, seed: int = 0, solve_games: int = 0) -> list[Measured]:
    """Measure (after solving, when ``solve_games``) every pace of ``variant``;
    print the table and return its rows."""
    rows = []
    for target in TARGETS[variant]:
        current = pace(variant, target.pace)
        if solve_games and target.win_rate is not None:
            current = solve(variant, current, target.win_rate, solve_games, human=target.human,
                            seed=seed, progress=_progress(f"solving {current.label}"))
            print(f"  {current.label}: solved mean {current.mean:.2f} s", flush=True)
        at = seed + FRESH_SEEDS if solve_games else seed
        rows.append(measure(variant, current, games, human=target.human, seed=at,
                            progress=_progress(current.label)))
    print(table(variant, rows))
    even = next(r.pace for r, t in zip(rows, TARGETS[variant], strict=True)
                if t.win_rate == 0.5 and t.human is MEDIAN_HUMAN)
    print(playable_to_click(variant, even, min(games, 400), seed=seed))
    return rows


def table(variant: str, rows: list[Measured]) -> str:
    """One line per pace: name, mean, target, the computer's win rate and interval."""
    targets = {t.pace: t.win_rate for t in TARGETS[variant]}
    lines = [f"{variant}: the computer (expert) against the human model",
             f"  {'pace':<11}{'mean':>7}  {'against':<13}{'target':>7}  "
             f"{'computer wins':>13}  {'95% interval':<13}{'games':>7}"]
    for row in rows:
        low, high = row.interval()
        target = targets.get(row.pace.name)
        aim = f"{target:.0%}" if target is not None else "-"
        lines.append(f"  {row.pace.label:<11}{row.pace.mean:>6.2f}s  {row.human.name:<13}"
                     f"{aim:>7}  {row.win_rate:>13.1%}  {low:.1%}-{high:<7.1%}{row.games:>7}")
    return "\n".join(lines)


def playable_to_click(variant: str, at: Pace, games: int, *, seed: int = 0) -> str:
    """The median human model's measured time from a card becoming playable to
    its click in an even game (at ``at``), as Match me measures a player: the
    figure Match me scales from."""
    samples: list[float] = []
    for s in range(seed, seed + games):
        meter = ReactionMeter()
        human_vs_computer(variant, at, s, on_action=meter.update)
        samples.extend(meter.samples)
    median = statistics.median(samples) if samples else float("nan")
    return (f"  {MEDIAN_HUMAN.name}: playable-to-click median {median:.2f} s "
            f"({len(samples)} plays in {games} games)")


def add_parser(sub: Any) -> None:
    """The ``calibrate`` subcommand."""
    cal = sub.add_parser("calibrate", help="the computer's paces against a human model")
    cal.add_argument("--variant", choices=["duel", "classic", "both"], default="both")
    cal.add_argument("--games", type=int, default=2000, help="games per pace")
    cal.add_argument("--seed", type=int, default=0)
    cal.add_argument("--solve", type=int, default=0, metavar="GAMES",
                     help="first solve each pace's mean for its target, GAMES per step")
    cal.set_defaults(func=_main)


def _main(args: argparse.Namespace) -> None:
    for variant in ("duel", "classic") if args.variant == "both" else (args.variant,):
        run(variant, args.games, seed=args.seed, solve_games=args.solve)
