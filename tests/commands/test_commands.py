"""The command line: tournament, bench and play, as a user types them."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from spit_widget.__main__ import main
from spit_widget.commands import play as launcher


def test_tournament_prints_rates_and_saves_a_plot(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    plot = tmp_path / "win.png"
    main(["tournament", "expert", "random", "--games", "60", "--plot", str(plot)])
    out = capsys.readouterr().out
    assert "duel: expert vs random (seats alternate), 60 games" in out
    assert "95% CI" in out and "endings:" in out and "actions per game" in out
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_tournament_on_two_processes_gives_the_same_games() -> None:
    from spit_widget.computer.tournament import tournament

    one = tournament("classic", ("greedy", "random"), 40, seed=3)
    two = tournament("classic", ("greedy", "random"), 40, seed=3, jobs=2)
    assert one.games == two.games


def test_unknown_strategy_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ValueError, match="Unknown strategy 'clever'"):
        main(["tournament", "clever", "random", "--games", "2"])


def test_bench_prints_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    main(["bench", "--quick"])
    out = capsys.readouterr().out
    for line in ("duel", "classic", "expert vs random", "Expert decision time"):
        assert line in out
    assert "games/s" in out and " ms" in out
    assert re.search(r"duel +\d+ env steps/s", out) and re.search(r"classic +\d+ env steps/s", out)
    assert re.search(r"Review of a whole classic game \(367 actions, 26 missed moments", out)
    assert re.search(r"open +review_panel +\d+ B, review_moment +\d+ B", out)


def test_play_opens_the_example_or_writes_a_notebook(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[list[str]] = []
    monkeypatch.setattr(subprocess, "call", lambda cmd: calls.append(cmd) or 0)
    monkeypatch.setenv("SPIT_WIDGET_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)  # no examples/ here: a notebook is written
    with pytest.raises(SystemExit) as done:
        main(["play", "--variant", "classic", "--no-browser", "--port", "9999"])
    assert done.value.code == 0
    cmd = calls[0]
    notebook = Path(cmd[3])
    assert notebook == tmp_path / "home" / "notebooks" / "play_classic.ipynb"
    source = json.loads(notebook.read_text())["cells"][0]["source"]
    assert 'SpitWidget(variant="classic")' in source
    assert "--ServerApp.port=9999" in cmd and "--no-browser" in cmd
    assert any("spit_widget.nodelay" in part for part in cmd)


def test_play_from_a_checkout_opens_a_copy_never_the_tracked_example(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = Path(__file__).resolve().parents[2]
    example = root / "examples" / "play.ipynb"
    before = example.read_bytes()
    monkeypatch.chdir(root)
    monkeypatch.setenv("SPIT_WIDGET_HOME", str(tmp_path / "home"))
    calls: list[list[str]] = []
    monkeypatch.setattr(subprocess, "call", lambda cmd: calls.append(cmd) or 0)
    with pytest.raises(SystemExit):
        main(["play", "--no-browser"])
    notebook = Path(calls[0][3])
    assert notebook == tmp_path / "home" / "notebooks" / "play_duel.ipynb"
    copy = json.loads(notebook.read_text())
    original = json.loads(before)
    assert [c["source"] for c in copy["cells"]] == [c["source"] for c in original["cells"]]
    assert all(c.get("outputs", []) == [] for c in copy["cells"])
    # The URL JupyterLab prints opens this notebook, not the launcher.
    assert "--LabApp.default_url=/lab/tree/play_duel.ipynb" in calls[0]
    # The player's copy is theirs: kept as they left it on the next launch.
    notebook.write_text(notebook.read_text().replace("SpitWidget()", "SpitWidget(pace='fast')"))
    assert "pace='fast'" in launcher.play_notebook("duel").read_text()
    assert example.read_bytes() == before


def test_play_serves_a_folder_without_the_stats_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    for name in ("stats.sqlite3", "stats.sqlite3-wal", "stats.sqlite3-shm"):
        (home / name).write_bytes(b"")
    (home / "play_duel.ipynb").write_text('{"kept": "an older version wrote me here"}')
    monkeypatch.setenv("SPIT_WIDGET_HOME", str(home))
    calls: list[list[str]] = []
    monkeypatch.setattr(subprocess, "call", lambda cmd: calls.append(cmd) or 0)
    with pytest.raises(SystemExit):
        main(["play", "--no-browser"])
    served = Path(next(a for a in calls[0] if a.startswith("--ServerApp.root_dir="))
                  .split("=", 1)[1])
    assert sorted(p.name for p in served.iterdir()) == ["play_duel.ipynb"]
    # The player's older copy moved in with them, unchanged.
    assert "an older version" in (served / "play_duel.ipynb").read_text()
    assert (home / "stats.sqlite3").exists()



def test_calibrate_prints_one_line_per_pace_with_its_interval(
    capsys: pytest.CaptureFixture[str],
) -> None:
    main(["calibrate", "--variant", "duel", "--games", "40"])
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith("  ") and "median human" in line
            and "%" in line]
    assert [r.split()[0] for r in rows] == ["Slow", "Normal", "Fast"]
    assert all("-" in r.split()[-2] and r.split()[-1] == "40" for r in rows)
    assert "playable-to-click median" in out


def test_paired_tournament_command(capsys: pytest.CaptureFixture[str]) -> None:
    main(["tournament", "expert", "greedy", "--against", "random", "--games", "30"])
    out = capsys.readouterr().out
    assert "paired: 30 deals x 2 seatings" in out and "expert - greedy:" in out


def test_calibrate_over_a_network_adds_rows_with_and_without_compensation(
    capsys: pytest.CaptureFixture[str],
) -> None:
    main(["calibrate", "--variant", "duel", "--games", "30", "--rtt", "0.25"])
    out = capsys.readouterr().out
    rows = [line.split() for line in out.splitlines() if "median human" in line and "%" in line]
    assert [(r[0], r[-2], r[-1]) for r in rows] == [
        (pace, "0.25s", comp) for pace in ("Slow", "Normal", "Fast") for comp in ("yes", "no")]
    assert "at 0.25 s round trip, on the page's clock" in out
    main(["calibrate", "--variant", "duel", "--games", "30", "--rtt", "0.25",
          "--no-compensation"])
    assert {line.split()[-1] for line in capsys.readouterr().out.splitlines()
            if "median human" in line and "%" in line} == {"no"}
    with pytest.raises(SystemExit, match="needs --rtt"):
        main(["calibrate", "--no-compensation"])
