"""The same games: every step of the vector engine against the scalar one.

:func:`compare` plays ``games`` games in a :class:`~spit_widget.vec.SpitVecEnv` with
random legal actions, and each of them, action for action, in its own
:class:`spit_widget.rl.SpitEnv` dealt from the same deal; at every step it
compares the observation, the mask, the reward and the end flags, and at the
end of every game the final position (``to_dict``), and counts every
difference. ``opponent="self"`` compares with PettingZoo's ``raw_env``
instead, the caller acting for whichever seat is asked.
``python -m tools.vec_parity --games 100000`` runs it at scale
(``--variant classic``, ``--opponents random,greedy,expert,self``,
``--max-rounds``); the test suite runs a slice.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from spit_widget.rl import SpitEnv, raw_env
from spit_widget.vec.env import SpitVecEnv
from spit_widget.vec.sample import random_legal


@dataclass
class Report:
    """What a comparison found."""

    opponent: str
    variant: str = "duel"
    games: int = 0
    steps: int = 0
    differences: int = 0
    first: list[str] = field(default_factory=list)
    """The first few differences, described (empty when there are none)."""
    wins: int = 0
    seconds: float = 0.0
    seen: Counter[str] = field(default_factory=Counter)
    """What the compared games went through: how each ended, and (from the
    scalar games' records) the actions of each kind and the rounds played, so
    a report shows that every rule was exercised."""

    def add(self, other: Report) -> None:
        """Count ``other``'s games in this report too."""
        self.games += other.games
        self.steps += other.steps
        self.differences += other.differences
        self.wins += other.wins
        self.seconds += other.seconds
        self.seen.update(other.seen)

    def note(self, what: str) -> None:
        """Count a difference, and keep its description if it is among the first."""
        self.differences += 1
        if len(self.first) < 5:
            self.first.append(what)

    def __str__(self) -> str:
        return (f"{self.variant} {self.opponent:>6s}: {self.games} games, {self.steps} steps, "
                f"{self.differences} differences ({self.seconds:.0f} s)")

    def coverage(self) -> str:
        """What the games went through (see :attr:`seen`), as one line."""
        return ", ".join(f"{key} {count}" for key, count in sorted(self.seen.items()))


class _Single:
    """One game of the batch and its scalar twin: ``rl.SpitEnv`` against ``opponent``."""

    def __init__(self, opponent: str, variant: str, deal: int, max_rounds: int | None) -> None:
        self.env = SpitEnv(opponent, variant, max_rounds=max_rounds)
        self.observation, _ = self.env.reset(seed=deal)
        self.deal = deal

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool]:
        """The agent's action and the opponent's replies: what the agent sees next."""
        obs, reward, terminated, truncated, _ = self.env.step(action)
        return obs, float(reward), terminated, truncated

    def final(self) -> dict[str, Any]:
        """The game's position now."""
        assert self.env.turns is not None
        return self.env.turns.game.to_dict()


class _Pair:
    """Self-play: the twin is PettingZoo's ``raw_env``, acting for whichever seat is
    asked; what is compared is what the seat asked next sees (at the end, the
    actor's last view and reward)."""

    def __init__(self, _opponent: str, variant: str, deal: int,
                 max_rounds: int | None) -> None:
        self.env = raw_env(variant, max_rounds=max_rounds)
        self.env.reset(seed=deal)
        self.observation = self.env.observe(self.env.agent_selection)
        self.deal = deal

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool]:
        """The seat asked acts: what the next seat asked sees (the actor's view at the end)."""
        env = self.env
        actor = env.agent_selection
        env.step(action)
        terminated, truncated = env.terminations[actor], env.truncations[actor]
        seen = env.observe(actor if terminated or truncated else env.agent_selection)
        return seen, float(env.rewards[actor]), terminated, truncated

    def final(self) -> dict[str, Any]:
        """The game's position now."""
        assert self.env.turns is not None
        return self.env.turns.game.to_dict()


_Row = _Single | _Pair


def _twin(opponent: str, variant: str, deal: int, max_rounds: int | None) -> _Row:
    return (_Pair if opponent == "self" else _Single)(opponent, variant, deal, max_rounds)


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
    s_obs, s_reward, s_term, s_trunc = row.step(int(actions[i]))
    where = f"deal {row.deal}, step {report.steps}"
    done = bool(terminated[i] or truncated[i])
    now = ended_obs if done else obs
    _same(report, f"observation, {where}", now["observation"][i], s_obs["observation"])
    _same(report, f"mask, {where}", now["action_mask"][i], s_obs["action_mask"])
    _same(report, f"reward, {where}", reward[i], s_reward)
    _same(report, f"terminated, {where}", terminated[i], s_term)
    _same(report, f"truncated, {where}", truncated[i], s_trunc)
    return done or s_term or s_trunc  # a game that ended on one side only is dropped


def compare(opponent: str, games: int, batch: int = 256, seed: int = 0,
            variant: str = "duel", max_rounds: int | None = None) -> Report:
    """Play ``games`` games both ways (see the module docstring)."""
    started = time.perf_counter()
    report = Report(opponent, variant)
    vec = SpitVecEnv(num_envs=batch, variant=variant, opponent=opponent, max_rounds=max_rounds)
    obs, info = vec.reset(seed=seed)
    rows: list[_Row | None] = [_twin(opponent, variant, int(d), max_rounds)
                               for d in info["deal"]]
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
                rows[i] = _twin(opponent, variant, int(info["deal"][i]), max_rounds)
                started_games += 1
                _same(report, f"first observation, deal {rows[i].deal}",  # type: ignore[union-attr]
                      obs["observation"][i], rows[i].observation["observation"])  # type: ignore[union-attr]
    report.seconds = time.perf_counter() - started
    return report


def _finish(report: Report, vec: SpitVecEnv, row: _Row, i: int, reward: float) -> None:
    report.games += 1
    report.wins += reward > 0
    assert row.env.turns is not None
    game = row.env.turns.game
    report.seen.update(f"action {action.kind}" for action in game.history)
    for event in game.events:
        if event.kind == "round_end":
            report.seen["round ended: " + ("went out" if event.player is not None
                                           else "nobody could play or spit")] += 1
        elif event.kind == "take":
            report.seen["round ended: single pile taken"] += 1
        elif event.kind == "deal" and event.player is not None:
            report.seen["short of cards"] += 1
    report.seen["rounds"] += game.round
    ended = game.outcome.termination if game.outcome else "truncated"
    report.seen[f"ended {ended}"] += 1
    scalar = row.final()
    mine = vec.final_position(i)
    if mine != scalar:
        keys = [k for k in scalar if mine.get(k) != scalar[k]]
        report.note(f"final position of deal {row.deal} differs in {keys}")


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m tools.vec_parity``: print a report per opponent."""
    parser = argparse.ArgumentParser(prog="python -m tools.vec_parity",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per opponent")
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--opponents", default="random,greedy,expert",
                        help="any of random, greedy, expert and self (both seats: "
                             "against PettingZoo's environment)")
    parser.add_argument("--variant", choices=("duel", "classic"), default="duel")
    parser.add_argument("--max-rounds", type=int, default=None,
                        help="classic's house rule: the game ends after this many rounds")
    parser.add_argument("--chunk", type=int, default=2000,
                        help="games per printed line (each chunk deals from its own seed)")
    args = parser.parse_args(argv)
    for opponent in args.opponents.split(","):
        total = Report(opponent, args.variant)
        for k in range(0, args.games, args.chunk):
            report = compare(opponent, min(args.chunk, args.games - k), args.batch,
                             args.seed + 1_000_000 * k // args.chunk, args.variant,
                             args.max_rounds)
            total.add(report)
            print(f"{total}  so far", flush=True)
            for what in report.first:
                print("   ", what, flush=True)
        print(f"{total}  in all", flush=True)
        print(f"    {total.coverage()}", flush=True)


if __name__ == "__main__":
    main()
