"""Count the "which kind of table" branches in the widget's table code.

A branch is a condition (``if``, ``elif``, a conditional expression, a
``while``, an operand of ``and``/``or``) in the table's shell, its session or
the course's widget that asks what kind of table this is: read-only or not,
a computer or not, people or not, a level's match or another. The seats
answer such questions themselves (that is their job), so their modules are
not counted. ``python scripts/kind_branches.py [REF]`` prints the count for
the working tree, or for a git ref (``main``) read with ``git show``.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

FILES = ("spit_widget/widget/table.py", "spit_widget/widget/session.py",
         "spit_widget/widget/course.py", "spit_widget/widget/course/table.py",
         "spit_widget/widget/course/lesson.py", "spit_widget/widget/seated.py")
KIND_WORDS = ("readonly", "computer", "LevelMatch", "human", "PeopleSeats", "ComputerSeats",
              "seated", "is_seated", "_two_people", "hot_seat")


def _source(path: str, ref: str | None) -> str | None:
    if ref is None:
        file = Path(path)
        return file.read_text(encoding="utf-8") if file.exists() else None
    shown = subprocess.run(["git", "show", f"{ref}:{path}"], capture_output=True, text=True,
                           check=False)
    return shown.stdout if shown.returncode == 0 else None


def _conditions(tree: ast.AST) -> list[ast.expr]:
    found: list[ast.expr] = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.If, ast.IfExp, ast.While)):
            found.append(node.test)
        elif isinstance(node, ast.BoolOp):
            found.extend(node.values[:-1])  # every operand but the last guards the rest
    return found


def count(source: str) -> list[int]:
    """The line of every condition in ``source`` that asks the table's kind."""
    lines = []
    for test in _conditions(ast.parse(source)):
        text = ast.unparse(test)
        if any(word in text for word in KIND_WORDS):
            lines.append(test.lineno)
    return sorted(set(lines))


def main(argv: list[str]) -> int:
    """Print each file's count and the total."""
    ref = argv[0] if argv else None
    total = 0
    for path in FILES:
        source = _source(path, ref)
        if source is None:
            continue
        lines = count(source)
        total += len(lines)
        print(f"{path}: {len(lines)} (lines {', '.join(map(str, lines)) or '-'})")
    print(f"which-kind branches: {total}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
