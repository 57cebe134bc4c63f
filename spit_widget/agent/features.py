"""What each candidate play would do, read off a batch of observations.

The policy scores every play the way DouZero scores a candidate move: the
board *and* a description of the move go into one network, so the network
never has to learn from scratch which rank fits on which (the wrap from King
to Ace included) before it can learn which play is wise. The description is
computed here, in NumPy, from the observation alone (the 192 values of
:mod:`spit_widget.rl.encoding`), so it holds nothing a player could not see.

Plays are the actions ``2 * slot + centre`` (centre relative to the player,
as in the encoding): ``PLAYS`` of them. For each the features are
``FEATURES`` numbers in [0, 1]:

====  ====================================================================
0     the pile's size / 5 (the card played is its top)
1     it uncovers a face-down card (size > 1)
2     it empties the slot (size == 1)
3     my other face-up cards that fit a centre pile after it / 5
4     the opponent's face-up cards that fit a centre pile after it / 5
5     the opponent has no play after it
6     my other face-up cards that fit the card played / 5
7     the opponent's face-up cards that fit the card played / 5
8     the opponent's cards that fit the pile's top now and fit nothing after
      (plays taken from them) / 5
9     my other cards of the same rank (a twin keeps the pile's need) / 5
10    the pile played on is mine (the one my spit card lands on)
====  ====================================================================
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ..rl.encoding import CENTRE_TOPS, MY_SIZES, MY_TOPS, THEIR_TOPS

PLAYS = 10
FEATURES = 11
SLOTS = 5
_HOT = 14

Floats = npt.NDArray[np.float32]
Ints = npt.NDArray[np.int64]


def ranks(obs: Floats, offset: int, count: int) -> Ints:
    """The ranks (0 = none, 1-13) of ``count`` one-hots of 14 starting at ``offset``."""
    hot = obs[:, offset:offset + _HOT * count].reshape(len(obs), count, _HOT)
    return np.asarray(hot.argmax(axis=2), dtype=np.int64)


def _accepting() -> Ints:
    """For each rank (0 = none), the bits of the ranks that fit on it."""
    table = np.zeros(_HOT, dtype=np.int64)
    for top in range(1, 14):
        for card in (top % 13 + 1, (top - 2) % 13 + 1):
            table[top] |= 1 << card
    return table


ACCEPTS = _accepting()
"""``ACCEPTS[top] >> card & 1``: rank ``card`` may go on rank ``top`` (one
apart, Ace and King adjacent); bit 0 (no card) is never set."""


def fits(card: Ints, top: Ints) -> npt.NDArray[np.bool_]:
    """Rank ``card`` may go on rank ``top`` (arrays broadcast)."""
    return (ACCEPTS[top] >> card & 1).astype(bool)


def play_features(obs: Floats) -> Floats:
    """``(B, PLAYS, FEATURES)``: each play described as the module docstring says."""
    b = len(obs)
    mine = ranks(obs, MY_TOPS, SLOTS)  # (B, 5)
    theirs = ranks(obs, THEIR_TOPS, SLOTS)
    centre = ranks(obs, CENTRE_TOPS, 2)  # (B, 2), relative: 0 is my pile
    sizes = np.rint(obs[:, MY_SIZES:MY_SIZES + SLOTS] * 5)
    slot = np.repeat(np.arange(SLOTS), 2)  # action k plays slot k // 2 ...
    onto = np.tile(np.arange(2), SLOTS)  # ... onto pile k % 2
    card = mine[:, slot]  # (B, 10)
    after = np.repeat(centre[:, None, :], PLAYS, axis=1)  # (B, 10, 2)
    after[:, np.arange(PLAYS), onto] = card
    covered = centre[:, onto]  # (B, 10)

    accepted = ACCEPTS[after[:, :, 0]] | ACCEPTS[after[:, :, 1]]  # (B, 10): bits of ranks

    def fit_any(cards: Ints) -> npt.NDArray[np.bool_]:
        """(B, 10, 5): each card fits one of the piles after each play."""
        return (accepted[:, :, None] >> cards[:, None, :] & 1).astype(bool)

    other = np.arange(SLOTS)[None, :] != slot[:, None]  # (10, 5): my cards but the one played
    my_after = (fit_any(mine) & other).sum(axis=2)
    their_fit = fit_any(theirs)
    their_after = their_fit.sum(axis=2)
    on_card_mine = (fits(mine[:, None, :], card[:, :, None]) & other).sum(axis=2)
    on_card_theirs = fits(theirs[:, None, :], card[:, :, None]).sum(axis=2)
    taken = (fits(theirs[:, None, :], covered[:, :, None]) & ~their_fit).sum(axis=2)
    twins = ((mine[:, None, :] == card[:, :, None]) & other & (card[:, :, None] > 0)).sum(axis=2)
    size = sizes[:, slot]
    out = np.empty((b, PLAYS, FEATURES), dtype=np.float32)
    out[..., 0] = size / 5
    out[..., 1] = size > 1
    out[..., 2] = size == 1
    out[..., 3] = my_after / 5
    out[..., 4] = their_after / 5
    out[..., 5] = their_after == 0
    out[..., 6] = on_card_mine / 5
    out[..., 7] = on_card_theirs / 5
    out[..., 8] = taken / 5
    out[..., 9] = twins / 5
    out[..., 10] = onto[None, :] == 0
    return out
