"""The rules catalogue and its page: every rule of both texts is taught by a
level, every refusal the engine can make names a rule, and docs/course.md is
the page the code generates."""

from __future__ import annotations

import typing

from spit_widget import learn
from spit_widget.engine import RefusalKind
from spit_widget.learn import docs
from spit_widget.learn.narration import _RULE_OF


def test_every_rule_is_taught_by_a_level() -> None:
    taught = {rule for level in learn.course() for rule in level.rules}
    assert set(learn.RULES) - taught == set()


def test_both_texts_are_covered_and_each_rule_reads_as_words() -> None:
    variants = {v for rule in learn.RULES.values() for v in rule.variants}
    assert variants == {"duel", "classic"}
    assert len(learn.RULES) >= 25
    for rule in learn.RULES.values():
        assert rule.name and rule.text.endswith(".") and len(rule.text.split()) >= 8


def test_every_refusal_kind_but_bad_input_and_game_over_maps_to_a_rule() -> None:
    kinds = set(typing.get_args(RefusalKind))
    assert kinds - set(_RULE_OF) == {"bad_input", "game_over"}
    assert set(_RULE_OF.values()) <= set(learn.RULES)


def test_docs_course_md_is_the_generated_page() -> None:
    assert docs.PAGE.read_text(encoding="utf-8") == docs.course_page(), (
        "docs/course.md is out of date: run python -m spit_widget.learn.docs")
    assert "**none**" not in docs.course_page()


def test_the_page_lists_each_level_under_its_rules() -> None:
    page = docs.course_page()
    for level in learn.course():
        for rule in level.rules:
            row = next(line for line in page.splitlines() if line.startswith(f"| `{rule}` |"))
            assert f"`{level.id}`" in row
