"""Observations and masks, row by row, laid out as :mod:`spit_widget.rl.encoding`
lays them out (192 values and 40 mask entries; the tests compare them with
the scalar ones value for value)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .jit import kernel
from .rules import WAIT, absolute_centre, cards_left
from .state import PLAYING, ROUND_OVER, State

MY_TOPS, MY_SIZES, THEIR_TOPS, THEIR_SIZES = 0, 70, 75, 145
CENTRE_TOPS, CENTRE_SIZES, FLAGS = 150, 178, 180
"""Offsets in the observation (``rl.encoding`` documents each)."""


@kernel
def _slots(s: State, b: int, p: int, out: npt.NDArray[np.float32], tops: int,
           sizes: int) -> None:
    for slot in range(5):
        n = s.stock_n[b, p, slot]
        rank = 0 if n == 0 else s.stock[b, p, slot, n - 1] % 13 + 1
        out[tops + 14 * slot + rank] = 1.0
        out[sizes + slot] = n / 5.0


@kernel
def write_observation(s: State, b: int, p: int, out: npt.NDArray[np.float32],
                      classic: bool) -> None:
    """What ``p`` sees of game ``b``, into ``out`` (``rl.encoding.observe``)."""
    out[:] = 0.0
    them = 1 - p
    _slots(s, b, p, out, MY_TOPS, MY_SIZES)
    _slots(s, b, them, out, THEIR_TOPS, THEIR_SIZES)
    centres = s.centres[b]
    for relative in range(centres):
        c = absolute_centre(relative, p, centres)
        m = s.centre_n[b, c]
        rank = 0 if m == 0 else s.centre[b, c, m - 1] % 13 + 1
        out[CENTRE_TOPS + 14 * relative + rank] = 1.0
        out[CENTRE_SIZES + relative] = m / 52.0
    if centres == 1:
        out[CENTRE_TOPS + 14] = 1.0
    status, went_out = s.status[b], s.went_out[b]
    out[FLAGS] = s.spit_n[b, p] / 52.0
    out[FLAGS + 1] = s.spit_n[b, them] / 52.0
    out[FLAGS + 2] = cards_left(s, b, p) / 52.0
    out[FLAGS + 3] = cards_left(s, b, them) / 52.0
    bits = (s.stuck[b, p], s.stuck[b, them], status == PLAYING, status == ROUND_OVER,
            went_out == p, went_out == them, classic, centres == 1)
    for i in range(8):
        out[FLAGS + 4 + i] = 1.0 if bits[i] else 0.0


@kernel
def write_mask(s: State, b: int, p: int, out: npt.NDArray[np.int8]) -> None:
    """1 for each action ``p`` may take now (``Turns.mask``): nothing unless
    ``p`` is the one asked."""
    out[:] = 0
    if p != s.selected[b]:
        return
    bits = s.legal[b, p]
    for i in range(WAIT):
        out[i] = (bits >> i) & 1
    out[WAIT] = s.may_wait[b]
