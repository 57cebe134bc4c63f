"""The engine's deals as arrays: game ``n`` of the vector engine is the deal of
``Game(variant, seed=n)``, shuffled by the engine's own code
(:func:`~spit_widget.engine.game.round_rng` and
:func:`~spit_widget.engine.cards.shuffled_deck`).

This is the one part of a step that runs as Python, once per game that ends;
``bench --vec`` measures its share.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

from ..engine.cards import DECK, shuffled_deck
from ..engine.game import round_rng

_CODE = np.full((128, 128), -1, dtype=np.int8)
for _index, _card in enumerate(DECK):
    _CODE[ord(_card[0]), ord(_card[1])] = _index


def decks(deals: Iterable[int]) -> npt.NDArray[np.int8]:
    """(n, 52): the shuffled deck of each deal (first round), cards as indices."""
    text = "".join("".join(shuffled_deck(round_rng(int(d), 1))) for d in deals)
    pairs = np.frombuffer(text.encode("ascii"), dtype=np.uint8).reshape(-1, 52, 2)
    return _CODE[pairs[..., 0], pairs[..., 1]]


def card_names(cards: npt.NDArray[np.int8]) -> list[str]:
    """Card indices back to the engine's two-character names."""
    return [DECK[int(c)] for c in cards]
