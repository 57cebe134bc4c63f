"""Every level a missed moment makes is solved by its solution and not solved at its
start, over a simulated session of timed games; the stored games give lessons and
history rows."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sessions import timed_record

from spit_widget import review
from spit_widget.engine import Game
from spit_widget.engine import cards as C
from spit_widget.learn import actions as A
from spit_widget.stats import StatsStore

SESSION = [("duel", seed) for seed in range(20)] + [("classic", seed) for seed in range(5)]
"""A session of 25 games, as the stats store keeps the last 50."""


@pytest.fixture(scope="module")
def session() -> list[dict[str, Any]]:
    return [timed_record(variant, seed) for variant, seed in SESSION]


def solved_by_its_solution(moment: review.Moment) -> None:
    level = moment.level()
    start = level.game()
    assert not level.solved(start) and level.failed(start) is None
    assert sorted(start.all_cards()) == sorted(C.DECK)
    game = level.game()
    for move in level.solution:
        assert level.attempt(game, move).ok
    assert level.solved(game)
    if moment.kind == "late_stuck":
        assert A.from_engine(game.history[0]) == ("declare_stuck", 0)
        return
    assert A.from_engine(game.history[0])[2:] in [
        (card, c if moment.seat == 1 else len(start.centre) - 1 - c) for card, c in moment.plays]


@pytest.mark.parametrize("seat", [1, 2])
def test_every_moments_level_is_solved_by_its_solution_and_not_at_its_start(
        session: list[dict[str, Any]], seat: int, tmp_path: Path) -> None:
    store = StatsStore(tmp_path / "stats.db")
    moments = [m for record in session
               for m in review.of(record, seat=seat, store=store).moments]
    kinds = Counter(m.kind for m in moments)
    assert kinds["missed"] >= 20 and kinds["late_stuck"] >= 1, kinds
    for moment in moments:
        assert moment.waited >= 2.0 and moment.seat == seat
        solved_by_its_solution(moment)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), variant=st.sampled_from(["duel", "classic"]),
       threshold=st.floats(0.5, 4.0))
def test_a_moments_level_holds_all_52_cards_and_is_set_at_the_moment(
        seed: int, variant: str, threshold: float) -> None:
    record = timed_record(variant, seed)
    r = review.of(record, threshold=threshold)
    assert r.summary["missed"] == sum(m.kind == "missed" for m in r.moments)
    for moment in r.moments[:3]:
        assert moment.waited >= threshold
        level = moment.level()
        assert sorted(Game.from_dict(level.position).all_cards()) == sorted(C.DECK)
        assert level.game().to_dict()["centre"] == Game.replay(record, moment.index).to_dict()[
            "centre"]


def test_the_stored_games_count_in_the_lessons_and_the_history(
        session: list[dict[str, Any]], tmp_path: Path) -> None:
    store = StatsStore(tmp_path / "stats.db")
    for record in session:
        store.keep_record(record)
    r = review.of(session[0], store=store)
    assert r.lessons, "the session's missed plays have rules behind them"
    stored = {lesson.rule: lesson.stored_games for lesson in r.lessons}
    everything = [review.of(record, store=store) for record in session]
    for lesson in r.lessons:
        assert lesson.stored_games == sum(lesson.rule in m.rules
                                          for x in everything for m in x.moments)
        assert lesson.level is not None and lesson.goal
    assert sum(stored.values()) >= len(r.moments)
    rows = review.history(store)
    rows = rows.to_dict("records") if hasattr(rows, "to_dict") else rows
    assert len(rows) == len(session)
    assert [row["missed"] for row in rows] == [x.summary["missed"] for x in everything]
    assert all(row["finished_at"] > 0 and row["timing"] == "known" for row in rows)


def test_a_stored_record_that_no_longer_replays_is_left_out(tmp_path: Path) -> None:
    store = StatsStore(tmp_path / "stats.db")
    store.keep_record({"variant": "duel", "actions": "damaged"})
    assert len(review.history(store)) == 0
    assert review.of({**Game("duel", seed=1).record(), "times": []}, store=store).lessons == []
