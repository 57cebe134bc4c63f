"""How fast the vector engine steps, beside the scalar environments (for
``python -m spit_widget bench --vec``; in ``rl``, the layer above both, as it
runs the two), measured as Pgx and PufferLib publish it: environment steps
per second against the batch size B, random legal actions, automatic reset,
one process."""

from __future__ import annotations

import os
import platform
import time
from dataclasses import dataclass

import numpy as np

from ..vec.deals import decks
from ..vec.env import SpitVecEnv
from ..vec.jit import COMPILED
from ..vec.outputs import SPARES
from ..vec.sample import random_legal
from ..vec.state import bytes_per_game
from .single import SpitEnv
from .speed import env_steps_per_second

SIZES = (1, 64, 1024, 4096, 32768)


@dataclass
class Rate:
    """One measurement: steps per second by the clock and by this process's CPU
    time (the fairer figure on a machine other work shares), and the share
    of the time spent shuffling deals (the games dealt times the time one
    deal takes, measured apart: the shuffle runs inside the step's kernel)."""

    wall: float
    cpu: float
    deal_share: float


def machine() -> str:
    """The machine, named: processor, cores, load, Python and numba."""
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as info:
            model = next(line.split(":", 1)[1].strip() for line in info
                         if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    load = ", load average {:.1f} {:.1f} {:.1f}".format(*os.getloadavg()) \
        if hasattr(os, "getloadavg") else ""
    kernels = "numba" if COMPILED else "plain Python (numba is not installed)"
    return (f"{model}, {os.cpu_count()} cores{load}; Python {platform.python_version()}, "
            f"kernels compiled by {kernels}")


def deal_seconds(count: int = 20000) -> float:
    """The time one deal takes: hashing the text seed, seeding the deal's generator
    and, in the same pass, the coin's and the random opponent's, shuffling."""
    decks(range(16))  # compiled and warm
    started = time.process_time()
    decks(range(10**6, 10**6 + count))
    return (time.process_time() - started) / count


def vector_rate(games: int, opponent: str, seconds: float, seed: int = 0,
                one_deal: float = 0.0, variant: str = "duel") -> Rate:
    """Agent steps per second of ``SpitVecEnv(games, variant, opponent)`` (``one_deal``:
    the seconds a deal takes, for the deals' share: the games dealt, not the
    classic rounds, which reshuffle too)."""
    env = SpitVecEnv(num_envs=games, variant=variant, opponent=opponent)
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    env.step(random_legal(obs["action_mask"], rng))  # compiled and warm
    dealt = env.games_dealt
    steps, wall, cpu = 0, time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds or steps < 4 * games:
        obs, *_ = env.step(random_legal(obs["action_mask"], rng))
        steps += games
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return Rate(steps / wall, steps / cpu, (env.games_dealt - dealt) * one_deal / cpu)


def scalar_rate(opponent: str, steps: int, seed: int = 0, variant: str = "duel") -> float:
    """Agent steps per second of one ``rl.SpitEnv`` (random legal actions)."""
    env = SpitEnv(opponent, variant)
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    started = time.perf_counter()
    for _ in range(steps):
        legal = np.flatnonzero(obs["action_mask"])
        obs, _, terminated, truncated, _ = env.step(int(rng.choice(legal)))
        if terminated or truncated:
            obs, _ = env.reset()
    return steps / (time.perf_counter() - started)


def memory_per_game() -> int:
    """Bytes a game holds: its state, the copy of its last finished game,
    its next deal, and the output arrays kept for reuse (:mod:`spit_widget.vec.outputs`: two
    steps' observations, final observations, masks and results)."""
    env = SpitVecEnv(num_envs=16)
    state = bytes_per_game(env.batch) + bytes_per_game(env.final)
    return state + 52 + 8 + SPARES * (2 * 192 * 4 + 40 + 8 + 3)


def run(quick: bool = False) -> None:
    """Print the table."""
    seconds = 0.5 if quick else 3.0
    sizes = SIZES[:4] if quick else SIZES
    print(f"Vector engine (duel, random legal actions, automatic reset, one process) on "
          f"{machine()}:")
    aec = env_steps_per_second("duel", 2000 if quick else 20000)
    single = scalar_rate("random", 1000 if quick else 10000)
    print(f"  scalar, same run: PettingZoo AEC (both seats) {aec:10,.0f} steps/s; "
          f"SpitEnv against random {single:10,.0f} steps/s")
    print("  B        both seats (opponent='self')        against random (opponent='random')")
    print("           steps/s  CPU steps/s  deals         steps/s  CPU steps/s  deals")
    one_deal = deal_seconds()
    for games in sizes:
        both = vector_rate(games, "self", seconds, one_deal=one_deal)
        agent = vector_rate(games, "random", seconds, one_deal=one_deal)
        print(f"  {games:<6d} {both.wall:10,.0f} {both.cpu:12,.0f} {both.deal_share:6.0%}   "
              f"{agent.wall:13,.0f} {agent.cpu:12,.0f} {agent.deal_share:6.0%}")
    print(f"  memory per game: {memory_per_game():,} bytes (state, last finished game, "
          "next deal, two steps' outputs kept for reuse)")
    print(f"  'CPU steps/s' divides by this process's CPU time; 'deals' is the share of that "
          f"time spent dealing (the engine's shuffle, compiled: {one_deal * 1e6:.1f} us a deal).")
    _classic_rows(sizes, seconds, one_deal, quick)


def _classic_rows(sizes: tuple[int, ...], seconds: float, one_deal: float, quick: bool) -> None:
    """The same table for the classic rules, printed after the duel's (whose lines
    keep their form and order); each row starts with the word classic."""
    aec = env_steps_per_second("classic", 2000 if quick else 20000)
    single = scalar_rate("random", 1000 if quick else 10000, variant="classic")
    print(f"Classic, the same way: scalar, same run: PettingZoo AEC (both seats) {aec:10,.0f} "
          f"steps/s; SpitEnv against random {single:10,.0f} steps/s")
    for games in sizes:
        both = vector_rate(games, "self", seconds, one_deal=one_deal, variant="classic")
        agent = vector_rate(games, "random", seconds, one_deal=one_deal, variant="classic")
        print(f"  classic {games:<6d} {both.wall:10,.0f} {both.cpu:12,.0f} {both.deal_share:6.0%}"
              f"   {agent.wall:13,.0f} {agent.cpu:12,.0f} {agent.deal_share:6.0%}")
    print("  (classic 'deals': the games dealt only; each new round reshuffles too, at about "
          "the same cost a round)")
