"""The class assignment graded by real nbgrader: generate_assignment, the pupils'
submitted folders, autograde, and the score read from nbgrader's gradebook.

Three pupils hand in examples/class_assignment.ipynb: Ada with a record made
by playing the ten levels through the engine (as the course table plays them),
Bo with a record of seven edited by hand to claim all ten (the three extra
claims carry another level's moves), and Cy with no record at all. nbgrader
runs each notebook again in a kernel (as it does on a hub), and the grading
cells check the record by replay: Ada scores all 15, Bo his seven levels only
(the forged claims count nothing, and his notebook says which), Cy nothing.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from spit_widget import learn
from spit_widget.learn.levelfile import fingerprint
from spit_widget.learn.record import FILENAME, make, stamp, write
from tools.class_records import played

if not os.environ.get("CI"):
    pytest.importorskip("nbgrader")  # a test dependency (pyproject's [test] extra)

ROOT = Path(__file__).resolve().parents[2]
ASSIGNMENT = "spit1"
NOTEBOOK = "class_assignment.ipynb"
TEN = [level for stage in learn.stages() if stage.id in ("duel-goal", "duel-general")
       for level in stage.levels]


def _nbgrader(course: Path, *args: str) -> str:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]),
        SPIT_WIDGET_HOME=str(course / "grader-home"),  # the grader's own, empty progress
        JUPYTER_CONFIG_DIR=str(course / "jupyter-config"),
        JUPYTER_DATA_DIR=str(course / "jupyter-data"), IPYTHONDIR=str(course / "ipython"))
    done = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course, env=env,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-6000:]
    return done.stdout + done.stderr


def _record(name: str, solved: list[str], forged: list[str] = ()) -> dict[str, object]:
    levels = []
    for n, level_id in enumerate(solved):
        level = learn.level(level_id)
        levels.append({"id": level_id, "fingerprint": fingerprint(level),
                       "moves": played(level), "at": stamp(1_780_000_000 + 60 * n)})
    for level_id in forged:  # claimed, with the moves of a level that was solved
        levels.append({**levels[0], "id": level_id,
                       "fingerprint": fingerprint(learn.level(level_id))})
    return make(name, levels, [])


def _submit(course: Path, student: str, name: str, record: dict[str, object] | None) -> None:
    folder = course / "submitted" / student / ASSIGNMENT
    folder.mkdir(parents=True)
    nb = nbformat.read(course / "release" / ASSIGNMENT / NOTEBOOK, as_version=4)
    typed = next(c for c in nb.cells if 'NAME = "' in c.source)
    typed.source = f'from spit_widget import learn\n\nNAME = "{name}"'
    nbformat.write(nb, folder / NOTEBOOK)
    (folder / "timestamp.txt").write_text("2026-06-01 10:00:00.000000 UTC")
    if record is not None:
        write(record, folder / FILENAME)


@pytest.mark.timeout(600)
def test_nbgrader_grades_the_record_by_replay_and_a_forged_one_scores_less(
        tmp_path: Path) -> None:
    from nbgrader.api import Gradebook

    course = tmp_path / "course"
    (course / "source" / ASSIGNMENT).mkdir(parents=True)
    shutil.copy(ROOT / "examples" / NOTEBOOK, course / "source" / ASSIGNMENT / NOTEBOOK)
    (course / "nbgrader_config.py").write_text(
        f"c = get_config()\nc.CourseDirectory.root = {str(course)!r}\n"
        "c.ExecutePreprocessor.timeout = 240\n")
    _nbgrader(course, "generate_assignment", ASSIGNMENT, "--force")
    released = nbformat.read(course / "release" / ASSIGNMENT / NOTEBOOK, as_version=4)
    assert sum(1 for c in released.cells if c.metadata.get("nbgrader", {}).get("grade")) == 2

    honest = _record("Ada", TEN)
    _submit(course, "ada", "Ada", honest)
    _submit(course, "bo", "Bo", _record("Bo", TEN[:7], forged=TEN[7:]))
    _submit(course, "cy", "Cy", None)
    _nbgrader(course, "autograde", ASSIGNMENT, "--create")

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        scores = {s: gradebook.find_submission(ASSIGNMENT, s).score for s in ("ada", "bo", "cy")}
        assert gradebook.find_assignment(ASSIGNMENT).max_score == 15
    assert scores == {"ada": 5 + 10, "bo": 5 + 7, "cy": 0}, scores
    # the forger claimed ten: the three forged claims count nothing, and the notebook says which
    graded = nbformat.read(course / "autograded" / "bo" / ASSIGNMENT / NOTEBOOK, as_version=4)
    said = "".join(o.get("text", "") for c in graded.cells if c.cell_type == "code"
                   for o in c.outputs)
    assert "Bo: 7 levels confirmed by replay, 21 stars; 3 not counted:" in said
    assert f"'{TEN[7]}' does not count: replayed," in said
    # the record handed in is graded as it is: the grader's run of the hand-in cell kept it
    kept = course / "autograded" / "ada" / ASSIGNMENT / FILENAME
    assert json.loads(kept.read_text())["levels"] == honest["levels"]
    cy = nbformat.read(course / "autograded" / "cy" / ASSIGNMENT / NOTEBOOK, as_version=4)
    assert "There is no record at 'spit-record.json'" in "".join(
        o.get("text", "") for c in cy.cells if c.cell_type == "code" for o in c.outputs)
