"""The compiled engine runs where it was built, and never when it is stale.

``.ci/run`` installs the package, which compiles the engine (hatch_build.py),
and then runs the engine's tests twice: compiled, and with
SPIT_WIDGET_PURE_ENGINE=1 from source. The checks of the loader itself use a
copy of the package whose "extensions" are garbage files: importing one
fails loudly, so a test passes only if the loader chose the source.
"""

from __future__ import annotations

import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
import warnings
from importlib.machinery import PathFinder
from pathlib import Path

import pytest

import spit_widget
from spit_widget.engine import ENGINE, Game, compiled, game

PACKAGE = Path(spit_widget.__file__).parent
PURE = os.environ.get(compiled.PURE_ENGINE, "") not in ("", "0")


def test_the_engine_named_is_the_engine_loaded() -> None:
    loaded_from = Path(game.__file__ or "")
    if ENGINE == "compiled":
        assert loaded_from.name.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    else:
        assert loaded_from.suffix == ".py"
    if os.environ.get("CI") == "true":
        # CI installs with a compiler: anything but the compiled engine there
        # means the build hook failed quietly (and every speed figure is wrong).
        expected = "source" if PURE else "compiled"
        assert expected == ENGINE


def test_the_modules_compiled_are_engine_modules_and_all_of_them_load_compiled() -> None:
    for name in compiled.MODULES:
        assert (PACKAGE / "engine" / f"{name}.py").is_file()
        if ENGINE == "compiled":
            loaded = Path(sys.modules[f"spit_widget.engine.{name}"].__file__ or "")
            assert loaded.name.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)), name


# The loader itself, in this process, on a folder of stand-ins: every branch of
# compiled.choose against its own list of finders.

def _fake_engine(folder: Path, stamp: str | None) -> Path:
    folder.mkdir()
    for name in compiled.MODULES:
        (folder / f"{name}.py").write_text(f"NAME = {name!r}\n")
        (folder / f"{name}{importlib.machinery.EXTENSION_SUFFIXES[0]}").write_bytes(b"x")
    if stamp == "current":
        compiled.write_stamp(folder)
    elif stamp is not None:
        (folder / compiled.STAMP).write_text(stamp)
    return folder


def _choose(folder: Path, environ: dict[str, str],
            finders: list[object] | None = None) -> tuple[str, list[object]]:
    finders = [PathFinder] if finders is None else finders
    return compiled.choose("pkg", folder, environ, finders), finders


def test_the_build_stamp_records_the_source_it_was_built_from(tmp_path: Path) -> None:
    folder = _fake_engine(tmp_path / "engine", stamp=None)
    assert compiled.stamped_digest(folder) is None
    stamp = compiled.write_stamp(folder)
    assert stamp == folder / compiled.STAMP
    assert json.loads(stamp.read_text()) == {"source": compiled.source_digest(folder)}
    assert compiled.stamped_digest(folder) == compiled.source_digest(folder)
    stamp.write_text("{not json")
    assert compiled.stamped_digest(folder) is None


def test_a_current_build_runs_compiled_and_the_finders_are_left_alone(tmp_path: Path) -> None:
    folder = _fake_engine(tmp_path / "engine", stamp="current")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert _choose(folder, {}) == ("compiled", [PathFinder])
        assert _choose(folder, {compiled.PURE_ENGINE: "0"}) == ("compiled", [PathFinder])


def test_no_build_runs_the_source_with_nothing_to_step_around(tmp_path: Path) -> None:
    folder = tmp_path / "engine"
    folder.mkdir()
    (folder / "game.py").write_text("")
    assert _choose(folder, {}) == ("source", [PathFinder])


def test_a_stale_build_runs_the_source_found_ahead_of_the_files(tmp_path: Path) -> None:
    folder = _fake_engine(tmp_path / "engine", stamp="current")
    (folder / "narration.py").write_text("# an edit to a module that is not compiled\n")
    tool = object()  # a finder some tool put first keeps its place
    with pytest.warns(RuntimeWarning, match=r"^spit_widget.s compiled engine is older than its "):
        engine, finders = _choose(folder, {}, [tool, PathFinder])
    assert engine == "source"
    assert finders[0] is tool and finders[2] is PathFinder
    finder = finders[1]
    for name in compiled.MODULES:
        spec = finder.find_spec(f"pkg.{name}", None)  # type: ignore[attr-defined]
        assert spec is not None and spec.origin == str(folder / f"{name}.py")
    assert finder.find_spec("pkg.narration", None) is None  # type: ignore[attr-defined]
    assert finder.find_spec("other.game", None) is None  # type: ignore[attr-defined]
    with pytest.warns(RuntimeWarning):
        _choose(folder, {}, finders)
    assert len(finders) == 3, "asked again, it adds no second finder"


def test_the_pure_engine_asked_for_runs_the_source_without_a_warning(tmp_path: Path) -> None:
    folder = _fake_engine(tmp_path / "engine", stamp="current")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        engine, finders = _choose(folder, {compiled.PURE_ENGINE: "1"}, [])
    assert engine == "source"
    assert len(finders) == 1 and finders[0].find_spec("pkg.game", None)  # type: ignore[attr-defined]


# The same, end to end: a copy of the package imported in a fresh interpreter.

def _copy_with_fake_build(tmp_path: Path, stamp: str | None) -> Path:
    """A copy of the package whose compiled modules are files that cannot load."""
    copy = tmp_path / "spit_widget"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns(
        "*.so", "*.pyd", compiled.STAMP, "__pycache__", "static"))
    engine = copy / "engine"
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    for name in compiled.MODULES:
        (engine / f"{name}{suffix}").write_bytes(b"not a compiled module")
    if stamp is not None:
        (engine / compiled.STAMP).write_text(json.dumps({"source": stamp}))
    return tmp_path


def _import_engine(root: Path, pure: bool) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(root)}
    env.pop(compiled.PURE_ENGINE, None)
    if pure:
        env[compiled.PURE_ENGINE] = "1"
    code = ("import spit_widget.engine as e; g = e.Game('duel', seed=3); "
            "print(e.ENGINE, e.game.__file__.endswith('.py'), len(g.legal_actions()))")
    return subprocess.run([sys.executable, "-W", "always", "-c", code], cwd=root,
                          env=env, capture_output=True, text=True, timeout=120, check=False)


def test_a_stale_build_is_passed_over_for_the_source_with_a_warning(tmp_path: Path) -> None:
    root = _copy_with_fake_build(tmp_path, stamp="the digest of some older source")
    done = _import_engine(root, pure=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[:2] == ["source", "True"]
    assert "older than its source" in done.stderr


def test_the_pure_engine_can_be_asked_for_without_a_warning(tmp_path: Path) -> None:
    root = _copy_with_fake_build(tmp_path, stamp=compiled.source_digest(PACKAGE / "engine"))
    done = _import_engine(root, pure=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[:2] == ["source", "True"]
    assert "older than its source" not in done.stderr


def test_a_current_build_is_the_one_imported(tmp_path: Path) -> None:
    # The stamp matches the source, so the loader steps aside and Python takes
    # the extension: here a garbage file, so the import fails (the real build
    # is checked by the test above this file's loader checks, and in CI).
    root = _copy_with_fake_build(tmp_path, stamp=compiled.source_digest(PACKAGE / "engine"))
    done = _import_engine(root, pure=False)
    assert done.returncode != 0
    assert "ImportError" in done.stderr


def test_an_edit_to_any_engine_source_changes_the_digest(tmp_path: Path) -> None:
    engine = _copy_with_fake_build(tmp_path, stamp=None) / "spit_widget" / "engine"
    before = compiled.source_digest(engine)
    narration = engine / "narration.py"  # not compiled, but its constants may be inlined
    narration.write_text(narration.read_text() + "\n# an edit\n")
    assert compiled.source_digest(engine) != before


def test_a_notebook_may_still_subclass_the_game() -> None:
    # Compiled classes refuse interpreted subclasses unless they allow them.
    class Teaching(Game):
        note: str

        def hint_count(self) -> int:
            return len(self.legal_actions())

    lesson = Teaching("duel", seed=3)
    lesson.note = "the opening"  # a subclass's instances take attributes, as before
    assert lesson.hint_count() == len(Game("duel", seed=3).legal_actions())
    assert Teaching.replay(lesson.record()).to_dict() == lesson.to_dict()

    class Named(Game):
        def __init__(self, name: str) -> None:
            super().__init__("duel", seed=3)
            self.name = name

    # from_dict makes its game without __init__, so a subclass's own arguments
    # are no obstacle to setting up a position or replaying a record.
    rebuilt = Named.from_dict(lesson.to_dict())
    assert type(rebuilt) is Named and rebuilt.to_dict() == lesson.to_dict()
