"""The course: every level solvable through the public API with full stars,
every wrong first move refused with a rule or leaving the level unsolved, and
the course's shape (stages in order, every rule taught)."""

from __future__ import annotations

import time

import pytest
from learn_solver import solve

from spit_widget import learn
from spit_widget.learn.actions import legal_actions

LEVELS = learn.course() + learn.puzzles("duel") + learn.puzzles("classic")
"""The course's levels and the puzzles: the same shape, the same promises."""


def test_the_course_is_built_within_a_second() -> None:
    # A figure a user notices (the course table opens at once); built afresh here.
    from spit_widget.learn import coursebook as C

    C._built.cache_clear()  # every language built afresh
    started = time.perf_counter()
    learn.course()
    assert time.perf_counter() - started < 1.0


@pytest.mark.parametrize("level", LEVELS, ids=lambda level: level.id)
def test_the_solution_solves_the_level_with_three_stars(level: learn.Level) -> None:
    game, stars = solve(level)
    assert stars == 3
    assert level.failed(game) is None


@pytest.mark.parametrize("level", LEVELS, ids=lambda level: level.id)
def test_every_other_first_move_is_refused_or_leaves_it_unsolved(level: learn.Level) -> None:
    first = next(a for a in level.solution if a[0] == "spit" or a[1] == 0)
    tried = 0
    for move in legal_actions(level.game(), 0):
        if move == first:
            continue
        game = level.game()
        result = level.attempt(game, move)
        tried += 1
        assert not result.solved, f"{move} solves {level.id} as well as its solution"
        if not result.ok:
            assert result.rule in learn.RULES
    # a refused first move names its rule (a card of the computer's, say)
    game = level.game()
    before = game.to_dict()
    refused = level.attempt(game, ("play", 0, "QS" if first[2:3] != ("QS",) else "QH", 9))
    assert not refused.ok and game.to_dict() == before


@pytest.mark.parametrize("level", LEVELS, ids=lambda level: level.id)
def test_a_misfit_names_adjacency_and_leaves_the_table(level: learn.Level) -> None:
    game = level.game()
    tops = [pile[-1] for pile in game.stock[0] if pile]
    for card in tops:
        for centre in range(len(game.centre)):
            if (card, centre) in game.legal_plays(0) or not game.centre[centre]:
                continue
            before = game.to_dict()
            result = level.attempt(game, ("play", 0, card, centre))
            assert not result.ok and result.rule == "adjacency"
            assert result.sentence.startswith("Adjacency: ")
            assert "is not one rank from" in result.sentence
            assert game.to_dict() == before


def test_stages_list_every_level_once_in_order() -> None:
    ids = [level_id for stage in learn.STAGES for level_id in stage.levels]
    assert ids == [level.id for level in learn.course()]


def test_every_level_names_rules_of_its_variant() -> None:
    for level in LEVELS:
        assert level.rules
        for rule in level.rules:
            assert level.variant in learn.RULES[rule].variants


def _fits_both(game: learn.Level | object) -> list[str]:
    """The learner's face-up cards that fit both centre piles of ``game``."""
    plays = game.legal_plays(0)  # type: ignore[attr-defined]
    return sorted({card for card, _ in plays if (card, 0) in plays and (card, 1) in plays})


def test_a_level_practises_choosing_the_pile_for_a_card_that_fits_both() -> None:
    """Real games often deal a card that fits both centre piles: the table picks
    it up and the learner chooses the pile (a click on it, or the arrows and
    Enter). The course has a level that starts so, and only the pile the table
    does not offer first (the right one) solves it."""
    choosing = [level for level in learn.course() if _fits_both(level.game())]
    assert [level.id for level in choosing] == ["duel-choose-pile"]
    level = choosing[0]
    card = _fits_both(level.game())[0]
    assert ("play", 0, card, 1) in level.solution
    wrong = level.game()
    result = level.attempt(wrong, ("play", 0, card, 0))
    assert result.ok and result.failed is not None and "right pile" in result.failed


def test_every_level_has_a_short_name_for_the_map() -> None:
    """The map shows each course level's short name; no two of a stage share one."""
    for stage in learn.STAGES:
        titles = [learn.level(level_id).title for level_id in stage.levels]
        assert all(0 < len(title) <= 24 for title in titles), titles
        assert len(set(titles)) == len(titles), stage.id
