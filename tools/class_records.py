"""A class's records, made by playing the course's levels through the engine, and
the time to check and report them.

``python -m tools.class_records [--pupils 200] [--out FOLDER] [--picture PNG]``
writes one record per pupil in nbgrader's ``submitted/<pupil>/<assignment>/``
layout (a temporary folder unless ``--out``), then prints how long
``learn.check`` takes over every record (the first time, replaying, and again,
remembered) and how long ``learn.class_report`` takes over the folder, with the
report's HTML size; ``--picture`` also writes the report's chart.

Each pupil solves the course up to a point (drawn so the class spreads over the
stages), some puzzles, and has played a few games; one pupil in twenty forges a
claim (a level past their point, with another level's moves), which the check
must refuse. The moves are made with ``Level.attempt``, as the course table
makes them, so every record replays. The games' entries are drawn, not played
(the report reads them as the files say).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from spit_widget import learn
from spit_widget.learn import actions as A
from spit_widget.learn.levelfile import fingerprint
from spit_widget.learn.record import FILENAME, make, stamp, write

MISSED_RULES = ("adjacency", "wrap", "uncover", "either-pile")
START = 1_780_000_000.0  # a fixed moment, so two runs write the same files


def played(level: learn.Level) -> list[list[Any]]:
    """The moves of ``level``'s solution made through the level as a learner
    makes them (the computer's scripted replies follow by themselves)."""
    game = level.game()
    for move in level.solution:
        if A.is_learners(move):
            result = level.attempt(game, move)
            if not result.ok:
                raise RuntimeError(f"{level.id}: {result.sentence}")
    if not level.solved(game):
        raise RuntimeError(f"{level.id}: the solution did not solve it")
    return [list(A.from_engine(a)) for a in game.history]


def pupil_record(n: int, rng: random.Random, course: list[learn.Level],
                 puzzles: list[learn.Level], moves: dict[str, list[list[Any]]],
                 prints: dict[str, str], forge: bool) -> dict[str, Any]:
    """The record of pupil ``n``: the course up to a drawn point, a few puzzles, games."""
    reach = min(len(course), int(rng.triangular(0, len(course) + 4, len(course) * 0.6)))
    solved = course[:reach] + rng.sample(puzzles, rng.randint(0, 6))
    at = START + n * 60
    levels = []
    for level in solved:
        at += rng.randint(30, 600)
        levels.append({"id": level.id, "fingerprint": prints[level.id],
                       "moves": moves[level.id], "at": stamp(at)})
    if forge and reach < len(course):
        target, other = course[reach], course[0]
        levels.append({"id": target.id, "fingerprint": prints[target.id],
                       "moves": moves[other.id], "at": stamp(at + 5)})
    games = []
    for g in range(rng.randint(0, 5)):
        missed = {rule: rng.randint(1, 3) for rule in MISSED_RULES
                  if rng.random() < (0.7 if rule == "adjacency" else 0.3)}
        games.append({"finished_at": stamp(at + 600 * (g + 1)), "variant": "duel",
                      "summary": {"seat": 1, "variant": "duel", "missed": sum(missed.values())},
                      "missed_by_rule": missed})
    return make(f"Pupil {n:03d}", levels, games)


def make_class(folder: Path, pupils: int = 200, seed: int = 49,
               assignment: str = "spit-course") -> list[Path]:
    """Write ``pupils`` records under ``folder/submitted/``; their paths."""
    rng = random.Random(seed)
    course = learn.course()
    puzzles = learn.puzzles("duel")
    every = course + puzzles
    moves = {level.id: played(level) for level in every}
    prints = {level.id: fingerprint(level) for level in every}
    paths = []
    for n in range(1, pupils + 1):
        record = pupil_record(n, rng, course, puzzles, moves, prints, forge=n % 20 == 0)
        target = folder / "submitted" / f"pupil{n:03d}" / assignment / FILENAME
        target.parent.mkdir(parents=True, exist_ok=True)
        paths.append(write(record, target))
    return paths


def timings(folder: Path, paths: list[Path]) -> dict[str, float]:
    """Seconds to check every record (replaying, then remembered) and to report."""
    from spit_widget.learn import grading

    grading._REPLAYS.clear()
    started = time.perf_counter()
    checker = grading.Checker()
    first = [checker.check(p) for p in paths]
    check_cold = time.perf_counter() - started
    started = time.perf_counter()
    again = [checker.check(p) for p in paths]
    check_warm = time.perf_counter() - started
    grading._REPLAYS.clear()
    started = time.perf_counter()
    report = learn.class_report(folder)
    report_cold = time.perf_counter() - started
    started = time.perf_counter()
    page = report._repr_html_()
    shown = time.perf_counter() - started
    assert len(first) == len(again) == len(paths) == len(report.pupils)
    return {"records": len(paths), "check_cold_s": check_cold, "check_warm_s": check_warm,
            "report_s": report_cold, "html_with_chart_s": shown, "html_kb": len(page) / 1000,
            "not_counted": sum(len(c.refused) for c in first)}


def main(argv: list[str] | None = None) -> int:
    """Write the class, print the figures (and the chart when asked)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pupils", type=int, default=200)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--picture", type=Path, default=None, help="the chart as PNG")
    parser.add_argument("--screenshot", type=Path, default=None,
                        help="the report as a cell shows it, shot in Chromium (PNG)")
    args = parser.parse_args(argv)
    folder = args.out or Path(tempfile.mkdtemp(prefix="spit-class-"))
    paths = make_class(folder, args.pupils)
    figures = timings(folder, paths)
    for key, value in figures.items():
        print(f"{key:>18}: {value:.3f}" if isinstance(value, float) else f"{key:>18}: {value}")
    if args.picture:
        png = learn.class_report(folder).chart_png()
        if png is None:
            print("matplotlib is not installed: no picture", file=sys.stderr)
            return 1
        args.picture.write_bytes(png)
        print(f"chart: {args.picture}")
    if args.screenshot:
        screenshot(learn.class_report(folder)._repr_html_(), args.screenshot)
        print(f"screenshot: {args.screenshot}")
    print(f"records in {folder}")
    return 0


def screenshot(page_html: str, out: Path, width: int = 1100) -> None:
    """``page_html`` rendered in Chromium (the Playwright the browser tests use) and
    shot whole: the docs' picture of the report is the report, never a mock."""
    from playwright.sync_api import sync_playwright

    from tools.harness import CHROME_ARGS, CHROMIUM

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=list(CHROME_ARGS))
        page = browser.new_page(viewport={"width": width, "height": 600})
        page.set_content("<body style='font-family:sans-serif;margin:16px'>"
                         f"{page_html}</body>")
        page.screenshot(path=str(out), full_page=True)
        browser.close()


if __name__ == "__main__":
    raise SystemExit(main())
