"""The mutator itself (scripts/mutate.py) on a toy module: it kills, it reports survivors."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

MUTATE = Path(__file__).resolve().parent.parent / "scripts" / "mutate.py"

TOY = '''
def grade(score):
    if score >= 50:
        return "pass"
    return "fail"
'''

TOY_TESTS = '''
from toy import grade


def test_grades():
    assert grade(80) == "pass"
    assert grade(10) == "fail"
'''


def test_mutator_kills_reports_a_survivor_and_leaves_listed_equivalents_out(
    tmp_path: Path,
) -> None:
    (tmp_path / "toy.py").write_text(TOY)
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_toy.py").write_text(TOY_TESTS)
    # 50 -> 51 is a real gap too, but listing it shows the list is honoured.
    (tmp_path / "equivalents.txt").write_text(
        "# file | key | reason\ntoy.py | grade: `50` -> `51` #0 | toy: listed on purpose\n"
    )
    done = subprocess.run(
        [sys.executable, str(MUTATE), "--root", str(tmp_path), "--paths", "toy.py",
         "--tests", "tests", "--sample", "50", "--equivalents", "equivalents.txt",
         "--json", str(tmp_path / "run.json")],
        capture_output=True, text=True, timeout=120, check=True,
    )
    out = done.stdout
    # grade has 7 mutants; one listed as equivalent, one survivor (no test at exactly 50).
    assert "== toy.py: 6 mutants, kill rate 83.3%" in out, out
    assert "killed 5," in out and "listed equivalents left out 1" in out, out
    survivors = out.split("survivors:")[1].strip().splitlines()
    assert survivors == ["toy.py:3  grade: `>=` -> `>` in `score >= 50` #0"], out

    # A second run carries the kills over and runs only the survivor, which survives again.
    reused = subprocess.run(
        [sys.executable, str(MUTATE), "--root", str(tmp_path), "--paths", "toy.py",
         "--tests", "tests", "--sample", "50", "--equivalents", "equivalents.txt",
         "--reuse-kills", str(tmp_path / "run.json")],
        capture_output=True, text=True, timeout=120, check=True,
    ).stdout
    assert "kills carried over from" in reused and ": 5 of 6" in reused, reused
    assert "== toy.py: 6 mutants, kill rate 83.3%" in reused, reused

    # Listing the survivor afterwards and recounting the saved run leaves it out too.
    with (tmp_path / "equivalents.txt").open("a") as listed:
        listed.write("toy.py | grade: `>=` -> `>` in `score >= 50` #0 | toy: listed on purpose\n")
    again = subprocess.run(
        [sys.executable, str(MUTATE), "--root", str(tmp_path), "--paths", "toy.py",
         "--tests", "tests", "--equivalents", "equivalents.txt",
         "--rescore", str(tmp_path / "run.json")],
        capture_output=True, text=True, timeout=60, check=True,
    ).stdout
    assert "== toy.py: 5 mutants, kill rate 100.0%" in again, again
    assert "listed equivalents left out 2" in again and "survivors:" not in again, again


def test_unmutated_tests_that_fail_stop_the_run(tmp_path: Path) -> None:
    (tmp_path / "toy.py").write_text(TOY)
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_toy.py").write_text(TOY_TESTS.replace('"fail"', '"pass"'))
    done = subprocess.run(
        [sys.executable, str(MUTATE), "--root", str(tmp_path), "--paths", "toy.py",
         "--tests", "tests"],
        capture_output=True, text=True, timeout=60,
    )
    assert done.returncode != 0
    assert "unmutated tests fail" in done.stderr


def test_a_mutant_replaces_a_compiled_module_too(tmp_path: Path, monkeypatch) -> None:
    # The installed engine is compiled (mypyc): Python finds the extension
    # beside the source first. The mutant must still be the code that runs;
    # the "extension" here is a file that cannot load, so only a mutant can.
    import importlib.machinery
    import importlib.util

    monkeypatch.syspath_prepend(str(MUTATE.parent))
    from mutation.plugin import MutantFinder, MutantLoader, source_of

    toy = tmp_path / "toy.py"
    toy.write_text(TOY)
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    (tmp_path / f"toy{suffix}").write_bytes(b"not a compiled module")
    assert source_of(str(tmp_path / f"toy{suffix}")) == str(toy)
    assert source_of(str(toy)) == str(toy)

    spec = MutantFinder(str(toy), 0).find_spec("toy", [str(tmp_path)])
    assert spec is not None and spec.origin == str(toy)
    assert isinstance(spec.loader, MutantLoader)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    # the first mutant of `score >= 50` changes what a score of exactly 50 earns
    assert module.grade(50) == "fail"
    assert MutantFinder(str(toy), 0).find_spec("other", [str(tmp_path)]) is None


def test_every_listed_equivalent_is_a_mutant_the_tool_still_makes() -> None:
    """A listed equivalent whose code was changed or deleted is a stale excuse:
    the list holds only mutants of the code as it is (dead code is deleted, not listed)."""
    root = MUTATE.parent.parent
    sys.path.insert(0, str(MUTATE.parent))
    try:
        from mutate import read_equivalents
        from mutation.sites import iter_sites
    finally:
        sys.path.remove(str(MUTATE.parent))
    listed = read_equivalents(root / "tests" / "mutation-equivalents.txt")
    keys: dict[str, set[str]] = {}
    for file, _ in listed:
        if file not in keys:
            path = root / file
            keys[file] = {site.key for site in iter_sites(str(path))} if path.exists() else set()
    stale = sorted(f"{file} | {key}" for file, key in listed if key not in keys[file])
    assert not stale, "listed but no longer made:\n" + "\n".join(stale)


def test_every_folder_of_the_widget_is_mutated_by_some_layer() -> None:
    """A glob reaches no sub-folder: the review panel at the table
    (``widget/reviewing/``) was in no layer until issue 47, so no run ever mutated it."""
    root = MUTATE.parent.parent
    sys.path.insert(0, str(MUTATE.parent))
    try:
        from mutate import LAYERS, expand
    finally:
        sys.path.remove(str(MUTATE.parent))
    mutated = {f for files, _ in LAYERS.values() for f in expand(root, files)}
    widget = root / "spit_widget" / "widget"
    left = sorted(str(p.relative_to(root)) for p in widget.rglob("*.py")
                  if str(p.relative_to(root)) not in mutated)
    assert not left, f"in no mutation layer: {left}"
    assert "spit_widget/widget/reviewing/panel.py" in expand(root, LAYERS["reviewing"][0])
