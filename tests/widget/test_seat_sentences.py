"""What two people at one table see said and shown: the sentences of sitting,
standing, leaving, renaming and going away, the log told by name, the state
keys the page reads, and where presence turns from here to away."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from test_seats import VIEWS, Table, play_out, short_duel

from spit_widget import Game, SpitWidget
from spit_widget.stats import GameResult, StatsStore
from spit_widget.widget.seat_registry import SeatRegistry


@pytest.fixture
def table(make_widget: Callable[..., SpitWidget]) -> Callable[..., Table]:
    def make(**kwargs: Any) -> Table:
        return Table(make_widget(opponent="human", **kwargs))
    return make


def seated(table: Callable[..., Table], game: Game | None = None, **kwargs: Any) -> Table:
    t = table(game=game or short_duel(), names=("Ann", "Bob"), **kwargs)
    t.sit(VIEWS[0])
    t.sit(VIEWS[1])
    return t


def test_sitting_and_taking_a_seat_are_said_to_every_view(table: Callable[..., Table]) -> None:
    t = table(game=short_duel(), names=("Ann", "Bob"))
    t.sit(VIEWS[0])
    assert t.w.state["message"]["text"] == "Ann sits down at seat 1."
    assert t.w.state["message"]["kind"] == "info"
    t.sit(VIEWS[1])
    assert t.w.state["message"]["text"] == "Bob sits down at seat 2."
    assert t.w.state["status_text"] == "Play!"
    t.sit(VIEWS[2])
    t.msg(VIEWS[1], kind="leave")
    assert t.w.state["message"]["text"] == "Bob left the table: seat 2 is free."
    t.msg(VIEWS[2], kind="take", seat=1)
    assert t.w.state["message"]["text"] == "Bob sits down at seat 2."
    assert t.sent[-1]["seats"] == [1]


def test_a_spectator_reads_who_is_playing_where_the_players_read_play(
        table: Callable[..., Table]) -> None:
    t = seated(table)
    assert t.w.state["status_text"] == "Play!"
    assert t.w.state["watching_text"] == "Watching Ann and Bob play"
    t.msg(VIEWS[1], kind="stand")  # a free seat: the game waits, and everyone reads why
    assert t.w.paused
    assert t.w.state["watching_text"] == t.w.state["status_text"] != "Play!"


def test_standing_up_frees_the_seat_and_the_view_watches(table: Callable[..., Table]) -> None:
    t = seated(table)
    t.msg(VIEWS[1], kind="stand")
    assert t.sent[-1] == {"kind": "seat", "view": VIEWS[1], "token": t.tokens[VIEWS[1]],
                          "seats": []}
    assert t.w.state["message"]["text"] == "Bob got up to watch: seat 2 is free."
    assert t.w.seats[1]["status"] == "free" and t.w.paused
    s = t.msg(VIEWS[1], kind="play", card="5D", centre=0, id=1)
    assert s["message"]["text"].startswith("You are watching")


def test_a_hot_seat_leaving_frees_both_seats_by_name(table: Callable[..., Table]) -> None:
    t = table(game=short_duel(), names=("Ann", "Bob"), hot_seat=True)
    t.sit(VIEWS[0])
    t.msg(VIEWS[0], kind="leave")
    assert t.w.state["message"]["text"] == "Ann and Bob left the table: seats 1 and 2 are free."


def test_renaming_from_the_page_is_said_and_only_for_the_own_seat(
        table: Callable[..., Table]) -> None:
    t = seated(table)
    t.sit(VIEWS[2])
    t.msg(VIEWS[1], kind="name", seat=1, name="Robert")
    assert t.w.state["message"]["text"] == "Bob is now called Robert."
    assert [s["name"] for s in t.w.state["seats"]] == ["Ann", "Robert"]
    s = t.msg(VIEWS[2], kind="name", seat=0, name="Mallory")
    assert s["message"]["kind"] == "refused"
    assert [p["name"] for p in s["players"]] == ["Ann", "Robert"]


def test_renaming_a_seat_shows_the_stats_of_the_new_name(
        make_widget: Callable[..., SpitWidget]) -> None:
    with StatsStore() as store:  # Cat won a game at this table's kind earlier
        store.record(GameResult("duel", 0, "stock_emptied", (0, 9), 1, 60.0, 0.0, "human",
                                "normal", names=("Cat", "Bob")))
    w = make_widget(game=short_duel(), opponent="human", names=("Ann", "Bob"))
    assert w.state["seats"][0]["stats"]["games"] == 0
    w.rename(1, "Cat")
    assert w.state["seats"][0]["stats"]["games"] == 1
    assert w.state["seats"][0]["stats"]["wins"] == 1


def test_a_view_gone_for_good_is_said_with_an_info_message(table: Callable[..., Table]) -> None:
    t = seated(table, grace=4)
    for _ in range(3):  # silent past the grace period from its first unanswered ping
        t.tick(3, VIEWS[0])
    assert t.w.state["message"] == {**t.w.state["message"], "kind": "info",
                                    "text": "Bob went away: seat 2 is free."}


def test_a_seated_tab_hidden_pauses_a_spectators_does_not(table: Callable[..., Table]) -> None:
    t = seated(table)
    t.sit(VIEWS[2])
    t.msg(VIEWS[2], kind="visibility", hidden=True)
    assert not t.w.paused
    t.msg(VIEWS[0], kind="visibility", hidden=True)
    assert t.w.paused and t.w.state["message"]["text"] == "Paused while the tab was hidden."


def test_a_hint_goes_to_the_view_that_asked(table: Callable[..., Table]) -> None:
    t = seated(table)
    s = t.msg(VIEWS[1], kind="hint", id=5)
    assert s["message"]["view"] == VIEWS[1] and s["message"]["kind"] == "hint"


def test_a_view_silent_exactly_the_away_time_is_still_here() -> None:
    reg = SeatRegistry(away_after=5, grace=20)
    reg.sit(VIEWS[0], now=0.0)
    reg.presence.ping(0.0)  # unanswered from here: the silence counts from the ping
    assert reg.status(0, now=5.0) == "taken"
    assert reg.status(0, now=5.5) == "away"


def test_flips_and_moves_are_logged_by_name(table: Callable[..., Table]) -> None:
    game = Game.position("classic", you=[["2C", "7H"], ["9S", "KD"], []],
                         computer=[["QC", "3H"], ["4S", "5D"]],
                         centre=[["6S"], ["JD"]], you_spit=["3C", "8C"],
                         computer_spit=["AH", "TD"])
    t = seated(table, game=game)
    t.msg(VIEWS[0], kind="play", card="7H", centre=0, id=1)
    t.msg(VIEWS[0], kind="flip", slot=0, id=2)
    t.msg(VIEWS[1], kind="move", card="3H", slot=2, id=3)
    texts = [e["text"] for e in t.w.get_state()["log"]]
    assert "Ann turns up 2♣ in slot 1." in texts
    assert "Bob moves 3♥ into empty slot 3." in texts


def test_a_spit_press_when_the_second_seat_can_play_names_it(
        table: Callable[..., Table]) -> None:
    game = Game.position("classic", you=[["5H"]], computer=[["KC", "QD"]],
                         centre=[["JS", "2S"], ["JD"]], you_spit=["3C", "8H"],
                         computer_spit=["AH", "TC", "4D"], fill=True)
    t = seated(table, game=game)
    s = t.msg(VIEWS[0], kind="spit", id=1)
    assert s["message"]["text"].startswith("No spit yet: Bob can still play Q♦")


def test_a_new_deal_forgets_a_spit_press(table: Callable[..., Table]) -> None:
    game = Game.position("classic", you=[["5H"]], computer=[["KC", "9D"]],
                         centre=[["JS", "2S"], ["JD"]], you_spit=["3C", "8H"],
                         computer_spit=["AH", "TC", "4D"], fill=True)
    t = seated(table, game=game)
    assert t.msg(VIEWS[0], kind="spit", id=1)["seats"][0]["spit_pressed"]
    s = t.msg(VIEWS[0], kind="new_game", id=2)
    assert not s["seats"][0]["spit_pressed"]


def test_the_seats_of_a_table_against_the_computer(
        make_widget: Callable[..., SpitWidget]) -> None:
    w = make_widget(opponent="greedy")
    assert w.seats == [{"seat": 1, "name": "You", "status": "taken", "view": None},
                       {"seat": 2, "name": "greedy", "status": "computer", "view": None}]




def test_a_game_finished_from_a_cell_at_an_empty_table_says_who_won(
        table: Callable[..., Table]) -> None:
    t = table(game=short_duel(), names=("Ann", "Bob"))
    assert t.w.state["status_text"] == "Waiting for a player to take seat 1."
    t.w.play("7H", 0, seat=1)  # a teacher's demo: nobody sits, the game ends anyway
    assert t.w.state["status_text"] == "Ann cleared their five stock piles first."
    assert t.w.state["outcome"]["title"] == "Ann wins!"


def test_a_finished_game_handed_to_the_table_can_be_sat_at(table: Callable[..., Table]) -> None:
    game = short_duel()
    game.play(0, "7H", 0)
    t = table(game=game, names=("Ann", "Bob"))
    t.sit(VIEWS[0])
    t.sit(VIEWS[1])
    assert t.w.state["message"]["text"] == "Bob sits down at seat 2."
    assert [s["status"] for s in t.w.state["seats"]] == ["taken", "taken"]
    assert t.w.state["status_text"] == "Ann cleared their five stock piles first."


def test_the_stats_remember_how_long_a_game_took(table: Callable[..., Table]) -> None:
    t = table(seed=7, names=("Ann", "Bob"))
    t.sit(VIEWS[0])
    t.sit(VIEWS[1])
    play_out(t, random.Random(0))
    with StatsStore() as store:
        (game,) = store.recent(1)
    assert game.names == ("Ann", "Bob")
    assert 0 <= game.seconds < 600  # played in this test, not since the epoch


def test_the_second_seats_slap_is_logged_by_both_names(table: Callable[..., Table]) -> None:
    game = Game.position("classic", you=[["7C"]], computer=[["5H", "4C"]],
                         centre=[["2S", "3S"], ["JD"]], you_spit=["AH", "TC"],
                         computer_spit=["3C"], fill=True)
    t = seated(table, game=game)
    t.msg(VIEWS[1], kind="play", card="4C", centre=0, id=1)
    s = t.msg(VIEWS[1], kind="play", card="5H", centre=0, id=2)
    assert s["status_text"] == "Bob went out: Bob slaps the smaller centre pile."
    t.msg(VIEWS[1], kind="slap", centre=1, id=3)
    texts = " ".join(e["text"] for e in t.w.get_state()["log"])
    assert "Bob slaps the right pile (1 card); Ann takes the other" in texts
