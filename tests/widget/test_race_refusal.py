"""A click that lost the race for a pile is told so: the card was right for
the pile the player saw, the other side covered it first (widget/race.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from page import send
from test_seats import VIEWS, Table

from spit_widget import Game, SpitWidget

# You hold 9♦; the left pile shows 8♣, where 9♦ fits. The computer plays its
# 7♥ on 8♣ before your click lands: the pile then needs 6 or 8.
RACE = dict(you=[["9D"], ["KS"]], computer=[["7H"], ["QC"]], centre=[["8C"], ["2D"]],
            you_spit=["4C"], computer_spit=["5H"])


def covered(make_widget: Callable[..., SpitWidget], **kwargs: Any) -> SpitWidget:
    w = make_widget(game=Game.position("duel", **RACE), ai=None, **kwargs)
    w.play("7H", 0, seat=1) if kwargs.get("opponent") else w.game.play(1, "7H", 0)
    return w


def test_a_play_that_lost_the_race_says_the_computer_got_there_first(
    make_widget: Callable[..., SpitWidget],
) -> None:
    w = covered(make_widget)
    before = w.game.to_dict()
    state = send(w, {"kind": "play", "card": "9D", "centre": 0, "id": 7, "seen": ["8C", "2D"]})
    message = state["message"]
    assert message["kind"] == "refused" and message["id"] == 7
    assert message["text"] == ("The computer got there first: 7♥ now covers 8♣ on the left "
                               "pile, so 9♦ no longer fits (it needs 6 or 8).")
    assert w.game.to_dict() == before  # refused: nothing moved


def test_a_card_that_never_fitted_keeps_the_plain_reason(
    make_widget: Callable[..., SpitWidget],
) -> None:
    w = covered(make_widget)
    # K♠ did not fit 8♣ either: not a race, the usual sentence.
    state = send(w, {"kind": "play", "card": "KS", "centre": 0, "id": 8, "seen": ["8C", "2D"]})
    assert state["message"]["text"] == ("K♠ doesn't fit on 7♥ or 2♦: the left pile needs 6 or 8, "
                                        "the right pile needs A or 3.")
    # Without `seen` (an older page) the engine's reason stands too.
    state = send(w, {"kind": "play", "card": "9D", "centre": 0, "id": 9})
    assert state["message"]["text"] == ("9♦ doesn't fit on 7♥ or 2♦: the left pile needs 6 or 8, "
                                        "the right pile needs A or 3.")


def test_the_race_is_found_on_the_pile_the_card_fitted_whichever_was_sent(
    make_widget: Callable[..., SpitWidget],
) -> None:
    # A page that saw no fit for 9♦ sends it to the left pile; here it saw 8♣
    # on the right (seen lists both piles), which the computer covered.
    w = make_widget(game=Game.position(
        "duel", you=[["9D"]], computer=[["7H"], ["QC"]], centre=[["2D"], ["8C"]],
        you_spit=["4C"], computer_spit=["5H"]), ai=None)
    w.game.play(1, "7H", 1)
    state = send(w, {"kind": "play", "card": "9D", "centre": 0, "id": 1, "seen": ["2D", "8C"]})
    assert state["message"]["text"].startswith("The computer got there first: 7♥ now covers 8♣ "
                                               "on the right pile")


def test_a_paused_table_gives_the_pause_as_the_reason(
    make_widget: Callable[..., SpitWidget],
) -> None:
    w = covered(make_widget)
    w.pause()
    state = send(w, {"kind": "play", "card": "9D", "centre": 0, "id": 3, "seen": ["8C", "2D"]})
    assert "paused" in state["message"]["text"]


def test_an_unreadable_seen_is_refused_with_a_sentence_and_changes_nothing(
    make_widget: Callable[..., SpitWidget],
) -> None:
    w = covered(make_widget)
    before = w.game.to_dict()
    for seen in ("8C", [1, 2], ["8C", "2D", "3S"], ["x" * 40]):
        state = send(w, {"kind": "play", "card": "9D", "centre": 0, "id": 4, "seen": seen})
        assert state["message"]["kind"] == "refused"
        assert state["message"]["text"].startswith("That play "), state["message"]["text"]
    assert w.game.to_dict() == before


def test_between_two_people_the_race_names_who_got_there_first(
    make_widget: Callable[..., SpitWidget],
) -> None:
    t = Table(make_widget(opponent="human", names=("Ann", "Bob"),
                          game=Game.position("duel", **RACE)))
    t.sit(VIEWS[0])
    t.sit(VIEWS[1])
    t.msg(VIEWS[1], kind="play", card="7H", centre=0, id=1, seat=1)
    state = t.msg(VIEWS[0], kind="play", card="9D", centre=0, id=2, seat=0, seen=["8C", "2D"])
    assert state["message"]["text"] == ("Bob got there first: 7♥ now covers 8♣ on the left "
                                        "pile, so 9♦ no longer fits (it needs 6 or 8).")
    assert state["message"]["view"] == VIEWS[0]
