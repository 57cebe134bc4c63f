"""The same games: every step of the vector engine against the scalar one.

:func:`compare` plays ``games`` games in a :class:`~.env.SpitVecEnv` with
random legal actions, and each of them, action for action, in its own
:class:`spit_widget.rl.SpitEnv` dealt from the same deal; at every step it
compares the observation, the mask, the reward and the end flags, and at the
end of every game the final position (``to_dict``), and counts every
difference. ``python -m spit_widget.vec.parity --games 100000`` runs it at
scale; the test suite runs a slice.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..rl import SpitEnv
from .env import SpitVecEnv
from .sample import random_legal


@dataclass
class Report:
    """What a comparison found."""

    opponent: str
    games: int = 0
    steps: int = 0
    differences: int = 0
    first: list[str] = field(default_factory=list)
    """The first few differences, described (empty when there are none)."""
    wins: int = 0
    seconds: float = 0.0

    def note(self, what: str) -> None:
        """Count a difference, and keep its description if it is among the first."""
        self.differences += 1
        if len(self.first) < 5:
            self.first.append(what)

    def __str__(self) -> str:
        return (f"{self.opponent:>6s}: {self.games} games, {self.steps} steps, "
                f"{self.differences} differences ({self.seconds:.0f} s)")


class _Row:
    """One game of the batch and its scalar twin."""

    def __init__(self, opponent: str, deal: int) -> None:
        self.env = SpitEnv(opponent, "duel")
        self.observation, _ = self.env.reset(seed=deal)
        self.deal = deal


def _same(report: Report, what: str, mine: Any, theirs: Any) -> None:
    a, b = np.asarray(mine), np.asarray(theirs)
    if np.array_equal(a, b):
        return
    if a.shape == b.shape and a.ndim == 1:
        at = np.flatnonzero(a != b)[:4]
        report.note(f"{what}, at {at.tolist()}: vector {a[at].tolist()}, "
                    f"scalar {b[at].tolist()}")
    else:
        report.note(f"{what}: vector {mine!r}, scalar {theirs!r}")


def _check_step(report: Report, row: _Row, i: int, stepped: tuple[Any, ...],
                ended_obs: dict[str, Any]) -> bool:
    obs, reward, terminated, truncated, _, actions = stepped
    env = row.env
    s_obs, s_reward, s_term, s_trunc, _ = env.step(int(actions[i]))
    where = f"deal {row.deal}, step {report.steps}"
    done = bool(terminated[i] or truncated[i])
    now = ended_obs if done else obs
    _same(report, f"observation, {where}", now["observation"][i], s_obs["observation"])
    _same(report, f"mask, {where}", now["action_mask"][i], s_obs["action_mask"])
    _same(report, f"reward, {where}", reward[i], s_reward)
    _same(report, f"terminated, {where}", terminated[i], s_term)
    _same(report, f"truncated, {where}", truncated[i], s_trunc)
    return done or s_term or s_trunc  # a game that ended on one side only is dropped


def compare(opponent: str, games: int, batch: int = 256, seed: int = 0) -> Report:
    """Play ``games`` games both ways (see the module docstring)."""
    started = time.perf_counter()
    report = Report(opponent)
    vec = SpitVecEnv(num_envs=batch, opponent=opponent)
    obs, info = vec.reset(seed=seed)
    rows: list[_Row | None] = [_Row(opponent, int(d)) for d in info["deal"]]
    for i, row in enumerate(rows):
        assert row is not None
        _same(report, f"first observation, deal {row.deal}", obs["observation"][i],
              row.observation["observation"])
        _same(report, f"first mask, deal {row.deal}", obs["action_mask"][i],
              row.observation["action_mask"])
    rng = np.random.default_rng(seed)
    started_games = batch
    while any(row is not None for row in rows):
        actions = random_legal(obs["action_mask"], rng)
        stepped = (*vec.step(actions), actions)
        obs, info = stepped[0], stepped[4]
        report.steps += sum(row is not None for row in rows)
        for i, row in enumerate(rows):
            if row is None or not _check_step(report, row, i, stepped,
                                              info.get("final_obs", {})):
                continue
            _finish(report, vec, row, i, stepped[1][i])
            rows[i] = None
            if started_games < games:
                rows[i] = _Row(opponent, int(info["deal"][i]))
                started_games += 1
                _same(report, f"first observation, deal {rows[i].deal}",  # type: ignore[union-attr]
                      obs["observation"][i], rows[i].observation["observation"])  # type: ignore[union-attr]
    report.seconds = time.perf_counter() - started
    return report


def _finish(report: Report, vec: SpitVecEnv, row: _Row, i: int, reward: float) -> None:
    report.games += 1
    report.wins += reward > 0
    assert row.env.turns is not None
    scalar = row.env.turns.game.to_dict()
    mine = vec.final_position(i)
    if mine != scalar:
        keys = [k for k in scalar if mine.get(k) != scalar[k]]
        report.note(f"final position of deal {row.deal} differs in {keys}")


def main() -> None:
    """``python -m spit_widget.vec.parity``: print a report per opponent."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per opponent")
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--opponents", default="random,greedy,expert")
    parser.add_argument("--chunk", type=int, default=2000,
                        help="games per printed line (each chunk deals from its own seed)")
    args = parser.parse_args()
    for opponent in args.opponents.split(","):
        total = Report(opponent)
        for k in range(0, args.games, args.chunk):
            report = compare(opponent, min(args.chunk, args.games - k), args.batch,
                             args.seed + 1_000_000 * k // args.chunk)
            total.games += report.games
            total.steps += report.steps
            total.differences += report.differences
            total.seconds += report.seconds
            print(f"{total}  so far", flush=True)
            for what in report.first:
                print("   ", what, flush=True)
        print(f"{total}  in all", flush=True)


if __name__ == "__main__":
    main()
