"""Hardening suite: every test gets its own stats folder; figures are printed at the end."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hardkit import FIGURES


@pytest.fixture(autouse=True)
def stats_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "spit-home"
    monkeypatch.setenv("SPIT_WIDGET_HOME", str(home))
    return home


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not FIGURES:
        return
    terminalreporter.section("hardening figures")
    for name, figures in FIGURES.items():
        terminalreporter.write_line(f"{name}:")
        for key, value in figures.items():
            terminalreporter.write_line(f"    {key}: {value}")
    target = os.environ.get("SPIT_HARDENING_FIGURES")
    if target:
        Path(target).write_text(json.dumps(FIGURES, indent=2, default=str) + "\n")
