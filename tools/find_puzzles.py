"""Find the course's puzzles offline: ``python -m tools.find_puzzles``.

Builds candidate positions for each family (see :mod:`spit_widget.learn.proofs`), keeps the ones
whose best first move is unique, and writes them with their proofs (every first
move's value) to the course's ``spit_widget/learn/puzzles.json``. The search is too slow to
run when a learner opens the puzzles, and too important to trust by hand: a
test runs the proofs again on the stored positions.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from spit_widget.engine import Game
from spit_widget.engine import cards as C
from spit_widget.learn import proofs as P
from spit_widget.learn.actions import PublicAction
from spit_widget.learn.positions import position
from spit_widget.learn.puzzles import DATA

WANTED: dict[tuple[str, P.Family], int] = {
    ("duel", "run"): 10, ("duel", "deny"): 7, ("duel", "only"): 7, ("duel", "race"): 6,
    ("classic", "run"): 10, ("classic", "slap"): 7, ("classic", "only"): 7,
}
Candidate = Callable[[random.Random], dict[str, Any]]


def _near(rng: random.Random, card: str, used: set[str]) -> str:
    """A free card one rank from ``card``."""
    i = C.RANKS.index(card[0])
    ranks = [C.RANKS[(i + d) % 13] for d in (-1, 1)]
    options = [r + s for r in ranks for s in C.SUITS if r + s not in used]
    return rng.choice(options)


def _take(rng: random.Random, used: set[str], n: int = 1) -> list[str]:
    """``n`` cards not yet used, now used."""
    cards = rng.sample([c for c in C.DECK if c not in used], n)
    used.update(cards)
    return cards


def _chain(rng: random.Random, start: str, length: int, used: set[str]) -> list[str]:
    cards, card = [], start
    for _ in range(length):
        card = _near(rng, card, used)
        used.add(card)
        cards.append(card)
    return cards


def _piles(rng: random.Random, cards: list[str], slots: int, deep: int) -> list[list[str]]:
    """Deal ``cards`` into ``slots`` piles of at most ``deep`` cards, in random places."""
    piles: list[list[str]] = [[card] for card in cards[:slots]]
    for card in cards[slots:]:
        open_piles = [p for p in piles if len(p) < deep]
        rng.choice(open_piles).insert(0, card)
    return piles


def duel_run(rng: random.Random) -> dict[str, Any]:
    """Two-deep piles with a chain from a centre card hidden among them."""
    used: set[str] = set()
    centre = _take(rng, used, 2)
    cards = _chain(rng, centre[rng.randint(0, 1)], rng.randint(3, 5), used)
    cards += _take(rng, used, rng.randint(3, 5))
    rng.shuffle(cards)
    you = _piles(rng, cards, 5, 2)
    return position("duel", you=you, computer=_take(rng, used, 2), centre=centre,
                    rest="spit", seed=rng.randrange(10**6))


def duel_race(rng: random.Random) -> dict[str, Any]:
    """A run of yours from a centre card, and computer cards that fit the same piles."""
    used: set[str] = set()
    centre = _take(rng, used, 2)
    cards = _chain(rng, centre[rng.randint(0, 1)], rng.randint(3, 4), used)
    cards += _take(rng, used, rng.randint(2, 4))
    rng.shuffle(cards)
    you = _piles(rng, cards, 5, 2)
    computer = _chain(rng, centre[rng.randint(0, 1)], 1, used) + _take(rng, used, 2)
    return position("duel", you=you, computer=computer, centre=centre, rest="spit",
                    seed=rng.randrange(10**6))


def duel_deny(rng: random.Random) -> dict[str, Any]:
    """Single cards: yours, the computer's, and two centre piles."""
    used: set[str] = set()
    centre = _take(rng, used, 2)
    you = _chain(rng, centre[0], 1, used) + _chain(rng, centre[1], 1, used)
    you += _take(rng, used, 2)
    return position("duel", you=you, computer=_take(rng, used, 4), centre=centre,
                    rest="spit", seed=rng.randrange(10**6))


def _misses(centre: list[str], used: set[str]) -> list[str]:
    """Free cards that fit neither centre card."""
    return [c for c in C.DECK if c not in used and not any(C.fits(c, t) for t in centre)]


def _only(variant: str) -> Candidate:
    """Near misses all round: nothing fits (Stuck / Spit! is the answer), or one
    of your cards does, a wrap now and then."""
    def build(rng: random.Random) -> dict[str, Any]:
        used: set[str] = set()
        centre = _take(rng, used, 2)
        stuck = rng.random() < 0.4
        misses = rng.sample(_misses(centre, used), 8)
        you, computer = misses[:5], misses[5:]
        if not stuck:
            used.update(misses)
            you[rng.randrange(5)] = _near(rng, centre[rng.randint(0, 1)], used)
        return position(variant, you=you, computer=computer, centre=centre, rest="spit",
                        seed=rng.randrange(10**6))
    return build


def classic_run(rng: random.Random) -> dict[str, Any]:
    """An empty slot or two, covered cards, and a chain from a centre card."""
    used: set[str] = set()
    centre = _take(rng, used, 2)
    chain = _chain(rng, centre[rng.randint(0, 1)], rng.randint(2, 4), used)
    cards = chain + _take(rng, used, rng.randint(3, 5))
    rng.shuffle(cards)
    you = [*_piles(rng, cards, 4, 3), []]
    rng.shuffle(you)
    return position("classic", you=you, computer=_take(rng, used, 2), centre=centre,
                    rest="spit", seed=rng.randrange(10**6))


def classic_slap(rng: random.Random) -> dict[str, Any]:
    """Your last few stock cards; centre piles of different sizes."""
    used: set[str] = set()
    tops = _take(rng, used, 2)
    mine = _chain(rng, tops[rng.randint(0, 1)], rng.randint(2, 3), used)
    mine += _take(rng, used, rng.randint(0, 1))
    rng.shuffle(mine)
    you = _piles(rng, mine, rng.randint(1, 2), 4)
    spit = _take(rng, used, rng.randint(2, 6))
    computer = _take(rng, used, 2)
    centres = [[*_take(rng, used, rng.randint(1, 8)), top] for top in tops]
    return position("classic", you=you, computer=computer, centre=centres, you_spit=spit,
                    rest="computer_spit", seed=rng.randrange(10**6))


BUILDERS: dict[tuple[str, P.Family], Candidate] = {
    ("duel", "run"): duel_run, ("duel", "deny"): duel_deny, ("duel", "only"): _only("duel"),
    ("duel", "race"): duel_race,
    ("classic", "run"): classic_run, ("classic", "slap"): classic_slap,
    ("classic", "only"): _only("classic"),
}


def interesting(game: Game, family: P.Family, answer: PublicAction,
                valued: P.Valued) -> bool:
    """Worth a learner's time: a real choice, and a line worth finding."""
    if family == "only":
        return answer[0] in ("declare_stuck", "spit") or len(
            [p for p in game.stock[0] if p]) >= 4
    if len(valued) < 2:
        return False
    if family == "run":
        return valued[answer][0] >= 3
    if family == "race":  # the computer can play now, and racing it changes the best move
        plain = P.unique_best(P.values(game, "run"), "run")
        return valued[answer][0] >= 3 and game.can_play(1) and plain != answer
    if family == "deny":
        return valued[answer][0] == 0
    return valued[answer][0] < P.NEVER


def record(game: Game, family: P.Family, answer: PublicAction,
           valued: P.Valued) -> dict[str, Any]:
    """A puzzle as stored: the position, the answer, and every first move's value."""
    return {
        "variant": game.variant,
        "family": family,
        "position": game.to_dict(),
        "answer": list(answer),
        "line": [list(a) for a in valued[answer][1]],
        "values": [[list(move), value] for move, (value, _) in valued.items()],
    }


def find(variant: str, family: P.Family, count: int, seed: int) -> list[dict[str, Any]]:
    """``count`` puzzles of a family, searched from ``seed``."""
    rng = random.Random(f"puzzles/{variant}/{family}/{seed}")
    found: list[dict[str, Any]] = []
    answers: set[str] = set()
    stucks = 0
    for _ in range(20_000):
        if len(found) == count:
            break
        game = Game.from_dict(BUILDERS[variant, family](rng))
        if game.status != "playing":
            continue
        valued = P.values(game, family)
        answer = P.unique_best(valued, family)
        if answer is None or not interesting(game, family, answer, valued):
            continue
        if answer[0] in ("declare_stuck", "spit"):
            if stucks >= 3:
                continue
            stucks += 1
        key = json.dumps(game.to_dict()["centre"])
        if key in answers:
            continue
        answers.add(key)
        found.append(record(game, family, answer, valued))
    return found


def main(argv: Sequence[str] | None = None) -> int:
    """Search every family and write :data:`DATA`; prints counts and times."""
    argparse.ArgumentParser(
        prog="python -m tools.find_puzzles",
        description="Search every puzzle family and write spit_widget/learn/puzzles.json "
                    "(about 1 to 2 minutes).").parse_args(argv)
    started = time.perf_counter()
    puzzles: list[dict[str, Any]] = []
    for (variant, family), count in WANTED.items():
        t0 = time.perf_counter()
        found = find(variant, family, count, seed=1)
        print(f"{variant:8s} {family:5s} {len(found):3d} puzzles in "
              f"{time.perf_counter() - t0:.1f} s", file=sys.stderr)
        for i, puzzle in enumerate(found, 1):
            puzzle["id"] = f"{variant}-{family}-{i}"
        puzzles += found
    DATA.write_text(json.dumps(puzzles, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(puzzles)} puzzles written to {DATA.name} in "
          f"{time.perf_counter() - started:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
