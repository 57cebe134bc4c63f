"""Hardening suite: every test gets its own stats folder; figures are printed at the end.

The figures travel in each test's report (``user_properties``), so the summary is
the same whether the tests ran in this process or in pytest-xdist's workers."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hardkit import FIGURES

FIGURES_KEY = "hardening figures"


@pytest.fixture(autouse=True)
def stats_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "spit-home"
    monkeypatch.setenv("SPIT_WIDGET_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def report_figures(request: pytest.FixtureRequest) -> Iterator[None]:
    """Put the figures this test recorded into its report."""
    before = json.dumps(FIGURES, sort_keys=True, default=str)
    yield
    if json.dumps(FIGURES, sort_keys=True, default=str) != before:
        plain = json.loads(json.dumps(FIGURES, default=str))
        request.node.user_properties.append((FIGURES_KEY, plain))


def pytest_terminal_summary(terminalreporter: Any) -> None:
    gathered: dict[str, dict[str, Any]] = {}
    for reports in terminalreporter.stats.values():
        for report in reports:
            for key, value in getattr(report, "user_properties", ()):
                if key == FIGURES_KEY:
                    for name, figures in value.items():
                        gathered.setdefault(name, {}).update(figures)
    if not gathered:
        return
    terminalreporter.section("hardening figures")
    for name, figures in gathered.items():
        terminalreporter.write_line(f"{name}:")
        for key, value in figures.items():
            terminalreporter.write_line(f"    {key}: {value}")
    target = os.environ.get("SPIT_HARDENING_FIGURES")
    if target:
        Path(target).write_text(json.dumps(gathered, indent=2, default=str) + "\n")
