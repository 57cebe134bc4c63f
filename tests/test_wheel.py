"""A wheel built where the compile fails is pure Python, and nothing half-built is left.

The compiled wheel, the pure wheel and the sdist as a release ships them are
checked by tests/test_release.py (built once, installed into fresh venvs);
this is the build hook's own failure path. Built from a copy of the tree, so
the working copy's own build is left alone.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from spit_widget.engine import compiled

ROOT = Path(__file__).resolve().parents[1]


def _copy_tree(to: Path) -> Path:
    to.mkdir()
    for name in ("pyproject.toml", "hatch_build.py", "README.md"):
        shutil.copy2(ROOT / name, to / name)
    shutil.copytree(ROOT / "spit_widget", to / "spit_widget", ignore=shutil.ignore_patterns(
        "*.so", "*.pyd", compiled.STAMP, "__pycache__"))
    return to


def _build_wheel(tmp_path: Path, env: dict[str, str]) -> Path:
    source = _copy_tree(tmp_path / "src")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
                    "--disable-pip-version-check", "-w", str(tmp_path / "dist"), str(source)],
                   env=env, check=True, timeout=900, capture_output=True)
    (wheel,) = (tmp_path / "dist").glob("*.whl")
    return wheel


def test_without_a_compiler_the_wheel_is_pure_python(tmp_path: Path) -> None:
    # CC=false: mypyc's C compile fails, as on a machine with no compiler.
    env = {k: v for k, v in os.environ.items() if k != compiled.PURE_ENGINE}
    wheel = _build_wheel(tmp_path, {**env, "CC": "false"})
    assert wheel.name.endswith("-py3-none-any.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "spit_widget/engine/game.py" in names
    assert "spit_widget/learn/puzzles.json" in names  # the course's proven puzzles ship
    for language in ("fr", "es", "de"):  # the catalogues, read as they are (nothing compiled)
        assert f"spit_widget/locale/{language}/LC_MESSAGES/spit_widget.po" in names
    assert not [n for n in names if n.startswith(("tools/", "spit_widget/testing/"))]
    assert not [name for name in names if "mypyc" in name or name.endswith((".so", ".pyd"))]
    assert not [p for p in (tmp_path / "src" / "spit_widget").rglob("*.so")], "nothing half-built"
