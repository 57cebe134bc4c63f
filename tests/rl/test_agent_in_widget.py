"""A policy over observations plays as the computer in the widget."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from spit_widget import SpitWidget
from spit_widget.rl import as_strategy


def test_a_policy_is_the_computer_opponent(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPIT_WIDGET_HOME", str(tmp_path))
    chosen: list[int] = []

    def last_legal(observation: Any, mask: Any) -> int:
        chosen.append(int(np.flatnonzero(mask)[-1]))
        return chosen[-1]

    w = SpitWidget(ai=as_strategy(last_legal, "last legal"), seed=5)
    try:
        for _ in range(40):  # the computer alone; you never move
            if w.game.status == "game_over":
                break
            w.step()
        computer = [a for a in w.game.history if a.player == 1]
        assert chosen and computer, "the policy chose and its actions reached the game"
        assert w.state["opponent"] == "last legal"
        assert len(set(w.game.all_cards())) == 52
    finally:
        w.close()
