"""A table's games are timed records: ``w.record()`` while playing, ``w.last_record()``
once a game is over, kept in the stats store for review and read by ``review.of(w)``."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from test_widget_play import human_turn

from spit_widget import Game, load_record, review, save_game
from spit_widget.stats import StatsStore


def test_a_tables_game_is_a_timed_record_kept_for_review(make_widget: Any,
                                                          tmp_path: Path) -> None:
    store = StatsStore(tmp_path / "stats.db")
    w = make_widget(seed=4, stats=store)
    assert w.record()["times"] == [] and w.last_record() is None
    rng = random.Random(4)
    for i in range(5000):
        if w.game.status == "game_over":
            break
        if not (rng.random() < 0.5 and human_turn(w, rng, i)):
            w.step()
    record = w.last_record()
    assert record is not None and record["actions"] == w.game.record()["actions"]
    times = record["times"]
    assert len(times) == len(record["actions"]) and times == sorted(times) and times[0] >= 0
    assert [a[1] for a in record["actions"] if a[0] == "play"] and all(
        a[1] in (0, 1) for a in record["actions"] if a[0] == "play")  # the engine's players
    assert Game.replay(record).outcome == w.game.outcome
    kept = store.game_records()
    assert len(kept) == 1 and kept[0]["times"] == times
    path = save_game(w, tmp_path / "game.json")
    assert load_record(path)["times"] == times
    assert review.of(w).summary["actions"] == len(record["actions"])


def test_a_shown_game_is_no_timed_record(make_widget: Any) -> None:
    game = Game("duel", seed=2)
    game.play(0, *game.legal_plays(0)[0]) if game.legal_plays(0) else None
    w = make_widget(game=game)
    assert "times" not in w.record() or not game.history  # its first action was never timed
