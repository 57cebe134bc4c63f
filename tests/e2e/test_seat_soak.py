"""A slice of ``python -m tools.seat_soak``: two browser contexts play
whole duels at one two-person table, same-instant plays on one pile among
them, and after every action both views draw the kernel's table. The slice
also reloads seat 2's tab (it gets its seat back) and opens a third view
mid-game (it draws the right table). 100 games: the command itself. The table
is seated on the browser tests' JupyterLab (the ``lab`` fixture), not on a
server of its own."""

from __future__ import annotations

import pytest
from browser_tools import require_browser_tools

from tools.harness import Lab
from tools.seat_soak import soak

pytestmark = pytest.mark.e2e


def test_two_browsers_play_duels_without_a_desync(lab: Lab) -> None:
    require_browser_tools()
    tally = soak(2, seed=3, progress=False, lab=lab)
    assert tally.desyncs == 0, tally.notes
    assert (tally.games, tally.stuck_games) == (2, 0)
    assert tally.actions >= 20 and tally.races >= 1  # whole games, with races in them
    assert len(tally.rejoin_ms) == 1 and len(tally.join_ms) == 2  # both timings were taken
