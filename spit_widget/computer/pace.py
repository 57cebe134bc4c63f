"""How quickly the computer reacts: the paces each rule set offers, and the
reaction-time model that draws each delay.

A pace is a reaction-time model, not a fixed sleep: the delay is drawn
(seeded) around the pace's mean and grows with what there is to scan. The
duel text names Slow, Normal and Fast; the classic text Relaxed, Steady,
Brisk and Take turns.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from .view import View


@dataclass(frozen=True)
class Pace:
    """How quickly the computer reacts.

    ``mean`` is the typical seconds from seeing the table to playing; the real
    delay is drawn around it and grows with the cards there are to scan.
    ``turns`` makes the computer wait for the human's card before each of its own.
    """

    name: str
    label: str
    mean: float
    spread: float = 0.25
    turns: bool = False


MATCH_ME = "match_me"
"""The pace that measures you and adapts (:mod:`.matchme`)."""

# The means below come from the calibration against the human model
# (computer/human.py), solved by `python -m spit_widget calibrate --solve`
# (see computer/calibration.py for each pace's target and docs/benchmarks.md for the table).
PACES: dict[str, tuple[Pace, ...]] = {
    "duel": (
        Pace("slow", "Slow", 1.86),
        Pace("normal", "Normal", 1.31),
        Pace("fast", "Fast", 0.97),
        Pace(MATCH_ME, "Match me", 1.31),
    ),
    "classic": (
        Pace("relaxed", "Relaxed", 3.06),
        Pace("steady", "Steady", 1.31),
        Pace("brisk", "Brisk", 1.10),
        Pace("take_turns", "Take turns", 1.0, turns=True),
        Pace(MATCH_ME, "Match me", 1.31),
    ),
}
"""The paces each rule set offers, slowest first, then Match me."""

EVEN_MEAN: dict[str, float] = {"duel": 1.31, "classic": 1.31}
"""The mean at which the computer wins half its games against the median
human model (Normal, Steady): where Match me starts."""

HUMAN_PLAYABLE_TO_CLICK: dict[str, float] = {"duel": 0.95, "classic": 1.01}
"""The median human model's median time from a card becoming playable to its
click, as Match me measures a player (printed by the calibrate command)."""

DEFAULT_PACE: dict[str, str] = {"duel": "normal", "classic": "relaxed"}
"""The pace a new table starts at."""


def paces(variant: str) -> tuple[Pace, ...]:
    """The paces the rule set ``variant`` offers, slowest first."""
    return PACES[variant]


def pace(variant: str, name: str) -> Pace:
    """The pace called ``name`` in ``variant``; ValueError naming the choices otherwise."""
    for candidate in PACES[variant]:
        if candidate.name == name:
            return candidate
    choices = ", ".join(p.name for p in PACES[variant])
    raise ValueError(f"{variant.title()} has no pace {name!r}; choose one of {choices}.")


TYPICAL_SCAN = 7
"""Cards a player typically scans (five stock tops and two centre piles): at
this many, the median reaction equals the pace's mean."""


def reaction_delay(pace: Pace, cards_to_scan: int, rng: random.Random) -> float:
    """Seconds the computer takes to see a play and make it.

    Human reaction times are skewed (a long tail of slow looks), so the delay
    is log-normal with its median at the pace's mean, scaled by how much there
    is to scan: more face-up cards means a longer look.
    """
    scale = 0.6 + 0.4 * cards_to_scan / TYPICAL_SCAN
    return rng.lognormvariate(math.log(pace.mean * scale), pace.spread)


LOCAL_ROUND_TRIP = 0.03
"""Seconds of round trip the paces take as given: a browser beside the kernel
(the latency benchmark's bare widget echoes in 22-48 ms, docs/benchmarks.md).
The calibration's person sits at the table with no network at all; a local
page's few hundredths of a second are within the spread of one look."""


def compensation(round_trip: float) -> float:
    """Seconds added to the computer's every reaction against a person whose
    measured round trip is ``round_trip``: the part beyond a local page's.

    A remote person sees each change half a trip late and their click lands
    half a trip later: every reaction of theirs, as the table sees it, is a
    whole trip slower. The computer sees everything at once, so it waits the
    same trip more, and a pace means the same win rate wherever the person
    sits (``calibrate --rtt`` shows it on the simulated clock)."""
    return max(0.0, round_trip - LOCAL_ROUND_TRIP)


def cards_to_scan(view: View) -> int:
    """Face-up cards the computer looks at: its own tops and the centre tops."""
    return sum(1 for t in view.tops() if t) + sum(1 for t in view.centre_tops() if t)
