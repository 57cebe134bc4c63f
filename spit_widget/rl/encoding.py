"""Numbers for learners: a fixed-size observation and a discrete action space.

Both are built from a :class:`~spit_widget.computer.View`, so an observation
holds exactly what a player at the table may see (never a face-down card) and
a trained policy runs unchanged as a strategy in tournaments and the widget.

Everything is from the observing player's side: "mine" comes before "theirs",
and centre pile 0 is the pile on *your* side (the one your spit card lands on;
in a classic round with a single centre pile, that pile is 0 and pile 1 is
absent). So one policy plays either seat.

**Observation** (``OBSERVATION_SIZE`` = 192 float32 values in [0, 1]):

=========  =====  ==========================================================
offset     size   meaning
=========  =====  ==========================================================
0          70     my five stock slots: each a one-hot of 14 (0 = empty,
                  1-13 = rank A..K of the face-up top card; suits never
                  matter in Spit)
70         5      my five pile sizes / 5
75         70     the opponent's five slots, as mine
145        5      the opponent's pile sizes / 5
150        28     the two centre tops, one-hot of 14 each (0 = empty/absent)
178        2      the centre pile sizes / 52
180        2      spit cards: mine, theirs (/ 52)
182        2      cards held (stock + spit): mine, theirs (/ 52)
184        2      stuck flags (duel): mine, theirs
186        6      playing, round over, I went out, they went out, classic,
                  a single centre pile
=========  =====  ==========================================================

**Actions** (``ACTION_COUNT`` = 40), every kind the engine knows:

=======  ==================================================================
index    action
=======  ==================================================================
0-9      play the top card of slot ``s`` onto centre ``c``: ``2*s + c``
10-34    classic: move the top card of slot ``s`` into empty slot ``t``:
         ``10 + 5*s + t``
35       duel: declare stuck
36       classic: spit (when nobody can play; with no spit card left it
         ends the round)
37-38    classic: slap centre ``c`` after going out: ``37 + c``
39       wait: let the other player act (offered only while they can)
=======  ==================================================================
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ..computer import View
from ..engine import PLAYING, ROUND_OVER, Action
from ..engine.cards import RANKS
from ..engine.rules import STOCK_PILES
from ..engine.spaces import ACTION_COUNT, OBSERVATION_SIZE

Observation = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]

_ONE_HOT = 14
MY_TOPS, MY_SIZES = 0, 70
THEIR_TOPS, THEIR_SIZES = 75, 145
CENTRE_TOPS, CENTRE_SIZES = 150, 178
SPIT_CARDS, CARDS_HELD, STUCK, FLAGS = 180, 182, 184, 186

PLAY, MOVE, STUCK_ACTION, SPIT, SLAP, WAIT = 0, 10, 35, 36, 37, 39
assert OBSERVATION_SIZE == FLAGS + 6 and ACTION_COUNT == WAIT + 1  # the sizes in engine.spaces

RANK_INDEX = {rank: i + 1 for i, rank in enumerate(RANKS)}
"""1 (ace) to 13 (king): a card's position in its one-hot of 14."""


def _rank(card: str | None) -> int:
    return 0 if card is None else RANK_INDEX[card[0]]


def absolute_centre(relative: int, player: int, centres: int) -> int:
    """The engine's index of the centre pile ``relative`` to ``player`` (the
    mapping is its own inverse: it also turns an engine index into a relative one)."""
    return 0 if centres == 1 else relative ^ player


def observe(view: View) -> Observation:
    """The observation of ``view.player`` (the layout is in the module docstring)."""
    # Gathered in plain lists and written in four numpy operations: numpy's
    # per-item assignment would cost more than the rest of an env step.
    me, them = view.player, view.opponent
    hot = [MY_TOPS + _ONE_HOT * slot + _rank(card) for slot, card in enumerate(view.tops(me))]
    hot += [THEIR_TOPS + _ONE_HOT * slot + _rank(card)
            for slot, card in enumerate(view.tops(them))]
    tops, sizes = view.centre_tops(), view.centre_sizes()
    centre_sizes = [0.0, 0.0]
    for relative in range(len(tops)):
        c = absolute_centre(relative, me, len(tops))
        hot.append(CENTRE_TOPS + _ONE_HOT * relative + _rank(tops[c]))
        centre_sizes[relative] = sizes[c] / 52.0
    if len(tops) == 1:
        hot.append(CENTRE_TOPS + _ONE_HOT)  # the absent pile
    stuck, out, status = view.stuck, view.went_out, view.status
    obs = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    obs[hot] = 1.0
    obs[MY_SIZES:MY_SIZES + STOCK_PILES] = [n / 5.0 for n in view.pile_sizes(me)]
    obs[THEIR_SIZES:THEIR_SIZES + STOCK_PILES] = [n / 5.0 for n in view.pile_sizes(them)]
    obs[CENTRE_SIZES:] = [
        *centre_sizes,
        view.spit_cards(me) / 52.0, view.spit_cards(them) / 52.0,
        view.cards_left(me) / 52.0, view.cards_left(them) / 52.0,
        stuck[me], stuck[them],
        status == PLAYING, status == ROUND_OVER, out == me, out == them,
        not view.declares_stuck, len(tops) == 1,
    ]
    return obs


def legal_indices(view: View) -> list[int]:
    """The action indices ``view.player`` may take now, wait aside."""
    if view.status == ROUND_OVER:
        centres = len(view.centre_sizes())
        return [SLAP + absolute_centre(c, view.player, centres) for c in view.slappable()]
    if view.status != PLAYING:
        return []
    me = view.player
    tops = view.tops()
    centres = len(view.centre_sizes())
    plays = view.legal_plays()
    legal = [PLAY + 2 * tops.index(card) + absolute_centre(c, me, centres) for card, c in plays]
    legal += [MOVE + 5 * tops.index(card) + slot for card, slot in view.legal_moves_to_empty()]
    if view.declares_stuck:
        if not plays and not view.stuck[me]:
            legal.append(STUCK_ACTION)
    elif view.both_stuck():
        legal.append(SPIT)
    return legal


def action_mask(view: View, may_wait: bool = False) -> Mask:
    """1 for each legal action index of ``view.player``, 0 elsewhere."""
    mask = np.zeros(ACTION_COUNT, dtype=np.int8)
    mask[legal_indices(view)] = 1
    mask[WAIT] = may_wait
    return mask


def to_action(view: View, index: int) -> Action | None:
    """The engine action an index stands for (None: wait). Checks the shape of
    the index, not its legality: the engine explains a refusal."""
    index = int(index)
    if not 0 <= index < ACTION_COUNT:
        raise ValueError(f"There is no action {index}; actions run from 0 to {ACTION_COUNT - 1}.")
    me = view.player
    centres = len(view.centre_sizes())
    if index < MOVE:
        slot, relative = divmod(index - PLAY, 2)
        return Action("play", me, view.tops()[slot], absolute_centre(relative, me, centres))
    if index < STUCK_ACTION:
        source, slot = divmod(index - MOVE, 5)
        return Action("move", me, view.tops()[source], slot)
    if index == STUCK_ACTION:
        return Action("stuck", me)
    if index == SPIT:
        return Action("spit")
    if index < WAIT:
        return Action("slap", me, None, absolute_centre(index - SLAP, me, centres))
    return None


def action_name(index: int) -> str:
    """A short description of an action index, for logs and plots."""
    if index < MOVE:
        slot, centre = divmod(index - PLAY, 2)
        return f"play slot {slot} -> centre {centre}"
    if index < STUCK_ACTION:
        source, slot = divmod(index - MOVE, 5)
        return f"move slot {source} -> empty slot {slot}"
    names: dict[int, Any] = {STUCK_ACTION: "stuck", SPIT: "spit", SLAP: "slap centre 0",
                             SLAP + 1: "slap centre 1", WAIT: "wait"}
    return str(names[index])
