"""One seat numbering everywhere (issue 28.1) and names that are refused,
cleaned or shortened with a word (issue 28.2).

Seats are 1 and 2 wherever a person reads or types one: ``w.seats``,
``w.rename``, ``w.play(seat=)``, every sentence the page shows."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from test_seats import VIEWS, Table, short_duel

from spit_widget import IllegalMove, SpitWidget


@pytest.fixture
def table(make_widget: Callable[..., SpitWidget]) -> Callable[..., Table]:
    def make(**kwargs: Any) -> Table:
        return Table(make_widget(opponent="human", **kwargs))
    return make


def test_the_teacher_who_sat_first_is_seat_one_on_every_surface(
        table: Callable[..., Table]) -> None:
    t = table(game=short_duel())
    t.sit(VIEWS[0])  # the teacher's tab
    t.sit(VIEWS[1])
    assert t.w.state["message"]["text"] == "Player 2 sits down at seat 2."
    assert [s["seat"] for s in t.w.seats] == [1, 2]
    assert t.w.seats[0]["view"] == VIEWS[0]
    t.w.rename(1, "Ann")  # the teacher names herself
    assert t.w.seats[0]["name"] == "Ann" and t.w.seats[0]["view"] == VIEWS[0]
    assert t.w.state["players"][0]["name"] == "Ann"
    t.w.play("7H", 0, seat=1)  # seat 1's card (the teacher's)
    assert t.w.state["outcome"]["title"] == "Ann wins!"


def test_seat_one_is_you_at_a_table_against_the_computer(
        make_widget: Callable[..., SpitWidget]) -> None:
    w = make_widget(game=short_duel(), opponent=None)
    assert [s["seat"] for s in w.seats] == [1, 2]
    w.play("QC", 1, seat=2)  # no computer: Python drives seat 2
    w.play("7H", 0)  # seat 1 unless told
    assert w.game.winner == 0


@pytest.mark.parametrize("seat", [0, 3, -1, "1", 1.0, None, True])
def test_a_seat_that_does_not_exist_is_refused_with_the_numbering(
        make_widget: Callable[..., SpitWidget], seat: Any) -> None:
    w = make_widget(game=short_duel(), opponent="human")
    before = w.game.to_dict()
    with pytest.raises(IllegalMove, match=r"There is no seat .*: the seats are 1 and 2\."):
        w.play("7H", 0, seat=seat)
    with pytest.raises(ValueError, match=r"the seats are 1 and 2\."):
        w.rename(seat, "Ann")
    assert w.game.to_dict() == before
    assert [s["name"] for s in w.seats] == ["Player 1", "Player 2"]


@pytest.mark.parametrize(("name", "reason"), [
    ("", "blank"), ("   ", "blank"), ("\x00\n\t", "blank"), ("\u202e", "blank"),
    (123, "is not a name"), (None, "is not a name"), (["Ann"], "is not a name"),
])
def test_what_cannot_be_a_name_is_refused_and_the_name_kept(
        table: Callable[..., Table], name: Any, reason: str) -> None:
    t = table(names=("Ann", "Bob"))
    said = t.w.state["message"]
    with pytest.raises(ValueError, match=reason):
        t.w.rename(1, name)
    assert [s["name"] for s in t.w.seats] == ["Ann", "Bob"]
    assert t.w.state["message"] == said  # nothing said to the views


@pytest.mark.parametrize("names", [("", "Bob"), ("Ann", None), ("Ann", "\x07")])
def test_a_table_cannot_be_made_with_a_name_that_is_no_name(names: Any) -> None:
    with pytest.raises(ValueError, match="name"):
        SpitWidget(opponent="human", names=names)


def test_control_characters_are_taken_out_of_a_name(table: Callable[..., Table]) -> None:
    t = table()
    assert t.w.rename(1, "\x00bad\n") == "bad"
    assert t.w.rename(2, "Bo\u202eb\x1b[31m") == "Bob[31m"
    assert [s["name"] for s in t.w.seats] == ["bad", "Bob[31m"]


def test_a_long_name_is_shortened_and_that_is_said(table: Callable[..., Table]) -> None:
    t = table()
    with pytest.warns(UserWarning, match="first 24 characters"):
        shown = t.w.rename(2, "x" * 10_000)
    assert shown == "x" * 24 and t.w.seats[1]["name"] == shown
    assert t.w.state["message"]["kind"] == "info"
    assert "first 24 characters" in t.w.state["message"]["text"]


def test_a_name_from_the_page_is_refused_in_that_view_or_shortened_for_all(
        table: Callable[..., Table]) -> None:
    t = table(names=("Ann", "Bob"))
    t.sit(VIEWS[0])
    t.sit(VIEWS[1])
    s = t.msg(VIEWS[1], kind="name", name="  ", id=5)
    assert s["message"]["kind"] == "refused" and s["message"]["view"] == VIEWS[1]
    assert "blank" in s["message"]["text"] and s["message"]["id"] == 5
    s = t.msg(VIEWS[1], kind="name", name="R" * 30)
    assert s["seats"][1]["name"] == "R" * 24
    assert s["message"]["text"] == (f"Bob is now called {'R' * 24}. A name keeps its first 24 "
                                    f"characters: \"{'R' * 24}\".")
