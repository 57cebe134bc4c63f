"""Re-running a notebook cell in a real kernel, 100 times: one table, one computer.

A real ipykernel receives execute requests carrying a ``cellId`` in their
metadata, as JupyterLab and Notebook 7 send them. Re-running the cell that
makes a table replaces it: the earlier tables are closed, so their computers
stop and ipywidgets lets them go.
"""

from __future__ import annotations

import json
import os
import queue
import sys
from pathlib import Path
from typing import Any

import pytest
from hardkit import record

jupyter_client = pytest.importorskip("jupyter_client")
pytest.importorskip("ipykernel")

ROOT = Path(__file__).resolve().parents[2]
RUNS = 100

SETUP = """
import asyncio, gc, json, os
from ipywidgets.widgets.widget import _instances
from spit_widget import SpitWidget

def computers():
    return [t for t in asyncio.all_tasks()
            if t.get_name() == "spit-widget computer" and not t.done()]

async def report():
    # A closed table's task ends once the loop turns: wait for that (not for a time).
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 10
    while any(t.cancelling() for t in computers()) and loop.time() < deadline:
        await asyncio.sleep(0)
    gc.collect()
    pending = computers()
    tables = [w for w in _instances.values() if isinstance(w, SpitWidget)]
    with open("/proc/self/statm") as f:
        rss = int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    print(json.dumps({"tasks": len(pending), "tables": len(tables), "rss": rss,
                      "pending": [repr(t)[:200] for t in pending]}))
"""


class Kernel:
    def __init__(self, manager: Any, client: Any) -> None:
        self.manager, self.client = manager, client

    def run(self, code: str, cell_id: str) -> str:
        """Execute ``code`` as the cell ``cell_id`` would be; return its stdout."""
        content = {"code": code, "silent": False, "store_history": True,
                   "user_expressions": {}, "allow_stdin": False, "stop_on_error": True}
        msg = self.client.session.msg("execute_request", content, metadata={"cellId": cell_id})
        self.client.shell_channel.send(msg)
        out: list[str] = []
        while True:
            try:
                reply = self.client.get_iopub_msg(timeout=60)
            except queue.Empty:
                raise AssertionError(f"the kernel did not finish {code!r}") from None
            if reply["parent_header"].get("msg_id") != msg["header"]["msg_id"]:
                continue
            kind = reply["msg_type"]
            if kind == "stream" and reply["content"]["name"] == "stdout":
                out.append(reply["content"]["text"])
            elif kind == "error":
                raise AssertionError("\n".join(reply["content"]["traceback"]))
            elif kind == "status" and reply["content"]["execution_state"] == "idle":
                return "".join(out)

    def report(self) -> dict[str, Any]:
        lines = self.run("await report()", "report").strip().splitlines()
        return dict(json.loads(lines[-1]))


@pytest.fixture
def kernel(stats_home: Path) -> Any:
    manager, client = jupyter_client.manager.start_new_kernel(
        kernel_name="python3", cwd=str(ROOT), env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        yield Kernel(manager, client)
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc for RSS")
def test_rerunning_a_cell_in_a_real_kernel_keeps_one_table(kernel: Kernel) -> None:
    kernel.run(SETUP, "setup")
    kernel.run("w = SpitWidget(seed=0, pace='fast')", "cell-a")
    start = kernel.report()
    assert start["tasks"] == 1 and start["tables"] == 1, start
    for i in range(1, RUNS + 1):
        kernel.run(f"w = SpitWidget(seed={i}, pace='fast')", "cell-a")  # assigned
        kernel.run(f"SpitWidget(seed={i}, pace='fast')", "cell-b")  # shown: kept in Out
    end = kernel.report()
    record("real kernel, cells re-run", runs=RUNS, cells=2,
           tasks=f"{start['tasks']} -> {end['tasks']}",
           tables=f"{start['tables']} -> {end['tables']}",
           rss_growth_mb=round((end["rss"] - start["rss"]) / 1e6, 1))
    assert end["tasks"] == 2, end  # one computer per cell: the tables on the page now
    assert end["tables"] == 2, end
