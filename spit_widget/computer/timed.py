"""Headless games on a simulated clock: both seats react after drawn delays,
as in the live match, without a second of real waiting.

The rules of time are the live :class:`~.match.Match`'s: a seat looks at the
table, plans an action and draws how long it takes; when the table changes
meanwhile, a plan that is still legal goes on, a spoiled one is dropped and
the seat looks again (the computer's second glance is quicker, a
:data:`~.match.RECHECK_FRACTION` of a look), and a seat with nothing to do
waits for the next change and then takes a fresh look. Whoever's delay runs
out first acts. This is a discrete-event simulation: the clock jumps from one
action to the next, so thousands of timed games take seconds.

A person may sit across a network (``HumanSeat.trip``, the round trip in
seconds): they see each change half a trip after it lands and their click
lands half a trip after they make it. A click already on its way when the
table changes is not taken back: it lands, and is refused if the table no
longer allows it (the race a remote person loses), and the person looks
again from when they saw the change. The computer plays in the kernel and
sees everything at once; its ``lag`` (the compensation for a remote person,
:func:`~.pace.compensation`) is added to each of its delays.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import COMPUTER, GAME_OVER, PLAYING, ROUND_OVER, YOU, Action, Game
from ..engine.spaces import MAX_ACTIONS
from .human import HumanModel, human_choice
from .match import RECHECK_FRACTION
from .pace import Pace, cards_to_scan, reaction_delay
from .strategies import Strategy, strategy
from .tournament import NoProgress
from .view import View

ActionObserver = Callable[[Game, float], object]


class Seat:
    """One side of a timed game: what it plays and how long it takes;
    ``trip``, the seconds of network between it and the table (a round trip)."""

    strategy: Strategy
    turns = False
    trip = 0.0

    def delay(self, view: View, action: Action, fresh: bool, rng: random.Random) -> float:
        """Seconds from the look to the action landing."""
        raise NotImplementedError

    def slips(self, rng: random.Random) -> bool:
        """Does this action go astray (costing another look)?"""
        return False


@dataclass
class ComputerSeat(Seat):
    """The computer at a pace, as the live match draws it; ``pace`` may be
    changed between actions (Match me does)."""

    pace: Pace
    strategy: Strategy = field(default_factory=lambda: strategy("expert"))
    lag: float = 0.0
    """Seconds added to every delay: the compensation for a remote person."""

    @property
    def turns(self) -> bool:  # type: ignore[override]
        """Take turns: the seats alternate cards."""
        return self.pace.turns

    def delay(self, view: View, action: Action, fresh: bool, rng: random.Random) -> float:
        """The pace's reaction delay; a second glance after a spoiled plan is shorter."""
        seconds = reaction_delay(self.pace, cards_to_scan(view), rng)
        return (seconds if fresh else seconds * RECHECK_FRACTION) + self.lag


@dataclass
class HumanSeat(Seat):
    """A person, after :class:`~.human.HumanModel`."""

    model: HumanModel
    rng: random.Random = field(default_factory=random.Random)
    trip: float = 0.0
    """The round trip between the person's screen and the kernel, in seconds."""

    def __post_init__(self) -> None:
        self.strategy = human_choice(self.rng)

    def delay(self, view: View, action: Action, fresh: bool, rng: random.Random) -> float:
        """A person's look (a second one is a full look again)."""
        return self.model.delay(view, action, rng)

    def slips(self, rng: random.Random) -> bool:
        """The model's slip rate."""
        return self.model.slips(rng)


@dataclass
class _Plan:
    action: Action | None  # None: waiting for the table to change
    due: float = 0.0  # when it lands on the table
    sent: float = 0.0  # when it left the seat (half a trip before it lands)


class TimedGame:
    """Plays one game to its end on a simulated clock; ``seats[0]`` is the
    human's seat (player 0), ``seats[1]`` the computer's."""

    def __init__(self, game: Game, seats: Sequence[Seat], rng: random.Random,
                 on_action: ActionObserver | None = None) -> None:
        self.game = game
        self.seats = seats
        self.rng = rng
        self.now = 0.0
        self.on_action = on_action
        self._plans: list[_Plan | None] = [None, None]
        self._fresh = [True, True]
        self._seen_from: list[float | None] = [None, None]  # a look starting other than now
        self._last_change = 0.0
        self.refused: list[tuple[float, Action]] = []
        """Clicks that were on their way when the table changed and were refused
        on landing (the races a remote person loses), with when they landed."""
        self._last_player: int | None = None

    def run(self) -> Game:
        """Play to the end; return the game."""
        if self.on_action is not None:
            self.on_action(self.game, self.now)  # the deal: the table is there to see
        for _ in range(MAX_ACTIONS):
            if self.game.status == GAME_OVER:
                return self.game
            for p in (YOU, COMPUTER):
                if self._plans[p] is None:
                    self._plans[p] = self._look(p)
            self._next_action()
        raise NoProgress(f"No end after {MAX_ACTIONS} actions:\n{self.game!r}")

    def _look(self, p: int) -> _Plan:
        """Seat ``p`` looks at the table: a planned action and when it lands
        (the look starts when the seat sees the table: half a trip from now,
        unless it saw it already, after a slip or a refused click)."""
        view = View(self.game, p)
        half = self.seats[p].trip / 2
        seen, self._seen_from[p] = self._seen_from[p], None
        if self._waits_its_turn(p):
            return _Plan(None)
        action = self.seats[p].strategy(view)
        if action is None:
            return _Plan(None)
        delay = self.seats[p].delay(view, action, self._fresh[p], self.rng)
        sent = (self.now + half if seen is None else seen) + delay
        return _Plan(action, sent + half, sent)

    def _waits_its_turn(self, p: int) -> bool:
        """Take turns: after ``p``'s card, the other plays next (if able)."""
        return (self.seats[COMPUTER].turns and self._last_player == p
                and self.game.status == PLAYING and self.game.can_play(1 - p))

    def _next_action(self) -> None:
        due = [(plan.due, self.rng.random(), p) for p, plan in enumerate(self._plans)
               if plan is not None and plan.action is not None]
        if not due:
            raise NoProgress(f"Neither seat acts in this position:\n{self.game!r}")
        self.now, _, p = min(due)
        plan = self._plans[p]
        assert plan is not None and plan.action is not None
        self._plans[p] = None
        if self.seats[p].slips(self.rng):
            self._fresh[p] = False  # the click went astray: look again
            self._seen_from[p] = plan.sent  # they saw it go astray as they clicked
            return
        if not self.game.is_legal(plan.action):
            # A click sent before the person saw the change that spoiled it: refused;
            # they look again from when they saw that change.
            self._fresh[p] = False
            self._seen_from[p] = max(plan.sent, self._last_change + self.seats[p].trip / 2)
            self.refused.append((self.now, plan.action))
            return
        self._land(p, plan.action)

    def _land(self, p: int, action: Action) -> None:
        game = self.game
        game.apply(action)
        if action.kind == "play":
            self._last_player = p
        if (self.seats[COMPUTER].turns and game.status == ROUND_OVER
                and game.went_out == YOU):
            game.slap(YOU, game.slappable(YOU)[0])  # as the match does for Take turns
        self._fresh[p] = True
        self._last_change = self.now
        other = 1 - p
        plan = self._plans[other]
        if plan is not None:
            if plan.action is None:
                self._plans[other] = None  # woken by the change: a fresh look
                self._fresh[other] = True
            elif not game.is_legal(plan.action) and not self._on_its_way(other, plan):
                self._plans[other] = None  # spoiled: a second glance
                self._fresh[other] = False
        if self.on_action is not None:
            self.on_action(game, self.now)


    def _on_its_way(self, p: int, plan: _Plan) -> bool:
        """Was seat ``p``'s click sent before it could see the change landing now?"""
        return plan.sent < self.now + self.seats[p].trip / 2


def play_timed(game: Game, seats: Sequence[Seat], rng: random.Random,
               on_action: ActionObserver | None = None) -> TimedGame:
    """Play ``game`` to its end on a simulated clock; the finished run (its
    ``game`` and ``now``, the simulated seconds it took)."""
    run = TimedGame(game, seats, rng, on_action)
    run.run()
    return run


def human_vs_computer(variant: str, pace: Pace, seed: int, *,  # noqa: PLR0913 (by name)
                      human: HumanModel | None = None,
                      computer: str | Strategy = "expert",
                      on_action: ActionObserver | None = None,
                      trip: float = 0.0, compensate: bool = True) -> TimedGame:
    """One seeded timed game: a person (the model) against the computer at
    ``pace``, the person in player 0's seat as in the widget. ``trip``: the
    round trip a network adds between the person and the table (on top of a
    local page's, which the paces assume); ``compensate``: the computer waits
    it out as the live table does (:func:`~.pace.compensation`)."""
    lag = trip if compensate else 0.0  # the trip beyond a local page's, all of it
    seats = (HumanSeat(human or HumanModel(), random.Random(seed * 2 + 1), trip),
             ComputerSeat(pace, strategy(computer, seed * 2 + 2), lag))
    return play_timed(Game(variant, seed=seed), seats, random.Random(seed), on_action)


def timed_record(variant: str, pace: Pace, seed: int, *, human: HumanModel | None = None,
                 computer: str | Strategy = "expert") -> dict[str, Any]:
    """One seeded timed game (:func:`human_vs_computer`) as a record with
    ``"times"``, each action's simulated seconds since the deal, as a table
    records a game played live (for reviews, their tests and their figures)."""
    times: list[float] = []

    def landed(game: Game, now: float) -> None:
        times.extend([round(now, 3)] * (len(game.history) - len(times)))

    run = human_vs_computer(variant, pace, seed, human=human, computer=computer,
                            on_action=landed)
    return {**run.game.record(), "times": times}
