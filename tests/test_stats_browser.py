"""The stats kept in the browser (the static site): every committed write
asks for a save of the browser's copy, and saves never overlap nor drop the
last write. The browser itself is tested in tests/e2e/test_site.py (a course
star survives a reload)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from spit_widget.stats import StatsStore, connection
from spit_widget.stats.browser import Saver


@pytest.fixture
def saves() -> Iterator[list[Path]]:
    seen: list[Path] = []
    hook = seen.append
    connection.on_saved(hook)
    try:
        yield seen
    finally:
        connection._on_saved.remove(hook)


def test_a_committed_write_is_announced_and_a_read_is_not(
        tmp_path: Path, saves: list[Path]) -> None:
    with StatsStore(tmp_path / "s.sqlite3") as store:
        store.course_stars()
        assert saves == []
        store.record_course_stars("duel-goal-1", 2)
        assert saves == [tmp_path / "s.sqlite3"]
        store.record_course_stars("duel-goal-1", 1)  # not better: the row is still written
        store.reset_course()
    assert len(saves) == 3


def test_the_in_memory_fallback_announces_nothing(tmp_path: Path, saves: list[Path]) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")  # a folder that cannot be made: the store falls back to memory
    with pytest.warns(RuntimeWarning), StatsStore(blocker / "s.sqlite3") as store:
        store.record_course_stars("duel-goal-1", 2)
        assert store.in_memory
    assert saves == []


class FakeFS:
    """Pyodide's FS.syncfs: takes a callback, calls it when the write ends."""

    def __init__(self) -> None:
        self.pending: list[Callable[..., None]] = []
        self.calls = 0

    def syncfs(self, populate: bool, done: Callable[..., None]) -> None:
        assert populate is False
        self.calls += 1
        self.pending.append(done)

    def finish(self, error: Any = None) -> None:
        self.pending.pop(0)(error)


def test_saves_never_overlap_and_the_last_write_is_saved() -> None:
    fs = FakeFS()
    save = Saver(fs, lambda f: f, "/home/pyodide/spit-widget")
    save(Path("/home/pyodide/spit-widget/stats.sqlite3"))
    save(Path("/home/pyodide/spit-widget/stats.sqlite3"))  # while the first runs
    save(Path("/home/pyodide/spit-widget/stats.sqlite3"))
    assert fs.calls == 1
    fs.finish()
    assert fs.calls == 2  # the writes made meanwhile, saved once
    fs.finish("QuotaExceededError")
    assert fs.calls == 2 and not save.running
    assert save.errors == ["QuotaExceededError"]


def test_a_file_outside_the_browsers_folder_is_not_saved() -> None:
    fs = FakeFS()
    Saver(fs, lambda f: f, "/home/pyodide/spit-widget")(Path("/tmp/mine/stats.sqlite3"))
    assert fs.calls == 0


class FakeIDBFS:
    """Pyodide's FS as keep_in_browser meets it: mount, and syncfs answering at once."""

    def __init__(self, error: object = None) -> None:
        self.filesystems = type("Filesystems", (), {"IDBFS": "IDBFS"})()
        self.mounted: list[tuple[object, str]] = []
        self.error = error

    def mount(self, kind: object, _options: object, where: str) -> None:
        self.mounted.append((kind, where))

    def syncfs(self, _populate: bool, done: Callable[..., None]) -> None:
        done(self.error)


@pytest.fixture
def in_pyodide(monkeypatch: pytest.MonkeyPatch) -> Callable[[object], FakeIDBFS]:
    import sys
    import types

    def make(error: object = None) -> FakeIDBFS:
        fs = FakeIDBFS(error)
        monkeypatch.setitem(sys.modules, "pyodide_js", types.SimpleNamespace(FS=fs))
        ffi = types.SimpleNamespace(create_once_callable=lambda f: f)
        monkeypatch.setitem(sys.modules, "pyodide", types.SimpleNamespace(ffi=ffi))
        monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
        monkeypatch.delenv(connection.ENV_HOME, raising=False)
        monkeypatch.setattr(connection, "_on_saved", [])
        return fs

    return make


def test_the_stats_move_into_the_mounted_folder(
        in_pyodide: Callable[[object], FakeIDBFS], tmp_path: Path) -> None:
    import asyncio
    import os

    from spit_widget.stats.browser import keep_in_browser

    fs = in_pyodide(None)
    assert asyncio.run(keep_in_browser(str(tmp_path / "kept"))) is True
    assert fs.mounted == [("IDBFS", str(tmp_path / "kept"))]
    assert os.environ[connection.ENV_HOME] == str(tmp_path / "kept")
    assert connection.default_path() == tmp_path / "kept" / connection.DB_FILENAME
    assert len(connection._on_saved) == 1


def test_a_browser_that_keeps_nothing_is_told_and_the_stats_stay_put(
        in_pyodide: Callable[[object], FakeIDBFS], tmp_path: Path) -> None:
    import asyncio
    import os

    from spit_widget.stats.browser import keep_in_browser

    in_pyodide("SecurityError")
    with pytest.warns(RuntimeWarning, match=r"keeps no storage for this site \(SecurityError\)"):
        assert asyncio.run(keep_in_browser(str(tmp_path / "kept"))) is False
    assert connection.ENV_HOME not in os.environ
    assert connection._on_saved == []
