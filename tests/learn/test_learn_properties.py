"""Properties of every level under any sequence of moves: attempt never
raises, a refusal changes nothing, the 52 cards are all on the table, and a
level is never both solved and failed."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from spit_widget import learn
from spit_widget.engine import cards as C
from spit_widget.learn.actions import legal_actions

LEVELS = learn.course() + learn.puzzles("duel") + learn.puzzles("classic")
ODD_MOVES = [("play", 0, "ZZ", 0), ("play", 0, "AS", 5), ("slap", 0, 1), ("spit",),
             ("declare_stuck", 0), ("move_to_empty", 0, "KD", 4), ("play", 1, "AS", 0), "AS"]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(LEVELS), st.lists(st.tuples(st.booleans(), st.integers(0, 99)),
                                          max_size=8), st.floats(0, 30))
def test_any_moves_keep_the_table_whole_and_the_verdict_consistent(
        level: learn.Level, picks: list[tuple[bool, int]], clock: float) -> None:
    game = level.game()
    for legal, index in picks:
        options = legal_actions(game, 0) if legal else ODD_MOVES
        if not options:
            break
        move = options[index % len(options)]
        before = game.to_dict()
        result = level.attempt(game, move)
        if not result.ok:
            assert game.to_dict() == before
            assert result.rule is None or result.rule in learn.RULES
        level.play_due(game, clock)
        assert sorted(game.all_cards()) == sorted(C.DECK)
        assert not (level.solved(game) and level.failed(game))
