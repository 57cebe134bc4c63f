"""Widget tests: every widget gets its own stats folder, never the user's."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from spit_widget import SpitWidget


@pytest.fixture(autouse=True)
def stats_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "spit-home"
    monkeypatch.setenv("SPIT_WIDGET_HOME", str(home))
    return home


@pytest.fixture
def make_widget() -> Iterator[Callable[..., SpitWidget]]:
    made: list[SpitWidget] = []

    def make(**kwargs: Any) -> SpitWidget:
        w = SpitWidget(**kwargs)
        made.append(w)
        return w

    yield make
    for w in made:
        w.close()
