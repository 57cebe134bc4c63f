"""What the league chart shows: every rating with its interval, best at the top, and each
pairing's win rate written in its cell."""

from __future__ import annotations

import pytest

from spit_widget.computer.league import league, plot, resolve


def test_the_chart_shows_the_ratings_and_every_head_to_head_rate() -> None:
    result = league("duel", ["random", "greedy", "expert"], 12, seed=1)
    chart = plot(result)
    left, right = chart.figure.axes[:2]
    ranked = [r.name for r in result.ratings()]
    assert [t.get_text() for t in left.get_yticklabels()] == ranked[::-1]  # best at the top
    assert left.get_title() == f"duel league, {len(result.games)} games"
    assert left.get_xlabel() == "Elo rating (95% interval)"
    cells = {t.get_text() for t in right.texts}
    index = {name: result.names.index(name) for name in ranked}
    expected = {f"{result.win_rate(index[a], index[b]):.0%}"
                for a in ranked for b in ranked if a != b}
    assert cells == expected and len(right.texts) == 6
    assert right.get_title() == "row's win rate against column"
    assert right.images[0].get_clim() == (0, 1)  # the colours span 0% to 100%
    assert [t.get_text() for t in right.get_xticklabels()] == ranked
    assert [t.get_text() for t in right.get_yticklabels()] == ranked


def test_an_entrant_that_is_not_a_function_is_refused() -> None:
    with pytest.raises(ValueError) as refused:
        resolve("math:pi")
    assert str(refused.value) == "'math:pi' is not a function from a View to an Action."
    assert resolve("spit_widget.computer.strategies:greedy").__name__ == "greedy"
