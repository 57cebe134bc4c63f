"""Level positions written briefly, with all 52 cards in play.

The engine accepts a teaching fragment, but a course level is a real table:
every card is somewhere, so the counts a learner sees ("cards left") are true
and a stalemate or slap is decided as in a real game. The cards a level does
not name go where they change nothing the level is about: under the top cards
of the centre piles by default, or into a spit pile when a level needs spits.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Literal

from ..engine import cards as C

Piles = Sequence[str | Sequence[str]]
Rest = Literal["centre", "you_spit", "computer_spit", "spit", "you_stock", "computer_stock"]


def _pile(spec: str | Sequence[str]) -> list[str]:
    return spec.split() if isinstance(spec, str) else [str(card) for card in spec]


def _stock(spec: Piles, who: str) -> list[list[str]]:
    if len(spec) > 5:
        has = "have" if who == "you" else "has"
        raise ValueError(f"{who} {has} {len(spec)} stock piles; a player has at most 5.")
    return [_pile(p) for p in spec] + [[] for _ in range(5 - len(spec))]


def position(  # noqa: PLR0913 (a keyword-only teacher's call: one keyword per pile)
    variant: str = "duel",
    *,
    you: Piles = (),
    computer: Piles = (),
    centre: Piles = (),
    you_spit: str | Sequence[str] = (),
    computer_spit: str | Sequence[str] = (),
    rest: Rest = "centre",
    seed: int = 0,
    **extra: Any,
) -> dict[str, Any]:
    """A snapshot for ``Game.from_dict`` (and ``Level(position=...)``): each pile
    a string of cards bottom to top (``"2C 9D"``: 9♦ lies face up on 2♣).

    The cards not named are shuffled (by ``seed``) into ``rest``: under the top
    card of each centre pile (``"centre"``), under the named spit cards of one
    or both players, or face down under the first card of each stock pile of one
    player (``"you_stock"``, ``"computer_stock"``; the slots that already hold
    a card). ``extra`` keys (``stuck``, ``round``, ``max_rounds``, ...) pass
    through to the snapshot.
    """
    stocks = [_stock(you, "you"), _stock(computer, "the computer")]
    spits = [_pile(you_spit), _pile(computer_spit)]
    centres = [_pile(c) for c in centre]
    named = [c for group in (*stocks, spits, centres) for p in group for c in p]
    others = [c for c in C.DECK if c not in set(named)]
    random.Random(seed).shuffle(others)
    _bury(others, rest, stocks, spits, centres)
    players = [{"stock": stocks[p], "spit": spits[p]} for p in (0, 1)]
    return {"variant": variant, "players": players, "centre": centres, "seed": seed,
            "fragment": False, **extra}


def _bury(others: list[str], rest: Rest, stocks: list[list[list[str]]],
          spits: list[list[str]], centres: list[list[str]]) -> None:
    """Deal ``others`` round the piles ``rest`` names, each under what is there."""
    if rest == "centre":
        targets = [c for c in centres if c] or centres
    elif rest == "spit":
        targets = spits
    elif rest in ("you_spit", "computer_spit"):
        targets = [spits[0 if rest == "you_spit" else 1]]
    else:
        targets = [p for p in stocks[0 if rest == "you_stock" else 1] if p]
    if not targets:
        raise ValueError(f"rest={rest!r} names no pile to put the other cards in.")
    for i, card in enumerate(others):
        targets[i % len(targets)].insert(0, card)
