"""The example notebooks with their outputs, for the docs site: docs/examples/*.ipynb.

    python scripts/docs_notebooks.py [NAME ...]

Runs each notebook of examples/ top to bottom in a real kernel (a scratch
SPIT_WIDGET_HOME, the full training run) and stores the executed copy under
docs/examples/, where mkdocs-jupyter renders it as it is. Stored rather than
executed by every docs build: the notebooks take minutes (training an agent
alone one to two), and `python -m spit_widget docs` rebuilds the site on every
edit. tests/test_docs.py fails when an example's code no longer matches its
stored copy, naming this command.

A live table cannot be drawn on a static page (it needs the kernel), so each
table's output is replaced by a line that says so and how to play it.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
STORED = ROOT / "docs" / "examples"
WIDGET = "application/vnd.jupyter.widget-view+json"
LIVE_TABLE = ('<p class="spit-live-table">Here the notebook shows the live table: run the '
              "notebook in JupyterLab (<code>python -m spit_widget play</code> opens one) "
              "to play it.</p>")


def execute(path: Path) -> nbformat.NotebookNode:
    """The notebook run top to bottom, its tables replaced by the sentence above."""
    nb = nbformat.read(path, as_version=4)
    with tempfile.TemporaryDirectory() as home:
        os.environ["SPIT_WIDGET_HOME"] = home
        NotebookClient(nb, timeout=900, kernel_name="python3",
                       resources={"metadata": {"path": home}}).execute()
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        for n, output in enumerate(cell.outputs):
            if WIDGET in output.get("data", {}):
                cell.outputs[n] = nbformat.v4.new_output(
                    "display_data", data={"text/html": LIVE_TABLE})
    nb.metadata.pop("widgets", None)
    return nb


def main(names: list[str]) -> None:
    STORED.mkdir(parents=True, exist_ok=True)
    paths = [EXAMPLES / f"{n}.ipynb" for n in names] or sorted(EXAMPLES.glob("*.ipynb"))
    for path in paths:
        print(f"running {path.name}", flush=True)
        nbformat.write(execute(path), STORED / path.name)


if __name__ == "__main__":
    main(sys.argv[1:])
