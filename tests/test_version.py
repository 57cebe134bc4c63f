"""One version: written once, and the same wherever a user or a newer package reads it.

The build reads it from ``spit_widget/_version.py`` (``[tool.hatch.version]``),
the package exposes it, ``python -m spit_widget --version`` prints it, and the
stats file records which release made it and which wrote it last, so a newer
release can tell what it is migrating.
"""

from __future__ import annotations

import re
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from project_scripts import load_script

import spit_widget
from spit_widget.engine import ENGINE
from spit_widget.stats import DB_FILENAME, SCHEMA_VERSION, GameResult, StatsStore

ROOT = Path(__file__).resolve().parents[1]


def _game() -> GameResult:
    return GameResult("duel", 0, "stock_emptied", (0, 7), 1, 60.0, 1_700_000_000.0,
                      "expert", "normal")


def test_the_build_reads_the_version_from_the_one_file_that_holds_it() -> None:
    project = (ROOT / "pyproject.toml").read_text()
    assert re.search(r'^dynamic = \["version"\]', project, re.MULTILINE)
    assert not re.search(r"^version = ", project, re.MULTILINE)
    (path,) = re.findall(r'\[tool\.hatch\.version\]\n(?:#.*\n)*path = "([^"]+)"', project)
    source = ROOT / path
    assert re.search(rf'^__version__ = "{re.escape(spit_widget.__version__)}"$',
                     source.read_text(), re.MULTILINE)
    assert re.fullmatch(r"\d+\.\d+\.\d+((a|b|rc)\d+)?(\.dev\d+)?", spit_widget.__version__)
    # No second copy: the front end's package.json (never published) carries none.
    assert "version" not in (ROOT / "package.json").read_text().split('"private"')[0]


def test_the_command_line_prints_the_version_and_the_engine_it_runs() -> None:
    done = subprocess.run([sys.executable, "-m", "spit_widget", "--version"],
                          capture_output=True, text=True, check=True, timeout=60)
    assert done.stdout.startswith(f"spit-widget {spit_widget.__version__} ({ENGINE} engine, ")
    assert f"{sys.version_info.major}.{sys.version_info.minor}" in done.stdout


def test_the_stats_file_names_the_release_that_made_it_and_the_last_that_wrote_it(
        tmp_path: Path) -> None:
    path = tmp_path / DB_FILENAME
    with StatsStore(path) as store:
        store.record(_game())
        assert store.versions() == {"created_by": spit_widget.__version__,
                                    "written_by": spit_widget.__version__}
    conn = sqlite3.connect(path)
    conn.execute("UPDATE meta SET value = '0.0.1'")  # as if an old release had made it
    conn.commit()
    conn.close()
    with StatsStore(path) as store:
        assert store.summary().games == 1
        assert store.versions() == {"created_by": "0.0.1",
                                    "written_by": spit_widget.__version__}


def test_a_file_from_before_versions_were_noted_gets_them_and_keeps_its_games(
        tmp_path: Path) -> None:
    path = tmp_path / DB_FILENAME
    with StatsStore(path) as store:
        store.record(_game())
    conn = sqlite3.connect(path)
    conn.execute("DROP TABLE meta")
    conn.commit()
    conn.close()
    with StatsStore(path) as store:
        assert store.summary().games == 1
        assert store.versions()["written_by"] == spit_widget.__version__


def test_a_file_from_a_newer_release_is_refused_with_that_release_named(
        tmp_path: Path) -> None:
    path = tmp_path / DB_FILENAME
    with StatsStore(path) as store:
        store.record(_game())
    conn = sqlite3.connect(path)
    conn.execute("UPDATE meta SET value = '9.0.0' WHERE key = 'written_by'")
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    store = StatsStore(path)
    with pytest.warns(RuntimeWarning, match="written by spit-widget 9.0.0"):
        assert store.summary().games == 0  # kept in memory: the newer file is left alone
    store.close()
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 1
    assert conn.execute("SELECT value FROM meta WHERE key = 'written_by'").fetchone()[0] == "9.0.0"
    conn.close()


def test_the_version_module_imports_nothing() -> None:
    # The stats file and the command line read it; an import there could close a cycle.
    import ast

    tree = ast.parse((ROOT / "spit_widget" / "_version.py").read_text())
    assert not [n for n in ast.walk(tree) if isinstance(n, ast.Import | ast.ImportFrom)]


def _versions_script() -> Any:
    return load_script("release_versions")


def test_a_release_tag_must_match_the_version_and_have_a_dated_changelog_section() -> None:
    versions = _versions_script()
    assert versions.package_version() == spit_widget.__version__
    released = "# Changelog\n\n## [Unreleased]\n\n## [0.2.0] - 2027-01-05\n\n### Added\n\n- x\n"
    assert versions.problems("v0.2.0", "0.2.0", released) == []
    assert versions.problems("v0.2.1", "0.2.0", released) == [
        "the tag v0.2.1 is not v0.2.0, the version in spit_widget/_version.py"]
    unreleased = "# Changelog\n\n## [Unreleased]\n\n### Added\n\n- x\n"
    (only,) = versions.problems("v0.2.0", "0.2.0", unreleased)
    assert "no '## [0.2.0] - YYYY-MM-DD' section" in only
    empty = "## [0.2.0] - 2027-01-05\n\n## [0.1.0] - 2026-12-01\n\n- y\n"
    assert versions.problems("v0.2.0", "0.2.0", empty) == [
        "CHANGELOG.md's section for 0.2.0 lists no change"]


def test_the_changelog_keeps_the_form_the_release_check_reads() -> None:
    text = (ROOT / "CHANGELOG.md").read_text()
    assert text.startswith("# Changelog\n") and "## [Unreleased]" in text
    headings = re.findall(r"^## \[([^\]]+)\]", text, re.MULTILINE)
    assert headings[0] == "Unreleased"
    for heading in headings[1:]:
        assert re.search(rf"^## \[{re.escape(heading)}\] - \d{{4}}-\d{{2}}-\d{{2}}$", text,
                         re.MULTILINE), heading
    kinds = set(re.findall(r"^### (\w+)", text, re.MULTILINE))
    assert kinds <= {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}
