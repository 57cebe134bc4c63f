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


def run(variant: str, games: int, *, seed: int = 0, solve_games: int = 0,
        trips: tuple[float, ...] = (), compensation: bool = True) -> list[Measured]:
    """Measure (after solving, when ``solve_games``) every pace of ``variant``;
    print the table and return its rows. ``trips``: measure each pace again
    with the person that many seconds of round trip away, compensated (and,
    beside it, not; only not with ``compensation=False``)."""
    rows = []
    solved = []
    for target in TARGETS[variant]:
        current = pace(variant, target.pace)
        if solve_games and target.win_rate is not None:
            current = solve(variant, current, target.win_rate, solve_games, human=target.human,
                            seed=seed, progress=_progress(f"solving {current.label}"))
            print(f"  {current.label}: solved mean {current.mean:.2f} s", flush=True)
        solved.append(current)
        at = seed + FRESH_SEEDS if solve_games else seed
        for trip, compensate in _runs(trips, compensation):
            label = current.label if not trip else f"{current.label} {trip:g}s"
            rows.append(measure(variant, current, games, human=target.human, seed=at,
                                progress=_progress(label), trip=trip, compensate=compensate))
    print(table(variant, rows, networked=bool(trips)))
    even = next(p for p, t in zip(solved, TARGETS[variant], strict=True)
                if t.win_rate == 0.5 and t.human is MEDIAN_HUMAN)
    for trip in trips or (0.0,):
        print(playable_to_click(variant, even, min(games, 400), seed=seed, trip=trip))
    return rows


def _runs(trips: tuple[float, ...], compensation: bool) -> list[tuple[float, bool]]:
    """(trip, compensated) for each row of a pace: the local one alone, or each
    trip compensated and, beside it, not (a trip of none needs no compensation)."""
    if not trips:
        return [(0.0, True)]
    runs = []
    for trip in trips:
        if compensation:
            runs.append((trip, True))
        if trip or not compensation:
            runs.append((trip, False))
    return runs


def table(variant: str, rows: list[Measured], *, networked: bool = False) -> str:
    """One line per pace: name, mean, target, the computer's win rate and interval;
    ``networked``: two columns more, the person's round trip and whether the
    computer was compensated for it."""
    targets = {t.pace: t.win_rate for t in TARGETS[variant]}
    header = (f"  {'pace':<11}{'mean':>7}  {'against':<13}{'target':>7}  "
              f"{'computer wins':>13}  {'95% interval':<13}{'games':>7}")
    lines = [f"{variant}: the computer (expert) against the human model",
             header + ("  round trip  compensated" if networked else "")]
    for row in rows:
        low, high = row.interval()
        target = targets.get(row.pace.name)
        aim = f"{target:.0%}" if target is not None else "-"
        line = (f"  {row.pace.label:<11}{row.pace.mean:>6.2f}s  {row.human.name:<13}"
                f"{aim:>7}  {row.win_rate:>13.1%}  {low:.1%}-{high:<7.1%}{row.games:>7}")
        if networked:
            line += f"  {row.trip:>9.2f}s  {'yes' if row.compensated else 'no':<11}"
        lines.append(line.rstrip())
    return "\n".join(lines)


def playable_to_click(variant: str, at: Pace, games: int, *, seed: int = 0,
                      trip: float = 0.0) -> str:
    """The median human model's measured time from a card becoming playable to
    its click in an even game (at ``at``), as Match me measures a player: the
    figure Match me scales from. With a ``trip`` it is timed on the page's
    clock, as the widget times it, and should not move."""
    samples: list[float] = []
    for s in range(seed, seed + games):
        meter = ReactionMeter(trip=trip)
        human_vs_computer(variant, at, s, on_action=meter.update, trip=trip)
        samples.extend(meter.samples)
    median = statistics.median(samples) if samples else float("nan")
    at_trip = f" at {trip:g} s round trip, on the page's clock" if trip else ""
    return (f"  {MEDIAN_HUMAN.name}: playable-to-click median {median:.2f} s{at_trip} "
            f"({len(samples)} plays in {games} games)")


def add_parser(sub: Any) -> None:
    """The ``calibrate`` subcommand."""
    cal = sub.add_parser("calibrate", help="the computer's paces against a human model")
    cal.add_argument("--variant", choices=["duel", "classic", "both"], default="both")
    cal.add_argument("--games", type=int, default=2000, help="games per pace")
    cal.add_argument("--seed", type=int, default=0)
    cal.add_argument("--solve", type=int, default=0, metavar="GAMES",
                     help="first solve each pace's mean for its target, GAMES per step")
    cal.add_argument("--rtt", type=_seconds, nargs="+", default=[], metavar="SECONDS",
                     help="the person sits this round trip away (one or more): each pace "
                          "with the computer compensated for it, and without")
    cal.add_argument("--no-compensation", dest="compensation", action="store_false",
                     help="with --rtt: only the computer not compensated for the trip")
    cal.set_defaults(func=_main)


def _seconds(text: str) -> float:
    """A round trip in seconds: a number from 0 to 5."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 5:
        raise argparse.ArgumentTypeError(f"{text!r} is not a round trip in seconds (0 to 5).")
    return value


def _main(args: argparse.Namespace) -> None:
    if not args.compensation and not args.rtt:
        raise SystemExit("calibrate: --no-compensation needs --rtt, the round trip "
                         "to leave uncompensated.")
    for variant in ("duel", "classic") if args.variant == "both" else (args.variant,):
        run(variant, args.games, seed=args.seed, solve_games=args.solve,
            trips=tuple(args.rtt), compensation=args.compensation)
