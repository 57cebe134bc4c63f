"""Running a notebook cell again replaces the table its earlier run drew (the
old one closes, so its computer stops and its memory goes); several tables made
by one run stay. The kernel is stood in for by what ``_running_cell`` reads: the
execute request's ``cellId`` and ``msg_id``."""

from __future__ import annotations

import sys
import types
import uuid
from collections.abc import Callable
from typing import Any

import pytest

from spit_widget import SpitWidget


class Kernel:
    """The parent message of the request being run, as ipykernel gives it."""

    def __init__(self) -> None:
        self.cell = f"cell-{uuid.uuid4()}"
        self.run = "run-1"

    def get_parent(self) -> dict[str, Any]:
        return {"metadata": {"cellId": self.cell}, "header": {"msg_id": self.run}}


@pytest.fixture
def kernel(monkeypatch: pytest.MonkeyPatch) -> Kernel:
    k = Kernel()
    shell = types.SimpleNamespace(kernel=k)
    fake = types.ModuleType("IPython")
    fake.get_ipython = lambda: shell  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "IPython", fake)
    return k


def test_running_a_cell_again_closes_the_table_of_its_earlier_run(
        kernel: Kernel, make_widget: Callable[..., SpitWidget]) -> None:
    first = make_widget(seed=1)
    assert first.comm is not None
    kernel.run = "run-2"
    second = make_widget(seed=2)
    assert first.comm is None  # the earlier run's table is closed
    assert second.comm is not None
    kernel.run = "run-3"
    make_widget(seed=3)
    assert second.comm is None


def test_tables_made_by_one_run_of_a_cell_all_stay(
        kernel: Kernel, make_widget: Callable[..., SpitWidget]) -> None:
    tables = [make_widget(seed=s) for s in range(3)]
    assert all(t.comm is not None for t in tables)
    kernel.run = "run-2"
    make_widget(seed=9)
    assert all(t.comm is None for t in tables)


def test_a_front_end_that_names_no_cells_replaces_nothing(
        kernel: Kernel, make_widget: Callable[..., SpitWidget]) -> None:
    kernel.cell = ""
    first = make_widget(seed=1)
    kernel.run = "run-2"
    make_widget(seed=2)
    assert first.comm is not None
