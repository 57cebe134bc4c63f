"""Mutation testing per layer: how many small code changes does the layer's own test folder catch?

    python scripts/mutate.py --layer engine --sample 200 --seed 0 --time-limit 1800

Samples mutants of the layer's files (scripts/mutation/sites.py lists the operators), runs each in a
fresh pytest process against the test files that reach it (`-x`, 2 at a time), and prints the kill
rate and every survivor as `file:line  function: mutation #occurrence`. Mutants listed in
tests/mutation-equivalents.txt (`file | key | reason`: they cannot change behaviour) are left out of
the sample (`--rescore run.json` recounts a run saved with `--json` after listing more). A mutant
stopped by its timeout counts as killed but is reported apart. `--reuse-kills run.json` runs only
the mutants a saved run did not kill (for a quick recount after adding tests). `--paths` and
`--tests` aim it at any files (the smoke test mutates a toy module).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from mutation.runner import Mutant, Target, baseline, run_all, sample
from mutation.sites import Site

ROOT = Path(__file__).resolve().parent.parent
# A layer: the files it mutates and the tests that judge them, as globs relative to the root.
LAYERS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    name: ((f"spit_widget/{name}/*.py",), (f"tests/{name}",))
    for name in ("engine", "computer", "widget", "review")
}
# The widget's voice (a package since issue 48), judged by the widget's tests and the
# catalogues' (a sentence lost or garbled in any language).
LAYERS["widget"] = (("spit_widget/widget/*.py", "spit_widget/widget/voice/*.py"),
                    ("tests/widget", "tests/test_locale.py"))
# The course: its levels and texts, and the widget modules that show it, judged by its own tests
# and the course table's tests without a browser (the browser's, tests/e2e, are not run per mutant).
LAYERS["learn"] = (
    ("spit_widget/learn/*.py", "spit_widget/widget/course/*.py"),
    ("tests/learn", "tests/widget/test_course_*.py"),
)
# The review panel at the table (the widget glob above reaches no sub-folder), judged by the
# review's tests, which drive a table that played a timed game (issue 47).
LAYERS["reviewing"] = (("spit_widget/widget/reviewing/*.py",), ("tests/review",))
EQUIVALENTS = "tests/mutation-equivalents.txt"


def read_equivalents(path: Path) -> dict[tuple[str, str], str]:
    """`file | key | reason` lines; `#` starts a comment. A reason is required."""
    found: dict[tuple[str, str], str] = {}
    if not path.exists():
        return found
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        file, _, rest = line.partition(" | ")
        key, _, reason = rest.rpartition(" | ")
        if not (file and key and reason.strip()):
            raise SystemExit(f"{path}:{number}: expected `file | key | reason`, got {raw!r}")
        found[(file.strip(), key.strip())] = reason.strip()
    return found


def expand(root: Path, patterns: tuple[str, ...]) -> list[str]:
    """The paths the globs name, relative to the root, in order, each once."""
    found = (str(p.relative_to(root)) for pattern in patterns for p in sorted(root.glob(pattern)))
    return list(dict.fromkeys(found))


def target_of(args: argparse.Namespace) -> Target:
    root = Path(args.root).resolve()
    if args.layer:
        sources, judges = LAYERS[args.layer]
        files, tests = expand(root, sources), expand(root, judges)
    else:
        files, tests = list(args.paths), list(args.tests)
    if not files or not tests:
        raise SystemExit("give --layer, or --paths and --tests")
    equivalents = read_equivalents(root / args.equivalents)
    return Target(root, files, tests, equivalents)


def show(mutant: Mutant, count: int, total: int) -> None:
    where = f"{mutant.file}:{mutant.site.line}"
    print(f"[{count:>3}/{total}] {mutant.status:<9} {where}  {mutant.site.key}", file=sys.stderr)


def summary(mutants: list[Mutant], skipped: int, seconds: float) -> dict[str, object]:
    counts = Counter(m.status for m in mutants)
    ran = [m for m in mutants if m.status != "not run"]
    caught = counts["killed"] + counts["timeout"]
    return {
        "mutants": len(ran),
        "killed": counts["killed"],
        "timeout": counts["timeout"],
        "survived": counts["survived"] + counts["unreached"],
        "unreached": counts["unreached"],
        "errors": counts["error"],
        "not_run": counts["not run"],
        "equivalents_skipped": skipped,
        "kill_rate": round(100 * caught / len(ran), 1) if ran else 0.0,
        "seconds": round(seconds),
    }


def report(name: str, mutants: list[Mutant], figures: dict[str, object]) -> None:
    print(f"\n== {name}: {figures['mutants']} mutants, kill rate {figures['kill_rate']}%")
    print(
        f"   killed {figures['killed']}, killed by timeout {figures['timeout']}, "
        f"survived {figures['survived']} ({figures['unreached']} reached by no test), "
        f"errors {figures['errors']}, not run (time limit) {figures['not_run']}, "
        f"listed equivalents left out {figures['equivalents_skipped']}, {figures['seconds']} s"
    )
    lost = [m for m in mutants if m.status in {"survived", "unreached", "error"}]
    if lost:
        print("survivors:")
    for m in sorted(lost, key=lambda m: (m.file, m.site.line)):
        note = {"unreached": "  [no test runs this line]", "error": "  [error]"}.get(m.status, "")
        print(f"  {m.file}:{m.site.line}  {m.site.key}{note}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layer", choices=sorted(LAYERS))
    parser.add_argument("--paths", nargs="*", default=[], help="files to mutate (with --tests)")
    parser.add_argument(
        "--tests", nargs="*", default=[], help="the test folders or files that judge --paths"
    )
    parser.add_argument("--root", default=str(ROOT), help="where pytest runs (default: repo)")
    parser.add_argument("--sample", type=int, default=200, help="mutants to draw")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--time-limit", type=float, default=1800, help="seconds for the mutants")
    parser.add_argument("--jobs", type=int, default=2, help="mutants at once")
    parser.add_argument("--equivalents", default=EQUIVALENTS, help="relative to --root")
    parser.add_argument(
        "--allow-failing", action="store_true",
        help="leave tests that fail unmutated out of the mutants' runs (named in the report)",
    )
    parser.add_argument("--json", help="also write the figures and survivors here")
    parser.add_argument(
        "--reuse-kills", metavar="JSON",
        help="take mutants killed in a run saved with --json as killed; run only the others",
    )
    parser.add_argument(
        "--rescore", metavar="JSON",
        help="recount a run saved with --json against the equivalents list as it is now",
    )
    args = parser.parse_args(argv)
    target = target_of(args)
    if args.rescore:
        saved = json.loads(Path(args.rescore).read_text())
        mutants = [restored(entry) for entry in saved["results"]]
        return finish(args, target, mutants, saved["equivalents_skipped"], saved["seconds"])
    mutants, skipped = sample(target, args.sample, args.seed)
    if args.reuse_kills:
        reuse_kills(mutants, Path(args.reuse_kills))
    started = time.monotonic()
    base = baseline(target, allow_failing=args.allow_failing)
    for nodeid in base.failing:
        print(f"left out, failing unmutated: {nodeid}")
    print(f"traced baseline: {time.monotonic() - started:.0f} s", file=sys.stderr)
    run_all(
        mutants, target, base, jobs=args.jobs, time_limit=args.time_limit,
        progress=lambda m, n: show(m, n, len(mutants)),
    )
    return finish(args, target, mutants, skipped, time.monotonic() - started)


def reuse_kills(mutants: list[Mutant], saved: Path) -> None:
    """Carry kills over from an earlier run: tests only grow, so a mutant with the same key (same
    function, same change) that was killed then is taken as killed now, and only the rest run."""
    entries = json.loads(saved.read_text())["results"]
    kills = {(e["file"], e["key"]): e["status"] for e in entries
             if e["status"] in {"killed", "timeout"}}
    carried = 0
    for mutant in mutants:
        status = kills.get((mutant.file, mutant.site.key))
        if status:
            mutant.status, carried = status, carried + 1
    print(f"kills carried over from {saved}: {carried} of {len(mutants)}")


def restored(entry: dict[str, object]) -> Mutant:
    """A mutant's result as --json saved it (enough to count and list it again)."""
    site = Site(int(str(entry["line"])), "", "", lambda: None, key=str(entry["key"]))
    mutant = Mutant(str(entry["file"]), -1, site)
    mutant.status = str(entry["status"])
    return mutant


def finish(
    args: argparse.Namespace, target: Target, mutants: list[Mutant], skipped: int, seconds: float
) -> int:
    """Count and list the results; equivalents listed since the sample was drawn drop out."""
    listed = read_equivalents(target.root / args.equivalents)
    kept = [m for m in mutants if (m.file, m.site.key) not in listed]
    figures = summary(kept, skipped + len(mutants) - len(kept), seconds)
    report(args.layer or ", ".join(target.files), kept, figures)
    if args.json and not args.rescore:
        results = [
            {"file": m.file, "line": m.site.line, "key": m.site.key, "status": m.status}
            for m in mutants
        ]
        Path(args.json).write_text(json.dumps({**figures, "equivalents_skipped": skipped,
                                               "results": results}, indent=1))
    return 0

if __name__ == "__main__":
    sys.exit(main())
