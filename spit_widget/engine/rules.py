"""The two rule sets as data: what differs between ``duel`` and ``classic``.

The engine reads these flags instead of testing variant names all over, so a
rule difference lives in one place. How fast the computer
reacts is not a rule: paces live with the computer (``computer/pace.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

STOCK_PILES = 5
"""Every player lays out five stock piles of 1, 2, 3, 4 and 5 cards."""


@dataclass(frozen=True)
class Variant:
    """One rule set."""

    name: str
    title: str
    rounds: bool
    """Classic plays rounds until someone holds no cards; duel is one round."""
    moves_to_empty: bool
    """Classic lets a covering top card move into an empty slot; duel does not."""
    declare_stuck: bool
    """Duel: each side declares stuck and the spit follows when both have."""
    slap: bool
    """Classic: the player who goes out slaps the smaller centre pile."""
    fruitless_spit_limit: int | None
    """Duel: after this many spits in a row with no play between, a stalemate."""


DUEL = Variant(
    name="duel",
    title="Duel",
    rounds=False,
    moves_to_empty=False,
    declare_stuck=True,
    slap=False,
    fruitless_spit_limit=3,
)

CLASSIC = Variant(
    name="classic",
    title="Classic",
    rounds=True,
    moves_to_empty=True,
    declare_stuck=False,
    slap=True,
    fruitless_spit_limit=None,
)

VARIANTS: dict[str, Variant] = {DUEL.name: DUEL, CLASSIC.name: CLASSIC}


def variant(name: object) -> Variant:
    """The rule set called ``name``; ValueError naming the choices otherwise."""
    if isinstance(name, str) and name in VARIANTS:
        return VARIANTS[name]
    raise ValueError(f"Unknown variant {name!r}; choose 'duel' or 'classic'.")
