"""The soak (``python -m tools.soak``): the reliability claims, at scale.

Three kinds of work, all through real ``SpitWidget``s with no browser (the
page's messages go in through ``_handle_custom_msg``, the call the page's
``model.send`` reaches), both variants:

* fuzzed page messages (:mod:`.fuzz`): junk of every shape, stale and
  real clicks, controls, from positions anywhere in a game;
* whole games (:mod:`.games`): a fast human clicking what the page
  offers (and now and then a stale table), the computer at its fastest pace,
  Play Again after each game;
* same-pile races (:mod:`.races`): a click and a computer play on one
  pile in one loop turn.

After every step: all 52 cards on the table, the state the page draws equal
to the engine, every refusal with its reason. The work is cut into small
seeded units (so a failure names a seed that repeats it), interleaved so a
time limit cuts every kind in proportion, and spread over ``--jobs``
processes. The stats of the games played go to a temporary folder, never to
yours. Exit status 1 if anything failed.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field

from .tally import SoakTally

MESSAGES_PER_UNIT = 1000
GAMES_PER_UNIT = 50
RACES_PER_UNIT = 1000
LIVE_EVERY = 8
"""One pair of game units (duel, classic) in this many runs the computer live."""


@dataclass(frozen=True)
class Unit:
    """A seeded piece of work: ``count`` messages, games or races of one kind."""

    part: str  # "messages", "games" or "races"
    variant: str
    count: int
    seed: int
    live: bool = False


@dataclass
class Part:
    """What one kind of work asked for and what it did."""

    name: str
    label: str
    unit_name: str
    wanted: int
    tally: SoakTally = field(default_factory=SoakTally)
    units: int = 0

    @property
    def done(self) -> int:
        """How many were done (and checked)."""
        return self.tally.counts[self.name]


def plan(messages: int, games: int, races: int, seed: int) -> list[Unit]:
    """Every unit, interleaved so each kind advances in proportion to its size;
    the cheap kinds (messages, races) ahead of the games, so a time limit cuts
    the games first."""
    units: list[tuple[float, Unit]] = []
    for part, total, size in (("messages", messages, MESSAGES_PER_UNIT),
                              ("games", games, GAMES_PER_UNIT),
                              ("races", races, RACES_PER_UNIT)):
        size = min(size, max(1, -(-total // 4)))  # at least four units: both variants, both ways
        chunks = [min(size, total - start) for start in range(0, total, size)]
        for i, count in enumerate(chunks):
            unit = Unit(part, ("duel", "classic")[i % 2], count, seed * 1_000_000 + i,
                        live=part == "games" and (i // 2) % LIVE_EVERY == 1)
            ahead = 1.0 if part == "games" else 0.5
            units.append(((i + 0.5) / len(chunks) * ahead, unit))
    return [unit for _, unit in sorted(units, key=lambda pair: pair[0])]


def run_unit(unit: Unit) -> SoakTally:
    """Do one unit (in this process or a worker)."""
    if unit.part == "messages":
        from .fuzz import fuzz

        return fuzz(unit.variant, unit.count, seed=unit.seed)
    if unit.part == "games":
        from .games import games

        return games(unit.variant, unit.count, unit.seed, live=unit.live)
    from .races import races

    return races(unit.count, unit.seed)


def _results(units: list[Unit], jobs: int, deadline: float | None
             ) -> Iterator[tuple[Unit, SoakTally]]:
    """Each unit's tally as it finishes; no unit starts after ``deadline``."""

    def in_time() -> bool:
        return deadline is None or time.monotonic() < deadline

    if jobs <= 1:
        for unit in units:
            if not in_time():
                return
            yield unit, run_unit(unit)
        return
    pool = ProcessPoolExecutor(jobs)
    try:
        yield from _pooled(pool, units, jobs, in_time)
    except BaseException:  # Ctrl-C: drop the queued units rather than wait for them
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()


def _pooled(pool: ProcessPoolExecutor, units: list[Unit], jobs: int,
            in_time: Callable[[], bool]) -> Iterator[tuple[Unit, SoakTally]]:
    """Keep ``2 * jobs`` units in flight while there is time; yield each as it ends."""
    pending = iter(units)
    running: dict[Future[SoakTally], Unit] = {}
    while True:
        while len(running) < 2 * jobs and in_time():
            following = next(pending, None)
            if following is None:
                break
            running[pool.submit(run_unit, following)] = following
        if not running:
            return
        finished, _ = wait(running, return_when=FIRST_COMPLETED)
        for future in finished:
            yield running.pop(future), future.result()


def _parts(messages: int, games: int, races: int) -> dict[str, Part]:
    return {
        "messages": Part("messages", "page messages (fuzzed)", "msg", messages),
        "games": Part("games", "games", "game", games),
        "races": Part("races", "same-pile races", "race", races),
    }


def soak(messages: int, games: int, races: int, *, seed: int = 0, jobs: int = 1,
         time_limit: float | None = None,
         progress: Callable[[Part], Callable[[int], object]] | None = None,
         ) -> dict[str, Part]:
    """Run the soak; return each part's tally. ``progress(part)`` gives a callback
    told how many more of that part are done (the command draws bars with it)."""
    parts = _parts(messages, games, races)
    bars = {name: progress(part) for name, part in parts.items()} if progress else {}
    deadline = time.monotonic() + time_limit if time_limit is not None else None
    units = plan(messages, games, races, seed)
    home = os.environ.get("SPIT_WIDGET_HOME")
    with tempfile.TemporaryDirectory(prefix="spit-soak-home-") as tmp:
        os.environ["SPIT_WIDGET_HOME"] = tmp  # no stats of the soak in yours
        try:
            for unit, tally in _results(units, jobs, deadline):
                part = parts[unit.part]
                before = part.done
                part.tally.add(tally)
                part.units += 1
                if unit.part in bars:
                    bars[unit.part](min(part.done, part.wanted) - min(before, part.wanted))
        finally:
            if home is None:
                os.environ.pop("SPIT_WIDGET_HOME", None)
            else:
                os.environ["SPIT_WIDGET_HOME"] = home
    return parts


# ------------------------------------------------------------------ report


def _share(counts: dict[str, int], keys: list[str]) -> str:
    return ", ".join(f"{k} {counts.get(k, 0):,}" for k in keys)


def describe(part: Part) -> list[str]:
    """The lines of the summary for one part."""
    c = part.tally.counts
    head = (f"{part.label}: {part.done:,} of {part.wanted:,} in {part.units} units, "
            f"{part.tally.seconds:,.1f} s of work; failures {part.tally.failed}")
    if part.name == "messages":
        detail = [_share(c, ["refused", "landed", "control"]) + f" ({c['examples']:,} tables)"]
    elif part.name == "games":
        endings = sorted((k for k in c if k.startswith("ended: ")), key=lambda k: -c[k])
        detail = [
            _share(c, ["duel games", "classic games", "stepped games", "live games"]),
            f"clicks {c['clicks']:,} "
            f"({_share(c, ['landed', 'refused (stale)', 'stuck again (no-op)'])}), "
            f"computer actions {c['computer actions']:,}",
            "; ".join(f"{k[7:]} {c[k]:,}" for k in endings),
        ]
    else:
        detail = [_share(c, ["won by you", "won by the computer", "through the page"])]
    return [head, *("    " + line for line in detail if line)]


def report(parts: dict[str, Part], seconds: float, jobs: int, seed: int,
           stopped: str | None) -> str:
    """The summary the command prints."""
    failed = sum(p.tally.failed for p in parts.values())
    lines = [f"spit-widget soak, seed {seed}, {jobs} process{'es' if jobs > 1 else ''}: "
             f"{seconds:,.1f} s"]
    for part in parts.values():
        if part.wanted:
            lines += ["  " + line for line in describe(part)]
    if stopped:
        lines.append(f"  stopped early: {stopped}")
    if failed:
        lines.append(f"FAILED: {failed} failure{'s' if failed > 1 else ''}, first ones:")
        lines += [f"  {f}" for p in parts.values() for f in p.tally.failures]
    else:
        lines.append("nothing lost: after every step all 52 cards were there, the page's "
                     "state equalled the engine, every refusal gave its reason")
    return "\n".join(lines)


def run(messages: int, games: int, races: int, *, seed: int = 0, jobs: int = 1,
        time_limit: float | None = None) -> int:
    """The command: progress bars on stderr, the summary on stdout; the exit status."""
    from tqdm import tqdm

    try:
        import hypothesis  # noqa: F401
    except ImportError:
        print("The soak needs hypothesis: pip install 'spit-widget[soak]'", file=sys.stderr)
        return 2
    bars: list[tqdm] = []

    def progress(part: Part) -> Callable[[int], object]:
        bar = tqdm(total=part.wanted, desc=f"{part.name:8s}", unit=part.unit_name,
                   position=len(bars), file=sys.stderr, smoothing=0.05,
                   disable=not part.wanted)
        bars.append(bar)
        update: Callable[[int], object] = bar.update
        return update

    started = time.perf_counter()
    stopped = None
    try:
        parts = soak(messages, games, races, seed=seed, jobs=jobs, time_limit=time_limit,
                     progress=progress)
    except KeyboardInterrupt:
        for bar in bars:
            bar.close()
        print("soak interrupted", file=sys.stderr)
        return 130
    for bar in bars:
        bar.close()
    seconds = time.perf_counter() - started
    short = [p.name for p in parts.values() if p.done < p.wanted and not p.tally.failed]
    if short and time_limit is not None:
        stopped = f"the time limit ({time_limit:g} s) came before all the {', '.join(short)}"
    print(report(parts, seconds, jobs, seed, stopped))
    return 1 if any(p.tally.failed for p in parts.values()) else 0
