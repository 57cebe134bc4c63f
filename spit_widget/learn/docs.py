"""``docs/course.md``: the course as tables, generated from the levels.

The page is what a teacher reads to find the level for a rule, so it must
never drift from the code: a test compares the file with :func:`course_page`,
and ``python -m spit_widget.learn.docs`` writes it again.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from ..locale import speaking
from .catalogue import RULES
from .coursebook import course, stages
from .puzzles import puzzles, records

PAGE = Path(__file__).resolve().parents[2] / "docs" / "course.md"


def course_page() -> str:
    """The whole page, Markdown, in English (the project's docs' language)
    whatever language the kernel speaks."""
    with speaking("en"):
        return _page()


def _page() -> str:
    levels = course()
    by_id = {level.id: level for level in levels}
    lines = [
        "# The course: rules and levels",
        "",
        "Generated from `spit_widget/learn` by `python -m spit_widget.learn.docs`; "
        "a test checks that it is up to date.",
        "",
        "## Stages",
        "",
        "| Stage | Variant | Levels |",
        "|---|---|---|",
    ]
    for stage in stages():
        goals = "<br>".join(f"`{i}` **{by_id[i].title}**: {by_id[i].goal}"
                            for i in stage.levels)
        lines.append(f"| {stage.title} | {stage.variant} | {goals} |")
    lines += ["", "## Rule -> levels", "", "| Rule | Name | Variants | Taught by |",
              "|---|---|---|---|"]
    for rule in RULES.values():
        taught = ", ".join(f"`{level.id}`" for level in levels if rule.id in level.rules)
        lines.append(f"| `{rule.id}` | {rule.name} | {', '.join(rule.variants)} | "
                     f"{taught or '**none**'} |")
    lines += ["", "## The rules in full", ""]
    lines += [f"- **{rule.name}** (`{rule.id}`): {rule.text}" for rule in RULES.values()]
    lines += ["", "## Puzzles", "",
              "Found by `python -m tools.find_puzzles`; each answer is the one "
              "first move a search proves strictly best (see `spit_widget/learn/proofs.py`).",
              "", "| Variant | Kind | Puzzles |", "|---|---|---|"]
    for variant in ("duel", "classic"):
        kinds = Counter(record["family"] for record in records() if record["variant"] == variant)
        lines += [f"| {variant} | {kind} | {n} |" for kind, n in kinds.items()]
        lines.append(f"| {variant} | **all** | {len(puzzles(variant))} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write the page (``--check``: only say whether it is up to date)."""
    args = sys.argv[1:] if argv is None else argv
    page = course_page()
    if "--check" in args:
        current = PAGE.read_text(encoding="utf-8") if PAGE.exists() else ""
        print("docs/course.md is up to date." if current == page
              else "docs/course.md is out of date: run python -m spit_widget.learn.docs")
        return 0 if current == page else 1
    PAGE.write_text(page, encoding="utf-8")
    print(f"Wrote {PAGE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
