"""A missed moment, and the course level made from it.

A moment's level is the game as it stood at the moment's start, from the
reviewed seat's side: the course's levels are played by player 0, so a moment
of seat 2 is set up mirrored (the players' piles swapped, and the centre piles
with them, so each player still spits onto the pile on their side). Its
success check is any of the missed plays made (:class:`~spit_widget.learn.AnyOf`
of :class:`~spit_widget.learn.OnCentre`), its solution the first of them, and
:class:`~spit_widget.learn.Level` validates it as it validates the course's.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..engine import Game
from ..learn.checks import AnyOf, Made, OnCentre
from ..learn.hint import LevelHint
from ..learn.level import Level
from . import narration as N
from .stretches import Play


@dataclass(frozen=True)
class Moment:
    """A moment of the game the review points at.

    ``t`` is seconds since the deal, ``seat`` 1 or 2 (as everywhere), ``kind``
    what happened (``"missed"``: a stretch of at least the threshold with a
    legal play and no action; ``"late_stuck"``: a duel's Stuck pressed at least
    the threshold after the seat had no play left), ``waited`` its length in seconds, ``plays`` the
    legal plays then (card, centre pile as the engine numbers them), ``rules``
    the rule behind each play, ``why`` a sentence for each, and ``index`` the
    number of actions made before it.
    """

    t: float
    seat: int
    kind: str
    waited: float
    plays: tuple[Play, ...]
    rules: tuple[str, ...]
    why: tuple[str, ...]
    index: int
    _record: Mapping[str, Any] = field(repr=False, compare=False)

    def game(self) -> Game:
        """The game as it stood at the moment (from the record, as it was played)."""
        return Game.replay(self._record, upto=self.index)

    def level(self) -> Level:
        """The moment as a course level: find one of the plays that fitted (a
        late Stuck: press Stuck)."""
        game = self.game()
        player = self.seat - 1
        position = game.to_dict()
        if self.kind == "late_stuck":
            return Level(goal=N.stuck_goal(self.t, self.waited),
                         position=mirrored(position) if player == 1 else position,
                         success=Made(("declare_stuck", 0)), rules=self.rules,
                         solution=[("declare_stuck", 0)], id=f"moment-{self.index}",
                         stage="review", hint=LevelHint(self.why[0]), why=self.why[0])
        plays = list(self.plays)
        if player == 1:
            position = mirrored(position)
            last = len(game.centre) - 1
            plays = [(card, last - c) for card, c in plays]
        card, centre = plays[0]
        return Level(
            goal=N.moment_goal(self.t, self.waited),
            position=position,
            success=AnyOf(tuple(OnCentre(c, pile) for c, pile in plays)),
            rules=tuple(dict.fromkeys(self.rules)),
            solution=[("play", 0, card, centre)],
            id=f"moment-{self.index}",
            stage="review",
            hint=LevelHint(self.why[0], card=card, pile=centre),
            why=self.why[0],
        )


def mirrored(position: Mapping[str, Any]) -> dict[str, Any]:
    """``position`` seen from the other side: player 1's piles become player 0's
    and the centre piles swap with them (player p spits onto centre p)."""
    out = copy.deepcopy(dict(position))
    out["players"] = out["players"][::-1]
    out["centre"] = out["centre"][::-1]
    if "spitter" in out:
        out["spitter"] = [1 - p for p in out["spitter"][::-1]]
    if "stuck" in out:
        out["stuck"] = out["stuck"][::-1]
    if out.get("went_out") is not None:
        out["went_out"] = 1 - out["went_out"]
    return out
