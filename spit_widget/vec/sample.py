"""Random legal actions for a whole batch, one uniform draw a game."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .jit import entry


@entry
def _pick(mask: npt.NDArray[np.int8], u: npt.NDArray[np.float64],
          out: npt.NDArray[np.int64]) -> None:
    for b in range(mask.shape[0]):
        count = 0
        for i in range(mask.shape[1]):
            count += mask[b, i]
        k = int(u[b] * count)
        chosen = mask.shape[1] - 1
        for i in range(mask.shape[1]):
            if mask[b, i]:
                if k == 0:
                    chosen = i
                    break
                k -= 1
        out[b] = chosen


def random_legal(mask: npt.NDArray[np.int8], rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """For each row of ``mask``, an action drawn uniformly from its legal ones
    (a row with none gets the last action, wait, which the game refuses)."""
    chosen = np.empty(mask.shape[0], dtype=np.int64)
    draws = np.asarray(rng.random(size=int(mask.shape[0])), dtype=np.float64)
    _pick(mask, draws, chosen)
    return chosen
