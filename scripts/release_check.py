"""The release check: build what PyPI would get, then install it as a stranger would.

    python scripts/release_check.py [--out DIR] [--json FILE]

Builds the sdist from this checkout, then from that sdist two wheels: the one
with the compiled engine (repaired by auditwheel to a manylinux tag on Linux)
and the pure ``py3-none-any`` one (``SPIT_WIDGET_PURE_ENGINE=1`` at build
time). ``twine check --strict`` reads all three. Each artifact is then
installed into a fresh venv whose PATH holds nothing but that venv (no Node,
no C compiler: the sdist must install without them and fall back to the pure
engine), imports the widget, and plays the same seeded games as this checkout.
Prints a table (tag, size, install time, engine, games) and exits non-zero on
any failure. ``tests/test_release.py`` runs it once and checks each line.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import venv
import zipfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEEDS = range(20)
"""Seeds of the games each install plays, per variant: 40 games in all."""
VARIANTS = ("duel", "classic")
NOT_ON_A_CLEAN_PATH = ("gcc", "cc", "clang", "node", "npm")
"""Tools a user's machine may lack; the installs must not find them."""
RIG = ("tools/", "spit_widget/testing/", "spit_widget/commands/latency.py",
       "spit_widget/commands/seat_latency.py", "spit_widget/commands/soak.py",
       "spit_widget/commands/seat_soak.py", "spit_widget/commands/rtc_check.py",
       "spit_widget/learn/find_puzzles.py", "spit_widget/vec/parity.py",
       "spit_widget/rl/parity.py")
"""The workshop (the checkout's ``tools/``) and where its modules lived before it
moved there: no artifact may hold any of it."""

PLAY = """
import hashlib, json, sys
import spit_widget
from spit_widget import SpitWidget
from spit_widget.commands.bench import random_game
from spit_widget.engine import ENGINE, game

widget = SpitWidget()
seeds, variants = json.loads(sys.argv[1])
games = {v: [[list(a) for a in random_game(v, s).history] for s in seeds] for v in variants}
print(json.dumps({"version": spit_widget.__version__, "engine": ENGINE,
                  "engine_file": game.__file__, "widget_js": len(widget._esm),
                  "widget_state": widget.state["variant"],
                  "games": hashlib.sha256(json.dumps(games).encode()).hexdigest()}))
"""
"""Run inside each fresh venv: what a user would do first, and the games."""


@dataclass
class Artifact:
    """One file that would be uploaded, and what installing it gave."""

    path: Path
    kind: str
    """``sdist``, ``compiled wheel`` or ``pure wheel``."""
    size: int = 0
    install_seconds: float = 0.0
    install_cpu_seconds: float | None = None
    """CPU time of the install (pip and its builds), on Unix in a sequential run: the
    figure a busy machine does not inflate as it does the wall time."""
    report: dict[str, object] = field(default_factory=dict)
    """What the venv's first import said: version, engine, widget, games digest."""
    built_wheel: str = ""
    """For the sdist: the wheel pip built from it on the clean PATH."""
    version_line: str = ""
    """``spit-widget --version`` from the venv's own entry point."""

    @property
    def tag(self) -> str:
        """The wheel's tags (python-abi-platform), or ``sdist``."""
        if self.path.name.endswith(".tar.gz"):
            return "sdist"
        return "-".join(self.path.stem.split("-")[2:])


def games_digest(seeds: range = SEEDS) -> str:
    """The digest of the seeded games as this checkout plays them."""
    done = subprocess.run([sys.executable, "-c", PLAY, json.dumps([list(seeds), VARIANTS])],
                          capture_output=True, text=True, check=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    return str(json.loads(done.stdout)["games"])


def run(args: list[str], *, cwd: Path | None = None, env: dict[str, str] | None = None,
        timeout: float = 900) -> str:
    """Run a step; on failure show its output, which is what a person needs to act."""
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed ({done.returncode}):\n"
                           f"{(done.stdout + done.stderr)[-4000:]}")
    return done.stdout + done.stderr


def build(out: Path, parallel: bool = False) -> list[Artifact]:
    """The sdist from this checkout, then both wheels from that sdist."""
    dist, raw = out / "dist", out / "raw"
    run([sys.executable, "-m", "build", "--sdist", "--outdir", str(dist), str(ROOT)])
    (sdist,) = dist.glob("*.tar.gz")
    source = _unpack(sdist, out / "src")
    ours = ("PYTHONPATH", "SPIT_WIDGET_PURE_ENGINE")
    env = {k: v for k, v in os.environ.items() if k not in ours}
    pure_env = {**env, "SPIT_WIDGET_PURE_ENGINE": "1"}
    pure_source = _unpack(sdist, out / "src-pure")
    with ThreadPoolExecutor(2 if parallel else 1) as pool:
        # The two wheels, each from its own copy of the sdist (a build writes beside it).
        done = [pool.submit(run, [sys.executable, "-m", "build", "--wheel", "--outdir", str(to),
                                  str(folder)], env=e)
                for to, folder, e in ((raw, source, env), (dist, pure_source, pure_env))]
        for future in done:
            future.result()
    (compiled,) = raw.glob("*.whl")
    if sys.platform.startswith("linux"):
        # PyPI refuses a linux_x86_64 tag: auditwheel checks which glibc symbols the
        # extensions use and retags the wheel manylinux_2_X accordingly.
        run([sys.executable, "-m", "auditwheel", "repair", "--wheel-dir", str(dist),
             str(compiled)])
        (compiled,) = dist.glob("*manylinux*.whl")
    else:
        compiled = Path(shutil.copy2(compiled, dist))
    (pure,) = dist.glob("*-none-any.whl")
    artifacts = [Artifact(sdist, "sdist"), Artifact(compiled, "compiled wheel"),
                 Artifact(pure, "pure wheel")]
    for artifact in artifacts:
        artifact.size = artifact.path.stat().st_size
    return artifacts


def _unpack(sdist: Path, to: Path) -> Path:
    with tarfile.open(sdist) as tar:
        tar.extractall(to, filter="data")
    (folder,) = to.iterdir()
    return folder


def auditwheel_show(wheel: Path) -> str:
    """What auditwheel says about the repaired wheel (its policy and symbols)."""
    return run([sys.executable, "-m", "auditwheel", "show", str(wheel)])


def clean_env(bin_dir: Path, home: Path) -> dict[str, str]:
    """An environment like a fresh user's: PATH is the venv alone, nothing of ours on
    PYTHONPATH, the engine not forced pure; pip keeps its cache (only speed)."""
    keep = ("HOME", "LANG", "LC_ALL", "TMPDIR", "SSL_CERT_FILE", "REQUESTS_CA_BUNDLE",
            "XDG_CACHE_HOME", "SYSTEMROOT", "HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY")
    # pip's own settings (index, certificates) are the user's, and give no tools.
    env = {k: v for k, v in os.environ.items() if k in keep or k.startswith("PIP_")}
    env["PATH"] = str(bin_dir)
    env["SPIT_WIDGET_HOME"] = str(home)
    env["PYTHONNOUSERSITE"] = "1"
    return env


def missing_tools(env: dict[str, str]) -> list[str]:
    """The tools that the clean PATH does give (should be none)."""
    return [tool for tool in NOT_ON_A_CLEAN_PATH if shutil.which(tool, path=env["PATH"])]


def install_and_play(artifact: Artifact, where: Path, *, fresh: bool = True) -> None:
    """Install the artifact into a fresh venv on a clean PATH; import, play, report.
    ``fresh=False``: into the venv already at ``where``, in place of the spit-widget
    there, its dependencies kept (the same files, installed once)."""
    if fresh:
        venv.EnvBuilder(with_pip=False, clear=True).create(where)
    bin_dir = where / ("Scripts" if os.name == "nt" else "bin")
    python = bin_dir / ("python.exe" if os.name == "nt" else "python")
    env = clean_env(bin_dir, where / "home")
    found = missing_tools(env)
    if found:
        raise RuntimeError(f"the clean PATH still finds {found}")
    start, cpu = time.perf_counter(), _children_cpu()
    # The checkout's own pip installs into the venv (--python), so the venv needs no
    # bootstrap of its own; -v prints the name of any wheel built from the sdist.
    again = [] if fresh else ["--no-deps", "--force-reinstall"]
    log = run([sys.executable, "-m", "pip", "--python", str(python), "install", "-v", *again,
               "--disable-pip-version-check", "--no-input", str(artifact.path)], env=env)
    artifact.install_seconds = time.perf_counter() - start
    after = _children_cpu()
    if cpu is not None and after is not None:
        artifact.install_cpu_seconds = after - cpu
    built = [line.split("filename=")[1].split()[0] for line in log.splitlines()
             if "Created wheel for spit-widget" in line or "Created wheel for spit_widget" in line]
    artifact.built_wheel = built[0] if built else ""
    play = run([str(python), "-I", "-W", "error::RuntimeWarning", "-c", PLAY,
                json.dumps([list(SEEDS), VARIANTS])], cwd=where, env=env, timeout=600)
    artifact.report = json.loads(play.splitlines()[-1])
    entry = bin_dir / ("spit-widget.exe" if os.name == "nt" else "spit-widget")
    artifact.version_line = run([str(entry), "--version"], cwd=where, env=env).strip()


def _children_cpu() -> float | None:
    """User + system seconds of finished child processes (None where unknown: Windows)."""
    try:
        import resource
    except ImportError:
        return None
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def twine_check(artifacts: list[Artifact]) -> str:
    """twine's verdict on the metadata PyPI would render (the README as long description)."""
    return run([sys.executable, "-m", "twine", "check", "--strict",
                *[str(a.path) for a in artifacts]])


def wheel_names(wheel: Path) -> list[str]:
    """The files a wheel holds."""
    return zipfile.ZipFile(wheel).namelist()


def artifact_names(path: Path) -> list[str]:
    """The files an artifact holds, as paths in the project (an sdist's top folder off)."""
    if path.name.endswith(".tar.gz"):
        with tarfile.open(path) as tar:
            return [name.split("/", 1)[1] for name in tar.getnames() if "/" in name]
    return wheel_names(path)


def rig_in(names: list[str]) -> list[str]:
    """The files of the workshop (:data:`RIG`) among ``names``."""
    return [name for name in names if name.startswith(RIG)]


@dataclass
class Check:
    """Everything the release check found, for the table and for the tests."""

    artifacts: list[Artifact]
    expected_games: str
    twine: str
    auditwheel: str
    build_seconds: float


def release_check(out: Path, parallel: bool = False, one_venv: bool = False) -> Check:
    """Build, check and install every artifact; raise with the reason on the first failure.

    ``parallel`` builds the two wheels and installs the three artifacts at once.
    ``one_venv`` installs the sdist into a fresh venv, then each wheel in its place
    there (the dependencies are installed once: they are the same files for all
    three, and two more downloads and unpackings of them check nothing more). The
    test suite's choice is both: the same checks in less time, but an install's time
    then leaves out the dependencies or includes waiting for the others, so the
    figures come from a sequential run with a venv each.
    """
    start = time.perf_counter()
    artifacts = build(out, parallel)
    build_seconds = time.perf_counter() - start
    twine = twine_check(artifacts)
    compiled = artifacts[1].path
    shown = auditwheel_show(compiled) if sys.platform.startswith("linux") else ""
    if one_venv:
        for n, artifact in enumerate(artifacts):
            install_and_play(artifact, out / "venv-shared", fresh=n == 0)
        return Check(artifacts, games_digest(), twine, shown, build_seconds)
    with ThreadPoolExecutor(len(artifacts) if parallel else 1) as pool:
        for future in [pool.submit(install_and_play, a, out / f"venv-{n}")
                       for n, a in enumerate(artifacts)]:
            future.result()
    return Check(artifacts, games_digest(), twine, shown, build_seconds)


def problems(check: Check) -> list[str]:
    """What is wrong with the result, as sentences (empty: ready to release)."""
    from_sdist_or_pure = {"sdist", "pure wheel"}
    found = []
    for a in check.artifacts:
        want = "source" if a.kind in from_sdist_or_pure else "compiled"
        if a.report.get("engine") != want:
            found.append(f"{a.path.name}: runs the {a.report.get('engine')} engine, not {want}")
        if a.report.get("games") != check.expected_games:
            found.append(f"{a.path.name}: its {2 * len(SEEDS)} seeded games differ from "
                         "the checkout's")
        if not a.report.get("widget_js"):
            found.append(f"{a.path.name}: the widget has no front end bundled")
        rig = rig_in(artifact_names(a.path))
        if rig:
            found.append(f"{a.path.name}: holds {len(rig)} files of the workshop ({rig[0]}, ...)")
    if sys.platform.startswith("linux") and "manylinux" not in check.artifacts[1].tag:
        found.append(f"the compiled wheel is tagged {check.artifacts[1].tag}, which PyPI refuses")
    if check.artifacts[2].tag != "py3-none-any":
        found.append(f"the pure wheel is tagged {check.artifacts[2].tag}, not py3-none-any")
    return found


def table(check: Check) -> str:
    """The figures, one line per artifact."""
    lines = [f"{'artifact':<78} {'size':>9} {'install':>8} {'(CPU)':>8}  engine    games"]
    for a in check.artifacts:
        same = "same" if a.report.get("games") == check.expected_games else "DIFFERENT"
        cpu = "" if a.install_cpu_seconds is None else f"{a.install_cpu_seconds:.1f} s"
        lines.append(f"{a.path.name:<78} {a.size / 1024:>6.0f} KB {a.install_seconds:>6.1f} s"
                     f" {cpu:>8}  {a.report.get('engine')!s:<9} {same}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, help="keep everything here (default: a temp dir)")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument("--parallel", action="store_true",
                        help="build and install at once (faster; install times then overlap)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="spit-release-") as temp:
        out = args.out or Path(temp)
        out.mkdir(parents=True, exist_ok=True)
        check = release_check(out, args.parallel)
        print(table(check))
        print(f"built in {check.build_seconds:.0f} s; twine: "
              f"{'PASSED' if 'PASSED' in check.twine else check.twine}")
        if check.auditwheel:
            print(" ".join(check.auditwheel.split()))
        if args.json:
            args.json.write_text(json.dumps(
                {"build_seconds": check.build_seconds,
                 "artifacts": [{**asdict(a), "path": a.path.name, "tag": a.tag}
                               for a in check.artifacts]}, indent=1))
        found = problems(check)
        for problem in found:
            print(f"!! {problem}")
        return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
