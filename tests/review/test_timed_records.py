"""Timed records: the match times each action since the deal, the records keep the
times beside the actions, a record without them still loads and replays, and the
stats store keeps the last 50 finished games' records."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from spit_widget import Game, load_record, save_game
from spit_widget.computer import Match
from spit_widget.computer.match import record_times
from spit_widget.stats import SCHEMA_VERSION, StatsStore
from spit_widget.stats.records import KEEP


def act_thrice(match: Match, clock: Clock, step: float = 0.5) -> None:
    """Three actions, either side's, each ``step`` seconds after the last."""
    for _ in range(3):
        clock.now += step
        match.act(match.game.legal_actions()[0])


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_match_times_each_action_since_the_deal() -> None:
    clock = Clock()
    match = Match(Game("duel", seed=3), clock=clock)
    for _ in range(4):
        clock.now += 1.25
        match.step()
    record = match.record()
    assert record["times"] == [1.25, 2.5, 3.75, 5.0]
    assert len(record["actions"]) == 4 and all(a[1] == 1 for a in record["actions"])


def test_a_game_handed_over_mid_way_is_not_timed() -> None:
    game = Game("duel", seed=3)
    game.apply(game.legal_actions()[0])
    match = Match(game, clock=Clock())
    match.step()
    assert "times" not in match.record()


def test_a_slap_made_for_the_human_lands_with_the_play_at_its_time() -> None:
    clock = Clock()
    game = Game.position("classic", you=["7S"], computer=["QD", "2C"], centre=["8H", "3C"],
                         fill=True, seed=2)
    match = Match(game, pace="take_turns", clock=clock)
    clock.now += 2.0
    match.act(("play", 0, "7S", 0))  # the human goes out; the slap is made for them
    record = match.record()
    assert [a[0] for a in record["actions"]] == ["play", "slap"]
    assert record["times"] == [2.0, 2.0]


def test_save_and_load_keep_the_times_and_a_record_without_them_loads(tmp_path: Path) -> None:
    clock = Clock()
    match = Match(Game("classic", seed=5), clock=clock)
    act_thrice(match, clock)
    timed = save_game(match.record(), tmp_path / "timed.json")
    assert load_record(timed)["times"] == [0.5, 1.0, 1.5]
    bare = save_game(match.game, tmp_path / "bare.json")
    loaded = load_record(bare)
    assert "times" not in loaded
    assert Game.replay(loaded).to_dict() == match.game.to_dict()


@pytest.mark.parametrize(("times", "says"), [
    ([0.5], "3 actions but 1 times"), ([0.5, "x", 1.0], "not a number"),
    ([2.0, 1.0, 3.0], "before the action ahead"), ([-1.0, 0.0, 1.0], "before the deal"),
    ([0.0, float("nan"), 1.0], "not a number")])
def test_damaged_times_are_refused(tmp_path: Path, times: list[object], says: str) -> None:
    match = Match(Game("duel", seed=5), clock=Clock())
    act_thrice(match, Clock())
    record = {**match.record(), "times": times}
    with pytest.raises(ValueError, match=says):
        record_times(record)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    with pytest.raises(ValueError, match=says):
        load_record(path)


def test_the_store_keeps_the_last_50_records(tmp_path: Path) -> None:
    store = StatsStore(tmp_path / "stats.db")
    for seed in range(KEEP + 3):
        store.keep_record({**Game("duel", seed=seed).record(), "times": []})
    kept = store.game_records()
    assert KEEP == 50 and len(kept) == KEEP
    assert [r["seed"] for r in kept] == list(range(3, KEEP + 3))  # oldest first
    assert all(r["finished_at"] > 0 for r in kept)
    assert store.game_records(2)[-1]["seed"] == KEEP + 2 and store.game_records(0) == []


def test_a_schema_4_file_gains_the_records_table(tmp_path: Path) -> None:
    path = tmp_path / "stats.db"
    store = StatsStore(path)
    store.summary()  # made at the current schema
    store.close()
    conn = sqlite3.connect(path)
    conn.execute("DROP TABLE game_records")
    conn.execute("PRAGMA user_version = 4")  # as the release before the records wrote it
    conn.commit()
    conn.close()
    again = StatsStore(path)
    again.keep_record(Game("duel", seed=1).record())
    assert len(again.game_records()) == 1
    again.close()
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 6


def test_the_clock_starts_when_a_page_first_draws_the_table_not_when_the_cell_ran() -> None:
    from spit_widget import SpitWidget, review

    clock = Clock()
    w = SpitWidget(opponent=None, seed=5)  # nobody in seat 2: only the first look waits
    try:
        w.match._clock = clock
        w.match._dealt_at = clock.now  # the cell ran at 100 s
        clock.now += 30.0  # the notebook was read before the output was scrolled to
        w._handle_custom_msg({"kind": "echo", "n": w.session.connection.trips.ping(0.0),
                              "view": "v-1"}, [])  # the page's first echo: the table is drawn
        clock.now += 1.0
        card, centre = w.game.legal_plays(0)[0]
        w._handle_custom_msg({"kind": "play", "card": card, "centre": centre, "id": 1}, [])
        clock.now += 40.0
        w._handle_custom_msg({"kind": "echo", "n": w.session.connection.trips.ping(0.0),
                              "view": "v-1"}, [])  # later echoes change nothing
        record = w.record()
        assert record["times"] == [1.0]  # one second after it was drawn, not 31
        assert not [m for m in review.of(record).moments if m.t < 1.0]
    finally:
        w.close()


def test_a_game_already_under_way_when_first_drawn_keeps_its_clock() -> None:
    clock = Clock()
    match = Match(Game("duel", seed=3), clock=clock)
    act_thrice(match, clock)
    match.drawn()
    clock.now += 1.0
    match.act(match.game.legal_actions()[0])
    assert match.times == [0.5, 1.0, 1.5, 2.5]
