"""Closing, re-running the cell, Play Again and interrupting: no task left, no memory kept.

Each scenario runs on one event loop: 10 warm-up cycles, then 300 cycles
with tracemalloc and RSS read after 100 and after 300. Growth is measured
after the warm-up (caches, interned strings and the like fill there) and must
stay under a small bound; the computer tasks left pending are counted after
every cycle.

The test run's 300 cycles are a slice of the soak, which the figures in
docs/reliability.md come from: ``SPIT_LEAK_CYCLES=1000 python -m pytest -n 0 -s
tests/hardening/test_lifecycle_leaks.py`` (any number; about a minute per 1,000
cycles of the longest scenario on one core).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import os
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

import IPython
import pytest
from hardkit import computer_tasks, no_wait, record, send, traced, until
from ipywidgets.widgets.widget import _instances

from spit_widget import SpitWidget

WARM_UP, FIRST = 10, 100
TOTAL = max(FIRST, int(os.environ.get("SPIT_LEAK_CYCLES", "300")))
"""Cycles after the warm-up: the test run's slice of the soak (see above)."""
BOUND = 2_000_000  # bytes of traced memory a scenario may keep after its warm-up


def open_tables() -> int:
    return sum(isinstance(w, SpitWidget) for w in _instances.values())


async def computer_has_played(w: SpitWidget) -> None:
    await until(lambda: any(e.player == 1 for e in w.game.events[3:]))


def fast(w: SpitWidget) -> SpitWidget:
    w.match._sleep = no_wait  # reaction times pass at once
    return w


def measure(name: str, cycle: Callable[[int], Awaitable[None]],
            check: Callable[[], None]) -> dict[str, Any]:
    """Run ``cycle`` WARM_UP + TOTAL times on one loop, checking after each."""

    async def main() -> dict[str, Any]:
        with traced() as memory:
            for i in range(WARM_UP + TOTAL):
                if i == WARM_UP:
                    memory.mark("start")
                if i == WARM_UP + FIRST:
                    memory.mark(f"after {FIRST}")
                await cycle(i)
                check()
            memory.mark(f"after {TOTAL}")
            figures = {
                "cycles": TOTAL,
                **memory.figures(),
                f"growth over {FIRST}": memory.growth("start", f"after {FIRST}"),
                f"growth over {TOTAL}": memory.growth("start", f"after {TOTAL}"),
                "tasks left": len(computer_tasks()),
                "open tables": open_tables(),
            }
        return figures

    figures = asyncio.run(main())
    record(name, **figures)
    assert figures[f"growth over {TOTAL}"] < BOUND, figures
    return figures


@pytest.fixture(autouse=True)
def quiet(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.ERROR, logger="spit_widget")


# ------------------------------------------------------------------- close


def test_close_leaves_no_task_and_keeps_no_memory() -> None:
    before = open_tables()

    async def cycle(i: int) -> None:
        w = fast(SpitWidget(seed=i, pace="fast"))
        await computer_has_played(w)
        assert len(computer_tasks()) == 1
        w.close()
        await until(lambda: not computer_tasks())  # the cancelled task finishes
        assert not w.match.running

    def check() -> None:
        assert not computer_tasks() and open_tables() == before

    figures = measure("close", cycle, check)
    assert figures["tasks left"] == 0


# ---------------------------------------------------------- re-run the cell


class FakeKernel:
    """What ipykernel offers a cell: the request it is running (``get_parent``).
    JupyterLab and Notebook 7 put the cell's id in the request's metadata."""

    def __init__(self) -> None:
        self.parent: dict[str, Any] = {}

    def run_cell(self, cell_id: str) -> None:
        self.parent = {"header": {"msg_id": uuid.uuid4().hex, "msg_type": "execute_request"},
                       "metadata": {"cellId": cell_id}}

    def get_parent(self, channel: str = "shell") -> dict[str, Any]:
        return self.parent


class FakeShell:
    def __init__(self) -> None:
        self.kernel = FakeKernel()


@pytest.fixture
def kernel(monkeypatch: pytest.MonkeyPatch) -> FakeKernel:
    shell = FakeShell()
    monkeypatch.setattr(IPython, "get_ipython", lambda: shell)
    return shell.kernel


def test_rerunning_the_cell_replaces_its_table_old_one_dropped(kernel: FakeKernel) -> None:
    before = open_tables()
    held: dict[str, SpitWidget] = {}

    async def cycle(i: int) -> None:
        kernel.run_cell("cell-play")  # the same cell, run again: `w = SpitWidget()`
        old = held.pop("w", None)
        held["w"] = w = fast(SpitWidget(seed=i, pace="fast"))
        if old is not None:
            assert old.comm is None and not old.match.running, "the old table was not closed"
            del old  # dropped: only the widget registry could still hold it
        await computer_has_played(w)

    def check() -> None:
        assert len(computer_tasks()) == 1 and open_tables() == before + 1

    figures = measure("re-run cell, old table dropped", cycle, check)
    held["w"].close()
    assert figures["tasks left"] == 1  # the table on the page now


def test_rerunning_the_cell_while_the_old_table_is_still_referenced(kernel: FakeKernel) -> None:
    old_tables: list[SpitWidget] = []

    async def main() -> None:
        for i in range(FIRST):
            kernel.run_cell("cell-play")
            w = fast(SpitWidget(seed=i, pace="fast"))
            old_tables.append(w)  # e.g. Out[n] or a list of the user's still holds it
            await computer_has_played(w)
            assert len(computer_tasks()) == 1
            assert all(t.comm is None and not t.match.running for t in old_tables[:-1])
        # A closed table still reads: its game is there to inspect.
        assert old_tables[0].game.events and old_tables[0].state["status"] == "playing"
        # Another cell's table, and two tables made by one run of a cell, both live.
        kernel.run_cell("cell-other")
        a = fast(SpitWidget(seed=1, pace="fast"))
        b = fast(SpitWidget(seed=2, pace="fast"))
        await computer_has_played(a)
        await computer_has_played(b)
        assert len(computer_tasks()) == 3 and old_tables[-1].match.running
        for w in (a, b, old_tables[-1]):
            w.close()
        await until(lambda: not computer_tasks())

    asyncio.run(main())
    record("re-run cell, old table referenced", runs=FIRST, tasks_left_per_run=1)


def test_outside_a_notebook_nothing_is_closed_for_you() -> None:
    """No kernel, no cell: two tables made one after the other both play on."""

    async def main() -> None:
        a = fast(SpitWidget(seed=1, pace="fast"))
        b = fast(SpitWidget(seed=2, pace="fast"))
        await computer_has_played(a)
        await computer_has_played(b)
        assert len(computer_tasks()) == 2
        a.close()
        b.close()
        await until(lambda: not computer_tasks())

    asyncio.run(main())


# -------------------------------------------------------------- Play Again


def test_play_again_over_and_over() -> None:
    w: dict[str, SpitWidget] = {}
    seeds = itertools.count()

    async def cycle(i: int) -> None:
        if "w" not in w:
            w["w"] = fast(SpitWidget(seed=0, pace="fast"))
        table = w["w"]
        old = table.match
        if i % 2:
            send(table, {"kind": "new_game", "id": i})
        else:
            table.new_game(seed=next(seeds))
        assert table.match is not old and not old.running
        fast(table)
        await computer_has_played(table)

    def check() -> None:
        assert len(computer_tasks()) == 1

    figures = measure("Play Again", cycle, check)
    w["w"].close()
    assert figures["tasks left"] == 1


# --------------------------------------------------------------- interrupt


def test_interrupted_loop_stops_the_computer_and_the_view_says_so() -> None:
    """Cancelling the loop's tasks (what an interrupted ``asyncio.run`` does)
    stops the computer; the view must then say it is paused, not "thinking",
    and Resume starts it again."""
    w: dict[str, SpitWidget] = {}

    async def cycle(i: int) -> None:
        if "w" not in w:
            w["w"] = fast(SpitWidget(seed=3, pace="fast"))
        table = w["w"]
        if table.game.status == "game_over":
            table.new_game(seed=i)
            fast(table)
        await until(lambda: (table.match.running and table.match.thinking)
                    or table.game.status == "game_over")
        if table.game.status == "game_over":
            return
        for task in computer_tasks():
            task.cancel()  # the interrupt
        await until(lambda: not computer_tasks() and table.state["paused"])
        s = table.state
        assert s["paused"] and s["status_text"] != "Computer is thinking", s["status_text"]
        assert s["error"] is None
        assert not table.match.running
        send(table, {"kind": "resume"})
        fast(table)
        assert table.match.running and not table.state["paused"]

    def check() -> None:
        assert len(computer_tasks()) <= 1

    measure("interrupt (cancel the loop's tasks) + resume", cycle, check)
    w["w"].close()


def test_keyboard_interrupt_in_asyncio_run_leaves_nothing_running() -> None:
    """Ctrl-C in a script: asyncio.run cancels every task on its way out."""
    held: list[SpitWidget] = []
    seen: list[int] = []

    async def main() -> None:
        w = fast(SpitWidget(seed=5, pace="fast"))
        held.append(w)
        await computer_has_played(w)
        seen.append(len(computer_tasks()))
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        asyncio.run(main())
    w = held[0]
    assert seen == [1]
    assert not w.match.running and w.match.error is None
    assert w.state["paused"] and w.state["status_text"] != "Computer is thinking"
    w.close()  # no loop any more: closing still works


def test_cancelled_cell_does_not_stop_the_game() -> None:
    """Interrupting a cell that awaits something leaves the table playing on."""

    async def main() -> None:
        w = fast(SpitWidget(seed=6, pace="fast"))
        cell = asyncio.ensure_future(asyncio.Event().wait())  # a cell awaiting forever
        await asyncio.sleep(0)
        cell.cancel()  # the interrupt button
        played = len(w.game.events)
        await until(lambda: cell.done() and len(w.game.events) > played + 2)
        assert w.match.running and not w.state["paused"]
        w.close()
        await until(lambda: not computer_tasks())

    asyncio.run(main())


def test_rerunning_a_replay_cell_closes_the_whole_earlier_replay(
    kernel: FakeKernel, monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    from spit_widget import Game, ReplayWidget

    monkeypatch.setenv("SPIT_WIDGET_HOME", str(tmp_path))
    game = Game("duel", seed=4)
    for _ in range(6):
        actions = game.legal_actions()
        if actions:
            game.apply(actions[0])
    kernel.run_cell("cell-replay")
    first = ReplayWidget(game)
    parts = [first, first.table, first.slider, first.back, first.forward, *first.children]
    kernel.run_cell("cell-replay")
    second = ReplayWidget(game)
    assert all(part.comm is None for part in parts), "the earlier replay was left open"
    assert second.comm is not None and second.table.comm is not None
    second.close()
