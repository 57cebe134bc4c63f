"""The rule behind a missed play (the course level that teaches it is the
course's own lookup, :func:`spit_widget.learn.coursebook.teaching_level`).

A play is put down to one rule of :data:`~spit_widget.learn.RULES`, the first
that applies of: ``wrap`` (an Ace on a King or a King on an Ace), ``uncover``
(the card had just turned face up under the player's own last play),
``either-pile`` (it fitted only on the pile the other player spits onto) and
``adjacency`` (one rank apart). The course's levels name the rules they teach
(:attr:`Level.rules <spit_widget.learn.Level.rules>`, the rule it is about
first); the level for a rule is the first of the course, in teaching order,
that is about it (names it first), else the first that names it at all, in the
game's variant when there is one. So "Either centre pile" is practised on
"Choose a pile", not on "King on an Ace", whose lesson is the wrap.
"""

from __future__ import annotations

from ..engine import cards as C
from .stretches import Play, Replay

WRAP = frozenset({"A", "K"})


def rule_of(replayed: Replay, index: int, player: int, play: Play) -> str:
    """The rule behind ``player``'s ``play``, legal ``index`` actions into the record."""
    card, centre = play
    state = replayed.before(index)
    top = state.centre_tops[centre]
    if top is not None and {card[0], top[0]} == WRAP:
        return "wrap"
    if index > 0:
        earlier = replayed.before(index - 1)
        last = state.action
        if (last is not None and last.player == player and last.kind in ("play", "move")
                and card not in earlier.tops[player]):
            return "uncover"
    # with two centre piles, player p spits onto pile p: the other is the far side
    if len(state.centre_tops) == 2 and centre != player and not any(
            t is not None and C.fits(card, t) for c, t in enumerate(state.centre_tops)
            if c != centre):
        return "either-pile"
    return "adjacency"
