"""The two-person table under real-time collaboration (jupyter-collaboration):
``python -m tools.rtc_check`` with one game.

JupyterLab runs from a virtual environment of its own, with this tree and
jupyter-collaboration installed (built once in the user cache folder, a few
minutes; reused after). Two browser contexts are two collaboration users in one
shared notebook: seat 2 only opens it (the outputs are shared), re-running the
display cell redraws every view and both keep their seats, a duel with
same-instant plays shows no desync, a reloaded tab gets its seat back, a third
view draws the table, and no dialog appears (autosave on).
"""

from __future__ import annotations

import subprocess

import pytest
from browser_tools import require_browser_tools, unavailable

from tools.rtc_check import run
from tools.rtc_env import ensure_venv

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


@pytest.mark.timeout(1500)  # a first run builds the environment
def test_two_users_share_one_table_in_a_collaborative_notebook() -> None:
    require_browser_tools()
    try:
        ensure_venv()
    except (RuntimeError, OSError, subprocess.CalledProcessError) as exc:
        unavailable(f"the real-time collaboration environment cannot be built: {exc}")
    result = run(games=1, seed=3)
    tally = result.tally
    assert len(set(result.users)) == 2 and None not in result.users, result.users
    assert result.redraw_ms is not None, "a redrawn output lost or swapped a seat"
    assert tally.desyncs == 0, tally.notes
    assert (tally.games, tally.stuck_games) == (1, 0)
    assert tally.actions >= 10 and tally.races >= 1
    assert len(tally.rejoin_ms) == 1 and len(tally.join_ms) == 1, tally.notes
    assert result.dialogs == 0, "a dialog (File Changed?) over the table"
    assert result.ok, result.line()
    print(result.line())
