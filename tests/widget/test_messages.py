"""Every message on the table is true while it shows: each ends with the change
that makes it stale (spit_widget/widget/notices.py), and the status line never
says "Your move" when no card of yours goes anywhere."""

from __future__ import annotations

from typing import Any

from page import send

from spit_widget import Game
from spit_widget.engine.cards import DECK


def duel() -> Game:
    """You hold 7S (over a hidden 2C) and 9D; the computer holds 5C and KH."""
    return Game.from_dict({
        "variant": "duel",
        "players": [
            {"stock": [["7S"], ["2C", "9D"], [], [], []], "spit": ["3S", "3H"]},
            {"stock": [["5C"], ["KH"], [], [], []], "spit": ["4S", "4H"]},
        ],
        "centre": [["6H"], ["JD"]],
    })


def blocked_classic() -> Game:
    """Nobody can play and no spit card is left: End Round deals round 2."""
    rest = [c for c in DECK if c not in ("2C", "2D", "6S", "JD")]
    return Game.position("classic", you=[[*rest[:24], "2C"]], computer=[[*rest[24:], "2D"]],
                         centre=["6S", "JD"])


def test_a_refusal_clears_at_the_next_play_that_lands(make_widget: Any) -> None:
    w = make_widget(game=duel(), ai=None)
    state = send(w, {"kind": "play", "card": "9D", "centre": 0, "id": 1})
    assert state["message"]["kind"] == "refused"
    assert send(w, {"kind": "stuck", "id": 2})["message"]["kind"] == "refused"  # still refusing
    assert send(w, {"kind": "play", "card": "7S", "centre": 0, "id": 3})["message"] is None


def test_a_refusal_clears_when_the_computer_changes_the_table(make_widget: Any) -> None:
    w = make_widget(game=duel(), ai="greedy")
    send(w, {"kind": "play", "card": "9D", "centre": 0, "id": 1})
    assert "6♥" in w.state["message"]["text"]
    w.step()  # the computer covers the 6: the refusal spoke of a pile that is gone
    assert w.game.centre_tops()[0] != "6H"
    assert w.state["message"] is None


def test_a_refusal_outlasts_the_computer_saying_it_is_stuck(make_widget: Any) -> None:
    # A Stuck changes no pile: the reason for the refusal still holds, so it stays
    # (the computer declaring Stuck a moment after the click wiped it before it was read).
    w = make_widget(game=Game.position("duel", you=[["2C"], ["8H", "7H"]], computer=[["9S"]],
                                       centre=[["6S"], ["2D"]], you_spit=["AS"],
                                       computer_spit=["AH"]), ai="greedy")
    send(w, {"kind": "play", "card": "2C", "centre": 0, "id": 1})
    assert [e.kind for e in w.step()] == ["stuck"]
    assert w.game.stuck == [False, True]
    assert w.state["message"]["kind"] == "refused"
    assert "needs 5 or 7" in w.state["message"]["text"]
    send(w, {"kind": "play", "card": "7H", "centre": 0, "id": 2})  # the table changes
    assert w.state["message"] is None


def test_a_hint_clears_at_the_next_action(make_widget: Any) -> None:
    w = make_widget(game=duel(), ai="greedy")
    send(w, {"kind": "hint", "id": 1})
    assert w.state["message"]["kind"] == "hint"
    w.step()
    assert w.state["message"] is None
    w = make_widget(game=duel(), ai=None)
    send(w, {"kind": "hint", "id": 2})
    card, centre = w.state["you"]["plays"][0]
    send(w, {"kind": "play", "card": card, "centre": centre, "id": 3})
    assert w.state["message"] is None


def test_paused_clears_at_resume(make_widget: Any) -> None:
    w = make_widget(game=duel(), ai=None)
    send(w, {"kind": "pause"})
    state = send(w, {"kind": "play", "card": "7S", "centre": 0, "id": 1})
    assert state["message"]["text"] == "The game is paused: press Resume to play on."
    assert send(w, {"kind": "resume"})["message"] is None


def test_the_hidden_tab_message_goes_with_its_pause(make_widget: Any) -> None:
    w = make_widget(seed=4, ai=None)
    send(w, {"kind": "visibility", "hidden": True})
    assert w.state["message"]["text"] == "Paused while the tab was hidden."
    send(w, {"kind": "visibility", "hidden": False})
    assert w.state["message"] is None
    send(w, {"kind": "pause"})  # the player's own pause is not the tab's
    assert w.state["paused"] and w.state["message"] is None


def test_a_message_clears_at_the_next_round(make_widget: Any) -> None:
    w = make_widget(game=blocked_classic(), ai=None)
    send(w, {"kind": "visibility", "hidden": True})  # an "info" message, kept while paused
    assert w.state["message"]["kind"] == "info"
    w.spit()  # End Round from Python: each takes a pile, round 2 is dealt
    assert w.game.round == 2
    assert w.state["message"] is None


def test_the_status_line_never_says_your_move_when_nothing_fits(make_widget: Any) -> None:
    stuck = Game.from_dict({
        "variant": "duel",
        "players": [
            {"stock": [["9S"], ["2C", "9D"], [], [], []], "spit": ["3S", "3H"]},
            {"stock": [["5C"], ["KH"], [], [], []], "spit": ["4S", "4H"]},
        ],
        "centre": [["6H"], ["JD"]],
    })
    w = make_widget(game=stuck, ai=None)
    assert w.state["you"]["plays"] == []
    assert w.state["status_text"] == "None of your cards fits: press Stuck"
    assert make_widget(game=duel(), ai=None).state["status_text"] == "Your move"


def test_size_option(make_widget: Any) -> None:
    """size= and compact=True reach the page as the synced ``size`` trait; a wrong
    size is refused before any widget exists."""
    import pytest

    from spit_widget import SpitWidget

    assert make_widget(ai=None).size == "normal"
    assert make_widget(ai=None, compact=True).size == "compact"
    assert make_widget(ai=None, size="large").size == "large"
    with pytest.raises(ValueError, match="compact, normal, large"):
        SpitWidget(ai=None, size="huge")
