"""Observations and masks, row by row, laid out as :mod:`spit_widget.rl.encoding`
lays them out (192 values and 40 mask entries; the tests compare them with
the scalar ones value for value)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .jit import kernel
from .rules import WAIT, absolute_centre, cards_left, centre_top, stock_top
from .state import (
    CENTRE_N,
    CENTRES,
    LEGAL,
    MAY_WAIT,
    PLAYING,
    ROUND_OVER,
    SELECTED,
    SPIT_N,
    STATUS,
    STOCK_N,
    STUCK_FLAG,
    WENT_OUT,
    Int8s,
    Int64s,
)

MY_TOPS, MY_SIZES, THEIR_TOPS, THEIR_SIZES = 0, 70, 75, 145
CENTRE_TOPS, CENTRE_SIZES, FLAGS = 150, 178, 180
"""Offsets in the observation (``rl.encoding`` documents each)."""


@kernel
def _rank(card: int) -> int:
    """A card's place in its one-hot of 14: 0 for none, 1 (ace) to 13 (king)."""
    return 0 if card < 0 else card % 13 + 1


@kernel
def _slots(t: Int8s, b: int, p: int, out: npt.NDArray[np.float32], row: int, tops: int,
           sizes: int) -> None:
    for slot in range(5):
        out[row, tops + 14 * slot + _rank(stock_top(t, b, p, slot))] = 1.0
        out[row, sizes + slot] = t[b, STOCK_N + 5 * p + slot] / 5.0


@kernel
def write_observation(t: Int8s, b: int, p: int, out: npt.NDArray[np.float32], row: int,
                      classic: bool) -> None:
    """What ``p`` sees of game ``b``, into row ``row`` of ``out`` (``rl.encoding.observe``;
    a row index, not a view: a view made per step cost more than filling it)."""
    for i in range(192):
        out[row, i] = 0.0
    them = 1 - p
    _slots(t, b, p, out, row, MY_TOPS, MY_SIZES)
    _slots(t, b, them, out, row, THEIR_TOPS, THEIR_SIZES)
    centres = t[b, CENTRES]
    for relative in range(centres):
        c = absolute_centre(relative, p, centres)
        out[row, CENTRE_TOPS + 14 * relative + _rank(centre_top(t, b, c))] = 1.0
        out[row, CENTRE_SIZES + relative] = t[b, CENTRE_N + c] / 52.0
    if centres == 1:
        out[row, CENTRE_TOPS + 14] = 1.0
    status, went_out = t[b, STATUS], t[b, WENT_OUT]
    out[row, FLAGS] = t[b, SPIT_N + p] / 52.0
    out[row, FLAGS + 1] = t[b, SPIT_N + them] / 52.0
    out[row, FLAGS + 2] = cards_left(t, b, p) / 52.0
    out[row, FLAGS + 3] = cards_left(t, b, them) / 52.0
    bits = (t[b, STUCK_FLAG + p] != 0, t[b, STUCK_FLAG + them] != 0, status == PLAYING,
            status == ROUND_OVER, went_out == p, went_out == them, classic, centres == 1)
    for i in range(8):
        out[row, FLAGS + 4 + i] = 1.0 if bits[i] else 0.0


@kernel
def write_mask(t: Int8s, n: Int64s, b: int, p: int, out: npt.NDArray[np.int8],
               row: int) -> None:
    """1 for each action ``p`` may take now (``Turns.mask``) into row ``row`` of
    ``out``: nothing unless ``p`` is the one asked."""
    for i in range(40):
        out[row, i] = 0
    if p != t[b, SELECTED]:
        return
    bits = n[b, LEGAL + p]
    for i in range(WAIT):
        out[row, i] = (bits >> i) & 1
    out[row, WAIT] = t[b, MAY_WAIT]
