"""Exactly once without a browser: the ledger's numbers, repeats, gaps and
given-up actions, and the table applying each numbered page action once and
acknowledging it (widget/delivery.py, js/outbox.js)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from page import send

from spit_widget import Game
from spit_widget.widget.delivery import KEPT, Ledger, Verdict

VIEW = "view-ann-0001"


def test_a_number_is_new_once_then_a_repeat_with_how_it_ended() -> None:
    ledger = Ledger()
    assert ledger.receive(VIEW, 10, 10).verdict is Verdict.NEW
    ledger.settle(VIEW, 10, None)
    assert ledger.acknowledged(VIEW) == 10
    assert ledger.receive(VIEW, 11, 10).verdict is Verdict.NEW
    ledger.settle(VIEW, 11, "7♠ does not fit.")
    again = ledger.receive(VIEW, 11, 10)
    assert again.verdict is Verdict.REPEAT and again.refusal == "7♠ does not fit."
    assert ledger.receive(VIEW, 10, 10).verdict is Verdict.REPEAT


def test_a_gap_holds_the_acknowledgement_until_the_missing_number_lands() -> None:
    ledger = Ledger()
    ledger.receive(VIEW, 6, 5)  # 5 is lost on the way; 6 arrives first
    ledger.settle(VIEW, 6, None)
    assert ledger.acknowledged(VIEW) == 4, "5 is not settled: the page keeps it"
    assert ledger.receive(VIEW, 5, 5).verdict is Verdict.NEW  # sent again: applied now
    ledger.settle(VIEW, 5, None)
    assert ledger.acknowledged(VIEW) == 6
    assert ledger.receive(VIEW, 6, 5).verdict is Verdict.REPEAT


def test_a_number_the_page_gave_up_on_is_never_applied() -> None:
    ledger = Ledger()
    ledger.receive(VIEW, 1, 1)
    ledger.settle(VIEW, 1, None)
    ledger.receive(VIEW, 3, 3)  # the page gave up on 2 (its base moved past it)
    ledger.settle(VIEW, 3, None)
    assert ledger.receive(VIEW, 2, 2).verdict is Verdict.ABANDONED
    assert ledger.acknowledged(VIEW) == 3


def test_views_are_apart_and_the_memory_is_bounded() -> None:
    ledger = Ledger()
    ledger.receive("view-bob-0002", 1, 1)
    assert ledger.receive(VIEW, 1, 1).verdict is Verdict.NEW
    for n in range(1, 3 * KEPT):
        ledger.receive(VIEW, n, 1)
        ledger.settle(VIEW, n, None)
    stream = ledger._streams[VIEW]
    assert len(stream.settled) <= KEPT and not stream.ahead
    assert ledger.receive(VIEW, 1, 1).verdict is not Verdict.NEW, "old numbers never apply again"


@given(st.lists(st.integers(1, 30), min_size=1, max_size=120))
def test_any_order_of_arrivals_applies_each_number_at_most_once(arrivals: list[int]) -> None:
    ledger = Ledger()
    applied: list[int] = []
    for n in arrivals:
        if ledger.receive(VIEW, n, 1).verdict is Verdict.NEW:
            applied.append(n)
            ledger.settle(VIEW, n, None)
    assert sorted(applied) == sorted(set(arrivals))
    acked = ledger.acknowledged(VIEW)
    assert all(k in applied for k in range(1, acked + 1))


# ------------------------------------------------------------------ the table
def position() -> Game:
    return Game.position("duel", you=[["7S"], ["8S"]], computer=[["KC"]],
                         centre=[["6H"], ["JD"]], you_spit=["2C"], computer_spit=["3D"])


@pytest.fixture
def table(make_widget: Any) -> Any:
    w = make_widget(game=position(), opponent=None)
    w.acks = []
    w.session.send = lambda msg: w.acks.append(msg) if msg["kind"] == "ack" else None
    return w


def play(w: Any, card: str, seq: int, base: int | None = None) -> dict[str, Any]:
    return send(w, {"kind": "play", "card": card, "centre": 0, "id": seq, "view": VIEW,
                    "seq": seq, "base": seq if base is None else base})


def test_a_click_sent_twice_is_played_once_and_answered_twice(table: Any) -> None:
    w = table
    play(w, "7S", 5)
    after = w.game.to_dict()
    play(w, "7S", 5)  # its answer was lost: the page sends it again
    assert w.game.to_dict() == after and len(w.game.history) == 1
    assert [a["seq"] for a in w.acks] == [5, 5] and w.acks[-1]["upto"] == 5
    assert "refused" not in w.acks[-1]


def test_a_click_that_no_longer_fits_when_it_lands_is_refused_with_its_sentence(
        table: Any) -> None:
    w = table
    play(w, "8S", 7, base=6)  # 6 (the 7♠) was lost: the 8♠ lands first, and fits no pile
    assert w.acks[-1]["refused"] and w.acks[-1]["upto"] == 5
    state = play(w, "7S", 6)  # sent again after the silence
    assert w.game.history[-1][:3] == ("play", 0, "7S")
    assert w.acks[-1] == {"kind": "ack", "view": VIEW, "seq": 6, "upto": 7}
    assert state["message"] is None or state["message"]["kind"] != "refused"
    refused = play(w, "8S", 7, base=6)  # the 8♠'s refusal is said again, not replayed
    assert refused["message"]["kind"] == "refused" and len(w.game.history) == 1


@pytest.mark.parametrize("content", [
    {"kind": "play", "card": "7S", "centre": 0, "view": VIEW, "seq": "5"},
    {"kind": "play", "card": "7S", "centre": 0, "view": VIEW, "seq": 5, "base": 6},
    {"kind": "play", "card": "7S", "centre": 0, "seq": 5},
    {"kind": "play", "card": "7S", "centre": 0, "view": VIEW, "seq": 2**60},
])
def test_a_number_no_page_makes_is_refused_and_plays_nothing(table: Any, content: Any) -> None:
    state = send(table, content)
    assert state["message"]["kind"] == "refused" and "action number" in state["message"]["text"]
    assert table.game.history == [] and table.acks == []


def test_handling_one_message_publishes_once(table: Any) -> None:
    w = table
    published: list[bool] = []
    original = w.publish

    def counted(*, whole: bool = False) -> None:
        published.append(whole)
        original(whole=whole)

    w.session._publish = counted
    play(w, "7S", 1)
    send(w, {"kind": "pause", "view": VIEW, "seq": 2, "base": 2})
    send(w, {"kind": "resume", "view": VIEW, "seq": 3, "base": 3})
    assert published == [False, False, False]
