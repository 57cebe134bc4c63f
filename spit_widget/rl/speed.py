"""How fast the learning environment steps (for ``python -m spit_widget bench``)."""

from __future__ import annotations

import random
import time

import numpy as np

from .aec import raw_env


def env_steps_per_second(variant: str, steps: int, seed: int = 0) -> float:
    """``step`` calls per second of the PettingZoo environment (unwrapped, as
    trainers run it), both agents taking uniformly random legal actions; each
    step includes building the observation and mask the next agent reads."""
    env = raw_env(variant)
    env.reset(seed=seed)
    rng = random.Random(seed)
    done = 0
    started = time.perf_counter()
    while done < steps:
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            env.reset()
            continue
        legal = np.flatnonzero(env.observe(agent)["action_mask"])
        env.step(int(legal[int(rng.random() * len(legal))]))
        done += 1
    return steps / (time.perf_counter() - started)
