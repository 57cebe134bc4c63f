"""Timed records for the review's tests, made on the computer's simulated clock:
the human model (player 0) against the computer at the variant's default pace."""

from __future__ import annotations

import importlib
from typing import Any

from spit_widget.computer.human import HumanModel
from spit_widget.computer.timed import timed_record as simulated

paces = importlib.import_module("spit_widget.computer.pace")  # the module, not the function


def timed_record(variant: str, seed: int, speed: float = 1.5) -> dict[str, Any]:
    """A whole seeded game as a timed record (``speed`` 1.5: a person a little slower
    than the median, so a session has missed moments to review)."""
    pace = paces.pace(variant, paces.DEFAULT_PACE[variant])
    return simulated(variant, pace, seed, human=HumanModel(speed=speed))
