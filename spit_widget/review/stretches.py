"""The missed-moment definition: a game replayed action by action, and the
stretches in which a player had a legal play and made no action.

The definition, exactly (docs/api/review.md repeats it): the record is
replayed with the engine; after the deal and after each action, each player's
legal plays (a stock card onto a centre pile) are listed. A *stretch* of a
player starts when the player first has a legal play after an event (the
deal, or any action, either player's), or right after the player's own action
if they still have one. It ends at the player's next action, when the player
has no legal play left, or at the end of the record (the last action's time),
whichever comes first; an action by the other player that leaves a legal play
does not end it. A stretch of at least the threshold is a missed moment, one
per stretch, at its start. The same stretches give reaction times: a stretch
that the player's own play ends measures one reaction.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ..engine import PLAYING, Action, Game, IllegalMove
from . import narration as N

Play = tuple[str, int]
"""A legal play: (card, centre pile), the engine's numbering."""
Ending = Literal["action", "no_play", "end"]


@dataclass(frozen=True)
class Step:
    """One action of the record as replayed: who made it, when (None: no clock),
    and each player's legal plays after it."""

    index: int
    action: Action | None
    """None for the deal."""
    t: float | None
    plays: tuple[tuple[Play, ...], tuple[Play, ...]]
    tops: tuple[tuple[str, ...], tuple[str, ...]]
    """Each player's face-up stock cards after it (to tell a card just uncovered)."""
    centre_tops: tuple[str | None, ...]
    stuck_due: tuple[bool, bool]
    """Each player owes a Stuck: a duel being played, no legal play, not declared."""


@dataclass(frozen=True)
class Replay:
    """The record replayed: the state after the deal (``start``) and each step."""

    start: Step
    steps: tuple[Step, ...]
    game: Game
    """The game at the record's end."""

    @property
    def end(self) -> float | None:
        """The record's last time (0 when it has no action; None: no clock)."""
        if not self.steps:
            return self.start.t
        return self.steps[-1].t

    def before(self, index: int) -> Step:
        """The state ``index`` actions in (the start when ``index`` is 0)."""
        return self.start if index == 0 else self.steps[index - 1]


@dataclass(frozen=True)
class Stretch:
    """A stretch of ``player`` (0 or 1): from ``start`` to ``end`` seconds, set
    ``index`` actions into the record, with ``plays`` legal at its start."""

    player: int
    start: float
    end: float
    index: int
    plays: tuple[Play, ...]
    ended: Ending
    closing: Action | None
    """The action that ended it (the player's own, or the one that took the last play)."""

    @property
    def waited(self) -> float:
        """Its length in seconds (to the microsecond: the float noise of a
        subtraction must not decide whether a stretch reaches the threshold)."""
        return round(self.end - self.start, 6)


def _state(game: Game, index: int, action: Action | None, t: float | None) -> Step:
    tops = tuple(tuple(p[-1] for p in game.stock[q] if p) for q in (0, 1))
    plays = (tuple(game.legal_plays(0)), tuple(game.legal_plays(1)))
    due = tuple(game.rules.declare_stuck and game.status == PLAYING and not plays[q]
                and not game.stuck[q] for q in (0, 1))
    return Step(index, action, t, plays, (tops[0], tops[1]),
                tuple(p[-1] if p else None for p in game.centre), (due[0], due[1]))


def replay(record: Mapping[str, Any], times: Sequence[float] | None) -> Replay:
    """Replay ``record`` with the engine, listing both players' legal plays after
    each action; ValueError (which action, and why) when one is refused."""
    try:
        position = record.get("position")
        game = (Game.from_dict(position) if position is not None
                else Game(record["variant"], seed=record["seed"],
                          max_rounds=record.get("max_rounds")))
    except (IllegalMove, ValueError, TypeError, KeyError) as exc:
        raise ValueError(N.bad_start(exc)) from None
    start = _state(game, -1, None, 0.0 if times is not None else None)
    steps: list[Step] = []
    for i, raw in enumerate(record["actions"]):
        try:
            action = Action(*raw)
            game.apply(action)
        except (IllegalMove, ValueError, TypeError) as exc:
            raise ValueError(N.refused(i, raw, exc)) from None
        steps.append(_state(game, i, action, times[i] if times is not None else None))
    return Replay(start, tuple(steps), game)


def stretches(replayed: Replay, player: int) -> list[Stretch]:
    """Every stretch of ``player`` (see the module docstring); none without a clock."""
    if replayed.start.t is None:
        return []
    found: list[Stretch] = []
    opened: tuple[float, int, tuple[Play, ...]] | None = None
    if replayed.start.plays[player]:
        opened = (0.0, 0, replayed.start.plays[player])
    for step in replayed.steps:
        t = step.t
        assert t is not None
        if opened is not None:
            own = step.action is not None and step.action.player == player
            if own or not step.plays[player]:
                found.append(Stretch(player, opened[0], t, opened[1], opened[2],
                                     "action" if own else "no_play", step.action))
                opened = None
        if opened is None and step.plays[player]:
            opened = (t, step.index + 1, step.plays[player])
    if opened is not None:
        end = replayed.end
        assert end is not None
        found.append(Stretch(player, opened[0], end, opened[1], opened[2], "end", None))
    return found


def late_stucks(replayed: Replay, player: int) -> list[Stretch]:
    """The duel's stretches in which ``player`` owed a Stuck (no legal play, not
    declared, the game being played) and then declared it: each starts when the
    player first owes one after an event and ends at the player's Stuck. A
    stretch that ends otherwise (a card fits again, a spit, the end) is no Stuck
    pressed late, and none is made without a clock."""
    if replayed.start.t is None:
        return []
    found: list[Stretch] = []
    opened = 0.0 if replayed.start.stuck_due[player] else None
    index = 0
    for step in replayed.steps:
        t = step.t
        assert t is not None
        action = step.action
        own = action is not None and action.kind == "stuck" and action.player == player
        if opened is not None and (own or not step.stuck_due[player]):
            if own:  # (both stuck: the spit that follows may leave a Stuck owed again)
                found.append(Stretch(player, opened, t, index, (), "action", action))
            opened = None
        if opened is None and step.stuck_due[player]:
            opened, index = t, step.index + 1
    return found


def reactions(found: Sequence[Stretch]) -> list[float]:
    """The reaction times the stretches measure: each one the player's own play ended."""
    return [s.waited for s in found
            if s.ended == "action" and s.closing is not None and s.closing.kind == "play"]
