"""Stats persistence: what a player notices is their record surviving restarts, crashes,
two notebooks at once, and a damaged or unwritable stats file."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import platformdirs
import pytest

from spit_widget.stats import (
    DB_FILENAME,
    ENV_HOME,
    SCHEMA_VERSION,
    GameResult,
    StatsStore,
    Summary,
)

WORKER = Path(__file__).with_name("stats_worker.py")


def game(
    winner: int | None, variant: str = "duel", finished_at: float = 1_700_000_000.0
) -> GameResult:
    return GameResult(
        variant=variant,
        winner=winner,
        termination="stock_emptied" if winner is not None else "stalemate",
        cards_left=(0, 7) if winner == 0 else (5, 0),
        rounds=2,
        seconds=93.25,
        finished_at=finished_at,
        strategy="greedy",
        pace="normal",
    )


def count_rows(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        n: int = conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]
        return n
    finally:
        conn.close()


def corrupt_files(path: Path) -> list[Path]:
    return sorted(path.parent.glob(f"{path.name}.corrupt-*"))


# -- counting and persistence --------------------------------------------------------------


def test_empty_store_reports_zero_games_and_zero_win_rate(tmp_path: Path) -> None:
    with StatsStore(tmp_path / DB_FILENAME) as store:
        assert store.summary() == Summary(games=0, wins=0, losses=0, draws=0, win_rate=0.0)
        assert store.recent(5) == []


def test_summary_per_variant_and_overall_survives_kernel_restart(tmp_path: Path) -> None:
    path = tmp_path / DB_FILENAME
    store = StatsStore(path)
    for winner in (0, 0, 1, None):
        store.record(game(winner, "duel"))
    store.record(game(1, "classic"))
    store.close()

    reopened = StatsStore(path)  # a new kernel
    assert reopened.summary("duel").as_dict() == {
        "games": 4,
        "wins": 2,
        "losses": 1,
        "draws": 1,
        "win_rate": 0.5,
    }
    assert reopened.summary("classic") == Summary(1, 0, 1, 0, 0.0)
    overall = reopened.summary()
    assert (overall.games, overall.wins, overall.losses, overall.draws) == (5, 2, 2, 1)
    assert overall.win_rate == pytest.approx(0.4)
    assert reopened.summary("no-such-variant").games == 0
    reopened.close()


def test_recent_returns_exact_games_newest_first(tmp_path: Path) -> None:
    with StatsStore(tmp_path / DB_FILENAME) as store:
        games = [game(i % 2, finished_at=1_700_000_000.0 + i) for i in range(5)]
        games.append(game(None, "classic", finished_at=1_700_000_000.5))  # finished out of order
        for g in games:
            store.record(g)
        assert store.recent(3) == [games[4], games[3], games[2]]
        assert store.recent(100)[-2:] == [games[5], games[0]]
        assert store.recent(0) == []


def test_spit_widget_home_moves_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "custom" / "home"
    monkeypatch.setenv(ENV_HOME, str(home))
    store = StatsStore()
    monkeypatch.setenv(ENV_HOME, str(tmp_path / "elsewhere"))  # resolved at construction
    store.record(game(0))
    store.close()
    assert store.path == home / DB_FILENAME
    assert count_rows(home / DB_FILENAME) == 1
    assert not (tmp_path / "elsewhere").exists()
    assert not store.in_memory


def test_default_location_is_user_data_dir_and_construction_touches_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(ENV_HOME, raising=False)
    store = StatsStore()
    assert store.path == Path(platformdirs.user_data_dir("spit-widget")) / DB_FILENAME
    store.close()  # never opened: must not create anything in the real home


def test_new_database_carries_schema_version(tmp_path: Path) -> None:
    path = tmp_path / DB_FILENAME
    with StatsStore(path) as store:
        store.record(game(0))
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()


def test_database_from_newer_version_is_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / DB_FILENAME
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    store = StatsStore(path)
    with pytest.warns(RuntimeWarning, match="newer"):
        store.record(game(0))
    assert store.in_memory
    assert store.summary().games == 1
    store.close()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1
    assert conn.execute("SELECT name FROM sqlite_master").fetchall() == []  # nothing written
    conn.close()


# -- two kernels at once -------------------------------------------------------------------


def test_two_processes_recording_at_once_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / DB_FILENAME
    per_worker = 1000
    workers = [
        subprocess.Popen(
            [sys.executable, str(WORKER), "race", str(path), str(per_worker)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    try:
        for w in workers:  # both have opened the database ...
            assert w.stdout is not None
            assert w.stdout.readline().strip() == "ready", w.communicate()[1]
        start = time.perf_counter()
        for w in workers:  # ... then both start writing together
            assert w.stdin is not None
            w.stdin.write("go\n")
            w.stdin.flush()
        results = [w.communicate(timeout=60) for w in workers]
        elapsed = time.perf_counter() - start
    finally:
        for w in workers:
            if w.poll() is None:
                w.kill()
                w.wait()
    for w, (out, err) in zip(workers, results, strict=True):
        assert w.returncode == 0, err
        assert out.strip() == "done"
    assert count_rows(path) == 2 * per_worker
    with StatsStore(path) as store:
        assert store.summary().games == 2 * per_worker
        assert len({g.strategy for g in store.recent(2 * per_worker)}) == 2  # both wrote
    print(f"2 x {per_worker} concurrent records took {elapsed:.2f} s")


# -- faults --------------------------------------------------------------------------------


def test_garbage_file_is_moved_aside_and_a_fresh_store_works(tmp_path: Path) -> None:
    path = tmp_path / DB_FILENAME
    garbage = b"this is not a database, it is a shopping list\n" * 200
    path.write_bytes(garbage)
    store = StatsStore(path)
    with pytest.warns(RuntimeWarning, match="corrupt"):
        store.record(game(0))
    assert store.summary().games == 1
    assert not store.in_memory
    store.close()
    [moved] = corrupt_files(path)
    assert moved.read_bytes() == garbage  # kept for recovery, not destroyed
    assert count_rows(path) == 1


def test_truncated_file_is_moved_aside_and_a_fresh_store_works(tmp_path: Path) -> None:
    path = tmp_path / DB_FILENAME
    with StatsStore(path) as store:
        for i in range(300):
            store.record(game(i % 2))
    size = path.stat().st_size
    assert size > 4 * 4096  # several pages, so half of it really loses data
    with path.open("r+b") as f:
        f.truncate(size // 2)

    store = StatsStore(path)
    with pytest.warns(RuntimeWarning, match="corrupt"):
        summary = store.summary()
    assert summary.games == 0
    store.record(game(0))
    assert store.summary().games == 1
    assert not store.in_memory
    store.close()
    [moved] = corrupt_files(path)
    assert moved.stat().st_size == size // 2


@pytest.mark.parametrize("via_env", [True, False])
def test_unwritable_location_falls_back_to_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, via_env: bool
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("a regular file cannot hold a directory, even for root")
    if via_env:
        monkeypatch.setenv(ENV_HOME, str(blocker / "home"))
        store = StatsStore()
    else:
        store = StatsStore(blocker / "home" / DB_FILENAME)
    with pytest.warns(RuntimeWarning, match="memory"):
        store.record(game(0))
    store.record(game(1))
    assert store.in_memory
    assert store.summary() == Summary(2, 1, 1, 0, 0.5)
    assert store.recent(1) == [game(1)]
    store.close()
    assert blocker.is_file()


def test_sigkill_mid_game_loses_no_finished_game(tmp_path: Path) -> None:
    path = tmp_path / DB_FILENAME
    proc = subprocess.Popen(
        [sys.executable, str(WORKER), "crash", str(path), "50"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    out, err = proc.communicate(timeout=60)
    assert out.strip() == "mid-game", err
    assert proc.returncode == -signal.SIGKILL

    with StatsStore(path) as store:
        assert store.summary().games == 50  # the unfinished game is not counted
        store.record(game(0))  # and the dead process left no lock behind
        assert store.summary().games == 51
    assert corrupt_files(path) == []


# -- reaction times and Match me -------------------------------------------------------------


def test_reaction_times_are_kept_with_their_game_and_read_back_in_order(tmp_path: Path) -> None:
    from dataclasses import replace

    with StatsStore(tmp_path / DB_FILENAME) as store:
        store.record(replace(game(0, finished_at=1.0), reactions=(0.9, 1.1, 1.3), pace="match_me",
                             pace_mean=1.4))
        store.record(replace(game(1, finished_at=2.0), reactions=(0.7, 0.8)))
        store.record(replace(game(1, variant="classic", finished_at=3.0), reactions=(2.0,)))
        assert store.reaction_samples("duel", 4) == [1.1, 1.3, 0.7, 0.8]
        history = store.reaction_history("duel")
        assert [(g.seconds, g.median) for g in history] == [([0.9, 1.1, 1.3], 1.1),
                                                            ([0.7, 0.8], 0.75)]
        assert store.match_me_history("duel", 5) == [(True, 1.4)]
        assert store.recent(3)[-1].pace_mean == 1.4


def test_a_version_1_file_is_upgraded_and_keeps_its_games(tmp_path: Path) -> None:
    path = tmp_path / DB_FILENAME
    conn = sqlite3.connect(path)
    conn.execute("""CREATE TABLE games (id INTEGER PRIMARY KEY, variant TEXT NOT NULL,
        winner INTEGER, termination TEXT NOT NULL, cards_left_0 INTEGER NOT NULL,
        cards_left_1 INTEGER NOT NULL, rounds INTEGER NOT NULL, seconds REAL NOT NULL,
        finished_at REAL NOT NULL, strategy TEXT NOT NULL, pace TEXT NOT NULL)""")
    conn.execute("INSERT INTO games VALUES (1, 'duel', 0, 'stock_emptied', 0, 4, 1, 60.0, 5.0,"
                 " 'expert', 'normal')")
    conn.execute("PRAGMA user_version = 1")
    conn.commit()
    conn.close()
    with StatsStore(path) as store:
        assert store.summary("duel").wins == 1
        assert store.recent(1)[0].pace_mean is None
        store.record(GameResult("duel", 1, "stalemate", (3, 0), 1, 10.0, 9.0, "expert", "fast",
                                0.9, (0.5,)))
        assert store.reaction_samples("duel", 10) == [0.5]
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_player_stats_plot_their_reaction_times(tmp_path: Path) -> None:
    from dataclasses import replace

    from spit_widget.stats import PlayerStats

    with StatsStore(tmp_path / DB_FILENAME) as store:
        empty = PlayerStats(store, "duel")
        assert empty.games == 0 and empty.reactions == []
        assert empty.plot()._repr_png_()[:4] == b"\x89PNG"
        for i in range(3):
            store.record(replace(game(i % 2, finished_at=1_700_000_000.0 + 86400 * i),
                                 reactions=(1.0 - 0.1 * i, 1.2 - 0.1 * i)))
        stats = PlayerStats(store, "duel")
        assert (stats.games, stats.wins) == (3, 2)
        assert [round(g.median, 2) for g in stats.reactions] == [1.1, 1.0, 0.9]
        chart = stats.plot()
        chart.save(tmp_path / "r.png")
        assert (tmp_path / "r.png").read_bytes()[:4] == b"\x89PNG"
