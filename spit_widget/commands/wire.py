"""Bytes on the comm per human play: what one click costs on the wire.

A headless :class:`SpitWidget` plays whole games against the computer (both
sides stepped from Python, no event loop needed); every message the widget
hands to its comm is serialised as the kernel's session does (JSON, UTF-8,
``ensure_ascii=False``) and counted. The figure for a play is the sum of the
``data`` of every comm message sent while that one page message was handled:
the state update, and anything else the widget sends for it. The comm's
envelope (header, ids) is the same for every message and is not counted.
"""

from __future__ import annotations

import json
import statistics
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine import GAME_OVER
from ..stats import StatsStore
from ..widget import SpitWidget


def wire_size(data: Any) -> int:
    """The bytes of ``data`` as the kernel's session packs it (UTF-8 JSON)."""
    return len(json.dumps(data, ensure_ascii=False, allow_nan=False).encode("utf-8"))


@dataclass
class WireFigures:
    """Bytes per human play over whole games, and the full state a new view gets."""

    plays: list[int] = field(default_factory=list)
    full_state: list[int] = field(default_factory=list)

    def row(self, label: str) -> str:
        """One printed line: median, 95th percentile and largest play update."""
        xs = sorted(self.plays)
        p95 = xs[min(len(xs) - 1, int(0.95 * len(xs)))]
        return (f"  {label:8s} per play: median {statistics.median(xs):6.0f} B, "
                f"p95 {p95:6d} B, max {xs[-1]:6d} B over {len(xs)} plays; "
                f"a new view's full state {max(self.full_state):6d} B")


def _count_sends(w: SpitWidget) -> list[int]:
    """Catch what the widget hands its comm; return the list its sizes go to."""
    sent: list[int] = []

    def send(data: Any = None, metadata: Any = None, buffers: Any = None) -> None:
        sent.append(wire_size(data))

    w.comm.send = send
    return sent


def _page_state(w: SpitWidget) -> dict[str, Any]:
    """The part of the widget's full state that is the game (not the bundle or layout)."""
    return {k: v for k, v in w.get_state().items() if k in ("state", "log")}


def _next_message(w: SpitWidget) -> dict[str, Any] | None:
    """What a quick human would send now: a play if there is one, else the
    button that keeps the game going (stuck, spit, slap)."""
    you = w.state["you"]
    if you["plays"]:
        card, centre = you["plays"][0]
        return {"kind": "play", "card": card, "centre": centre}
    if you["slap"]:
        return {"kind": "slap", "centre": you["slap"][0]}
    if you["can_stuck"]:
        return {"kind": "stuck"}
    if you["can_spit"]:
        return {"kind": "spit"}
    return None


def measure(variant: str, games: int = 5, max_steps: int = 2000) -> WireFigures:
    """Play ``games`` seeded games of ``variant``; count the bytes of each human play."""
    figures = WireFigures()
    with tempfile.TemporaryDirectory(prefix="spit-wire-") as tmp:
        for seed in range(games):
            stats = StatsStore(Path(tmp) / f"stats-{seed}.sqlite3")
            w = SpitWidget(variant, ai=None, seed=seed, stats=stats)
            sent = _count_sends(w)
            try:
                for step in range(max_steps):
                    if w.game.status == GAME_OVER:
                        break
                    msg = None if step % 2 else _next_message(w)
                    if msg is None:
                        w.step()
                        continue
                    sent.clear()
                    w._handle_custom_msg({**msg, "id": step}, [])
                    if msg["kind"] == "play":
                        figures.plays.append(sum(sent))
                    figures.full_state.append(wire_size(_page_state(w)))
            finally:
                w.close()
    return figures


def run(games: int = 5) -> None:
    """Print the bytes-per-play rows (``python -m spit_widget bench``)."""
    print(f"Comm bytes per human play (headless widget, {games} games per variant, JSON as sent):")
    for variant in ("duel", "classic"):
        print(measure(variant, games).row(variant))
