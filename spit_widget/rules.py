"""The two rule sets as data: what differs between ``duel`` and ``classic``.

The engine reads these flags instead of testing variant names all over, so a
rule difference lives in one place. Paces live here too because each variant
offers its own (the duel text names Slow/Normal/Fast, the classic text
Relaxed/Steady/Brisk and Take turns).
"""

from __future__ import annotations

from dataclasses import dataclass

STOCK_PILES = 5
"""Every player lays out five stock piles of 1, 2, 3, 4 and 5 cards."""

STOCK_CARDS = sum(range(1, STOCK_PILES + 1))
"""Cards a full layout puts in the stock piles (15); a player holding this many or
fewer at the start of a classic round is short of cards and has no spit pile."""


@dataclass(frozen=True)
class Pace:
    """How quickly the computer reacts.

    ``mean`` is the typical seconds from seeing the table to playing; the real
    delay is drawn around it and grows with the cards there are to scan.
    ``turns`` makes the computer wait for the human's card before each of its own.
    """

    name: str
    label: str
    mean: float
    spread: float = 0.25
    turns: bool = False


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
    paces: tuple[Pace, ...]
    default_pace: str

    def pace(self, name: str) -> Pace:
        """The pace called ``name``; ValueError naming the choices otherwise."""
        for pace in self.paces:
            if pace.name == name:
                return pace
        choices = ", ".join(p.name for p in self.paces)
        raise ValueError(f"{self.title} has no pace {name!r}; choose one of {choices}.")


DUEL = Variant(
    name="duel",
    title="Duel",
    rounds=False,
    moves_to_empty=False,
    declare_stuck=True,
    slap=False,
    fruitless_spit_limit=3,
    paces=(
        Pace("slow", "Slow", 3.0),
        Pace("normal", "Normal", 1.6),
        Pace("fast", "Fast", 0.8),
    ),
    default_pace="normal",
)

CLASSIC = Variant(
    name="classic",
    title="Classic",
    rounds=True,
    moves_to_empty=True,
    declare_stuck=False,
    slap=True,
    fruitless_spit_limit=None,
    paces=(
        Pace("relaxed", "Relaxed", 4.5),
        Pace("steady", "Steady", 2.5),
        Pace("brisk", "Brisk", 1.2),
        Pace("take_turns", "Take turns", 1.0, turns=True),
    ),
    default_pace="relaxed",
)

VARIANTS: dict[str, Variant] = {DUEL.name: DUEL, CLASSIC.name: CLASSIC}


def variant(name: object) -> Variant:
    """The rule set called ``name``; ValueError naming the choices otherwise."""
    if isinstance(name, str) and name in VARIANTS:
        return VARIANTS[name]
    raise ValueError(f"Unknown variant {name!r}; choose 'duel' or 'classic'.")
