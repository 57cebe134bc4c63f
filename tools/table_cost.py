"""What one table costs a hub: the kernel's CPU per minute of a game at a pace,
an idle table's CPU (its game over), the bytes the kernel sends per minute
(every state update and small message, as the Jupyter server relays them), and
from those how many tables one 2-core hub holds.

Run: ``python -m tools.table_cost [--seconds 60] [--pace normal]``. The table
runs on a real asyncio loop with its computer's task and its pings, as in a
kernel; a page beside it (in the same process, a ``--trip`` away) echoes every
ping and clicks a legal card of its own every ``--click`` seconds, numbered as
the page numbers its actions. Between games it deals again at once, so a game
is always on. The figures are the process's own CPU time (``time.process_time``),
so they count the table's work and the simulated page's (a few echoes and
clicks a second), not the Jupyter server's; the hub figure is a bound from
the kernels' side alone.

The output rows keep their names from run to run, so figures stay comparable
(docs/benchmarks.md, "What a table costs").
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import resource
import time
from dataclasses import dataclass
from typing import Any

from spit_widget import Game, SpitWidget

VIEW = "table-cost-page"
CORES = 2


@dataclass
class Run:
    """One measured stretch: CPU seconds, wall seconds, bytes and messages sent."""

    cpu: float = 0.0
    wall: float = 0.0
    sent: int = 0
    messages: int = 0
    games: int = 0

    def per_minute(self, value: float) -> float:
        """``value`` over this stretch, as a rate per minute."""
        return value * 60.0 / self.wall if self.wall else 0.0


def _size(data: Any) -> int:
    return len(json.dumps(data, separators=(",", ":"), default=str).encode())


async def _measure(w: SpitWidget, seconds: float, trip: float, click: float | None,
                   seed: int) -> Run:
    """Run ``w`` for ``seconds`` with a page beside it; what it cost."""
    loop = asyncio.get_running_loop()
    run = Run()
    rng = random.Random(seed)
    seq = [int(time.time() * 1000) * 1000]  # as a page numbers its actions (js/outbox.js)
    previous = w.comm.send

    def echo(n: int) -> None:
        w._handle_custom_msg({"kind": "echo", "n": n, "view": VIEW}, [])

    def send(data: Any = None, metadata: Any = None, buffers: Any = None) -> None:
        run.sent += _size(data)
        run.messages += 1
        content = data.get("content", {}) if isinstance(data, dict) else {}
        if isinstance(content, dict) and content.get("kind") == "ping":
            loop.call_later(trip, echo, content["n"])
        previous(data, metadata, buffers)

    w.comm.send = send

    def clicked() -> None:
        game = w.game
        if game.status == "game_over":
            run.games += 1
            w.new_game()
        else:
            plays = game.legal_plays(0)
            if plays:
                card, centre = rng.choice(plays)
                seq[0] += 1
                w._handle_custom_msg({"kind": "play", "card": card, "centre": centre,
                                      "id": seq[0], "view": VIEW, "seq": seq[0],
                                      "base": seq[0]}, [])
            elif game.rules.declare_stuck and not game.stuck[0]:
                w._handle_custom_msg({"kind": "stuck", "view": VIEW}, [])
        if click is not None:
            loop.call_later(click, clicked)

    if click is not None:
        loop.call_later(click, clicked)
    start_cpu, start_wall = time.process_time(), time.monotonic()
    await asyncio.sleep(seconds)
    run.cpu = time.process_time() - start_cpu
    run.wall = time.monotonic() - start_wall
    w.comm.send = previous
    return run


async def _game(seconds: float, pace: str, trip: float, click: float) -> Run:
    w = SpitWidget(pace=pace, seed=1)
    try:
        return await _measure(w, seconds, trip, click, seed=1)
    finally:
        w.close()


async def _idle(seconds: float, trip: float) -> Run:
    over = Game.position("duel", you=[["7H"]], computer=[["KC"]], centre=[["6S"], ["JD"]],
                         you_spit=[], computer_spit=[])
    w = SpitWidget(game=over, opponent=None)
    try:
        w.play("7H", 0)  # the last card: the game is over, as at a table nobody plays
        return await _measure(w, seconds, trip, None, seed=2)
    finally:
        w.close()


def main(argv: list[str] | None = None) -> int:
    """Measure a table in play and an idle one; print the rows."""
    parser = argparse.ArgumentParser(prog="python -m tools.table_cost", description=__doc__)
    parser.add_argument("--seconds", type=float, default=60.0, help="each stretch measured")
    parser.add_argument("--pace", default="normal", help="the computer's pace")
    parser.add_argument("--trip", type=float, default=0.03, help="the page's round trip (s)")
    parser.add_argument("--click", type=float, default=1.5,
                        help="seconds between the page's clicks")
    args = parser.parse_args(argv)
    game = asyncio.run(_game(args.seconds, args.pace, args.trip, args.click))
    idle = asyncio.run(_idle(args.seconds, args.trip))
    cpu_game = game.per_minute(game.cpu)
    cpu_idle = idle.per_minute(idle.cpu)
    print(f"table cost, {args.seconds:.0f} s each, pace {args.pace}, page {args.trip * 1000:.0f} "
          f"ms away, a click every {args.click:.1f} s")
    print(f"  game on:  kernel CPU {cpu_game:.2f} s/min ({cpu_game / 60 * 100:.2f}% of a core), "
          f"sent {game.per_minute(game.sent) / 1024:.1f} KiB/min in "
          f"{game.per_minute(game.messages):.0f} messages/min, {game.games} games ended")
    print(f"  idle:     kernel CPU {cpu_idle:.3f} s/min ({cpu_idle / 60 * 100:.3f}% of a core), "
          f"sent {idle.per_minute(idle.sent) / 1024:.2f} KiB/min in "
          f"{idle.per_minute(idle.messages):.0f} messages/min")
    holds = int(CORES * 60 / cpu_game) if cpu_game else 0
    print(f"  a {CORES}-core hub holds about {holds} tables in play at once (the kernels' "
          f"CPU alone; the server's relaying and the browsers are not counted)")
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"  memory: this process peaked at {rss:.0f} MB resident (a kernel adds ipykernel's "
          f"own): on a hub, memory bounds the tables long before the CPU does")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
