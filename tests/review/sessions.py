"""Timed records for the review's tests, made on the computer's simulated clock:
the human model (player 0) against the computer at the variant's default pace; and
hand-made ones from a set position."""

from __future__ import annotations

import importlib
from typing import Any

from spit_widget.computer.human import HumanModel
from spit_widget.computer.timed import timed_record as simulated
from spit_widget.engine import Game

paces = importlib.import_module("spit_widget.computer.pace")  # the module, not the function


def timed_record(variant: str, seed: int, speed: float = 1.5) -> dict[str, Any]:
    """A whole seeded game as a timed record (``speed`` 1.5: a person a little slower
    than the median, so a session has missed moments to review)."""
    pace = paces.pace(variant, paces.DEFAULT_PACE[variant])
    return simulated(variant, pace, seed, human=HumanModel(speed=speed))


def played_table(record: dict[str, Any], **kwargs: Any) -> Any:
    """A table that played ``record`` to its end on a controlled clock: the
    record's actions made through the table's match at the record's times (no
    wait is slept), so its last game is ``record``, timed as it was. Nobody
    plays seat 2 (``opponent=None``): the record makes both sides' moves."""
    from spit_widget import SpitWidget

    w = SpitWidget(record["variant"], opponent=None, seed=record["seed"],
                   max_rounds=record.get("max_rounds"), **kwargs)
    now = [0.0]
    w.match._clock = lambda: now[0]  # the match times each action by this clock
    w.match._dealt_at = 0.0
    for action, t in zip(record["actions"], record["times"], strict=True):
        now[0] = t
        w.match.act(action)
    w.publish()
    return w


def record(you: list[str], computer: list[str], actions: list[list[Any]],
           times: list[float] | None, centre: tuple[str, str] = ("8H", "2C")) -> dict[str, Any]:
    """A timed record from a hand-made duel position (all 52 cards in play)."""
    start = Game.position("duel", you=you, computer=computer, centre=list(centre), fill=True,
                          seed=1)
    made: dict[str, Any] = {**start.record(), "actions": actions}
    if times is not None:
        made["times"] = times
    Game.replay(made)  # the hand-made actions are legal
    return made
