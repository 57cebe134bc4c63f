"""A slice of ``python -m tools.seat_soak``: two browser contexts play a
whole duel at one two-person table, same-instant plays on one pile in it, and
after every action both views draw the kernel's table. The slice also reloads
seat 2's tab (it gets its seat back), deals again and opens a third view
mid-game (it draws the right table). 100 games: the command itself. The table
is seated on the browser tests' JupyterLab (the ``lab`` fixture), not on a
server of its own.

One game, not two: the second repeated the first after Play Again, which
tests/widget/test_seat_pins.py pins at a seated table (and the slice still
deals again before the third view joins); it was more than half of the module's
110 s, in the browser group that is the suite's longest."""

from __future__ import annotations

import pytest
from browser_tools import require_browser_tools

from tools.harness import Lab
from tools.seat_soak import soak

pytestmark = pytest.mark.e2e


def test_two_browsers_play_a_duel_without_a_desync(lab: Lab) -> None:
    require_browser_tools()
    tally = soak(1, seed=3, progress=False, lab=lab)
    assert tally.desyncs == 0, tally.notes
    assert (tally.games, tally.stuck_games) == (1, 0)
    assert tally.actions >= 10 and tally.races >= 1  # a whole game, with races in it
    assert len(tally.rejoin_ms) == 1 and len(tally.join_ms) == 1  # both timings were taken
