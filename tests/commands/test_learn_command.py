"""``python -m spit_widget learn``: JupyterLab on the learner's own course notebook."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from spit_widget.__main__ import main
from spit_widget.commands import learn as learn_command


def test_learn_opens_a_notebook_whose_first_cell_shows_the_course(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[list[str]] = []
    monkeypatch.setattr(subprocess, "call", lambda cmd: calls.append(cmd) or 0)
    monkeypatch.setenv("SPIT_WIDGET_HOME", str(tmp_path / "home"))
    with pytest.raises(SystemExit) as done:
        main(["learn", "--no-browser", "--port", "9998"])
    assert done.value.code == 0
    cmd = calls[0]
    notebook = Path(cmd[3])
    # Served from the notebooks/ subfolder: the stats file beside it stays out of the browser.
    assert notebook == tmp_path / "home" / "notebooks" / "learn_spit.ipynb"
    assert f"--ServerApp.root_dir={notebook.parent}" in cmd
    cells = json.loads(notebook.read_text())["cells"]
    # JupyterLab selects the first cell: one Shift+Enter runs the course.
    assert cells[0]["cell_type"] == "code"
    assert cells[0]["source"].splitlines()[-1] == "learn.show()"
    assert "--LabApp.default_url=/lab/tree/learn_spit.ipynb" in cmd
    assert "--ServerApp.port=9998" in cmd and "--no-browser" in cmd
    assert any("spit_widget.nodelay" in part for part in cmd)


def test_the_learners_notebook_is_kept_as_they_left_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SPIT_WIDGET_HOME", str(tmp_path))
    path = learn_command.learn_notebook()
    path.write_text(path.read_text().replace("learn.show()", "learn.show(size='large')"))
    assert "size='large'" in learn_command.learn_notebook().read_text()
