"""A wheel built from this tree carries the compiled engine, and it runs.

The editable install that the test command makes compiles the engine beside
the source; a wheel (what ``pip install .`` or a package index would serve)
has to carry the extensions itself, be tagged for this platform, and play
the same games. Built from a copy of the tree, so the working copy's own
build is left alone (about 15 s each: the build installs mypy and compiles).
"""

from __future__ import annotations

import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from spit_widget.commands.bench import random_game
from spit_widget.engine import compiled

ROOT = Path(__file__).resolve().parents[1]


def _copy_tree(to: Path) -> Path:
    to.mkdir()
    for name in ("pyproject.toml", "hatch_build.py", "README.md"):
        shutil.copy2(ROOT / name, to / name)
    shutil.copytree(ROOT / "spit_widget", to / "spit_widget", ignore=shutil.ignore_patterns(
        "*.so", "*.pyd", compiled.STAMP, "__pycache__"))
    return to


def _histories(seeds: range) -> str:
    return json.dumps({v: [[list(a) for a in random_game(v, s).history] for s in seeds]
                       for v in ("duel", "classic")})


def _build_wheel(tmp_path: Path, env: dict[str, str]) -> Path:
    source = _copy_tree(tmp_path / "src")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
                    "--disable-pip-version-check", "-w", str(tmp_path / "dist"), str(source)],
                   env=env, check=True, timeout=900, capture_output=True)
    (wheel,) = (tmp_path / "dist").glob("*.whl")
    return wheel


def test_a_wheel_carries_the_compiled_engine_and_plays_the_same_games(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != compiled.PURE_ENGINE}
    wheel = _build_wheel(tmp_path, env)
    assert not wheel.name.endswith("-none-any.whl"), "a wheel with extensions names its platform"

    names = set(zipfile.ZipFile(wheel).namelist())
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    for module in compiled.MODULES:
        assert f"spit_widget/engine/{module}{suffix}" in names
        assert f"spit_widget/engine/{module}.py" in names
    assert f"spit_widget/engine/{compiled.STAMP}" in names
    assert any("__mypyc" in name and "/" not in name for name in names)  # the shared runtime
    assert "spit_widget/static/widget.js" in names

    site = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q",
                    "--disable-pip-version-check", "--target", str(site), str(wheel)],
                   check=True, timeout=300, capture_output=True)
    code = ("import json, sys; from spit_widget.engine import ENGINE, game; "
            "from spit_widget.commands.bench import random_game; "
            "h = {v: [[list(a) for a in random_game(v, s).history] for s in range(20)] "
            "for v in ('duel', 'classic')}; "
            "print(json.dumps([ENGINE, game.__file__, json.dumps(h)]))")
    done = subprocess.run([sys.executable, "-W", "error::RuntimeWarning", "-c", code],
                          cwd=tmp_path, env={**env, "PYTHONPATH": str(site)},
                          capture_output=True, text=True, timeout=300, check=True)
    engine, loaded_from, histories = json.loads(done.stdout)
    assert engine == "compiled"
    assert loaded_from.startswith(str(site)) and loaded_from.endswith(suffix)
    assert histories == _histories(range(20))


def test_without_a_compiler_the_wheel_is_pure_python(tmp_path: Path) -> None:
    # CC=false: mypyc's C compile fails, as on a machine with no compiler.
    env = {k: v for k, v in os.environ.items() if k != compiled.PURE_ENGINE}
    wheel = _build_wheel(tmp_path, {**env, "CC": "false"})
    assert wheel.name.endswith("-py3-none-any.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "spit_widget/engine/game.py" in names
    assert "spit_widget/learn/puzzles.json" in names  # the course's proven puzzles ship
    assert not [name for name in names if "mypyc" in name or name.endswith((".so", ".pyd"))]
    assert not [p for p in (tmp_path / "src" / "spit_widget").rglob("*.so")], "nothing half-built"
