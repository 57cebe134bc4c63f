"""Two-person behaviours a one-token change once left unseen (issue 28.3)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from page import Page
from test_seats import VIEWS, Table, short_duel

from spit_widget import SpitWidget


@pytest.fixture
def table(make_widget: Callable[..., SpitWidget]) -> Callable[..., Table]:
    def make(**kwargs: Any) -> Table:
        return Table(make_widget(opponent="human", **kwargs))
    return make


def test_new_log_lines_name_the_players_as_a_page_receives_them(
        table: Callable[..., Table]) -> None:
    """Decision: every line a view appends says who acted by name, the same
    in both views (not "You" in one and "the computer" in the other)."""
    t = table(game=short_duel(), names=("Ann", "Bob"))
    t.sit(VIEWS[0])
    t.sit(VIEWS[1])
    page = Page(t.w)  # a view open before the play: it gets the play as news
    t.msg(VIEWS[1], kind="play", card="QC", centre=1, id=1)
    assert [e["text"] for e in t.w.state["log_new"]] == ["Bob plays Q♣ on the right pile."]
    assert page.log[-1]["text"] == "Bob plays Q♣ on the right pile."


def test_a_seated_views_play_again_deals_and_a_spectators_is_refused(
        table: Callable[..., Table]) -> None:
    """Decision: Play Again is a player's control. From a seat it deals a new
    game at once; from a watching view it is refused with the reason, in that
    view, and the game goes on."""
    t = table(seed=3, names=("Ann", "Bob"))
    for view in VIEWS:
        t.sit(view)
    first, game_no = t.w.game.to_dict(), t.w.state["log_game"]
    s = t.msg(VIEWS[2], kind="new_game", id=1)
    assert s["message"]["text"] == "Only the players can deal again; this view watches."
    assert s["message"]["view"] == VIEWS[2] and t.w.game.to_dict() == first
    s = t.msg(VIEWS[1], kind="new_game", id=2)
    assert s["log_game"] == game_no + 1 and t.w.game.to_dict() != first
    assert [seat["name"] for seat in s["seats"]] == ["Ann", "Bob"] and not s["paused"]


def test_a_tab_hidden_as_it_closed_does_not_keep_the_game_paused(
        table: Callable[..., Table]) -> None:
    """A closing tab reports itself hidden and then falls silent; once its seat
    is taken again the game plays on (the seats' reason replaced the hidden tab's)."""
    t = table(game=short_duel(), names=("Ann", "Bob"), grace=10)
    for view in VIEWS:
        t.sit(view)
    t.msg(VIEWS[1], kind="visibility", hidden=True)  # Bob's tab closes
    assert t.w.paused
    for _ in range(5):  # silent past the grace period from its first unanswered ping
        t.tick(3, VIEWS[0], VIEWS[2])
    assert t.w.state["seats"][1]["status"] == "free"
    t.msg(VIEWS[2], kind="take", seat=1)
    assert not t.w.paused and t.w.state["status_text"] == "Play!"
