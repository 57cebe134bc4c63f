"""``python -m tools.cpu_profile``: the steps of a command, the machine's busy share and
the command's CPU by program, an orphaned process's CPU included (what ``time`` loses).

Run as a command, not in the test's process: the profiler makes itself the subreaper
of what it runs, which a pytest worker must not become."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not Path("/proc/stat").is_file(), reason="reads /proc (Linux)")

ROOT = Path(__file__).resolve().parents[2]
BURN = "import time\nt = time.process_time()\nwhile time.process_time() - t < 1.5: pass\n"


def _profile(tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """Three steps: waiting, 1.5 s of CPU, and 1.5 s of CPU in an orphan."""
    script = tmp_path / "steps.sh"
    done = tmp_path / "done"
    script.write_text(
        "echo '== waiting'\n"
        "sleep 1\n"  # the step's own content: a second with nothing to do
        "echo '== working'\n"
        f"{sys.executable} -c '{BURN}'\n"
        "echo '== orphaned'\n"
        # The subshell exits at once, so its child is orphaned; the step waits for its file.
        f"( {sys.executable} -c '{BURN}open(\"{done}\", \"w\")' & )\n"
        f"while [ ! -e {done} ]; do sleep 0.1; done\n"
        "echo after\n")
    return subprocess.run([sys.executable, "-m", "tools.cpu_profile", "--interval", "0.2",
                           "--", "bash", str(script)], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=False)


def test_each_step_gets_the_cpu_its_programs_spent_orphans_included(tmp_path: Path) -> None:
    done = _profile(tmp_path)
    assert done.returncode == 0, done.stderr
    passed, table = done.stdout.split("\n== where the CPU went")
    assert passed.splitlines() == ["== waiting", "== working", "== orphaned", "after"]
    rows = table.splitlines()[1:]
    assert rows[0].split() == ["step", "wall", "s", "busy", "%", "CPU", "s", "chromium",
                               "python", "node", "other"]
    python = {row.split()[0]: int(row.split()[5]) for row in rows[2:]}
    assert list(python) == ["waiting", "working", "orphaned", "(total)"]
    assert python["waiting"] == 0
    assert python["working"] >= 1  # 1.5 CPU-seconds, less a reading's slack
    assert python["orphaned"] >= 1  # time(1) would have lost this one
    assert python["(total)"] >= 3


def test_no_command_is_refused_with_a_sentence() -> None:
    done = subprocess.run([sys.executable, "-m", "tools.cpu_profile", "--"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2
    assert "name a command to run" in done.stderr
