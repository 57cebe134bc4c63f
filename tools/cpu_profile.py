"""``python -m tools.cpu_profile -- COMMAND ...``: run a command and say, step by
step, how busy the machine was and which programs of the command used the CPU.

Why not ``time``: it adds up the CPU of the children each process waited for,
and a browser's renderers, killed with their browser, are reaped by nobody in
the command's tree, so ``time .ci/run`` reported 56% of two cores for a run
whose main step kept both cores 99% busy. This reads the machine's own count
(``/proc/stat``) once a second, and every process's count under the command,
orphans included: this process is their subreaper (``PR_SET_CHILD_SUBREAPER``),
so a process whose parent died is still found under it.

A step starts at each line the command prints that begins with ``== `` (as
``scripts/test`` marks its steps); the output passes through unchanged, and the
table follows it. Linux only (``/proc``). A benchmark, not a test: it prints
figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import os
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

PROC = Path("/proc")
TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
KINDS = ("chromium", "python", "node")
"""The programs counted apart; everything else is "other"."""
PR_SET_CHILD_SUBREAPER = 36


@dataclass
class ScriptStep:
    """One step of the command: from its ``== `` line to the next one."""

    name: str
    start: float
    end: float = 0.0
    busy: float = 0.0
    """CPU-seconds the whole machine spent (every core, every process)."""
    ours: dict[str, float] = field(default_factory=dict)
    """CPU-seconds of the command's processes, by kind."""


def machine_busy() -> float:
    """CPU-seconds the machine has spent busy since boot (not idle, not iowait)."""
    fields = [int(x) for x in (PROC / "stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    return (sum(fields[:8]) - idle) / TICK


def kind(name: str) -> str:
    """Which of :data:`KINDS` a process's name is, else "other"."""
    return next((k for k in KINDS if k in name), "other")


Proc = tuple[int, str, float, str]
"""A process as read: (parent pid, kind, CPU-seconds so far, state: "Z" when exited)."""


def processes() -> dict[int, Proc]:
    """Every process now: pid -> :data:`Proc`."""
    found = {}
    for entry in PROC.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            text = (entry / "stat").read_text()
        except OSError:  # gone since the listing
            continue
        name = text[text.index("(") + 1:text.rindex(")")]
        rest = text[text.rindex(")") + 2:].split()
        found[int(entry.name)] = (int(rest[1]), kind(name),
                                  (int(rest[11]) + int(rest[12])) / TICK, rest[0])
    return found


def descendants(root: int, table: dict[int, Proc]) -> set[int]:
    """``root`` and every process below it."""
    children: dict[int, list[int]] = {}
    for pid, (parent, *_) in table.items():
        children.setdefault(parent, []).append(pid)
    seen, todo = set(), [root]
    while todo:
        pid = todo.pop()
        if pid not in seen:
            seen.add(pid)
            todo.extend(children.get(pid, []))
    return seen


def become_subreaper() -> bool:
    """Orphans of the command are re-parented to this process, not to init."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def profile(command: Sequence[str], interval: float = 1.0,
            out: TextIO = sys.stdout) -> tuple[int, list[ScriptStep]]:
    """Run ``command``, echoing its output to ``out``; its exit status and its steps.

    The calling process becomes a subreaper for the rest of its life (so run this as a
    command, not inside a process that starts others after it). A process that exits
    and is reaped between two readings loses at most one ``interval`` of its CPU."""
    become_subreaper()
    me = os.getpid()
    steps = [ScriptStep("(before the first step)", time.monotonic())]
    lock = threading.Lock()
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, bufsize=1)

    def relay() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            print(line, end="", file=out, flush=True)
            if line.startswith("== "):
                with lock:
                    steps[-1].end = time.monotonic()
                    steps.append(ScriptStep(line[3:].strip(), steps[-1].end))

    reader = threading.Thread(target=relay, daemon=True)
    reader.start()
    last_busy, last_cpu = machine_busy(), dict[int, float]()
    while True:
        finished = proc.poll() is not None
        table = processes()
        busy = machine_busy()
        ours = descendants(me, table) - {me}
        with lock:
            step = steps[-1]
            step.busy += busy - last_busy
            for pid in ours:
                _, what, cpu, _ = table[pid]
                step.ours[what] = step.ours.get(what, 0.0) + cpu - last_cpu.get(pid, 0.0)
        last_busy, last_cpu = busy, {pid: table[pid][2] for pid in ours}
        # The orphans that came to this process and have exited, now counted: reaped.
        for pid in ours:
            if table[pid][0] == me and table[pid][3] == "Z" and pid != proc.pid:
                with contextlib.suppress(ChildProcessError):
                    os.waitpid(pid, os.WNOHANG)
        if finished:
            break
        time.sleep(interval)
    reader.join(5)
    steps[-1].end = time.monotonic()
    # The moment before the first ``== `` line, unless something happened in it.
    return proc.returncode, [s for s in steps
                             if s.end - s.start >= 0.5 or sum(s.ours.values()) > 0.05]


def table(steps: Sequence[ScriptStep], cores: int | None = None) -> str:
    """The steps as a table: wall, the machine's busy share, the command's CPU by kind."""
    cores = cores or os.cpu_count() or 1
    head = f"{'step':<48} {'wall s':>7} {'busy %':>7} {'CPU s':>7} " + " ".join(
        f"{k:>8}" for k in (*KINDS, "other"))
    rows = [head, "-" * len(head)]
    whole = ScriptStep("(total)", steps[0].start, steps[-1].end, sum(s.busy for s in steps),
                 {k: sum(s.ours.get(k, 0.0) for s in steps) for k in (*KINDS, "other")})
    for s in (*steps, whole):
        wall = s.end - s.start
        share = 100 * s.busy / (wall * cores) if wall > 0 else 0.0
        rows.append(f"{s.name[:48]:<48} {wall:7.0f} {share:7.0f} {sum(s.ours.values()):7.0f} "
                    + " ".join(f"{s.ours.get(k, 0.0):8.0f}" for k in (*KINDS, "other")))
    return "\n".join(rows)


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: run the command, pass its output and status on, print the table."""
    parser = argparse.ArgumentParser(prog="python -m tools.cpu_profile", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--interval", type=float, default=1.0, help="seconds between readings")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- then the command")
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("name a command to run, after --")
    if not PROC.joinpath("stat").is_file():
        parser.error("this reads /proc, which only Linux has")
    status, steps = profile(command, args.interval)
    print(f"\n== where the CPU went ({os.cpu_count()} cores; CPU s: the command's "
          "processes, orphans included)")
    print(table(steps))
    return status


if __name__ == "__main__":
    sys.exit(main())
