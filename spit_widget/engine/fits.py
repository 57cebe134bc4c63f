"""What fits where, fast: the legal plays of one player, slot by slot.

Asking "which of my top cards go on which centre pile" is the hottest
question of any simulation, search or training loop. The answer comes with
the slot each play comes from, so that playing a listed card needs no search
(``Game`` keeps both until the table changes).

:func:`plays_and_slots` answers for any table. The usual one (two centre
piles, neither empty) is answered faster by :meth:`~.tableau.Tableau.legal_plays_view` from
each player's *rank buckets* (:func:`rank_slots`: for each rank, the bitmask
of the slots showing it), which a play updates in two steps: the slots that
fit a pile are the buckets of its two neighbour ranks, OR-ed, and
:data:`IN_ORDER` lists the plays of two such masks in the order above.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import ADJACENT, RANK_INDEX

Play = tuple[str, int]
"""A play: (card, centre pile)."""


def plays_and_slots(
    centre: Sequence[list[str]], stock: Sequence[list[str]]
) -> tuple[list[Play], list[int]]:
    """Every play the player with ``stock`` can make onto ``centre``, slot by
    slot (then left before right), and beside each the slot it comes from."""
    plays: list[Play] = []
    slots: list[int] = []
    accepts = [(c, ADJACENT[pile[-1]]) for c, pile in enumerate(centre) if pile]
    for slot, pile in enumerate(stock):
        if pile:
            card = pile[-1]
            for c, fitting in accepts:
                if card in fitting:
                    plays.append((card, c))
                    slots.append(slot)
    return plays, slots


NEIGHBOURS: dict[str, tuple[int, int]] = {
    card: ((rank - 1) % 13, (rank + 1) % 13) for card, rank in RANK_INDEX.items()}
"""For each card, the two ranks (0 ace .. 12 king) that may be played on it."""


def _in_order(onto_left: int, onto_right: int) -> tuple[tuple[int, int], ...]:
    """The (slot, centre) of each play, slot by slot then left before right,
    from the bitmasks of the slots whose top fits the left and right piles."""
    return tuple((slot, c) for slot in range(5) for c, mask in enumerate((onto_left, onto_right))
                 if mask >> slot & 1)


IN_ORDER: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    _in_order(m >> 5, m & 31) for m in range(1024))
""":func:`_in_order` for every pair of slot masks, indexed ``left << 5 | right``."""

SLOTS_IN_ORDER: tuple[tuple[int, ...], ...] = tuple(
    tuple(slot for slot, _ in plays) for plays in IN_ORDER)
"""The slots alone of :data:`IN_ORDER`: the plays' slots come ready-made, not appended."""


def rank_slots(stock: Sequence[list[str]]) -> list[int]:
    """For each rank, the bitmask of the slots whose top card has that rank."""
    by_rank = [0] * 13
    for slot, pile in enumerate(stock):
        if pile:
            by_rank[RANK_INDEX[pile[-1]]] |= 1 << slot
    return by_rank
