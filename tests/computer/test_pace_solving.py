"""Solving a pace: the reaction time at which the computer wins a target share of its games."""

from __future__ import annotations

from spit_widget.computer.calibration import measure, solve
from spit_widget.computer.pace import pace


def test_a_higher_target_solves_to_a_quicker_computer_that_does_win_more() -> None:
    normal = pace("duel", "normal")
    easy = solve("duel", normal, 0.25, 16, seed=3)
    hard = solve("duel", normal, 0.75, 16, seed=3)
    assert hard.mean < easy.mean
    assert hard.mean > 0.05 and easy.mean < 20.0  # inside the searched range
    assert measure("duel", hard, 16, seed=3).win_rate > measure("duel", easy, 16, seed=3).win_rate
    assert (easy.name, easy.label) == (normal.name, normal.label)  # only the speed changes
