"""Runs the layer's tests once with a line tracer, then each sampled mutant in its own process.

A mutant runs only the test files that reach its statement (fastest first, `-x`), under the
`mutation` hypothesis profile (derandomized: the same examples every run), with a timeout of a few
times those files' own time. A mutant no test reaches survives without a run.
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from mutation.sites import Site, iter_sites

SCRIPTS = Path(__file__).resolve().parent.parent
PYTEST = ["-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "mutation.plugin"]
COLLECTION = "<collection>"


@dataclass
class Mutant:
    """A sampled site of one file, and what became of it."""

    file: str  # relative to the root
    index: int
    site: Site
    tests: list[str] = field(default_factory=list)
    status: str = "not run"  # killed | timeout | survived | unreached | not run | error
    seconds: float = 0.0


@dataclass
class Target:
    """What to mutate and which tests judge it."""

    root: Path
    files: list[str]
    tests: list[str]  # test folders or files, relative to the root
    equivalents: dict[tuple[str, str], str] = field(default_factory=dict)


def sample(target: Target, size: int, seed: int) -> tuple[list[Mutant], int]:
    """`size` mutants in a seeded order that a change elsewhere in the code barely disturbs.

    Each mutant's place is a hash of (seed, file, key), so marking one equivalent or editing another
    function leaves the rest of the sample as it was. Returns the sample and how many listed
    equivalents were passed over while drawing it.
    """
    every: list[tuple[str, Mutant]] = []
    for file in target.files:
        for index, site in enumerate(iter_sites(str(target.root / file))):
            rank = hashlib.sha256(f"{seed}:{file}:{site.key}".encode()).hexdigest()
            every.append((rank, Mutant(file, index, site)))
    every.sort(key=lambda pair: pair[0])
    chosen: list[Mutant] = []
    skipped = 0
    for _, mutant in every:
        if len(chosen) >= size:
            break
        if (mutant.file, mutant.site.key) in target.equivalents:
            skipped += 1
        else:
            chosen.append(mutant)
    return chosen, skipped


def environment(extra: dict[str, str]) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(SCRIPTS), env.get("PYTHONPATH")]))
    env.setdefault("HYPOTHESIS_PROFILE", "mutation")
    # Mutants and the line trace are of the source: a compiled engine runs neither.
    env["SPIT_WIDGET_PURE_ENGINE"] = "1"
    env.update(extra)
    return env


@dataclass
class Baseline:
    """Which test files reach which lines, and how long each file takes."""

    lines: dict[str, dict[int, list[str]]]
    durations: dict[str, float]
    failing: list[str] = field(default_factory=list)

    def tests_for(self, mutant: Mutant, root: Path) -> list[str]:
        everything = sorted(self.durations, key=self.durations.__getitem__)
        cover = mutant.site.cover
        if cover is None:
            return everything
        hits = self.lines.get(str((root / mutant.file).resolve()), {})
        reached = {t for line in cover for t in hits.get(line, [])}
        if not reached:
            # The tracer sees this process only: code that runs in a worker process (a process
            # pool, a cluster) looks unreached. Let the tests that reach its file judge it.
            reached = {t for tests in hits.values() for t in tests}
        if COLLECTION in reached:
            return everything
        return [t for t in everything if t in reached]


def baseline(target: Target, *, allow_failing: bool = False) -> Baseline:
    """The unmutated tests, traced; they must pass or no mutant's result would mean anything."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "trace.json"
        files = os.pathsep.join(str((target.root / f).resolve()) for f in target.files)
        env = environment({"SPIT_MUTATION_TRACE": str(out), "SPIT_MUTATION_FILES": files})
        cmd = [sys.executable, *PYTEST, f"--rootdir={target.root}", *target.tests]
        done = subprocess.run(cmd, cwd=target.root, env=env, capture_output=True, text=True)
        if not out.exists():
            raise SystemExit(f"the unmutated tests fail; fix them first:\n{done.stdout[-3000:]}")
        data = json.loads(out.read_text())
    lines = {f: {int(n): t for n, t in hits.items()} for f, hits in data["lines"].items()}
    failing = sorted(set(data["failed"]))
    if failing and not allow_failing:
        raise SystemExit(
            "the unmutated tests fail; fix them first (or pass --allow-failing to leave them "
            "out of every mutant's run):\n  " + "\n  ".join(failing)
        )
    return Baseline(lines, data["durations"], failing)


def run_one(mutant: Mutant, target: Target, timeout: float, deselect: list[str]) -> None:
    env = environment({"SPIT_MUTANT": f"{(target.root / mutant.file).resolve()}:{mutant.index}"})
    cmd = [sys.executable, *PYTEST, "-x", f"--rootdir={target.root}", *mutant.tests]
    cmd += [f"--deselect={nodeid}" for nodeid in deselect]
    started = time.perf_counter()
    proc = subprocess.Popen(
        cmd, cwd=target.root, env=env, start_new_session=True,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        code = proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)  # the mutant's own process group, nothing else
        proc.wait()
        mutant.status = "timeout"
    else:
        # 1 failed, 2 interrupted (an import error), 3 internal error, 4 a conftest that no longer
        # imports: the unmutated run passed with the same arguments, so the mutant did it.
        mutant.status = {0: "survived", 1: "killed", 2: "killed", 3: "killed", 4: "killed"}.get(
            code, "error"
        )
    mutant.seconds = time.perf_counter() - started


def run_all(
    mutants: list[Mutant], target: Target, base: Baseline, *, jobs: int, time_limit: float,
    progress: Callable[[Mutant, int], None],
) -> None:
    """Every mutant that fits in `time_limit` seconds, `jobs` at a time."""
    deadline = time.monotonic() + time_limit
    lock, done = threading.Lock(), [0]

    def work(mutant: Mutant) -> None:
        mutant.tests = base.tests_for(mutant, target.root)
        if mutant.status != "not run":
            pass  # its result was carried over from an earlier run (--reuse-kills)
        elif not mutant.tests:
            mutant.status = "unreached"
        elif time.monotonic() < deadline:
            own = sum(base.durations.get(t, 0.0) for t in mutant.tests)
            run_one(mutant, target, timeout=max(20.0, 4 * own + 10), deselect=base.failing)
        with lock:
            done[0] += 1
            progress(mutant, done[0])

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(work, mutants))
