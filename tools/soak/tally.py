"""What a unit of soak work counted and which failures it met (light: the command
line imports it without the widget)."""

from __future__ import annotations

import traceback
from collections import Counter
from dataclasses import dataclass, field

FAILURES_KEPT = 20
"""Failures a unit of work reports in full; the rest are only counted."""


@dataclass
class SoakTally:
    """What a unit of soak work did: counts by name, failures described, seconds."""

    counts: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    failed: int = 0
    seconds: float = 0.0

    def fail(self, where: str, exc: BaseException) -> None:
        """Count a failure; keep its description (and traceback's last line) if room."""
        self.failed += 1
        if len(self.failures) < FAILURES_KEPT:
            frames = traceback.extract_tb(exc.__traceback__)
            at = f" at {frames[-1].filename}:{frames[-1].lineno}" if frames else ""
            notes = " ".join(getattr(exc, "__notes__", []))  # hypothesis: the example
            self.failures.append(f"{where}: {type(exc).__name__}: {exc!s:.500}{at} {notes:.2000}")

    def add(self, other: SoakTally) -> None:
        """Fold another unit's tally into this one."""
        self.counts.update(other.counts)
        self.failed += other.failed
        room = FAILURES_KEPT - len(self.failures)
        self.failures.extend(other.failures[:max(room, 0)])
        self.seconds += other.seconds
