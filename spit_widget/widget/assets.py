"""The front end's files, as anywidget is handed them (``_esm``, ``_css``).

Apart from the table so that every widget class (the table, the course) reads
its bundle the same way, and a missing build shows a sentence in the cell.
"""

from __future__ import annotations

import os
from pathlib import Path

STATIC = Path(__file__).parent.parent / "static"
"""Where ``npm run build`` writes the bundles."""

MISSING_BUNDLE = """
export default { render({ el }) {
  el.textContent = "spit-widget: the front end is not built. Run `npm install && npm run build`"
    + " in the project folder, or reinstall the package.";
} };
"""


def asset(path: Path) -> Path | str:
    """The file's text rather than its Path. Given a Path, anywidget ties every
    instance to a file-watch signal it never disconnects (manzt/anywidget#929),
    so no table could ever be freed, even closed. Hot reload (ANYWIDGET_HMR=1)
    still gets the Path."""
    if os.environ.get("ANYWIDGET_HMR") == "1":
        return path
    text = path.read_text(encoding="utf-8")
    return text if "\n" in text else text + "\n"  # one line would be taken for a file name


def bundle(name: str, fallback: Path | str) -> Path | str:
    """``static/<name>`` for anywidget, or ``fallback`` when it was not built."""
    path = STATIC / name
    return asset(path) if path.exists() else fallback
