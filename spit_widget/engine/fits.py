"""What fits where, fast: the legal plays of one player, slot by slot.

Asking "which of my top cards go on which centre pile" is the hottest
question of any simulation, search or training loop. The answer comes with
the slot each play comes from, so that playing a listed card needs no search
(``Game`` keeps both until the table changes). The usual table (two centre
piles, neither empty) is answered by an unrolled copy of this loop in
:meth:`~.table.Table._reach`; this is the general case.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import ADJACENT

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
