"""One name, one concept: no public class name is defined in two modules of the package
or of the workshop (tools/), so `Hint`, `Pace` or `State` in a traceback or a doc page
can mean only one thing. Read with ``ast``: nothing is imported."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def public_classes(folders: list[Path], root: Path = ROOT) -> dict[str, list[str]]:
    """Each public top-level class name, with the modules that define it."""
    found: dict[str, list[str]] = defaultdict(list)
    for folder in folders:
        for path in sorted(folder.rglob("*.py")):
            for node in ast.parse(path.read_text(), str(path)).body:
                if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                    found[node.name].append(str(path.relative_to(root)))
    return found


def test_the_reader_finds_classes(tmp_path: Path) -> None:
    # a check of the checker: two modules defining one name are both found
    for name in ("a.py", "b.py"):
        (tmp_path / name).write_text("class Hint:\n    pass\n\nclass _Private:\n    pass\n")
    found = public_classes([tmp_path], tmp_path)
    assert len(found["Hint"]) == 2
    assert "_Private" not in found


def test_no_public_class_name_is_defined_twice() -> None:
    found = public_classes([ROOT / "spit_widget", ROOT / "tools"])
    twice = {name: places for name, places in found.items() if len(places) > 1}
    assert not twice, f"class names defined in more than one module: {twice}"
