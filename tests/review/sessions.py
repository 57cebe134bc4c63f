"""Timed records for the review's tests, made on the computer's simulated clock:
the human model (player 0) against the computer, each action's time taken as
the simulation lands it (as the live match times them)."""

from __future__ import annotations

import importlib
from typing import Any

from spit_widget.computer.human import HumanModel
from spit_widget.computer.timed import human_vs_computer
from spit_widget.engine import Game

paces = importlib.import_module("spit_widget.computer.pace")  # the module, not the function


def timed_record(variant: str, seed: int, speed: float = 1.5) -> dict[str, Any]:
    """A whole seeded game as a timed record (``speed`` 1.5: a person a little slower
    than the median, so a session has missed moments to review)."""
    times: list[float] = []

    def landed(game: Game, now: float) -> None:
        times.extend([round(now, 3)] * (len(game.history) - len(times)))

    pace = paces.pace(variant, paces.DEFAULT_PACE[variant])
    run = human_vs_computer(variant, pace, seed, human=HumanModel(speed=speed),
                            on_action=landed)
    return {**run.game.record(), "times": times}
