"""Paired tournaments: the same deals played both ways round on the same random
streams, so the deal's luck and the seat cancel and small differences show."""

from __future__ import annotations

import math

import pytest

from spit_widget.computer import View
from spit_widget.computer.strategies import expert
from spit_widget.computer.tournament import compare, paired_tournament, tournament
from spit_widget.engine import Action


@pytest.mark.parametrize("variant", ["duel", "classic"])
def test_a_strategy_against_itself_splits_every_deal(variant: str) -> None:
    result = paired_tournament(variant, ("expert", "expert"), 30 if variant == "duel" else 10)
    assert {d.score for d in result.deals} == {0.5}
    assert result.win_rate() == 0.5


def test_a_strategy_compared_with_itself_differs_by_exactly_nothing() -> None:
    same = compare("duel", ("expert", "expert"), "random", 60)
    assert same.difference() == 0.0 and same.interval() == (0.0, 0.0)


def careless(view: View) -> Action | None:
    """The expert, but now and then the last play it sees instead of its best."""
    plays = view.legal_plays() if view.status == "playing" else []
    if plays and view.cards_left() % 5 == 0:
        return view.play(*plays[-1])
    return expert(view)


def test_pairing_narrows_the_interval_so_a_small_change_is_measurable() -> None:
    paired = paired_tournament("duel", ("expert", "greedy"), 200, seed=1)
    plain = tournament("duel", ("expert", "greedy"), 400, seed=1)
    assert paired.interval()[1] - paired.interval()[0] < plain.interval()[1] - plain.interval()[0]
    assert paired.interval()[0] > 0.58  # the expert beats the first-play-seen greedy
    # Two close strategies against the same opponent: deal by deal, the difference's
    # interval is under half what two separate 400-game tournaments would give.
    gap = compare("duel", ("expert", careless), "random", 200, seed=1)
    plain_runs = [tournament("duel", (s, "random"), 400, seed=1) for s in ("expert", careless)]
    widths = [r.interval()[1] - r.interval()[0] for r in plain_runs]
    low, high = gap.interval()
    assert high - low < 0.5 * math.hypot(*widths)
    assert "paired 95% CI" in gap.report()
