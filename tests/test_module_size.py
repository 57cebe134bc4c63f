"""No module of the package passes 600 lines (issue 35: a module that grows past
it holds more than one concern; split it, as ``stats/`` and the widget's voice were)."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "spit_widget"
MOST_LINES = 600


def too_long(folder: Path) -> dict[str, int]:
    """The modules under ``folder`` longer than :data:`MOST_LINES`, with their lines."""
    counts = {str(p.relative_to(folder.parent)): len(p.read_text(encoding="utf-8").splitlines())
              for p in sorted(folder.rglob("*.py"))}
    return {name: n for name, n in counts.items() if n > MOST_LINES}


def test_no_module_passes_600_lines() -> None:
    assert not too_long(PACKAGE), too_long(PACKAGE)


def test_the_count_finds_a_long_module(tmp_path: Path) -> None:
    folder = tmp_path / "pkg"
    folder.mkdir()
    (folder / "short.py").write_text("x = 1\n" * MOST_LINES)
    (folder / "long.py").write_text("x = 1\n" * (MOST_LINES + 1))
    assert too_long(folder) == {"pkg/long.py": MOST_LINES + 1}
