"""Shared helpers of the hardening suite (named uniquely: tests are imported by basename).

Everything here waits on conditions, never on the clock: ``until`` lets the
event loop run until a condition holds and fails after a generous timeout.
"""

from __future__ import annotations

import asyncio
import gc
import os
import resource
import tracemalloc
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from jupyter_client.session import json_packer
from table_checks import assert_view_matches_engine  # noqa: F401 (re-exported)

from spit_widget import SpitWidget
from spit_widget.engine import Game

COMPUTER_TASK = "spit-widget computer"

FIGURES: dict[str, Any] = {}
"""Measured figures, printed at the end of the run (and written to the file
named by SPIT_HARDENING_FIGURES, when set) for docs/reliability.md."""


def record(name: str, **figures: Any) -> None:
    FIGURES.setdefault(name, {}).update(figures)
    print(f"[hardening] {name}: {figures}")


def send(w: SpitWidget, content: Any) -> dict[str, Any]:
    """Deliver a message exactly as the page's ``model.send`` does; return the state."""
    w._handle_custom_msg(content, [])
    return w.state


class Escapes:
    """Wraps a widget's message callbacks so an exception they raise is recorded.

    ipywidgets' CallbackDispatcher would swallow it into a log line; in a kernel
    it becomes a traceback under the cell. Either way it must never happen.
    """

    def __init__(self, w: SpitWidget) -> None:
        self.errors: list[BaseException] = []
        dispatcher = w._msg_callbacks
        dispatcher.callbacks = [self._wrap(cb) for cb in dispatcher.callbacks]

    def _wrap(self, callback: Callable[..., Any]) -> Callable[..., Any]:
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            try:
                return callback(*args, **kwargs)
            except BaseException as exc:
                self.errors.append(exc)
                raise

        return wrapped


async def no_wait(seconds: float, wake: asyncio.Event) -> bool:
    """A fake clock for ``Match._sleep``: every reaction time passes at once."""
    await asyncio.sleep(0)
    return False


async def until(condition: Callable[[], Any], timeout: float = 20.0) -> None:
    """Let the loop run until ``condition()`` holds; fail after ``timeout`` seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise AssertionError(f"condition not met within {timeout} s")
        await asyncio.sleep(0)


def computer_tasks() -> list[asyncio.Task[Any]]:
    """The computer tasks still pending on the running loop."""
    return [t for t in asyncio.all_tasks() if t.get_name() == COMPUTER_TASK and not t.done()]


def assert_wire_safe(state: dict[str, Any]) -> None:
    """The state goes over the wire as the kernel sends it: JSON, no NaN, valid UTF-8."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # json_packer warns when it has to clean
        json_packer(state)


def position_cards(game: Game) -> list[str]:
    return sorted(game.all_cards())


# ------------------------------------------------------------------ memory


def rss_bytes() -> int:
    """Resident set size now (Linux /proc), or the peak from getrusage elsewhere."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


@dataclass
class Memory:
    """tracemalloc and RSS readings at named checkpoints (after a full collection)."""

    readings: dict[str, tuple[int, int]] = field(default_factory=dict)

    def mark(self, name: str) -> None:
        gc.collect()
        self.readings[name] = (tracemalloc.get_traced_memory()[0], rss_bytes())

    def growth(self, start: str, end: str) -> int:
        return self.readings[end][0] - self.readings[start][0]

    def figures(self) -> dict[str, str]:
        return {f"{name} traced/rss": f"{t / 1e6:.2f} MB / {r / 1e6:.1f} MB"
                for name, (t, r) in self.readings.items()}


@contextmanager
def traced() -> Iterator[Memory]:
    started = not tracemalloc.is_tracing()
    if started:
        tracemalloc.start()
    try:
        yield Memory()
    finally:
        if started:
            tracemalloc.stop()
