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
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine import ENGINE, GAME_OVER
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
    review_run()


# ---------------------------------------------------------- the review panel
REVIEWED = ("classic", "relaxed", 8, 1.5)
"""The game the review's figures are of: the longest of 20 simulated classic
games (variant, the computer's pace, seed, the human model's speed): 367 actions."""


def _traits_sent(w: SpitWidget, do: dict[str, Any]) -> dict[str, int]:
    """The bytes of each synced trait the widget sends while it handles ``do``."""
    sent: dict[str, int] = {}

    def send(data: Any = None, metadata: Any = None, buffers: Any = None) -> None:
        for key, value in (data or {}).get("state", {}).items():
            sent[key] = sent.get(key, 0) + wire_size(value)

    w.comm.send = send
    w._handle_custom_msg(do, [])
    return sent


def review_run(repeats: int = 20) -> None:
    """How long a review of a whole classic game takes, and what the review
    panel puts on the comm (the panel's traits beside the table's state)."""
    from ..computer.human import HumanModel
    from ..computer.pace import pace
    from ..computer.timed import timed_record
    from ..review import of

    variant, pace_name, seed, speed = REVIEWED
    record = timed_record(variant, pace(variant, pace_name), seed, human=HumanModel(speed=speed))
    with tempfile.TemporaryDirectory(prefix="spit-wire-") as tmp:
        store = StatsStore(Path(tmp) / "stats.sqlite3")
        of(record, store=store)  # the first review imports the course
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            reviewed = of(record, store=store)
            times.append(time.perf_counter() - start)
        print(f"Review of a whole {variant} game ({len(record['actions'])} actions, "
              f"{len(reviewed.moments)} missed moments; {ENGINE} engine): median "
              f"{statistics.median(times) * 1e3:.1f} ms over {repeats} runs")
        w = SpitWidget(variant, opponent=None, seed=seed, stats=store)
        try:
            w.session.last_record = record  # the table's last game: this one
            start = time.perf_counter()
            opened = _traits_sent(w, {"kind": "review", "do": "open"})
            took = time.perf_counter() - start
            steps = {"open": opened,
                     "next moment": _traits_sent(w, {"kind": "review", "do": "next"}),
                     "try it": _traits_sent(w, {"kind": "review", "do": "try"})}
        finally:
            w.close()
    print(f"Review panel on the comm, opening in {took * 1e3:.0f} ms "
          "(review, the moments' levels, the first moment shown):")
    for label, sent in steps.items():
        panel = sent.get("review_panel", 0) + sent.get("review_moment", 0)
        print(f"  {label:12s} review_panel {sent.get('review_panel', 0):6d} B, "
              f"review_moment {sent.get('review_moment', 0):5d} B, "
              f"the table's state {sent.get('state', 0):6d} B "
              f"(the panel's share {panel / max(1, sum(sent.values())):.0%})")
