"""Benchmarks that print figures (never timed assertions).

``python -m spit_widget bench`` prints headless random-play games per second
for each variant (the median of several runs, one core; the header says
whether the engine runs compiled, see :mod:`spit_widget.engine.compiled`), AI-vs-AI games per
second for each pairing, how long the expert takes to choose, and the bytes
one human play puts on the comm (:mod:`.wire`).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from ..computer import View, expert, play_out, strategy
from ..engine import ENGINE, GAME_OVER, PLAYING, ROUND_OVER, Game
from . import wire


def random_game(variant: str, seed: int) -> Game:
    """One game of random legal plays, driven straight on the engine.

    At each step a coin picks who looks first; a player with no play declares
    stuck (duel) or, when nobody can play, the table spits (classic).
    """
    game = Game(variant, seed=seed)
    r = random.Random(seed).random
    # Bound once, and the read-only accessor that skips the copy: this loop is measured.
    legal_plays, play = game.legal_plays_view, game.play
    while game.status != GAME_OVER:
        if game.status == ROUND_OVER:
            assert game.went_out is not None
            game.slap(game.went_out, game.slappable(game.went_out)[0])
            continue
        first = 0 if r() < 0.5 else 1
        plays = legal_plays(first)
        if plays:
            play(first, *plays[int(r() * len(plays))])
            continue
        plays = legal_plays(1 - first)
        if plays:
            play(1 - first, *plays[int(r() * len(plays))])
            continue
        if game.rules.declare_stuck:
            for p in (0, 1):
                if game.status == PLAYING and not game.stuck[p]:
                    game.declare_stuck(p)
        else:
            game.spit()
    return game


def games_per_second(run: Callable[[int], object], games: int, repeats: int) -> float:
    """Median over ``repeats`` runs of ``games`` games each."""
    rates = []
    for r in range(repeats):
        started = time.perf_counter()
        for seed in range(r * games, (r + 1) * games):
            run(seed)
        rates.append(games / (time.perf_counter() - started))
    return statistics.median(rates)


def expert_choice_times(games: int = 200) -> list[float]:
    """Seconds the expert takes per decision, over the positions of real games."""
    times: list[float] = []
    opponent = strategy("random", 1)
    for seed in range(games):
        game = Game("duel" if seed % 2 else "classic", seed=seed)
        rng = random.Random(seed)

        def timed(view: View) -> object:
            started = time.perf_counter()
            action = expert(view)
            times.append(time.perf_counter() - started)
            return action

        play_out(game, [timed, opponent], rng)  # type: ignore[list-item]
    return times


def env_steps(quick: bool) -> None:
    """The learning environment's step rate (it needs the ``rl`` extra)."""
    print("Learning environment (PettingZoo AEC, random legal actions, one core, median of runs):")
    try:
        from ..rl.speed import env_steps_per_second
    except ImportError:
        print("  env steps/s: needs the rl extra (pip install 'spit-widget[rl]')")
        return
    steps, repeats = (3000, 3) if quick else (20000, 5)
    for variant in ("duel", "classic"):
        rate = statistics.median(env_steps_per_second(variant, steps, seed=r)
                                 for r in range(repeats))
        print(f"  {variant:8s} {rate:8.0f} env steps/s")


def run(quick: bool = False) -> None:
    """Print every figure."""
    games, repeats = (300, 3) if quick else (2000, 5)
    engine = "compiled by mypyc" if ENGINE == "compiled" else "pure Python"
    print(f"Engine, random legal plays (one core, median of runs; {engine}):")
    for variant in ("duel", "classic"):
        def random_play(seed: int, v: str = variant) -> None:
            random_game(v, seed)
        rate = games_per_second(random_play, games, repeats)
        print(f"  {variant:8s} {rate:8.0f} games/s")
    env_steps(quick)
    print("AI vs AI through the strategy interface (games/s, one core):")
    pairs = [("random", "random"), ("greedy", "random"), ("expert", "random"),
             ("expert", "greedy"), ("expert", "expert")]
    for variant in ("duel", "classic"):
        for a, b in pairs:
            def one(seed: int, v: str = variant, a: str = a, b: str = b) -> None:
                game = Game(v, seed=seed)
                play_out(game, [strategy(a, seed), strategy(b, seed + 1)], random.Random(seed))
            rate = games_per_second(one, games // 4, repeats)
            print(f"  {variant:8s} {a:>6s} vs {b:6s} {rate:8.0f} games/s")
    times = sorted(expert_choice_times(50 if quick else 200))
    median = statistics.median(times) * 1e3
    p99 = times[int(0.99 * (len(times) - 1))] * 1e3
    print(f"Expert decision time over {len(times)} decisions: median {median:.3f} ms, "
          f"p99 {p99:.3f} ms")
    wire.run(games=4 if quick else 10)


def add_parser(sub: Any) -> None:
    """The ``bench`` subcommand."""
    bench = sub.add_parser("bench", help="print speed figures")
    bench.add_argument("--quick", action="store_true", help="fewer games, rougher figures")
    bench.add_argument("--vec", action="store_true",
                       help="the vector engine's steps/s against the batch size, beside the "
                            "scalar environments (needs the rl extra)")
    bench.set_defaults(func=lambda args: vec_run(args.quick) if args.vec else run(args.quick))


def vec_run(quick: bool) -> None:
    """``bench --vec``: the vector engine's table (:mod:`spit_widget.rl.vec_speed`)."""
    from ..rl.vec_speed import run as vec_speed

    vec_speed(quick=quick)
