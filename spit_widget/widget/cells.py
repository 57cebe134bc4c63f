"""Notebook cell handling: a cell run again replaces the table it drew.

ipywidgets keeps every widget a cell ever displayed, so without this each
re-run would leave the earlier table alive, its computer playing on.
"""

from __future__ import annotations

import sys
import weakref

import ipywidgets


def _running_cell() -> tuple[str, str] | None:
    """(cell id, request id) of the notebook cell the kernel is running now, or
    None: outside a kernel, or when the front end does not name its cells
    (JupyterLab and Notebook 7 put ``cellId`` in the execute request's metadata)."""
    ipython = sys.modules.get("IPython")  # loaded in every kernel; never imported here
    try:
        parent = ipython.get_ipython().kernel.get_parent()  # type: ignore[union-attr]
        cell, run = parent["metadata"]["cellId"], parent["header"]["msg_id"]
    except Exception:
        return None
    return (cell, run) if isinstance(cell, str) and isinstance(run, str) and cell else None


_TABLES_BY_CELL: dict[str, tuple[str, weakref.WeakSet[ipywidgets.Widget]]] = {}


def replace_earlier_run_of_this_cell(table: ipywidgets.Widget) -> None:
    """Running a cell again replaces the table it drew: close the tables an
    earlier run of the same cell made. Their views are gone from the page, but
    ipywidgets (and ``Out``) keep them, so their computers would play on and
    their memory would stay, once per run."""
    running = _running_cell()
    if running is None:
        return
    cell, run = running
    earlier_run, tables = _TABLES_BY_CELL.get(cell, (run, weakref.WeakSet()))
    if earlier_run != run:
        for old in list(tables):
            old.close()
        tables = weakref.WeakSet()
    tables.add(table)
    _TABLES_BY_CELL[cell] = (run, tables)
