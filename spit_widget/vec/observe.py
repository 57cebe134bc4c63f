"""Observations and masks, row by row, laid out as :mod:`spit_widget.rl.encoding`
lays them out (192 values and 40 mask entries; the tests compare them with
the scalar ones value for value)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ..engine.spaces import ACTION_COUNT, OBSERVATION_SIZE
from .jit import kernel
from .rules import WAIT
from .state import (
    CENTRE,
    CENTRE_N,
    CENTRES,
    LEGAL,
    MAY_WAIT,
    PLAYING,
    ROUND_OVER,
    SELECTED,
    SPIT_N,
    STATUS,
    STOCK,
    STOCK_N,
    STUCK_FLAG,
    WENT_OUT,
    Int8s,
    Int64s,
)

MY_TOPS, MY_SIZES, THEIR_TOPS, THEIR_SIZES = 0, 70, 75, 145
CENTRE_TOPS, CENTRE_SIZES, FLAGS = 150, 178, 180
"""Offsets in the observation (``rl.encoding`` documents each)."""


def observation_space() -> spaces.Dict:
    """The space of one row's observation (the dict of vector and mask): the space
    of :func:`spit_widget.rl.aec.observation_space`, built here from the shared sizes
    so that the vector engine need not import the layer above it (a test compares them)."""
    return spaces.Dict({
        "observation": spaces.Box(0.0, 1.0, (OBSERVATION_SIZE,), dtype=np.float32),
        "action_mask": spaces.Box(0, 1, (ACTION_COUNT,), dtype=np.int8),
    })


FIFTHS = (np.arange(6) / 5.0).astype(np.float32)
"""``k / 5.0`` as the observation holds it (a pile of ``k`` cards)."""
FIFTY_SECONDS = (np.arange(53) / 52.0).astype(np.float32)
"""``k / 52.0`` as the observation holds it (``k`` cards of the deck)."""


@kernel
def _stock(row: Int8s, p: int, obs: npt.NDArray[np.float32], at: int) -> int:
    """``p``'s slots into ``obs`` from ``at`` (five one-hots of 14, then five sizes);
    the stock cards ``p`` holds."""
    held = 0
    for slot in range(5):
        k = row[STOCK_N + 5 * p + slot]
        held += k
        rank = row[STOCK + 25 * p + 5 * slot + k - 1] % 13 + 1 if k else 0
        obs[at + 14 * slot + rank] = 1.0
        obs[at + MY_SIZES + slot] = FIFTHS[k]
    return held


@kernel
def write_observation(t: Int8s, b: int, p: int, out: npt.NDArray[np.float32], row: int,
                      classic: bool) -> None:
    """What ``p`` sees of game ``b``, into row ``row`` of ``out`` (``rl.encoding.observe``).

    Written for speed (a step writes one for every game): one view of each
    row, the values divided by 5 and 52 looked up (the very float32 values
    the division gives), and nothing called per card."""
    game, obs = t[b], out[row]
    obs[:] = 0.0
    them = 1 - p
    mine = _stock(game, p, obs, MY_TOPS)
    theirs = _stock(game, them, obs, THEIR_TOPS)
    centres = game[CENTRES]
    for relative in range(centres):
        c = 0 if centres == 1 else relative ^ p
        k = game[CENTRE_N + c]
        rank = game[CENTRE + 52 * c + k - 1] % 13 + 1 if k else 0
        obs[CENTRE_TOPS + 14 * relative + rank] = 1.0
        obs[CENTRE_SIZES + relative] = FIFTY_SECONDS[k]
    if centres == 1:
        obs[CENTRE_TOPS + 14] = 1.0
    spit_mine, spit_theirs = game[SPIT_N + p], game[SPIT_N + them]
    obs[FLAGS] = FIFTY_SECONDS[spit_mine]
    obs[FLAGS + 1] = FIFTY_SECONDS[spit_theirs]
    obs[FLAGS + 2] = FIFTY_SECONDS[mine + spit_mine]
    obs[FLAGS + 3] = FIFTY_SECONDS[theirs + spit_theirs]
    _flags(game, p, obs, classic)


@kernel
def _flags(game: Int8s, p: int, obs: npt.NDArray[np.float32], classic: bool) -> None:
    """The last eight values: stuck flags, status, who went out, the rules, one pile."""
    status, went_out = game[STATUS], game[WENT_OUT]
    obs[FLAGS + 4] = 1.0 if game[STUCK_FLAG + p] != 0 else 0.0
    obs[FLAGS + 5] = 1.0 if game[STUCK_FLAG + 1 - p] != 0 else 0.0
    obs[FLAGS + 6] = 1.0 if status == PLAYING else 0.0
    obs[FLAGS + 7] = 1.0 if status == ROUND_OVER else 0.0
    obs[FLAGS + 8] = 1.0 if went_out == p else 0.0
    obs[FLAGS + 9] = 1.0 if went_out == 1 - p else 0.0
    obs[FLAGS + 10] = 1.0 if classic else 0.0
    obs[FLAGS + 11] = 1.0 if game[CENTRES] == 1 else 0.0


@kernel
def write_mask(t: Int8s, n: Int64s, b: int, p: int, out: npt.NDArray[np.int8],
               row: int) -> None:
    """1 for each action ``p`` may take now (``Turns.mask``) into row ``row`` of
    ``out``: nothing unless ``p`` is the one asked."""
    mask = out[row]
    if p != t[b, SELECTED]:
        mask[:] = 0
        return
    bits = n[b, LEGAL + p]
    for i in range(WAIT):
        mask[i] = (bits >> i) & 1
    mask[WAIT] = t[b, MAY_WAIT]
