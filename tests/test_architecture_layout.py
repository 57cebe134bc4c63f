"""The architecture page's layout table (docs/architecture.md) names every module of the
package, folder by folder (a new module without a word in the table fails here)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGE = (ROOT / "docs" / "architecture.md").read_text()
LAYOUT = PAGE.split("\n## Layout\n", 1)[1].split("\n## ", 1)[0]  # the section alone
ROWS = {m.group(1): m.group(2)
        for m in re.finditer(r"^\| `spit_widget/(\w+)/` \| (.*) \|$", LAYOUT, re.M)}
FOLDERS = sorted(p.name for p in (ROOT / "spit_widget").iterdir()
                 if p.is_dir() and (p / "__init__.py").exists())


def test_every_package_folder_has_a_row() -> None:
    assert sorted(ROWS) == FOLDERS


@pytest.mark.parametrize("folder", FOLDERS)
def test_every_module_is_named_in_its_folders_row(folder: str) -> None:
    modules = sorted({p.stem for p in (ROOT / "spit_widget" / folder).rglob("*.py")} - {"__init__"})
    missing = [m for m in modules if f"`{m}`" not in ROWS.get(folder, "")]
    assert not missing, (
        f"docs/architecture.md's layout row for spit_widget/{folder}/ does not name {missing}")
