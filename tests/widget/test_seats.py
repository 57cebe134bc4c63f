"""Two people at one table, without a browser: seats per view, the mapping of
every page message to a seat, the refusals, presence, agreements and names."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Any

import pytest
from page import send
from table_checks import assert_view_matches_engine

from spit_widget import Game, SpitWidget
from spit_widget.stats import StatsStore
from spit_widget.widget.seat_registry import SeatRefused, SeatRegistry
from spit_widget.widget.seats_people import PeopleSeats

VIEWS = ("view-ann-0001", "view-bob-0002", "view-cat-0003")


# ------------------------------------------------------------------ registry
def test_first_view_sits_first_next_sits_second_later_views_watch() -> None:
    reg = SeatRegistry()
    a, b, c = (reg.sit(v, now=0.0) for v in VIEWS)
    assert (a.seats, b.seats, c.seats) == ((0,), (1,), ())
    assert len({a.token, b.token, c.token}) == 3
    assert reg.spectators == 1
    assert [reg.seat_for(a.token, None), reg.seat_for(b.token, 1)] == [0, 1]
    with pytest.raises(SeatRefused, match="You are watching"):
        reg.seat_for(c.token, None)
    with pytest.raises(SeatRefused, match="Seat 2 is Player 2's: this view plays seat 1"):
        reg.seat_for(a.token, 1)
    with pytest.raises(SeatRefused, match="has no seat"):
        reg.seat_for("forged-token", 0)
    with pytest.raises(SeatRefused, match=r"names no seat \(7\): the seats are 1 and 2"):
        reg.seat_for(a.token, 7)


def test_a_silent_view_is_away_then_its_seat_is_freed_for_a_spectator() -> None:
    reg = SeatRegistry(away_after=5, grace=20)
    a, b, c = (reg.sit(v, now=0.0) for v in VIEWS)
    reg.presence.ping(0.0)  # the kernel's ping: every view owes an answer from here
    reg.presence.heard(b.view, now=4.0)  # their echoes
    reg.presence.heard(c.view, now=4.0)
    assert reg.status(0, now=4.0) == "taken"
    assert reg.status(0, now=6.0) == "away" and not reg.all_present(now=6.0)
    with pytest.raises(SeatRefused, match="Seat 1 is Player 1's"):
        reg.take(c.token, 0, now=6.0)  # still Ann's during the grace period
    reg.presence.ping(19.5)
    assert reg.expire(now=21.0) == (0,)
    assert reg.status(0, now=21.0) == "free"
    assert reg.take(c.token, 0, now=21.0).seats == (0,)
    assert reg.all_present(now=21.0)
    with pytest.raises(SeatRefused, match="has no seat"):
        reg.seat_for(a.token, 0)  # the forgotten view's token no longer acts


def test_a_reloaded_view_keeps_its_seat_and_its_old_token_stops_working() -> None:
    reg = SeatRegistry()
    old = reg.sit(VIEWS[0], now=0.0)
    reg.sit(VIEWS[1], now=0.0)
    again = reg.sit(VIEWS[0], now=3.0)
    assert again.seats == (0,) and again.token != old.token
    # The new token may not have reached the page yet (it asked to sit again
    # before the answer to its first sit came): the old one acts until the new one has.
    assert reg.seat_for(old.token, None) == 0
    assert reg.seat_for(again.token, None) == 0
    with pytest.raises(SeatRefused, match="has no seat"):
        reg.seat_for(old.token, None)


def test_a_removed_outputs_late_leave_does_not_unseat_its_redrawn_view() -> None:
    reg = SeatRegistry()
    old = reg.sit(VIEWS[0], now=0.0)
    reg.sit(VIEWS[0], now=1.0)  # the redrawn view, same view id, sat first
    assert reg.leave(old.token, now=1.1) == ()
    assert reg.holder(0) == VIEWS[0]


def test_a_view_forgotten_for_its_silence_gets_its_own_seat_back() -> None:
    reg = SeatRegistry(away_after=5, grace=20)
    reg.sit(VIEWS[0], now=0.0)
    b = reg.sit(VIEWS[1], now=0.0)
    reg.presence.ping(0.0)
    reg.presence.heard(b.view, now=15.0)
    assert reg.expire(now=21.0) == (0,) and reg.may_rejoin(VIEWS[0])
    assert not reg.may_rejoin(VIEWS[1]) and not reg.may_rejoin("view-never-seen")
    assert reg.sit(VIEWS[0], now=22.0).seats == (0,)  # its own, not merely the first free
    assert not reg.may_rejoin(VIEWS[0])


def test_leave_frees_at_once_and_stand_makes_a_player_watch() -> None:
    reg = SeatRegistry()
    a, b, c = (reg.sit(v, now=0.0) for v in VIEWS)
    assert reg.leave(a.token, now=0.0) == (0,)
    assert reg.status(0, now=0.0) == "free"
    assert reg.stand(b.token) == (1,)
    assert reg.take(c.token, 1, now=1.0).seats == (1,)
    assert reg.sit("view-new-0004", now=1.0).seats == (0,)


@pytest.mark.parametrize("order", list(itertools.permutations(range(3))))
def test_views_redrawn_together_keep_their_seats_in_any_order(order: tuple[int, ...]) -> None:
    # Real-time collaboration shares the outputs: re-running the cell that shows
    # the table redraws every person's view, whose "leave" and "sit" interleave.
    reg = SeatRegistry()
    sat = [reg.sit(v, now=0.0) for v in VIEWS]
    for i in order:
        reg.leave(sat[i].token, now=1.0)
    again = {i: reg.sit(VIEWS[i], now=1.5) for i in reversed(order)}
    assert [again[i].seats for i in range(3)] == [(0,), (1,), ()]


def test_a_view_back_after_the_grace_period_sits_as_a_new_one() -> None:
    reg = SeatRegistry(away_after=5, grace=20)
    a, b = reg.sit(VIEWS[0], now=0.0), reg.sit(VIEWS[1], now=0.0)
    reg.leave(b.token, now=1.0)
    reg.leave(a.token, now=1.0)
    assert reg.sit(VIEWS[1], now=30.0).seats == (0,)  # the first free seat, as any newcomer
    assert reg.expire(now=30.0) == ()
    assert reg.sit(VIEWS[0], now=30.0).seats == (1,)


def test_a_page_that_answers_pings_keeps_its_seat_and_a_silent_one_loses_it() -> None:
    """Presence is the pings' echoes alone: the echoing page keeps its seat; a page
    that answers nothing loses it after the grace period."""
    reg = SeatRegistry(away_after=5, grace=20)
    reg.sit(VIEWS[0], now=0.0)
    reg.sit(VIEWS[1], now=0.0)
    for second in range(1, 40):
        reg.presence.ping(float(second))
        reg.presence.heard(VIEWS[0], now=second + 0.05)  # its echo
    assert reg.expire(now=39.0) == (1,)  # the silent page's seat, not the echoing one's


def test_hot_seat_gives_both_seats_to_the_first_view() -> None:
    reg = SeatRegistry(hot_seat=True)
    one, two = reg.sit(VIEWS[0], now=0.0), reg.sit(VIEWS[1], now=0.0)
    assert one.seats == (0, 1) and two.seats == ()
    assert reg.seat_for(one.token, 1) == 1
    with pytest.raises(SeatRefused, match="say which seat"):
        reg.seat_for(one.token, None)


@pytest.mark.parametrize("view", [None, 5, "short", "x" * 65])
def test_a_view_must_name_itself(view: Any) -> None:
    with pytest.raises(SeatRefused, match="id of 8 to 64"):
        SeatRegistry().sit(view, now=0.0)


# -------------------------------------------------------------------- widget
class Table:
    """A two-person widget with the page's seat messages and a hand-driven clock."""

    def __init__(self, w: SpitWidget) -> None:
        self.w = w
        self.now = 0.0
        self.sent: list[dict[str, Any]] = []
        w.send = lambda msg, buffers=None: self.sent.append(msg)  # type: ignore[method-assign]
        assert isinstance(w._seats, PeopleSeats)
        self.seats = w._seats
        w._seats.clock = lambda: self.now
        self.tokens: dict[str, str] = {}

    def sit(self, view: str, name: str | None = None) -> tuple[int, ...]:
        send(self.w, {"kind": "sit", "view": view, "name": name})
        reply = self.sent[-1]
        assert reply["kind"] == "seat" and reply["view"] == view
        self.tokens[view] = reply["token"]
        return tuple(reply["seats"])

    def msg(self, view: str, **content: Any) -> dict[str, Any]:
        return send(self.w, {**content, "view": view, "token": self.tokens[view]})

    def tick(self, seconds: float, *alive: str) -> None:
        """``seconds`` pass; the kernel pings and the ``alive`` views echo it (a
        view's silence counts from the first ping it leaves unanswered)."""
        self.now += seconds
        pings: list[dict[str, Any]] = []
        self.w.session.send = pings.append
        self.w.session.tick(False)
        for view in alive:
            send(self.w, {"kind": "echo", "n": pings[-1]["n"], "view": view})


@pytest.fixture
def table(make_widget: Callable[..., SpitWidget]) -> Callable[..., Table]:
    def make(**kwargs: Any) -> Table:
        return Table(make_widget(opponent="human", **kwargs))
    return make


def short_duel() -> Game:
    """Seat 0 is one card from winning (7♥ on 6♠); seat 1 two (Q♣ on J♦, 5♦ on 6♠)."""
    return Game.position("duel", you=[["7H"]], computer=[["QC"], ["4S", "5D"]],
                         centre=[["6S"], ["JD"]], you_spit=["3C"], computer_spit=["AH"])


def test_two_views_sit_and_each_plays_only_its_own_seat(table: Callable[..., Table]) -> None:
    t = table(game=short_duel())
    w = t.w
    assert w._seats.computer is None and not w.match.running  # no computer
    assert w.paused and w.state["status_text"] == "Waiting for a player to take seat 1."
    assert t.sit(VIEWS[0], "Ann") == (0,)
    assert w.paused  # seat 2 still free
    assert t.sit(VIEWS[1], "Bob") == (1,)
    assert t.sit(VIEWS[2]) == ()
    assert not w.paused
    s = w.state
    assert [seat["name"] for seat in s["seats"]] == ["Ann", "Bob"]
    assert [p["name"] for p in s["players"]] == ["Ann", "Bob"]
    assert s["spectators"] == 1 and s["opponent"] == "human"
    assert sorted(s["actions"][1]["plays"]) == [["5D", 0], ["QC", 1]]
    assert s["actions"][0]["plays"] == [["7H", 0]]

    before = w.game.to_dict()
    s = t.msg(VIEWS[0], kind="play", card="5D", centre=0, id=3)  # Bob's card, from Ann
    assert s["message"] == {"id": 3, "seq": s["message"]["seq"], "kind": "refused",
                            "text": "5♦ is Bob's card.", "view": VIEWS[0]}
    s = t.msg(VIEWS[0], kind="play", card="5D", centre=0, seat=1, id=4)
    assert s["message"]["text"] == "Seat 2 is Bob's: this view plays seat 1."
    s = t.msg(VIEWS[2], kind="play", card="7H", centre=0, id=5)
    assert s["message"]["text"].startswith("You are watching")
    assert s["message"]["view"] == VIEWS[2]
    for kind in ("pause", "new_game", "hint", "stuck"):
        assert "watch" in t.msg(VIEWS[2], kind=kind, id=6)["message"]["text"]
    assert w.game.to_dict() == before and not w.paused

    s = t.msg(VIEWS[1], kind="play", card="5D", centre=0, id=7)
    assert t.w.get_state()["log"][-2]["text"] == "Bob plays 5♦ on the left pile."
    assert_view_matches_engine(w, w.game.all_cards())


def test_same_pile_race_one_lands_the_other_is_told_why(table: Callable[..., Table]) -> None:
    game = Game.position("duel", you=[["2C", "7H"]], computer=[["3D", "7D"], ["KC"]],
                         centre=[["6S"], ["JD"]], you_spit=["3C"], computer_spit=["AH"])
    t = table(game=game)
    t.sit(VIEWS[0], "Ann")
    t.sit(VIEWS[1], "Bob")
    # Both 7s fit the 6; both players click at once; the kernel takes them in turn.
    t.msg(VIEWS[0], kind="play", card="7H", centre=0, id=10)
    s = t.msg(VIEWS[1], kind="play", card="7D", centre=0, id=20)
    assert s["centre"][0]["top"] == "7H"
    assert s["message"]["id"] == 20 and s["message"]["view"] == VIEWS[1]
    assert s["message"]["kind"] == "refused" and "7♦" in s["message"]["text"]
    assert s["players"][1]["stock"][0]["top"] == "7D"  # back on Bob's pile


def test_hot_seat_one_view_plays_both_seats_saying_which(table: Callable[..., Table]) -> None:
    t = table(game=short_duel(), hot_seat=True, names=("Ann", "Bob"))
    assert t.sit(VIEWS[0]) == (0, 1)
    assert t.sit(VIEWS[1]) == ()
    assert not t.w.paused and t.w.state["hot_seat"]
    s = t.msg(VIEWS[0], kind="play", card="QC", centre=1, id=1)
    assert s["message"]["text"] == "This view holds both seats: say which seat the move is for."
    s = t.msg(VIEWS[0], kind="play", card="QC", centre=1, seat=1, id=2)
    assert s["centre"][1]["top"] == "QC"
    s = t.msg(VIEWS[0], kind="play", card="7H", centre=1, seat=0, id=3)  # not on Q
    assert s["message"]["id"] == 3 and s["message"]["kind"] == "refused"
    s = t.msg(VIEWS[0], kind="play", card="7H", centre=0, seat=0, id=4)
    assert s["outcome"]["title"] == "Ann wins!"


def test_duel_both_stuck_spits_for_both_and_stuck_is_checked(
        table: Callable[..., Table]) -> None:
    game = Game.position("duel", you=[["2C", "5H"]], computer=[["QC"], ["4S", "9D"]],
                         centre=[["JS"], ["JD"]], you_spit=["3C", "8H"],
                         computer_spit=["AH", "TC"])
    t = table(game=game, names=("Ann", "Bob"))
    t.sit(VIEWS[0])
    t.sit(VIEWS[1])
    s = t.msg(VIEWS[1], kind="stuck", id=1)
    assert s["message"]["text"] == "You're not stuck: Q♣ goes on the left pile."
    t.msg(VIEWS[1], kind="play", card="QC", centre=0, id=2)
    s = t.msg(VIEWS[0], kind="stuck", id=3)
    assert s["status_text"] == "Ann is stuck: waiting for Bob"
    assert s["actions"][0]["can_stuck"] is False and s["actions"][1]["can_stuck"] is True
    s = t.msg(VIEWS[1], kind="stuck", id=4)
    assert [c["top"] for c in s["centre"]] == ["8H", "TC"]  # both spat
    assert not any(p["stuck"] for p in s["players"])


def test_classic_spit_needs_both_seats_and_only_the_one_out_slaps(
        table: Callable[..., Table]) -> None:
    game = Game.position("classic", you=[["5H"]], computer=[["KC", "9D"]],
                         centre=[["JS", "2S"], ["JD"]], you_spit=["3C", "8H"],
                         computer_spit=["AH", "TC", "4D"], fill=True)
    t = table(game=game, names=("Ann", "Bob"))
    t.sit(VIEWS[0])
    t.sit(VIEWS[1])
    assert t.w.game.both_stuck()
    s = t.msg(VIEWS[0], kind="spit", id=1)
    assert s["status_text"] == "Ann is ready to spit: waiting for Bob"
    assert s["seats"][0]["spit_pressed"] and s["actions"][0]["can_spit"] is False
    assert s["actions"][1]["can_spit"] is True
    assert "already" in t.msg(VIEWS[0], kind="spit", id=2)["message"]["text"]
    tops = [c["top"] for c in s["centre"]]
    s = t.msg(VIEWS[1], kind="spit", id=3)
    assert [c["top"] for c in s["centre"]] != tops  # the spit happened once both agreed
    assert not s["seats"][0]["spit_pressed"]
    assert "No spit yet" in t.msg(VIEWS[0], kind="spit", id=4)["message"]["text"]


def test_classic_whoever_goes_out_slaps(table: Callable[..., Table]) -> None:
    game = Game.position("classic", you=[["5H", "4C"]], computer=[["7C"]],
                         centre=[["2S", "3S"], ["JD"]], you_spit=["3C"],
                         computer_spit=["AH", "TC"], fill=True)
    t = table(game=game, names=("Ann", "Bob"))
    t.sit(VIEWS[0])
    t.sit(VIEWS[1])
    s = t.msg(VIEWS[0], kind="play", card="4C", centre=0, id=1)
    s = t.msg(VIEWS[0], kind="play", card="5H", centre=0, id=2)
    assert s["status"] == "round_over"
    assert s["status_text"] == "Ann went out: Ann slaps the smaller centre pile."
    assert s["actions"][0]["slap"] == [1] and s["actions"][1]["slap"] == []
    s = t.msg(VIEWS[1], kind="slap", centre=1, id=3)
    assert s["message"]["text"] == "Only Ann, who went out, may slap."
    s = t.msg(VIEWS[0], kind="slap", centre=1, id=4)
    assert s["status"] == "playing" and s["round"] == 2
    log = t.w.get_state()["log"]
    assert "Ann slaps the right pile (1 card)" in " ".join(e["text"] for e in log)


def test_a_closed_tab_pauses_the_game_and_a_spectator_takes_the_freed_seat(
        table: Callable[..., Table]) -> None:
    t = table(game=short_duel(), names=("Ann", "Bob"), grace=10)
    for v in VIEWS:
        t.sit(v)
    t.tick(1, *VIEWS)
    assert not t.w.paused
    for _ in range(7):  # Bob's tab closed: no echo from the next ping on
        t.tick(1, VIEWS[0], VIEWS[2])
    assert t.w.paused and t.w.state["seats"][1]["status"] == "away"
    assert t.w.state["status_text"] == "Paused: Bob's view has gone quiet (seat 2)."
    s = t.msg(VIEWS[0], kind="play", card="7H", centre=0, id=1)
    assert "gone quiet" in s["message"]["text"]
    for _ in range(5):  # silent past the grace period (10 s) from its first unanswered ping
        t.tick(1, VIEWS[0], VIEWS[2])
    assert t.w.state["seats"][1]["status"] == "free"
    assert "Bob went away: seat 2 is free." in t.w.state["message"]["text"]
    assert t.w.paused
    send(t.w, {"kind": "take", "seat": 1, "name": "Cat", "view": VIEWS[2],
               "token": t.tokens[VIEWS[2]]})
    assert t.sent[-1]["seats"] == [1]
    assert not t.w.paused and t.w.state["seats"][1]["name"] == "Cat"
    s = t.msg(VIEWS[2], kind="play", card="5D", centre=0, id=2)
    assert s["centre"][0]["top"] == "5D"


def test_a_click_from_a_page_forgotten_for_its_silence_lands_for_its_seat(
        table: Callable[..., Table]) -> None:
    """A page stalled on a busy machine (no echo) past the grace
    period: its seat was freed; its next click sits it again and is played."""
    t = table(game=short_duel(), names=("Ann", "Bob"), grace=10)
    for v in VIEWS[:2]:
        t.sit(v)
    for _ in range(5):
        t.tick(3, VIEWS[0])
    assert t.w.state["seats"][1]["status"] == "free"
    s = t.msg(VIEWS[1], kind="play", card="QC", centre=1, id=3)
    assert s["centre"][1]["top"] == "QC"
    assert t.sent[-1] == {"kind": "seat", "view": VIEWS[1], "token": t.sent[-1]["token"],
                          "seats": [1]}
    assert t.sent[-1]["token"] != t.tokens[VIEWS[1]]
    assert t.w.state["seats"][1]["status"] == "taken"


def test_a_remembered_name_the_other_seat_has_is_not_taken(table: Callable[..., Table]) -> None:
    t = table()
    t.sit(VIEWS[0], "Ann")
    t.sit(VIEWS[1], " ann ")  # a second tab of Ann's browser remembers her name too
    assert [s["name"] for s in t.w.seats] == ["Ann", "Player 2"]


def test_a_player_who_paused_stays_paused_when_seats_come_back(
        table: Callable[..., Table]) -> None:
    t = table(game=short_duel())
    t.sit(VIEWS[0])
    t.sit(VIEWS[1])
    t.msg(VIEWS[0], kind="pause")
    t.msg(VIEWS[1], kind="leave")
    t.sit(VIEWS[2])
    assert t.w.paused and t.w.state["status_text"] == "Paused"


def test_the_end_dialog_names_the_winner(table: Callable[..., Table]) -> None:
    t = table(game=short_duel(), names=("Ann", "Bob"))
    t.sit(VIEWS[0])
    t.sit(VIEWS[1])
    s = t.msg(VIEWS[0], kind="play", card="7H", centre=0, id=1)
    assert s["outcome"]["title"] == "Ann wins!"
    assert s["outcome"]["names"] == ["Ann", "Bob"]
    assert s["status_text"] == "Ann cleared their five stock piles first."
    assert t.w.get_state()["log"][-1]["text"] == "Ann cleared their five stock piles first."
    assert s["seats"][0]["stats"]["games"] == 0  # a position set up by hand is not a game played


def play_out(t: Table, rng: random.Random) -> None:
    """Both seats play random legal moves through the page's messages to the end."""
    for i in range(3000):
        s = t.w.state
        if s["status"] == "game_over":
            return
        seat = rng.choice([0, 1])
        view = VIEWS[seat]
        acts = s["actions"][seat]
        if acts["plays"]:
            card, c = rng.choice(acts["plays"])
            t.msg(view, kind="play", card=card, centre=c, id=i)
        elif acts["slap"]:
            t.msg(view, kind="slap", centre=acts["slap"][0], id=i)
        elif acts["moves"]:
            card, slot = acts["moves"][0]
            t.msg(view, kind="move", card=card, slot=slot, id=i)
        elif acts["can_stuck"]:
            t.msg(view, kind="stuck", id=i)
        elif acts["can_spit"]:
            t.msg(view, kind="spit", id=i)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("variant", ["duel", "classic"])
def test_stats_follow_the_seat_name_across_sessions(
        table: Callable[..., Table], variant: str) -> None:
    wins = {"ann": 0, "bob": 0}
    for game_no, names in enumerate([("Ann", "Bob"), ("bob", "ANN")]):  # swapped seats
        t = table(variant=variant, seed=game_no + 7,
                  max_rounds=3 if variant == "classic" else None)
        t.sit(VIEWS[0], names[0])
        t.sit(VIEWS[1], names[1])
        play_out(t, random.Random(game_no))
        s = t.w.state
        winner = s["outcome"]["winner"]
        if winner is not None:
            wins[names[winner].lower()] += 1
            assert s["outcome"]["title"] == f"{names[winner]} wins!"
        assert s["seats"][0]["stats"]["games"] == game_no + 1  # shown at once
        assert_view_matches_engine(t.w)
        t.w.close()
    with StatsStore() as store:  # a new session: read from the file
        ann, bob = store.player_summary("Ann", variant), store.player_summary("Bob", variant)
        assert (ann.games, ann.wins, bob.games, bob.wins) == (2, wins["ann"], 2, wins["bob"])
        assert store.summary(variant).games == 0  # games against the computer only
        assert [r.names for r in store.recent(2)] == [("bob", "ANN"), ("Ann", "Bob")]
        assert [r.strategy for r in store.recent(2)] == ["human", "human"]


def test_playing_a_chosen_seat_from_a_cell(table: Callable[..., Table],
                                           make_widget: Callable[..., SpitWidget]) -> None:
    t = table(game=short_duel())
    t.w.play("QC", 1, seat=2)  # no view needed: a teacher's demo
    assert t.w.game.centre_tops() == ["6S", "QC"]
    assert [s["status"] for s in t.w.seats] == ["free", "free"]
    assert t.w.rename(2, "  Ms   Smith ") == "Ms Smith"
    assert t.w.state["players"][1]["name"] == "Ms Smith"
    vs_computer = make_widget(game=short_duel(), opponent="greedy")
    with pytest.raises(ValueError, match=r"Seat 2 is the computer's \(greedy\)"):
        vs_computer.play("QC", 1, seat=2)
    assert vs_computer.seats[1] == {"seat": 2, "name": "greedy", "status": "computer",
                                    "view": None}


def test_opponent_names_who_plays_seat_one(make_widget: Callable[..., SpitWidget]) -> None:
    def mine(view: Any) -> None:
        return None
    assert make_widget(opponent="random").match.strategy_name == "random"
    assert make_widget(opponent=mine).match.strategy_name == "mine"
    assert make_widget(ai="greedy").match.strategy_name == "greedy"
    assert make_widget(opponent="expert", ai="expert").state["opponent"] == "expert"
    assert make_widget(opponent=None).state["opponent"] is None
    with pytest.raises(TypeError, match="disagree"):
        SpitWidget(opponent="human", ai="expert")
    with pytest.raises(ValueError, match="needs opponent=\"human\""):
        SpitWidget(hot_seat=True)


def test_random_page_messages_never_act_for_a_seat_they_do_not_hold(
        table: Callable[..., Table]) -> None:
    """Spectators and wrong seats are refused whatever they send; the seated play on."""
    t = table(seed=4)
    for v in VIEWS:
        t.sit(v)
    rng = random.Random(4)
    for i in range(400):
        if t.w.game.status != "playing":
            break
        before = t.w.game.to_dict()
        s = t.msg(VIEWS[2], kind=rng.choice(["play", "stuck", "move"]), card="7H", centre=0,
                  slot=0, seat=rng.choice([0, 1, None]), id=i)
        assert s["message"]["view"] == VIEWS[2] and t.w.game.to_dict() == before
        seat = rng.choice([0, 1])
        plays = s["actions"][seat]["plays"]
        if plays:
            card, c = rng.choice(plays)
            t.msg(VIEWS[seat], kind="play", card=card, centre=c, id=i)
        elif s["actions"][seat]["can_stuck"]:
            t.msg(VIEWS[seat], kind="stuck", id=i)
        assert_view_matches_engine(t.w)


JUNK: list[Any] = [None, 0, -1, 7, 2**80, 1.5, "", "x" * 500, [], {}, True, "0", [0], {"a": 1}]


def test_junk_seat_messages_are_refused_and_change_nothing(table: Callable[..., Table]) -> None:
    """Seat messages with every kind of bad field: a refusal or nothing, never an
    exception into the kernel, never a move, never a seat for a forged token."""
    t = table(seed=9)
    t.sit(VIEWS[0])
    t.sit(VIEWS[1])
    rng = random.Random(9)
    before = t.w.game.to_dict()
    for i in range(600):
        content = {"kind": rng.choice(["sit", "echo", "leave", "take", "stand", "name",
                                       "play", "stuck", "spit", "hint", "pause"]),
                   "token": rng.choice([*JUNK, "forged-token"]), "id": i}
        for key in ("view", "seat", "name", "card", "centre"):
            if rng.random() < 0.6:
                content[key] = rng.choice(JUNK)
        s = send(t.w, content)
        assert t.w.game.to_dict() == before
        assert [seat["view"] for seat in s["seats"]] == [VIEWS[0], VIEWS[1]]
        for seat in s["seats"]:
            assert 1 <= len(seat["name"]) <= 24 and "\n" not in seat["name"]
    assert t.w.seats[0]["status"] == "taken" and not t.w.paused


def test_the_presence_pings_run_on_the_loop_and_stop_with_the_table() -> None:
    """Once a second the table pings its pages (its one presence clock), even
    with no game on while people sit; closing it stops that."""
    import asyncio

    async def life() -> None:
        w = SpitWidget(opponent="human", seed=1)
        pings: list[dict[str, Any]] = []
        w.session.send = pings.append  # the table pings from the loop it was made on
        await asyncio.sleep(1.2)
        assert [p["kind"] for p in pings] == ["ping"]
        w.close()
        await asyncio.sleep(1.2)
        assert len(pings) == 1, "no ping after the table closed"

    asyncio.run(life())


def test_a_presence_tick_run_late_judges_no_view(table: Callable[..., Table]) -> None:
    """The loop was held up (a long cell): the pages' echoes wait in the queue
    behind the late tick, which must not take their silence for a closed tab."""
    t = table(game=short_duel(), names=("Ann", "Bob"), grace=10)
    for v in VIEWS[:2]:
        t.sit(v)
    t.tick(1.0, *VIEWS[:2])
    t.tick(1.0)  # a ping left unanswered: the loop is held up from here
    t.now += 15.0
    t.w.session.tick(True)  # late: judges nobody, and excuses the silence so far
    assert [s["status"] for s in t.w.state["seats"]] == ["taken", "taken"]
    t.tick(1.0, *VIEWS[:2])  # the queued echoes arrive; on time
    assert [s["status"] for s in t.w.state["seats"]] == ["taken", "taken"]
    for _ in range(12):  # Bob's tab really closed: judged on time
        t.tick(1.0, VIEWS[0])
    assert t.w.state["seats"][1]["status"] == "free"


def test_closing_the_round_summary_is_refused_to_nobody(table: Callable[..., Table]) -> None:
    """Each view closes its own summary of a round; a spectator's view sends
    the same message, and neither it nor a player hears a refusal."""
    t = table(game=short_duel())
    t.sit(VIEWS[0], "Ann")
    t.sit(VIEWS[1], "Bob")
    t.sit(VIEWS[2])
    before, said = t.w.game.to_dict(), t.w.state["message"]
    for view in VIEWS[:3]:
        s = t.msg(view, kind="end_interlude")
        assert s["message"] == said, s["message"]  # no refusal, nothing new said
    assert t.w.game.to_dict() == before


def test_a_click_held_through_an_outage_lands_when_its_page_is_back(
        table: Callable[..., Table]) -> None:
    """Bob's page was silent long enough to be away (the game paused); the click it
    held meanwhile is the first thing it sends when it is back: the seat is his
    again before the click is handled, so it lands instead of being refused."""
    t = table(game=short_duel(), names=("Ann", "Bob"), grace=20)
    for v in VIEWS[:2]:
        t.sit(v)
    t.tick(1, *VIEWS[:2])
    for _ in range(7):
        t.tick(1, VIEWS[0])
    assert t.w.paused and t.w.state["seats"][1]["status"] == "away"
    s = t.msg(VIEWS[1], kind="play", card="QC", centre=1, id=9, seq=1, base=1)
    assert s["centre"][1]["top"] == "QC" and not t.w.paused
    assert t.w.state["seats"][1]["status"] == "taken"


def test_a_view_forgotten_in_an_outage_is_seated_again_by_its_first_echo(
        table: Callable[..., Table]) -> None:
    """Bob's link was down past the grace period: his seat was freed. His page's
    first echo when the link is back seats him again (a new token for it), with
    no message of his own needed; a page that never went away is not re-seated
    (no 'sits down' announcement to hide a refusal behind)."""
    t = table(game=short_duel(), names=("Ann", "Bob"), grace=10)
    for v in VIEWS[:2]:
        t.sit(v)
    t.tick(1, *VIEWS[:2])
    said = len([m for m in t.sent if m.get("kind") == "seat"])
    for _ in range(12):
        t.tick(1, VIEWS[0])
    assert t.w.state["seats"][1]["status"] == "free"
    t.tick(1, *VIEWS[:2])  # Bob's echo, after the outage
    seat_messages = [m for m in t.sent if m.get("kind") == "seat"]
    assert seat_messages[-1]["view"] == VIEWS[1] and seat_messages[-1]["seats"] == [1]
    assert t.w.state["seats"][1]["status"] == "taken"
    assert t.w.state["message"]["text"] == "Bob sits down at seat 2."
    before = len(seat_messages)
    t.tick(1, *VIEWS[:2])
    assert len([m for m in t.sent if m.get("kind") == "seat"]) == before, "no re-seat"
    assert said
