"""What a table shows when nothing is said, and when its stats cannot be read."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from spit_widget.stats import StatsStore


class BrokenStats(StatsStore):
    """A stats file that cannot be read (a locked or damaged file)."""

    def summary(self, *args: Any, **kwargs: Any) -> Any:
        raise OSError("disk on fire")


def test_a_table_is_normal_size_unless_asked(make_widget: Any) -> None:
    assert make_widget(seed=1, ai=None).size == "normal"


def test_unreadable_stats_show_zeros_and_say_why_in_the_log(
        make_widget: Any, tmp_path: Any, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="spit_widget"):
        w = make_widget(seed=1, ai=None, stats=BrokenStats(tmp_path / "stats.db"))
    assert w.state["stats"] == {"games": 0, "wins": 0, "losses": 0, "draws": 0, "win_rate": 0.0}
    assert "could not read the stats: disk on fire" in caplog.text


def test_the_repr_names_the_game(make_widget: Any) -> None:
    w = make_widget(variant="classic", seed=1, ai=None)
    assert repr(w).startswith("<SpitWidget classic playing>\n")
