"""Same-pile races: a human click and a computer play on one pile, in one loop turn.

Each race is a random position where your card and the computer's both fit
one centre pile, and whichever lands first spoils the other. The two arrive
in a random order within one turn of the loop (or one turn apart): exactly
one lands, no card is lost, the human's refusal names the card, and the
computer re-plans instead of making a refused play. Used by
``python -m tools.soak`` and tests/hardening/test_races_same_pile.py.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from spit_widget.computer import View, greedy
from spit_widget.computer.match import Match
from spit_widget.engine import Action, Game, IllegalMove
from spit_widget.engine import cards as C
from spit_widget.widget.table import SpitWidget

from .checks import Escapes, computer_tasks, error_log, send, until
from .tally import SoakTally

RANKS = len(C.RANKS)


def _rank(card: str) -> int:
    return C.RANK_INDEX[card]


def _fits_rank(a: int, b: int) -> bool:
    return (a - b) % RANKS in (1, RANKS - 1)


@dataclass
class Race:
    """A position (``Game.from_dict`` data) and the two cards racing for ``pile``."""

    game: dict[str, Any]
    variant: str
    pile: int
    human: str
    computer: str


def _racers(rng: random.Random, deck: list[str]) -> tuple[str, str, str, str] | None:
    """Two centre tops and two cards that fit only the first, or None."""
    top, other = deck.pop(), deck.pop()
    near = [c for c in deck if _fits_rank(_rank(c), _rank(top))
            and not _fits_rank(_rank(c), _rank(other))]
    if len(near) < 2:
        return None
    human, computer = rng.sample(near, 2)
    return top, other, human, computer


def race_position(rng: random.Random) -> Race:
    """Your card ``human`` and the computer's ``computer`` both fit only centre
    ``pile``; after either lands the other fits nothing; no other top card fits."""
    while True:
        deck = list(C.DECK)
        rng.shuffle(deck)
        racers = _racers(rng, deck)
        if racers is None:
            continue
        top, other, human, computer = racers
        deck = [c for c in deck if c not in (human, computer)]
        after = {_rank(c) for c in racers}
        dead = [c for c in deck if not any(_fits_rank(_rank(c), r) for r in after)]
        if len(dead) < 2:
            continue
        spare_you, spare_computer = rng.sample(dead, 2)
        rest = [c for c in deck if c not in (spare_you, spare_computer)]
        # Face-down cards under the racing cards and a few spit cards: filler
        # that turns up after a play (and must not go missing either).
        under_you = [rest.pop() for _ in range(rng.randint(0, 3))]
        under_computer = [rest.pop() for _ in range(rng.randint(0, 3))]
        you_piles = [[*under_you, human], [spare_you], [], [], []]
        computer_piles = [[*under_computer, computer], [spare_computer], [], [], []]
        rng.shuffle(you_piles)
        rng.shuffle(computer_piles)
        pile = rng.randrange(2)
        variant = rng.choice(["duel", "classic"])
        game = {
            "variant": variant,
            "players": [
                {"stock": you_piles, "spit": [rest.pop() for _ in range(rng.randint(1, 4))]},
                {"stock": computer_piles, "spit": [rest.pop() for _ in range(rng.randint(1, 4))]},
            ],
            "centre": [[top], [other]] if pile == 0 else [[other], [top]],
        }
        return Race(game, variant, pile, human, computer)


@dataclass
class Gate:
    """The computer's clock: each reaction time ends when the race says so."""

    pending: list[asyncio.Future[bool]] = field(default_factory=list)
    calls: int = 0

    async def sleep(self, seconds: float, wake: asyncio.Event) -> bool:
        """Wait for :meth:`release`; True when the table changed meanwhile."""
        self.calls += 1
        fut: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self.pending.append(fut)
        await fut
        return wake.is_set()  # like interruptible_sleep: True when the table changed

    def release(self) -> None:
        """End the oldest reaction time now."""
        fut = self.pending.pop(0)
        if not fut.done():
            fut.set_result(True)


class Planner:
    """The computer's greedy strategy, counting its calls (to see it re-plan)."""

    def __init__(self) -> None:
        self.calls = 0
        self.last: Action | None = None

    def __call__(self, view: View) -> Action | None:
        """Greedy's choice, noted."""
        self.calls += 1
        self.last = greedy(view)
        return self.last


@dataclass
class Contest:
    """One race being run: the match, the widget (if through the page), the outcome."""

    race: Race
    game: Game
    match: Match
    gate: Gate
    planner: Planner
    widget: SpitWidget | None
    msg_id: int
    outcome: dict[str, Any] = field(default_factory=dict)

    def human(self) -> None:
        """Your click: a page message (through the widget) or a ``Match.act``."""
        race = self.race
        if self.widget is not None:
            state = send(self.widget, {"kind": "play", "card": race.human, "centre": race.pile,
                                       "id": self.msg_id})
            msg = state["message"]
            refused = msg is not None and msg["kind"] == "refused"
            self.outcome["refusal"] = msg["text"] if refused else None
            if refused:
                assert msg["id"] == self.msg_id
            return
        try:
            self.match.act(Action("play", 0, race.human, race.pile))
            self.outcome["refusal"] = None
        except IllegalMove as exc:
            self.outcome["refusal"] = str(exc)

    def settled(self) -> bool:
        """The click was handled and the computer has planned again (it waits on a
        new reaction time, or for the table to change), or it has stopped."""
        task = self.match._task
        return "refusal" in self.outcome and (
            self.gate.calls >= 2 or task is None or task.done()
            or (self.planner.calls >= 2 and self.planner.last is None))


def _contest(race: Race, rng: random.Random, via_page: bool) -> Contest:
    game = Game.from_dict(race.game)
    gate, planner = Gate(), Planner()
    pace = "fast" if race.variant == "duel" else "brisk"
    widget = None
    if via_page:
        widget = SpitWidget(game=game, ai=planner, pace=pace, seed=rng.randrange(2**32))
        match = widget.match
    else:
        match = Match(game, planner, pace, seed=rng.randrange(2**32), sleep=gate.sleep)
    match._sleep = gate.sleep
    return Contest(race, game, match, gate, planner, widget, rng.randrange(2**31))


def _start(c: Contest, rng: random.Random) -> bool:
    """Queue the click and the computer's play; True when the click goes first."""
    loop = asyncio.get_running_loop()

    def later(turns: int, fn: Callable[[], None]) -> None:
        if turns:
            loop.call_soon(later, turns - 1, fn)
        else:
            fn()

    # Same turn of the loop in a random order (mostly), or one turn apart.
    offset = rng.choice([0, 0, 0, 0, -1, 1])
    human_first = offset < 0 or (offset == 0 and rng.random() < 0.5)
    if offset == 0 and human_first:
        loop.call_soon(c.human)
        c.gate.release()  # the computer's step is queued after the click
    elif offset == 0:
        c.gate.release()  # the computer's step is queued first
        loop.call_soon(c.human)
    elif offset < 0:
        loop.call_soon(c.human)
        loop.call_soon(later, 1, c.gate.release)
    else:
        c.gate.release()
        loop.call_soon(later, 1, c.human)
    return human_first


def _judge(c: Contest, human_first: bool, cards: list[str]) -> int:
    """Exactly one card landed, the right one; the loser was told or re-planned."""
    race, game = c.race, c.game
    plays = [e for e in game.events if e.kind == "play" and e.centre == race.pile]
    assert len(plays) == 1, (race, plays)
    winner = plays[0].player
    assert plays[0].card == (race.human if winner == 0 else race.computer)
    assert winner == (0 if human_first else 1), (race, human_first)
    assert sorted(game.all_cards()) == cards, "a card was lost or doubled"
    assert c.match.error is None, c.match.error
    if winner == 0:
        assert c.outcome["refusal"] is None
        assert c.planner.calls >= 2, "the computer must re-plan after losing the race"
        assert not any(e.player == 1 and e.kind == "play" for e in game.events)
    else:
        refusal = c.outcome["refusal"]
        assert refusal is not None and C.label(race.human) in refusal, refusal
    return int(winner)


async def one_race(race: Race, rng: random.Random, via_page: bool) -> int:
    """Run ``race``; return the winner (0: you, 1: the computer)."""
    c = _contest(race, rng, via_page)
    cards = sorted(c.game.all_cards())
    escapes = Escapes(c.widget) if c.widget is not None else None
    try:
        c.match.start()
        await until(lambda: c.gate.calls == 1)  # the computer waits out its reaction time
        assert c.planner.last == Action("play", 1, race.computer, race.pile)
        human_first = _start(c, rng)
        await until(c.settled)
        winner = _judge(c, human_first, cards)
        if c.widget is not None:
            assert escapes is not None and not escapes.errors, escapes and escapes.errors
            assert c.widget.state["error"] is None
            assert [p["top"] for p in c.widget.state["centre"]] == c.game.centre_tops()
        return winner
    finally:
        if c.widget is not None:
            c.widget.close()
        else:
            c.match.close()


def races(count: int, seed: int, via_page_every: int = 20) -> SoakTally:
    """``count`` races on one loop (every ``via_page_every``-th through the widget)."""
    tally = SoakTally()
    started = time.perf_counter()

    async def main() -> None:
        rng = random.Random(seed)
        for i in range(count):
            race = race_position(rng)
            via_page = i % via_page_every == 0
            tally.counts["races"] += 1
            try:
                winner = await one_race(race, rng, via_page)
            except Exception as exc:
                tally.fail(f"race {i} of seed {seed} ({race})", exc)
                continue
            tally.counts["won by you" if winner == 0 else "won by the computer"] += 1
            tally.counts["through the page"] += via_page
            tally.counts[race.variant] += 1
        await until(lambda: not computer_tasks())

    with error_log():  # the losing click's refusal is expected: not printed
        asyncio.run(main())
    tally.seconds = time.perf_counter() - started
    return tally
