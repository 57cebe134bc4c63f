"""The example notebooks run top to bottom in a real kernel, so they cannot rot."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
NOTEBOOKS = sorted(EXAMPLES.glob("*.ipynb"))


def test_every_example_is_tested() -> None:
    assert {p.name for p in NOTEBOOKS} >= {
        "play.ipynb", "rules_tutorial.ipynb", "inspect_live_game.ipynb",
        "write_your_own_ai.ipynb", "train_an_agent.ipynb"}


@pytest.mark.timeout(1200)  # a cell may wait 600 s on the compile (below)
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_runs_clean(path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPIT_WIDGET_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("SPIT_WIDGET_QUICK_TRAINING", "1")  # train_an_agent: a short run
    nb = nbformat.read(path, as_version=4)
    # A cell's limit, not a pause: the first cell to step the vector engine on a fresh
    # machine waits while one process compiles its kernels (a minute of one core, several
    # beside the other tests), and a cell that hangs still fails.
    NotebookClient(nb, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(tmp_path)}}).execute()
    outputs = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    # A stream arrives in pieces wherever the kernel flushed (under load, mid-line): join as is.
    text = "".join(o.get("text", "") for o in outputs if o.output_type == "stream")
    widgets = [o for o in outputs if "application/vnd.jupyter.widget-view+json" in
               o.get("data", {})]
    assert widgets, "every example shows a table"
    if path.stem == "rules_tutorial":
        # The course's levels answer: each refusal names its rule, each success its stars.
        assert ("refused: Adjacency: 5♥ is not one rank from K♦ or 8♠ (the left pile needs Q or "
                "A: the ranks wrap round; the right pile needs 7 or 9).") in text
        assert "refused: Stuck: You're not stuck: 7♣ goes on the left pile." in text
        assert "refused: Empty slots: 9♣ has no card under it" in text
        assert "refused: The slap: The right pile is the bigger pile (7 cards)" in text
        assert "solved in 1 (3 stars): The ranks wrap round" in text
        assert "you win, 1 card to 3" in text
        assert "rules taught: 27 of 27" in text and "failed: Not the best answer: " in text
        # the teacher's own level: its solution found, and a broken one refused
        assert "solution found: (('play', 0, 'QS', 0), ('play', 0, 'QH', 1)) - par 2" in text
        assert "refused: Level 'play-the-jack': its success check" in text
    if path.stem == "write_your_own_ai":
        assert text.count("games in") == 3
        assert any("image/png" in o.get("data", {}) for o in outputs), "the win-rate plot"
    if path.stem == "train_an_agent":
        assert "trained on " in text and " games/s)" in text
        assert "steps a second with random legal actions against the expert" in text
        assert text.count("paired: 50 deals x 2 seatings") == 3
        assert "same winners on every deal: True" in text
        assert "rank  entrant" in text and "ppo_agent" in text
        pictures = [o for o in outputs if "image/png" in o.get("data", {})]
        assert len(pictures) == 2, "the learning curve and the league chart"
    if path.stem == "class_assignment":
        # run as a pupil who solved nothing yet: the hand-in writes an empty record, and the
        # grading cells score it 0 with no error (tests/learn/test_nbgrader_round_trip.py
        # grades it through nbgrader with real records)
        assert "0 levels confirmed by replay, 0 stars." in text
        scores = [o["data"]["text/plain"] for cell in nb.cells if cell.cell_type == "code"
                  and cell.metadata.get("nbgrader", {}).get("grade")
                  for o in cell.outputs if o.output_type == "execute_result"]
        assert scores == ["0", "0.0"]
    if path.stem == "inspect_live_game":
        assert "Paused" in text and "Replay: after 10 of" in text
