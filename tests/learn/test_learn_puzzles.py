"""The puzzles: at least 20 per variant, each stored proof re-run by the
search (the answer strictly better than every other first move), and a wrong
answer graded with the proof's reason."""

from __future__ import annotations

import pytest

from spit_widget import Game, learn
from spit_widget.learn import proofs
from spit_widget.learn.actions import legal_actions
from spit_widget.learn.puzzles import records

RECORDS = records()


@pytest.mark.parametrize("variant", ["duel", "classic"])
def test_at_least_twenty_puzzles_per_variant_of_several_kinds(variant: str) -> None:
    mine = [r for r in RECORDS if r["variant"] == variant]
    assert len(learn.puzzles(variant)) == len(mine) >= 20
    assert len({r["family"] for r in mine}) >= 3
    answers = {r["answer"][0] for r in mine}
    assert "play" in answers and answers & {"declare_stuck", "spit", "move_to_empty"}


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r["id"])
def test_the_stored_proof_holds(record: dict) -> None:
    game = Game.from_dict(record["position"])
    valued = proofs.values(game, record["family"])
    assert {tuple(m): v for m, v in record["values"]} == {m: v for m, (v, _) in valued.items()}
    assert proofs.unique_best(valued, record["family"]) == tuple(record["answer"])
    # the best line is real: it plays out on the engine and earns its value
    line_game = Game.from_dict(record["position"])
    for move in record["line"]:
        learn.actions.apply(line_game, tuple(move))


@pytest.mark.parametrize("puzzle", learn.puzzles("duel") + learn.puzzles("classic"),
                         ids=lambda p: p.id)
def test_a_wrong_answer_fails_with_the_proofs_reason(puzzle: learn.Level) -> None:
    answer = puzzle.solution[0]
    for move in legal_actions(puzzle.game(), 0):
        if move == answer:
            continue
        game = puzzle.game()
        result = puzzle.attempt(game, move)
        assert result.ok and not result.solved
        assert result.failed is not None and result.failed.startswith("Not the best answer: ")
        assert learn.actions.describe(answer) in result.failed
        # once failed, the puzzle takes no more moves until Retry
        assert not puzzle.attempt(game, answer).ok


def test_a_puzzle_is_one_move_at_par_one() -> None:
    for puzzle in learn.puzzles("duel") + learn.puzzles("classic"):
        assert puzzle.par == 1 and len(puzzle.solution) == 1 and puzzle.strict


def test_a_wrong_answer_counts_the_best_line_in_cards() -> None:
    puzzle = learn.level("duel-run-1")
    result = puzzle.attempt(puzzle.game(), ("play", 0, "KC", 1))
    assert result.failed == ("Not the best answer: that leads to 2 cards in a row at most; "
                             "the best line plays 4 cards. The best is to play 2♥ on the "
                             "right pile.")
