"""Tournaments and leagues on a real Dask cluster: a ``dask scheduler`` and two
``dask worker`` processes on 127.0.0.1, started here and torn down after.
The same seeded games must give the same results as on this machine."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from spit_widget.__main__ import main
from spit_widget.computer.league import league
from spit_widget.computer.tournament import tournament

ROOT = Path(__file__).resolve().parents[2]


def _start(args: list[str], log: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])}
    return subprocess.Popen(args, stdout=log.open("wb"), stderr=subprocess.STDOUT, env=env,
                            cwd=log.parent)


def _wait_for_file(path: Path, processes: list[subprocess.Popen[bytes]], log: Path,
                   timeout: float = 60) -> dict[str, object]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if path.exists():
            try:
                return dict(json.loads(path.read_text()))
            except json.JSONDecodeError:  # being written
                pass
        if any(p.poll() is not None for p in processes):
            raise RuntimeError(f"the scheduler died:\n{log.read_text()}")
        time.sleep(0.05)  # polling the file the scheduler writes when it is ready
    raise TimeoutError(f"no scheduler file after {timeout} s:\n{log.read_text()}")


@pytest.fixture(scope="module")
def scheduler(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from distributed import Client

    dask = shutil.which("dask") or pytest.fail("the dask command is missing (pip install .[dask])")
    where = tmp_path_factory.mktemp("dask")
    info_file = where / "scheduler.json"
    processes = [_start([dask, "scheduler", "--host", "127.0.0.1", "--port", "0",
                         "--no-dashboard", "--scheduler-file", str(info_file)],
                        where / "scheduler.log")]
    try:
        address = str(_wait_for_file(info_file, processes, where / "scheduler.log")["address"])
        for i in range(2):
            processes.append(_start(
                [dask, "worker", address, "--nthreads", "1", "--no-dashboard", "--no-nanny",
                 "--name", f"worker-{i}", "--memory-limit", "0"], where / f"worker-{i}.log"))
        with Client(address, timeout="30s") as client:
            client.wait_for_workers(2, timeout=90)
        yield address
    finally:
        for p in processes[::-1]:
            p.terminate()
        for p in processes[::-1]:
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()


def _executed_per_worker(address: str) -> list[int]:
    from distributed import Client

    with Client(address, timeout="30s") as client:
        counts = client.run(lambda dask_worker: dask_worker.state.executed_count)
    return sorted(counts.values())


def test_tournament_on_the_cluster_gives_the_local_games(scheduler: str) -> None:
    local = tournament("classic", ("expert", "random"), 200, seed=11)
    remote = tournament("classic", ("expert", "random"), 200, seed=11, backend="dask",
                        scheduler=scheduler)
    assert remote.games == local.games
    assert remote.report().splitlines()[1:] == local.report().splitlines()[1:]


def test_league_on_the_cluster_gives_the_local_table(scheduler: str) -> None:
    entrants = ["random", "greedy", "expert"]
    local = league("duel", entrants, 40, seed=5)
    remote = league("duel", entrants, 40, seed=5, backend="dask", scheduler=scheduler)
    assert remote.games == local.games
    assert remote.table().splitlines()[1:] == local.table().splitlines()[1:]
    # Both workers took part: 240 games in chunks of 64 make four tasks.
    assert all(n > 0 for n in _executed_per_worker(scheduler))


def test_a_notebook_function_travels_to_the_cluster(scheduler: str) -> None:
    def last_play(view):  # type: ignore[no-untyped-def]
        from spit_widget.computer import when_no_play

        plays = view.legal_plays() if view.status == "playing" else []
        return view.play(*plays[-1]) if plays else when_no_play(view)

    local = league("duel", [last_play, "greedy"], 20, seed=1)
    remote = league("duel", [last_play, "greedy"], 20, seed=1, backend="dask",
                    scheduler=scheduler)
    assert remote.games == local.games


def test_command_line_with_a_scheduler(scheduler: str, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    main(["tournament", "greedy", "random", "--games", "100", "--seed", "3"])
    local = capsys.readouterr().out.splitlines()
    main(["tournament", "greedy", "random", "--games", "100", "--seed", "3",
          "--scheduler", scheduler])
    remote = capsys.readouterr().out.splitlines()
    assert remote[1:] == local[1:]
    main(["league", "greedy", "random", "--deals", "20", "--scheduler", scheduler,
          "--plot", str(tmp_path / "league.png")])
    assert "rank  entrant" in capsys.readouterr().out


def test_an_unreachable_scheduler_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    from spit_widget.computer import backends

    monkeypatch.setattr(backends, "CONNECT_TIMEOUT", "1s")
    with pytest.raises((ConnectionError, OSError), match=r"127\.0\.0\.1:9"):
        tournament("duel", ("greedy", "random"), 2, backend="dask",
                   scheduler="tcp://127.0.0.1:9")


def test_without_a_scheduler_dask_starts_a_local_cluster() -> None:
    local = tournament("duel", ("expert", "greedy"), 80, seed=9)
    remote = tournament("duel", ("expert", "greedy"), 80, seed=9, backend="dask", jobs=1)
    assert remote.games == local.games


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__, "-q"]))
