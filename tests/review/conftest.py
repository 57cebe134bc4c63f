"""Review tests: the stored games a review reads come from a stats folder of the
test's own, never the user's (a review with no store given reads the default one)."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def stats_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "spit-home"
    monkeypatch.setenv("SPIT_WIDGET_HOME", str(home))
    return home
