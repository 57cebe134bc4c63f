"""A human click and a computer play on the same pile, in the same loop iteration.

Each race is a random position where your card and the computer's both fit
one centre pile, and whichever lands first spoils the other. The two arrive in
a random order within one turn of the loop (or one turn apart), 10,000 times on
one loop: exactly one lands, no card is lost, the human's refusal names the
card, and the computer re-plans instead of making a refused play.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hardkit import Escapes, computer_tasks, record, send, until

from spit_widget import Game, IllegalMove, SpitWidget
from spit_widget.computer import View, greedy
from spit_widget.computer.match import Match
from spit_widget.engine import Action
from spit_widget.engine import cards as C

RACES = 10_000
THROUGH_THE_PAGE = 500  # of which this many go through the widget's message handler
RANKS = len(C.RANKS)


def rank(card: str) -> int:
    return C.RANK_INDEX[card]


def fits_rank(a: int, b: int) -> bool:
    return (a - b) % RANKS in (1, RANKS - 1)


@dataclass
class Race:
    game: dict[str, Any]
    variant: str
    pile: int
    human: str
    computer: str


def race_position(rng: random.Random) -> Race:
    """Your card ``human`` and the computer's ``computer`` both fit only centre
    ``pile``; after either lands the other fits nothing; no other top card fits."""
    while True:
        deck = list(C.DECK)
        rng.shuffle(deck)
        top, other = deck.pop(), deck.pop()
        near = [c for c in deck if fits_rank(rank(c), rank(top))
                and not fits_rank(rank(c), rank(other))]
        if len(near) < 2:
            continue
        human, computer = rng.sample(near, 2)
        deck = [c for c in deck if c not in (human, computer)]
        after = {rank(top), rank(other), rank(human), rank(computer)}
        dead = [c for c in deck if not any(fits_rank(rank(c), r) for r in after)]
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
        centre = [[top], [other]] if pile == 0 else [[other], [top]]
        variant = rng.choice(["duel", "classic"])
        game = {
            "variant": variant,
            "players": [
                {"stock": you_piles, "spit": [rest.pop() for _ in range(rng.randint(1, 4))]},
                {"stock": computer_piles, "spit": [rest.pop() for _ in range(rng.randint(1, 4))]},
            ],
            "centre": centre,
        }
        return Race(game, variant, pile, human, computer)


@dataclass
class Gate:
    """The computer's clock: each reaction time ends when the test says so."""

    pending: list[asyncio.Future[bool]] = field(default_factory=list)
    calls: int = 0

    async def sleep(self, seconds: float, wake: asyncio.Event) -> bool:
        self.calls += 1
        fut: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self.pending.append(fut)
        await fut
        return wake.is_set()  # like interruptible_sleep: True when the table changed

    def release(self) -> None:
        fut = self.pending.pop(0)
        if not fut.done():
            fut.set_result(True)


class Planner:
    """The computer's greedy strategy, counting its calls (to see it re-plan)."""

    def __init__(self) -> None:
        self.calls = 0
        self.last: Action | None = None

    def __call__(self, view: View) -> Action | None:
        self.calls += 1
        self.last = greedy(view)
        return self.last


async def one_race(race: Race, rng: random.Random, via_page: bool, tally: dict[str, int]) -> None:
    loop = asyncio.get_running_loop()
    game = Game.from_dict(race.game)
    cards = sorted(game.all_cards())
    gate, planner = Gate(), Planner()
    widget: SpitWidget | None = None
    if via_page:
        widget = SpitWidget(game=game, ai=planner, pace="fast" if race.variant == "duel"
                            else "brisk", seed=rng.randrange(2**32))
        match = widget.match
        escapes = Escapes(widget)
    else:
        match = Match(game, planner, "fast" if race.variant == "duel" else "brisk",
                      seed=rng.randrange(2**32), sleep=gate.sleep)
    match._sleep = gate.sleep
    match.start()
    await until(lambda: gate.calls == 1)  # the computer is waiting out its reaction time
    assert planner.last == Action("play", 1, race.computer, race.pile)
    outcome: dict[str, Any] = {}
    msg_id = rng.randrange(2**31)

    def human() -> None:
        if widget is not None:
            state = send(widget, {"kind": "play", "card": race.human, "centre": race.pile,
                                  "id": msg_id})
            msg = state["message"]
            outcome["refusal"] = msg["text"] if msg and msg["kind"] == "refused" else None
            if msg and msg["kind"] == "refused":
                assert msg["id"] == msg_id
        else:
            try:
                match.act(Action("play", 0, race.human, race.pile))
                outcome["refusal"] = None
            except IllegalMove as exc:
                outcome["refusal"] = str(exc)

    def later(turns: int, fn: Callable[[], None]) -> None:
        if turns:
            loop.call_soon(later, turns - 1, fn)
        else:
            fn()

    # Same turn of the loop in a random order (mostly), or one turn apart.
    offset = rng.choice([0, 0, 0, 0, -1, 1])
    human_first = offset < 0 or (offset == 0 and rng.random() < 0.5)
    if offset == 0 and human_first:
        loop.call_soon(human)
        gate.release()  # the computer's step is queued after the click
    elif offset == 0:
        gate.release()  # the computer's step is queued first
        loop.call_soon(human)
    elif offset < 0:
        loop.call_soon(human)
        loop.call_soon(later, 1, gate.release)
    else:
        gate.release()
        loop.call_soon(later, 1, human)
    # Settled: the click was handled and the computer has planned again (it
    # waits on a new reaction time, or for the table to change).
    await until(lambda: "refusal" in outcome and (gate.calls >= 2 or match._task is None
                                                  or match._task.done()
                                                  or (planner.calls >= 2 and planner.last is None)))
    plays = [e for e in game.events if e.kind == "play" and e.centre == race.pile]
    assert len(plays) == 1, (race, plays)
    winner = plays[0].player
    assert plays[0].card == (race.human if winner == 0 else race.computer)
    assert winner == (0 if human_first else 1), (race, offset, human_first)
    assert sorted(game.all_cards()) == cards, "a card was lost or doubled"
    assert match.error is None, match.error
    if winner == 0:
        assert outcome["refusal"] is None
        assert planner.calls >= 2, "the computer must re-plan after losing the race"
        assert not any(e.player == 1 and e.kind == "play" for e in game.events)
        tally["human"] += 1
    else:
        assert outcome["refusal"] is not None and C.label(race.human) in outcome["refusal"]
        tally["computer"] += 1
    if widget is not None:
        assert not escapes.errors
        assert widget.state["error"] is None
        assert [c["top"] for c in widget.state["centre"]] == game.centre_tops()
        widget.close()
    else:
        match.close()


def test_ten_thousand_same_pile_races(caplog: Any) -> None:
    caplog.set_level(logging.ERROR, logger="spit_widget")  # the refusals are expected

    async def main() -> dict[str, int]:
        rng = random.Random(2024)
        tally = {"human": 0, "computer": 0, "via_page": 0, "duel": 0, "classic": 0}
        for i in range(RACES):
            race = race_position(rng)
            via_page = i % (RACES // THROUGH_THE_PAGE) == 0
            tally["via_page"] += via_page
            tally[race.variant] += 1
            await one_race(race, rng, via_page, tally)
        await until(lambda: not computer_tasks())
        return tally

    started = time.perf_counter()
    tally = asyncio.run(main())
    seconds = time.perf_counter() - started
    record("same-pile races", races=RACES, **tally, seconds=round(seconds, 1))
    assert tally["human"] + tally["computer"] == RACES
    assert tally["human"] > RACES // 4 and tally["computer"] > RACES // 4
