"""The widget driven from Python with exactly the messages the page sends."""

from __future__ import annotations

import logging
import random
from typing import Any

import pytest
from page import log_of, send
from table_checks import assert_view_matches_engine

from spit_widget import Game, SpitWidget
from spit_widget.stats import StatsStore


def human_turn(w: SpitWidget, rng: random.Random, msg_id: int) -> bool:
    """Do what a player clicking the page could do now; False when nothing."""
    you = w.state["you"]
    if you["slap"]:
        send(w, {"kind": "slap", "centre": you["slap"][0], "id": msg_id})
    elif you["plays"]:
        card, centre = rng.choice(you["plays"])
        send(w, {"kind": "play", "card": card, "centre": centre, "id": msg_id})
        assert w.game.centre_tops()[centre] == card, w.state["message"]  # a listed play lands
    elif you["moves"]:
        card, slot = you["moves"][0]
        send(w, {"kind": "move", "card": card, "slot": slot, "id": msg_id})
    elif you["can_stuck"]:
        send(w, {"kind": "stuck", "id": msg_id})
    elif you["can_spit"]:
        send(w, {"kind": "spit", "id": msg_id})
    else:
        return False
    return True


@pytest.mark.parametrize("variant", ["duel", "classic"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_whole_game_played_with_page_messages(make_widget: Any, variant: str, seed: int) -> None:
    w = make_widget(variant=variant, seed=seed)
    rng = random.Random(seed)
    for i in range(5000):
        if w.game.status == "game_over":
            break
        acted = human_turn(w, rng, i) if rng.random() < 0.5 else False
        if not acted:
            w.step()  # the computer, one action (no event loop in this test)
        assert_view_matches_engine(w)
    assert w.state["status"] == "game_over"
    outcome = w.state["outcome"]
    assert outcome["winner"] == w.game.winner
    assert outcome["cards_left"] == [w.game.cards_left(0), w.game.cards_left(1)]
    assert outcome["title"] in ("You win!", "The computer wins", "A draw")
    assert w.state["stats"]["games"] == 1
    assert log_of(w)[-1]["kind"] == "game_end"


def test_table_as_the_rules_lay_it_out(make_widget: Any) -> None:
    s = make_widget(seed=5).state
    for player in s["players"]:
        assert [slot["count"] for slot in player["stock"]] == [1, 2, 3, 4, 5]
        assert player["spit_count"] == 10
        assert player["cards_left"] == 25
    assert len(s["centre"]) == 2
    assert all(c["needs"].startswith("needs ") for c in s["centre"])
    assert [p["name"] for p in s["paces"]] == ["slow", "normal", "fast", "match_me"]
    assert s["pace"] == "normal"
    classic = make_widget(variant="classic", seed=5).state
    assert [p["name"] for p in classic["paces"]] == ["relaxed", "steady", "brisk", "take_turns",
                                                 "match_me"]
    assert classic["pace"] == "relaxed"


@pytest.mark.parametrize(
    "content",
    [
        None, 7, "play", [], {}, {"kind": 3}, {"kind": "fly"},
        {"kind": "play"}, {"kind": "play", "card": "7S"},
        {"kind": "play", "card": None, "centre": 0},
        {"kind": "play", "card": "ZZ", "centre": 0}, {"kind": "play", "card": "7S", "centre": -1},
        {"kind": "play", "card": "7S", "centre": 9}, {"kind": "play", "card": "7S", "centre": True},
        {"kind": "play", "card": "7S", "centre": "0"}, {"kind": "play", "card": "x" * 10**5,
                                                        "centre": 0},
        {"kind": "move", "card": "7S", "slot": 1}, {"kind": "slap", "centre": 0},
        {"kind": "spit"}, {"kind": "pace", "pace": "warp"}, {"kind": "pace"},
        {"kind": "visibility", "hidden": "yes"}, {"kind": "play", "card": {"a": 1}, "centre": []},
    ],
)
def test_malformed_or_illegal_messages_are_refused_and_change_nothing(
    make_widget: Any, content: Any, caplog: pytest.LogCaptureFixture
) -> None:
    w = make_widget(seed=11)
    before = w.game.to_dict()
    events = len(w.game.events)
    with caplog.at_level(logging.WARNING, logger="spit_widget"):
        state = send(w, content)
    assert w.game.to_dict() == before
    assert len(w.game.events) == events
    assert state["message"]["kind"] == "refused"
    assert len(state["message"]["text"]) > 10
    assert any("refused" in r.getMessage() for r in caplog.records)
    assert_view_matches_engine(w)


def position(**overrides: Any) -> Game:
    """You hold 7S (over a hidden 2C) and 9D; the computer holds 5C and KH."""
    data: dict[str, Any] = {
        "variant": "duel",
        "players": [
            {"stock": [["7S"], ["2C", "9D"], [], [], []], "spit": ["3S", "3H"]},
            {"stock": [["5C"], ["KH"], [], [], []], "spit": ["4S", "4H"]},
        ],
        "centre": [["6H"], ["JD"]],
    }
    data.update(overrides)
    return Game.from_dict(data)


def test_refusal_carries_the_click_id_and_a_reason(make_widget: Any) -> None:
    w = make_widget(game=position(), ai=None)
    state = send(w, {"kind": "play", "card": "9D", "centre": 0, "id": 42})
    assert state["message"]["id"] == 42
    assert state["message"]["text"] == ("9♦ doesn't fit on 6♥ or J♦: the left pile needs 5 or 7, "
                                        "the right pile needs 10 or Q.")
    state = send(w, {"kind": "play", "card": "2C", "centre": 0, "id": 43})
    assert "face down" in state["message"]["text"]
    state = send(w, {"kind": "play", "card": "5C", "centre": 0, "id": 44})
    assert state["message"]["text"] == "5♣ is the computer's card."


def test_stale_click_on_a_changed_pile_is_refused(make_widget: Any) -> None:
    w = make_widget(game=position(), ai="greedy")
    assert ["7S", 0] in w.state["you"]["plays"]  # what the page shows
    w.step()  # the computer covers the 6 with its 5 before the click arrives
    assert w.game.centre_tops()[0] == "5C"
    before = w.game.to_dict()
    state = send(w, {"kind": "play", "card": "7S", "centre": 0, "id": 7})
    assert state["message"]["id"] == 7 and state["message"]["kind"] == "refused"
    assert "doesn't fit on 5♣" in state["message"]["text"]
    assert w.game.to_dict() == before


def test_early_stuck_points_at_the_playable_card(make_widget: Any) -> None:
    w = make_widget(game=position(), ai=None)
    state = send(w, {"kind": "stuck", "id": 3})
    assert state["message"]["text"] == "You're not stuck: 7♠ goes on the left pile."


def test_clicks_while_paused_are_refused_until_resume(make_widget: Any) -> None:
    w = make_widget(game=position())
    card, centre = w.state["you"]["plays"][0]
    send(w, {"kind": "pause"})
    assert w.state["paused"] and w.state["status_text"] == "Paused"
    assert w.state["you"]["plays"] == []
    before = w.game.to_dict()
    state = send(w, {"kind": "play", "card": card, "centre": centre, "id": 1})
    assert "paused" in state["message"]["text"]
    assert w.game.to_dict() == before
    send(w, {"kind": "resume"})
    send(w, {"kind": "play", "card": card, "centre": centre, "id": 2})
    assert w.game.centre_tops()[centre] == card


def test_hidden_tab_pauses_and_showing_it_resumes_only_that_pause(make_widget: Any) -> None:
    w = make_widget(seed=4)
    send(w, {"kind": "visibility", "hidden": True})
    assert w.paused
    send(w, {"kind": "visibility", "hidden": False})
    assert not w.paused
    send(w, {"kind": "pause"})
    send(w, {"kind": "visibility", "hidden": True})
    send(w, {"kind": "visibility", "hidden": False})
    assert w.paused, "a pause the player chose is not undone by the tab"


def test_pace_message_and_property(make_widget: Any) -> None:
    w = make_widget(seed=4)
    send(w, {"kind": "pace", "pace": "fast"})
    assert w.pace == "fast" and w.state["pace"] == "fast"
    w.pace = "slow"
    assert w.state["pace"] == "slow"
    with pytest.raises(ValueError, match="choose one of slow, normal, fast"):
        w.pace = "relaxed"


def test_play_again_deals_afresh(make_widget: Any) -> None:
    w = make_widget(seed=4)
    first = w.game.to_dict()
    w.step()
    send(w, {"kind": "new_game"})
    assert w.game.to_dict()["players"] != first["players"]
    assert w.state["status"] == "playing" and w.state["outcome"] is None
    assert [e["kind"] for e in log_of(w)] == ["deal", "spit", "spit"]


def test_hint_names_a_legal_play(make_widget: Any) -> None:
    w = make_widget(game=position())
    state = send(w, {"kind": "hint"})
    assert state["message"]["kind"] == "hint"
    assert (state["message"]["card"], state["message"]["centre"]) in w.game.legal_plays(0)
    assert state["message"]["text"].startswith("Play ")
    assert ": " in state["message"]["text"], "a hint gives its reason"


def test_python_api_changes_show_in_the_view(make_widget: Any) -> None:
    w = make_widget(game=position(), ai=None)
    card, centre = w.game.legal_plays(0)[0]
    w.play(card, centre)
    assert w.state["centre"][centre]["top"] == card
    assert any(e["text"].startswith("You play") for e in log_of(w))
    w.new_game(seed=9)
    assert w.game.seed == 9


def test_stats_survive_a_new_widget_like_a_kernel_restart(make_widget: Any) -> None:
    w = make_widget(seed=1)
    rng = random.Random(0)
    while w.game.status != "game_over":
        if not human_turn(w, rng, 0):
            w.step()
    assert w.state["stats"]["games"] == 1
    again = make_widget(seed=2, stats=StatsStore())
    assert again.state["stats"]["games"] == 1
    assert again.state["stats"]["wins"] == (1 if w.game.winner == 0 else 0)




def test_the_end_against_the_computer_says_why_the_game_ended(make_widget: Any) -> None:
    game = Game.position("duel", you=[["7H"]], computer=[["QC"], ["4S", "5D"]],
                         centre=[["6S"], ["JD"]], you_spit=["3C"], computer_spit=["AH"])
    w = make_widget(game=game, ai=None)
    send(w, {"kind": "play", "card": "7H", "centre": 0, "id": 1})
    assert w.state["status"] == "game_over"
    assert w.state["status_text"] == "You cleared your five stock piles first."
