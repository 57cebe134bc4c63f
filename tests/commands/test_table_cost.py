"""The table-cost command, a short slice: it prints its rows, and an idle table
(its game over) sends nothing at all: no pings, no state."""

from __future__ import annotations

import re

import pytest

from tools import table_cost


def test_a_short_slice_prints_its_rows_and_an_idle_table_sends_nothing(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert table_cost.main(["--seconds", "2.5", "--click", "0.5"]) == 0
    out = capsys.readouterr().out
    game = re.search(r"game on:  kernel CPU ([\d.]+) s/min .* sent ([\d.]+) KiB/min in (\d+) "
                     r"messages/min", out)
    idle = re.search(r"idle:     kernel CPU ([\d.]+) s/min .* sent ([\d.]+) KiB/min in (\d+) "
                     r"messages/min", out)
    assert game and idle, out
    assert float(game.group(2)) > 0 and int(game.group(3)) > 0, "a game on pings and publishes"
    assert float(idle.group(2)) == 0 and int(idle.group(3)) == 0, "an idle table sent something"
    assert re.search(r"a 2-core hub holds about \d+ tables", out)
