"""A model of how quickly a person sees a play and makes it, to sit in the
human's seat when the computer's paces are calibrated and "Match me" is tested.

A look at the table is modelled as the sum of four stages, each from a
published figure (rounded; the model claims no more precision than these
give):

* **Noticing and deciding: 0.24 s.** The Model Human Processor's simple
  reaction, one perceptual, one cognitive and one motor cycle
  (100 + 70 + 70 ms; Card, Moran & Newell 1983, *The Psychology of
  Human-Computer Interaction*). Simple visual reaction times of 0.19-0.25 s
  are the classic range (Welford 1980, *Reaction Times*).
* **Searching: 40 ms per comparison.** To find a play a person holds the
  ranks the centre piles need in mind (two per pile: "a 6 or an 8") and checks
  each face-up card of their own against them. Memory scanning costs about
  38 ms per item held in mind (Sternberg 1966), and inefficient visual search
  20-50 ms per item looked at (Treisman & Gelade 1980; Wolfe 1998, "What can
  1 million trials tell us about visual search?"), so a comparison is taken
  as 40 ms. A search that finds a play stops at it, on average halfway
  through the comparisons; a search that finds nothing (before pressing
  Stuck or Spit!) checks them all, the usual 2:1 ratio of target-absent to
  target-present slopes.
* **Choosing: Hick-Hyman, 150 ms per bit** (Hick 1952; Hyman 1953 found
  slopes of about 0.13-0.2 s/bit), paid only when the card found fits both
  centre piles (one bit: which pile).
* **Reaching the card: 0.4 s.** Fitts's law for a mouse, about 0.1 s per bit
  of difficulty (Card, English & Burr 1978: 96 ms/bit; the MHP's 100 ms/bit),
  for a card three card-widths away (log2(3 + 1) = 2 bits) plus about 0.2 s
  to start the move and press the button.

A person at the median of all this takes about 1.0 s to play a card from a
full row (five cards, two centre piles) and about 1.4 s to be sure there is
nothing and press Stuck. Reaction times are skewed with a long slow tail; the
whole look is drawn log-normal around its median with a spread (sigma) of
0.35, a coefficient of variation near the 0.3-0.4 of choice-reaction data
(Luce 1986, *Response Times*).

**Slips: 3%.** In speeded choice tasks people err on a few percent of
responses (2-5% is typical at natural speed); a slip here is a click that
does not land (the wrong card, a miss), costing another look.

The choice itself is a person's, not a program's: the first play found in a
search in no set order (so: any legal play, at random), moving a card into
an empty slot in classic when there is no play.

``speed`` scales the whole look (2.0 is a person twice as slow as the
median), for the range of players "Match me" must suit. The "beginner"
(:data:`BEGINNER`) is this project's assumption, not a published figure: a
player new to the game, half again as slow as the median and twice as slip-prone.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from ..engine import Action
from .strategies import Strategy, when_no_play
from .view import View

NOTICE = 0.24
"""Seconds to notice a change and start acting (MHP simple reaction)."""
COMPARISON = 0.040
"""Seconds per card-against-target comparison (Sternberg 1966; Wolfe 1998)."""
HICK_BIT = 0.150
"""Seconds per bit of choice (Hick 1952; Hyman 1953)."""
REACH = 0.40
"""Seconds to point at and click a card (Fitts's law for a mouse)."""
SPREAD = 0.35
"""Log-normal sigma of a whole look (Luce 1986: CV 0.3-0.4)."""
SLIP_RATE = 0.03
"""Share of clicks that do not land (speeded choice tasks: 2-5%)."""


@dataclass(frozen=True)
class HumanModel:
    """How quickly a person reacts at the table; ``speed`` scales every look
    (1.0 the median person, 2.0 twice as slow)."""

    speed: float = 1.0
    slip_rate: float = SLIP_RATE
    spread: float = SPREAD
    name: str = "median human"

    def median_look(self, own_cards: int, centre_piles: int, found: bool,
                    fits_both: bool = False) -> float:
        """The median seconds of one look: notice, search, choose, reach."""
        comparisons = own_cards * 2 * max(centre_piles, 1)
        searched = (comparisons + 1) / 2 if found else comparisons
        seconds = NOTICE + COMPARISON * searched + REACH
        if fits_both:
            seconds += HICK_BIT
        return self.speed * seconds

    def delay(self, view: View, action: Action, rng: random.Random) -> float:
        """Seconds from the table changing to ``action`` landing, drawn."""
        own = sum(1 for t in view.tops() if t)
        piles = sum(1 for t in view.centre_tops() if t)
        found = action.kind in ("play", "move", "slap")
        fits_both = action.kind == "play" and _fits_both(view, action)
        median = self.median_look(own, piles, found, fits_both)
        return rng.lognormvariate(math.log(median), self.spread)

    def slips(self, rng: random.Random) -> bool:
        """Does this click go astray (and cost another look)?"""
        return rng.random() < self.slip_rate


MEDIAN_HUMAN = HumanModel()
"""The median person: every figure at its published median."""

BEGINNER = HumanModel(speed=1.5, slip_rate=0.06, name="beginner")
"""A player new to the game (this project's assumption): half again as slow,
twice the slips. Classic's Relaxed pace is set for them."""


def _fits_both(view: View, action: Action) -> bool:
    return sum(1 for card, _ in view.legal_plays() if card == action.card) > 1


def human_choice(rng: random.Random) -> Strategy:
    """What a person plays: the first play found in a search in no set order
    (any legal play, at random); in classic a card into an empty slot when
    there is no play; otherwise Stuck, Spit! or the slap, like every seat."""

    def choose(view: View) -> Action | None:
        if view.status == "playing":
            plays = view.legal_plays()
            if plays:
                return view.play(*plays[int(rng.random() * len(plays))])
            moves = view.legal_moves_to_empty()
            if moves:
                card, slot = moves[int(rng.random() * len(moves))]
                return Action("move", view.player, card, slot)
        return when_no_play(view)

    choose.__name__ = "human"
    return choose
