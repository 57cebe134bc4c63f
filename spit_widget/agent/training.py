"""Training: PPO on the vector environment against the built-in strategies,
for a budget of wall time, with checkpoints for the learning curve.

    python -m spit_widget.agent --minutes 10 --out spit_agent.npz --curve curve.json
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np
from threadpoolctl import threadpool_limits

from ..vec import SpitVecEnv
from . import network
from .evaluate import paired
from .network import Params
from .ppo import PPO, Settings
from .rollout import Stream, collect


@dataclass(frozen=True)
class Checkpoint:
    """The greedy policy's paired win rates at one moment of training."""

    seconds: float
    games: int
    rates: dict[str, float]


@dataclass
class Training:
    """The weights and how they got there."""

    params: Params
    curve: list[Checkpoint] = field(default_factory=list)
    seconds: float = 0.0
    games: int = 0


@dataclass(frozen=True)
class Plan:
    """What to train against and for how long: until ``seconds`` of wall time
    (checkpoints included) or ``updates`` rollouts have passed, whichever
    comes first (None: no limit of that kind; a seeded run that must repeat
    itself exactly counts updates)."""

    seconds: float | None = 600.0
    updates: int | None = None
    opponents: tuple[str, ...] = ("expert", "greedy")
    envs: int = 2048
    """Games stepped together, per opponent."""
    steps: int = 32
    """Steps of every game per rollout."""
    checkpoints: tuple[float, ...] = (1 / 128, 1 / 64, 1 / 32, 1 / 16, 1 / 8, 1 / 4, 3 / 8,
                                      1 / 2, 5 / 8, 3 / 4, 7 / 8)
    """When to checkpoint, as fractions of the run (besides its start and end):
    doubling at first, where the policy changes fastest, then evenly."""
    check_deals: int = 200
    """Paired deals per checkpoint, held out (training deals start at 0; 0: no checkpoints)."""
    seed: int = 0
    ppo: Settings = field(default_factory=Settings)


Report = Callable[[Checkpoint], None]


def train(plan: Plan | None = None, params: Params | None = None,
          report: Report | None = None) -> Training:
    """Train for ``plan.seconds`` of wall time (checkpoints included).

    BLAS runs on one thread meanwhile: the matrices are small (a few thousand
    rows by 64), and measured on a busy 2-core machine a second BLAS thread
    made each update about three times slower, waiting for a core."""
    with threadpool_limits(limits=1, user_api="blas"):
        return _train(plan or Plan(), params, report)


def _progress(plan: Plan, seconds: float, updates: int) -> float:
    """How far the run is, from 0 to 1 (1: stop)."""
    parts = [0.0]
    if plan.seconds is not None:
        parts.append(seconds / plan.seconds)
    if plan.updates is not None:
        parts.append(updates / plan.updates)
    return max(parts)


def _train(plan: Plan, params: Params | None, report: Report | None) -> Training:
    if plan.seconds is None and plan.updates is None:
        raise ValueError("A plan needs a limit: seconds, updates or both.")
    started = time.perf_counter()  # the clock includes dealing the first games
    rng = np.random.default_rng(plan.seed)
    result = Training(params if params is not None else network.initial(plan.seed))
    ppo = PPO(result.params, plan.ppo)
    streams = [Stream(SpitVecEnv(num_envs=plan.envs, opponent=name)) for name in plan.opponents]
    for k, stream in enumerate(streams):
        stream.start(seed=plan.seed * 10_000_000 + k * 1_000_000)

    def checkpoint() -> None:
        if not plan.check_deals:
            return
        rates = {name: paired(result.params, name, plan.check_deals, seed=50_000_000).win_rate()
                 for name in ("greedy", "expert")}
        point = Checkpoint(time.perf_counter() - started, result.games, rates)
        result.curve.append(point)
        if report:
            report(point)

    checkpoint()
    updates, reserve = 0, 0.0
    while _progress(plan, time.perf_counter() - started + reserve, updates) < 1:
        began = time.perf_counter()
        for stream in streams:
            ppo.update(result.params, collect(stream, result.params, plan.steps, rng), rng)
        updates += 1
        result.games = sum(s.games for s in streams)
        now = _progress(plan, time.perf_counter() - started, updates)
        due = [f for f in plan.checkpoints if f <= now]
        if now < 1 and len(due) >= len(result.curve):
            checkpoint()
        # Room for one more update and the last checkpoint, so the run ends in time.
        reserve = max(reserve, time.perf_counter() - began)
    if not result.curve or result.curve[-1].games != result.games:
        checkpoint()  # the end (unless a checkpoint has just seen it)
    result.seconds = time.perf_counter() - started
    return result


def main(argv: list[str] | None = None) -> None:
    """Train from the command line and save the weights."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--out", default="spit_agent.npz")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--envs", type=int, default=2048)
    parser.add_argument("--curve", help="write the learning curve here (JSON)")
    args = parser.parse_args(argv)
    plan = Plan(seconds=args.minutes * 60, seed=args.seed, envs=args.envs)
    result = train(plan, report=lambda c: print(
        f"{c.seconds:6.0f} s {c.games:9d} games  " +
        "  ".join(f"{k} {v:.1%}" for k, v in c.rates.items()), flush=True))
    network.save(result.params, args.out)
    if args.curve:
        Path(args.curve).write_text(json.dumps([asdict(c) for c in result.curve], indent=1))
    print(f"trained {result.games} games in {result.seconds:.0f} s; saved {args.out}")


if __name__ == "__main__":
    main()
