"""The pace menu: every pace found by its name, in the order and at the speeds the menu promises."""

from __future__ import annotations

import itertools
import random
import statistics

import pytest

from spit_widget import Game
from spit_widget.computer.match import Match
from spit_widget.computer.pace import TYPICAL_SCAN, cards_to_scan, pace, paces, reaction_delay
from spit_widget.computer.view import View

MENUS = {
    "duel": [("slow", "Slow"), ("normal", "Normal"), ("fast", "Fast"), ("match_me", "Match me")],
    "classic": [("relaxed", "Relaxed"), ("steady", "Steady"), ("brisk", "Brisk"),
                ("take_turns", "Take turns"), ("match_me", "Match me")],
}
# Match me starts where the computer and the median person win equally often.
EVEN = {"duel": "normal", "classic": "steady"}


def medians(variant: str, cards: int = TYPICAL_SCAN) -> dict[str, float]:
    rng = random.Random(7)
    return {
        p.name: statistics.median(reaction_delay(p, cards, rng) for _ in range(2000))
        for p in paces(variant)
    }


@pytest.mark.parametrize("variant", ["duel", "classic"])
def test_the_menu_names_each_pace_as_the_rules_do_and_each_name_finds_its_pace(
    variant: str,
) -> None:
    assert [(p.name, p.label) for p in paces(variant)] == MENUS[variant]
    for name, label in MENUS[variant]:
        found = pace(variant, name)
        assert found is not None and (found.name, found.label) == (name, label)


def test_an_unknown_pace_is_refused_with_the_choices() -> None:
    choices = "Duel has no pace 'warp'; choose one of slow, normal, fast"
    with pytest.raises(ValueError, match=choices):
        pace("duel", "warp")
    with pytest.raises(ValueError, match="relaxed, steady, brisk, take_turns"):
        pace("classic", "fast")  # a duel pace is no classic pace


def test_a_new_table_starts_at_normal_in_a_duel_and_relaxed_in_classic() -> None:
    assert Match(Game("duel", seed=1)).pace == "normal"
    assert Match(Game("classic", seed=1)).pace == "relaxed"


@pytest.mark.parametrize("variant", ["duel", "classic"])
def test_each_pace_reacts_quicker_than_the_one_before_it_on_the_menu(variant: str) -> None:
    typical = medians(variant)
    racing = [typical[p.name] for p in paces(variant) if not p.turns and p.name != "match_me"]
    assert all(a > 1.03 * b for a, b in itertools.pairwise(racing)), f"{variant}: {typical}"
    for name, seconds in typical.items():
        assert 0.3 < seconds < 8, f"{name}: median reaction {seconds:.2f} s is not human"
    assert typical["match_me"] == pytest.approx(typical[EVEN[variant]], rel=0.05)


def test_reactions_vary_like_a_persons_but_stay_near_the_pace() -> None:
    rng = random.Random(3)
    for p in paces("duel") + paces("classic"):
        delays = [reaction_delay(p, TYPICAL_SCAN, rng) for _ in range(2000)]
        near = sum(p.mean / 1.6 <= d <= p.mean * 1.6 for d in delays) / len(delays)
        assert near >= 0.9, f"{p.name}: only {near:.0%} of reactions within 1.6x of its pace"
        assert statistics.stdev(delays) > 0.1 * p.mean, f"{p.name} reacts like a metronome"


def test_only_take_turns_waits_for_the_human() -> None:
    assert [p.name for p in paces("duel") + paces("classic") if p.turns] == ["take_turns"]


def test_fewer_cards_to_scan_means_a_quicker_look() -> None:
    rng = random.Random(5)
    normal = pace("duel", "normal")
    few = statistics.median(reaction_delay(normal, 2, rng) for _ in range(2000))
    typical = statistics.median(reaction_delay(normal, TYPICAL_SCAN, rng) for _ in range(2000))
    assert few < 0.85 * typical
    assert few > 0.5 * typical  # a glance still takes time


def test_the_computer_scans_its_own_face_up_tops_and_the_centre() -> None:
    game = Game.position("duel", you=["2C", "3D"], computer=["5C", "KH 9S", "4D"],
                         centre=["6H", "JD"], you_spit="2S", computer_spit="2H")
    assert cards_to_scan(View(game, 1)) == 3 + 2
    assert cards_to_scan(View(game, 0)) == 2 + 2
