"""Whole games through a real SpitWidget: legal clicks, stale clicks, the computer
at its fastest pace, Play Again after each game, checks after every step.

The human is a fast player at the page: it clicks what the page offers now
(a play, a move to an empty slot, a slap, Stuck or Spit!), and now and then a
click on a table it drew a few steps ago. An offered click must land; a stale
one lands or is refused with a reason, never both, and a refusal changes
nothing. The computer is the widget's own opponent ("expert") at the
variant's fastest pace, in one of two ways:

* stepped: no event loop, ``SpitWidget.step()`` makes its next action at
  once (what ``w.step()`` does in a notebook); seven games in eight, for
  speed. With no front end there, ipywidgets' ``send_state`` (a walk of the
  state for binary buffers, then a send to nowhere: half the time of a game)
  is skipped; the ``state`` trait is built and set exactly as in a kernel;
* live: everything as in a kernel: its real task on an asyncio loop, the
  reaction times drawn at the fastest pace but passing at once
  (``Match._sleep`` replaced), so clicks and computer actions interleave.

After every game: an outcome, the game recorded in the stats exactly once,
and Play Again deals a fresh game on the same table.
"""

from __future__ import annotations

import asyncio
import random
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from spit_widget.computer.pace import paces
from spit_widget.engine import GAME_OVER
from spit_widget.stats import StatsStore
from spit_widget.widget.table import SpitWidget

from .checks import (
    ErrorLog,
    Escapes,
    assert_refusal_explained,
    assert_view_matches_engine,
    computer_tasks,
    error_log,
    fresh_message,
    no_wait,
    repeatable_deals,
    send,
    until,
)
from .tally import SoakTally

STEP_CAP = 20_000
"""Steps after which a game that has not ended counts as a failure."""
IDLE_CAP = 200
"""Steps in a row with nothing happening after which the table counts as stuck."""
STALE_SHARE = 0.1
"""Share of the human's clicks made on a table drawn a few steps before."""


def fastest_pace(variant: str) -> str:
    """The quickest pace of ``variant`` in which the computer plays freely (not by turns)."""
    return min((p for p in paces(variant) if not p.turns), key=lambda p: p.mean).name


def offered(state: dict[str, Any]) -> list[dict[str, Any]]:
    """Every click the page offers on ``state``: what the buttons and highlights allow."""
    you = state["you"]
    clicks: list[dict[str, Any]] = [{"kind": "play", "card": c, "centre": t}
                                    for c, t in you["plays"]]
    clicks += [{"kind": "move", "card": c, "slot": s} for c, s in you["moves"]]
    clicks += [{"kind": "slap", "centre": t} for t in you["slap"]]
    if you["can_stuck"] and not you["plays"]:  # Stuck is refused while you can play
        clicks.append({"kind": "stuck"})
    if you["can_spit"]:
        clicks.append({"kind": "spit"})
    return clicks


@dataclass
class FastClicker:
    """The human at the page, clicking fast; ``drawn`` keeps recent tables for stale clicks."""

    rng: random.Random
    tally: SoakTally
    errors: ErrorLog
    drawn: list[dict[str, Any]] = field(default_factory=list)
    next_id: int = 0

    def turn(self, w: SpitWidget, escapes: Escapes) -> bool:
        """One click (if there is one to make) and its checks; True when it landed."""
        state = w.state
        self.drawn = [*self.drawn[-4:], state]
        stale = self.rng.random() < STALE_SHARE and len(self.drawn) > 1
        clicks = offered(self.drawn[0] if stale else state)
        if not clicks:
            return False
        content = {**self.rng.choice(clicks), "id": self.next_id}
        self.next_id += 1
        seq = state["message"]["seq"] if state["message"] else None
        game, events = w.game, len(w.game.events)
        said_before = (content["kind"] == "stuck" and w.game.status == "playing"
                       and w.game.stuck[0])
        snapshot = w.game.to_dict() if stale or said_before else None
        send(w, content)
        assert not escapes.errors, escapes.errors
        assert not self.errors.records, self.errors.records[0].getMessage()
        msg = fresh_message(w, seq)
        assert_refusal_explained(msg, content["id"])
        refused = msg is not None and msg["kind"] == "refused"
        landed = w.game is game and len(w.game.events) > events
        if said_before and not refused:  # Stuck again while stuck: a no-op, no event
            assert not landed and w.game.to_dict() == snapshot, (content, msg)
        elif stale:
            assert refused != landed, (content, msg)
            assert not refused or w.game.to_dict() == snapshot, "a refusal changed the game"
        else:
            assert landed and not refused, f"the page offered {content} and it was refused: {msg}"
        assert_view_matches_engine(w)
        self.tally.counts["clicks"] += 1
        self.tally.counts["refused (stale)" if refused else "landed" if landed
                          else "stuck again (no-op)"] += 1
        return landed


def _no_front_end(key: Any = None) -> None:
    """``send_state`` for a table no page shows (stepped games)."""


def _table(variant: str, seed: int, stats: StatsStore, live: bool) -> SpitWidget:
    w = SpitWidget(variant, ai="expert", pace=fastest_pace(variant), seed=seed, stats=stats)
    if not live:
        w.send_state = _no_front_end
    return w


def _game_over(w: SpitWidget, finished: int, tally: SoakTally, live: bool) -> None:
    """The game ended properly and was counted once; then Play Again."""
    g, s = w.game, w.state
    assert g.outcome is not None and s["outcome"] is not None, "game over without an outcome"
    assert s["stats"]["games"] == finished, f"stats count {s['stats']['games']} of {finished}"
    tally.counts["games"] += 1
    tally.counts[f"{g.variant} games"] += 1
    tally.counts["live games" if live else "stepped games"] += 1
    tally.counts[f"ended: {g.outcome.termination}"] += 1
    old = g
    send(w, {"kind": "new_game"})
    assert w.game is not old and w.game.status != GAME_OVER and not w.state["paused"]
    assert_view_matches_engine(w)


def _stepped_game(w: SpitWidget, player: FastClicker, escapes: Escapes) -> None:
    """Human clicks and computer steps in a random order until the game is over."""
    rng, tally = player.rng, player.tally
    idle = 0
    for _ in range(STEP_CAP):
        if w.game.status == GAME_OVER:
            return
        if rng.random() < 0.5:
            acted = player.turn(w, escapes)
        else:
            acted = bool(w.step())
            tally.counts["computer actions"] += acted
            assert_view_matches_engine(w)
        idle = 0 if acted else idle + 1
        assert idle < IDLE_CAP, "nobody can act and the game is not over"
    raise AssertionError(f"the game did not end in {STEP_CAP} steps")


async def _live_game(w: SpitWidget, player: FastClicker, escapes: Escapes) -> None:
    """Bursts of clicks with one loop turn between them: the computer's chance."""
    rng, tally = player.rng, player.tally
    w.match._sleep = no_wait
    idle = 0
    for _ in range(STEP_CAP):
        if w.game.status == GAME_OVER:
            return
        events = len(w.game.events)
        for _ in range(rng.randint(0, 3)):
            player.turn(w, escapes)
        theirs = sum(e.player == 1 for e in w.game.events)
        await asyncio.sleep(0)
        tally.counts["computer actions"] += sum(e.player == 1 for e in w.game.events) - theirs
        assert w.match.error is None and w.state["error"] is None, w.state["error"]
        assert_view_matches_engine(w)
        idle = 0 if len(w.game.events) > events else idle + 1
        assert idle < IDLE_CAP, "nobody acts and the game is not over"
    raise AssertionError(f"the game did not end in {STEP_CAP} loop turns")


def games(variant: str, count: int, seed: int, live: bool = False) -> SoakTally:
    """``count`` games of ``variant`` on one table (a new one after a failure)."""
    tally = SoakTally()
    started = time.perf_counter()
    with error_log() as errors, repeatable_deals() as deals, \
            tempfile.TemporaryDirectory(prefix="spit-soak-") as tmp:
        deals.next_seed = seed * 100_000
        player = FastClicker(random.Random(seed), tally, errors)
        if live:
            asyncio.run(_live_games(variant, count, seed, player, Path(tmp)))
        else:
            _stepped_games(variant, count, seed, player, Path(tmp))
    tally.seconds = time.perf_counter() - started
    return tally


class _Tables:
    """One widget played game after game, and replaced after a game that
    failed (so that one failure is counted once, not in every later game)."""

    def __init__(self, variant: str, seed: int, player: FastClicker, tmp: Path, live: bool) -> None:
        self.variant, self.seed, self.player, self.tmp, self.live = variant, seed, player, tmp, live
        self.w: SpitWidget | None = None
        self.escapes: Escapes | None = None
        self.finished = 0

    def table(self, i: int) -> tuple[SpitWidget, Escapes]:
        """The widget for game ``i`` (a new one after a failure) and its escape counter."""
        if self.w is None or self.escapes is None:
            stats = StatsStore(self.tmp / f"stats-{i}.sqlite")
            self.w = _table(self.variant, self.seed, stats, live=self.live)
            self.escapes, self.finished = Escapes(self.w), 0
        return self.w, self.escapes

    def ended(self) -> None:
        """The game ended as it should: check the widget's own bookkeeping."""
        assert self.w is not None
        self.finished += 1
        _game_over(self.w, self.finished, self.player.tally, live=self.live)

    def failed(self, i: int, exc: Exception) -> None:
        """The game failed: count it, and start the next on a new widget."""
        how = "live" if self.live else "stepped"
        self.player.tally.fail(f"{self.variant} game {i} of seed {self.seed} ({how})", exc)
        self.close()

    def close(self) -> None:
        """Close the widget in use, if any."""
        if self.w is not None:
            self.w.close()
        self.w = None


def _stepped_games(variant: str, count: int, seed: int, player: FastClicker, tmp: Path) -> None:
    tables = _Tables(variant, seed, player, tmp, live=False)
    for i in range(count):
        w, escapes = tables.table(i)
        try:
            _stepped_game(w, player, escapes)
            tables.ended()
        except Exception as exc:
            tables.failed(i, exc)
    tables.close()


async def _live_games(variant: str, count: int, seed: int, player: FastClicker, tmp: Path) -> None:
    tables = _Tables(variant, seed, player, tmp, live=True)
    for i in range(count):
        w, escapes = tables.table(i)
        try:
            await _live_game(w, player, escapes)
            tables.ended()
        except Exception as exc:
            tables.failed(i, exc)
    tables.close()
    try:
        await until(lambda: not computer_tasks(), timeout=10)
    except AssertionError as exc:
        player.tally.fail(f"{variant} live games of seed {seed}: a computer task was left", exc)
