"""Checks shared by the widget and hardening tests (``tests/`` is on the path
through its conftest)."""

from __future__ import annotations

from spit_widget import SpitWidget
from spit_widget.engine.cards import DECK


def assert_view_matches_engine(w: SpitWidget, cards: list[str] | None = None) -> None:
    """What the page would draw is what the engine holds, and no card is lost."""
    g, s = w.game, w.state
    assert sorted(g.all_cards()) == sorted(cards if cards is not None else DECK)
    assert s["status"] == g.status
    assert s["variant"] == g.variant
    for p in (0, 1):
        player = s["players"][p]
        assert [slot["top"] for slot in player["stock"]] == g.stock_tops(p)
        assert [slot["count"] for slot in player["stock"]] == [len(x) for x in g.stock[p]]
        assert player["spit_count"] == len(g.spit_piles[p])
        assert player["cards_left"] == g.cards_left(p)
    assert [c["top"] for c in s["centre"]] == g.centre_tops()
    assert [c["count"] for c in s["centre"]] == [len(x) for x in g.centre]
    if g.status == "playing" and not s["paused"]:
        assert sorted(map(tuple, s["you"]["plays"])) == sorted(g.legal_plays(0))
