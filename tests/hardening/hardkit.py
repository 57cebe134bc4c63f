"""Shared helpers of the hardening suite (named uniquely: tests are imported by basename).

The checks, ``send`` and the waiting helpers come from the package
(``tools.soak.checks``), shared with ``python -m tools.soak``.
Everything waits on conditions, never on the clock: ``until`` lets the event
loop run until a condition holds and fails after a generous timeout.
"""

from __future__ import annotations

import gc
import os
import resource
import tracemalloc
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from tools.soak.checks import (  # noqa: F401 (re-exported for the tests)
    Escapes,
    assert_view_matches_engine,
    assert_wire_safe,
    computer_tasks,
    no_wait,
    send,
    until,
)

FIGURES: dict[str, Any] = {}
"""Measured figures, printed at the end of the run (and written to the file
named by SPIT_HARDENING_FIGURES, when set) for docs/reliability.md."""


def record(name: str, **figures: Any) -> None:
    FIGURES.setdefault(name, {}).update(figures)
    print(f"[hardening] {name}: {figures}")


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
