"""Progress that lasts, and the daily deal: stars kept (the best of them) in
the stats file under SPIT_WIDGET_HOME, a version 3 file upgraded with its
games intact, learn.reset() forgetting the course but not the games, and the
daily deal the same for a date and different between dates."""

from __future__ import annotations

import datetime as dt
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spit_widget import learn
from spit_widget.learn import progress
from spit_widget.stats import DB_FILENAME, ENV_HOME, SCHEMA_VERSION, GameResult, StatsStore


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(ENV_HOME, str(tmp_path))
    return tmp_path


def test_stars_keep_the_best_and_live_in_spit_widget_home(home: Path) -> None:
    assert progress.record_stars("duel-wrap-ace", 2) == 2
    assert progress.record_stars("duel-wrap-ace", 1) == 2  # a worse retry keeps the 2
    assert progress.record_stars("duel-wrap-ace", 3) == 3
    assert progress.stars() == {"duel-wrap-ace": 3}
    assert (home / DB_FILENAME).exists()


def test_stars_survive_a_new_process(home: Path) -> None:
    progress.record_stars("classic-slap", 3)
    code = "from spit_widget.learn import progress; print(progress.stars())"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env={**__import__("os").environ, ENV_HOME: str(home)})
    assert out.stdout.strip() == "{'classic-slap': 3}"


@pytest.mark.parametrize("bad", [0, 4, True, 2.5])
def test_bad_stars_are_refused_and_nothing_is_kept(home: Path, bad: object) -> None:
    with pytest.raises(ValueError, match="stars are 1, 2 or 3"):
        progress.record_stars("duel-wrap-ace", bad)  # type: ignore[arg-type]
    assert progress.stars() == {}


def test_reset_forgets_the_course_but_keeps_the_games(home: Path) -> None:
    with StatsStore() as store:
        store.record(GameResult("duel", 0, "stock_emptied", (0, 4), 1, 60.0, 5.0, "expert",
                                "normal"))
    progress.record_stars("duel-stuck", 3)
    assert progress.record_daily("2026-12-01", True, 7, 133.0)
    learn.reset()
    assert progress.stars() == {} and progress.daily_results() == []
    with StatsStore() as store:
        assert store.summary("duel").games == 1


def test_a_daily_result_is_kept_once_per_day(home: Path) -> None:
    assert progress.record_daily("2026-12-01", True, 7, 133.0)
    assert not progress.record_daily("2026-12-01", False, -3, 90.0)
    assert progress.daily_results() == [("2026-12-01", True, 7, 133.0)]


def test_a_version_3_file_is_upgraded_and_keeps_its_games(tmp_path: Path) -> None:
    path = tmp_path / DB_FILENAME
    conn = sqlite3.connect(path)
    conn.execute("""CREATE TABLE games (id INTEGER PRIMARY KEY, variant TEXT NOT NULL,
        winner INTEGER, termination TEXT NOT NULL, cards_left_0 INTEGER NOT NULL,
        cards_left_1 INTEGER NOT NULL, rounds INTEGER NOT NULL, seconds REAL NOT NULL,
        finished_at REAL NOT NULL, strategy TEXT NOT NULL, pace TEXT NOT NULL,
        pace_mean REAL, name_0 TEXT, name_1 TEXT)""")
    conn.execute("CREATE TABLE reactions (game_id INTEGER NOT NULL, seconds REAL NOT NULL)")
    conn.execute("INSERT INTO games VALUES (1, 'duel', 0, 'stock_emptied', 0, 4, 1, 60.0, 5.0,"
                 " 'expert', 'normal', NULL, NULL, NULL)")
    conn.execute("PRAGMA user_version = 3")
    conn.commit()
    conn.close()
    assert progress.record_stars("duel-goal-1", 3, path=path) == 3
    assert progress.stars(path=path) == {"duel-goal-1": 3}
    with StatsStore(path) as store:
        assert store.summary("duel").wins == 1
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


# ------------------------------------------------------------------ the daily deal
dates = st.dates(min_value=dt.date(2000, 1, 1), max_value=dt.date(2100, 12, 31))


@given(dates)
def test_the_daily_deal_is_the_same_for_a_date(day: dt.date) -> None:
    one, two = learn.daily(day), learn.daily(day.isoformat())
    assert one == two
    assert one.game().to_dict() == two.game().to_dict()
    assert one.variant == "duel" and one.pace == "normal"


@given(dates, dates)
def test_different_dates_deal_differently(a: dt.date, b: dt.date) -> None:
    if a != b:
        assert learn.daily(a).game().to_dict()["players"] != learn.daily(b).game().to_dict()[
            "players"]


def test_a_years_daily_deals_are_all_different() -> None:
    start = dt.date(2026, 1, 1)
    seeds = {learn.daily(start + dt.timedelta(days=i)).seed for i in range(366)}
    assert len(seeds) == 366


def test_today_is_the_default() -> None:
    assert learn.daily().date == dt.date.today()


@pytest.mark.parametrize("bad", ["1 Dec 2026", "2026-13-01", 20261201])
def test_a_bad_date_gets_a_sentence(bad: object) -> None:
    with pytest.raises(ValueError, match="2026-12-01"):
        learn.daily(bad)  # type: ignore[arg-type]


def test_the_share_line_of_a_won_daily_game() -> None:
    deal = learn.daily("2026-12-01")
    game = deal.game()
    while game.outcome is None:  # the computer idle: you play, both stuck, spit
        plays = game.legal_plays(0)
        if plays:
            game.play(0, *plays[0])
        else:
            game.declare_stuck(0)
            if game.outcome is None and not game.can_play(1):
                game.declare_stuck(1)
            elif game.outcome is None:
                game.play(1, *game.legal_plays(1)[0])
    result = deal.result(game, 133.4)
    line = deal.share_line(result)
    assert line.startswith("Spit daily 2026-12-01: ") and line.endswith(" in 2:13")
    if game.winner == 0 and game.outcome.termination == "stock_emptied":
        stock = sum(len(p) for p in game.stock[1])
        assert f"won by {stock} card" in line


def test_the_share_line_reads_each_ending() -> None:
    deal = learn.daily("2026-12-01")
    assert deal.share_line(learn.DailyResult(True, 7, 133.0)) == (
        "Spit daily 2026-12-01: won by 7 cards in 2:13")
    assert deal.share_line(learn.DailyResult(False, -1, 59.6)) == (
        "Spit daily 2026-12-01: lost by 1 card in 1:00")
    assert deal.share_line(learn.DailyResult(True, 0, 5.0)) == (
        "Spit daily 2026-12-01: won on the tie in 0:05")


def test_no_result_while_the_deal_is_played() -> None:
    deal = learn.daily("2026-12-01")
    with pytest.raises(ValueError, match="still being played"):
        deal.result(deal.game(), 3.0)
