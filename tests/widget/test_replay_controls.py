"""The replay's controls as a user clicks them, and what its caption says."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from spit_widget import Game
from spit_widget.computer.strategies import greedy
from spit_widget.computer.tournament import play_out
from spit_widget.widget.replay import ReplayWidget


def test_the_arrow_buttons_step_one_action_and_the_caption_names_it(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("SPIT_WIDGET_HOME", str(tmp_path))
    game = play_out(Game("duel", seed=5), [greedy, greedy], random.Random(5))
    total = len(game.history)
    r = ReplayWidget(game)
    try:
        assert (r.back.description, r.forward.description) == ("◀", "▶")
        assert (r.back.tooltip, r.forward.tooltip) == ("one action back", "one action forward")
        assert r.total == total and r.slider.value == total
        r.back.click()
        assert r.slider.value == total - 1
        at = Game.replay(game.record(), upto=total - 1)
        assert r.table.state["status_text"] == (
            f"Replay: after {total - 1} of {total} actions. {at.events[-1].text}")
        r.forward.click()
        r.forward.click()  # past the end stays at the end
        assert r.slider.value == total
        assert r.table.game.to_dict() == game.to_dict()
    finally:
        r.close()
