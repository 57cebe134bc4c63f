"""A scripted solver: plays a level's solution through the public API only, as
the course table would (``attempt`` for the learner, ``play_due`` for the
computer's timed moves), and reports the stars."""

from __future__ import annotations

from spit_widget import Game
from spit_widget.learn import Level
from spit_widget.learn.actions import from_engine, is_learners


def solve(level: Level) -> tuple[Game, int]:
    """Play ``level.solution``; the finished game and the stars earned."""
    game = level.game()
    timed = dict((move, at) for at, move in level.opponent.timed) if level.opponent else {}
    theirs = 0
    for move in level.solution:
        if is_learners(move):
            result = level.attempt(game, move)
            assert result.ok, f"{level.id}: {move} refused: {result.sentence}"
            assert result.failed is None, f"{level.id}: {result.failed}"
            continue
        made = [a for a in map(from_engine, game.history) if not is_learners(a)]
        if theirs >= len(made):
            assert move in timed, f"{level.id}: {move} is neither a reply nor a timed move"
            assert level.play_due(game, timed[move]) is not None
        theirs += 1
    assert level.solved(game), f"{level.id}: not solved by its solution"
    return game, level.stars(level.moves(game))
