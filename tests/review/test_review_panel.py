"""The end-of-game review panel without a browser: a table plays a timed game
to its end on a controlled clock, then the page's review messages go in and
the two review traits, the table's state and its seats come out. Every
expected figure is the review's own (``review.of`` on the same record)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from sessions import played_table, timed_record

from spit_widget import SpitWidget, review
from spit_widget.engine import cards as C
from spit_widget.review import Moment
from spit_widget.widget import voice as V
from spit_widget.widget.course.seats import LessonSeats
from spit_widget.widget.reviewing import ReviewSeats
from spit_widget.widget.seats_computer import ComputerSeats

DUEL = ("duel", 5)
"""A duel of 34 actions with three missed moments and two Stucks pressed late."""


@pytest.fixture
def table() -> Iterator[Any]:
    made: list[SpitWidget] = []

    def make(variant: str = DUEL[0], seed: int = DUEL[1], **kwargs: Any) -> SpitWidget:
        w = played_table(timed_record(variant, seed), **kwargs)
        made.append(w)
        return w

    yield make
    for w in made:
        w.close()


def send(w: SpitWidget, content: dict[str, Any]) -> dict[str, Any]:
    """A message as the page's ``model.send`` delivers it; the table's state after."""
    w._handle_custom_msg(content, [])
    return w.state


def ask(w: SpitWidget, do: str, **extra: Any) -> dict[str, Any]:
    send(w, {"kind": "review", "do": do, **extra})
    return w.review_moment


def refused(w: SpitWidget) -> str | None:
    message = w.state["message"]
    return message["text"] if message and message["kind"] == "refused" else None


def wrong_card(moment: Moment) -> str:
    """A face-up card of the seat at ``moment`` that fits no centre pile."""
    game = moment.game()
    fitting = {card for card, _ in moment.plays}
    return next(p[-1] for p in game.stock[0] if p and p[-1] not in fitting)


def first_missed(w: SpitWidget) -> tuple[int, Moment]:
    moments = review.of(w.last_record()).moments
    return next((n, m) for n, m in enumerate(moments)
                if m.kind == "missed" and any(p and p[-1] not in {c for c, _ in m.plays}
                                              for p in m.game().stock[0]))


def test_a_finished_game_is_offered_and_the_panel_opens_on_its_first_moment(table: Any) -> None:
    w = table()
    assert w.review_panel == {"offer": True} and w.review_moment == {}
    expected = review.of(w.last_record())
    moment = ask(w, "open")
    panel = w.review_panel
    assert panel["open"] and len(panel["marks"]) == len(expected.moments) == 5
    assert [(m["t"], m["waited"], m["kind"]) for m in panel["marks"]] == [
        (round(m.t, 3), round(m.waited, 3), m.kind) for m in expected.moments]
    assert panel["duration"] == expected.summary["duration"]
    assert f"{expected.summary['plays']} plays" in panel["summary"]
    first = expected.moments[0]
    assert moment["chosen"] == 0 and moment["mode"] == "moment"
    assert moment["lit"] == [list(p) for p in first.plays] and moment["can_try"]
    assert w.game.to_dict() == first.game().to_dict()  # the table shows the moment
    assert first.why[0] in moment["said"]["text"]
    assert w.state["status_text"] == V.review_caption(1, 5, first.t)
    you = w.state["you"]
    assert you["plays"] == [] and not you["can_stuck"]  # shown, not played
    assert isinstance(w.session.seats, ReviewSeats)
    assert isinstance(w.session.seats.active, LessonSeats)


def test_a_shown_moment_refuses_a_click_and_says_how_to_play_it(table: Any) -> None:
    w = table()
    ask(w, "open")
    before = w.game.to_dict()
    card, centre = review.of(w.last_record()).moments[0].plays[0]
    send(w, {"kind": "play", "card": card, "centre": centre, "id": 3})
    assert refused(w) == V.REVIEW_SHOWN_ONLY and w.game.to_dict() == before


def test_try_it_fails_on_a_card_that_does_not_fit_with_the_answer_then_is_solved(
        table: Any) -> None:
    w = table()
    n, moment = first_missed(w)
    ask(w, "open")
    ask(w, "choose", moment=n)
    trying = ask(w, "try")
    assert trying["mode"] == "level" and trying["lit"] == [] and trying["result"] is None
    assert w.game.to_dict()["players"] == moment.game().to_dict()["players"]
    assert w.state["you"]["plays"] == [list(p) for p in moment.plays]
    wrong = wrong_card(moment)
    send(w, {"kind": "play", "card": wrong, "centre": 0, "id": 7})
    refusal = refused(w)
    assert refusal is not None and C.label(wrong) in refusal
    failed = w.review_moment
    assert failed["result"]["kind"] == "failed"
    assert failed["lit"] == [list(p) for p in moment.plays]  # the answer, lit
    assert failed["result"]["text"] == V.review_missed(refusal, moment.why)
    assert failed["said"]["text"] == failed["result"]["text"]
    card, centre = moment.plays[0]
    send(w, {"kind": "play", "card": card, "centre": centre, "id": 8})
    assert refused(w) == V.level_failed(refusal)  # one try: the level is over
    retried = ask(w, "retry")
    assert retried["result"] is None and retried["said"]["seq"] > failed["said"]["seq"]
    send(w, {"kind": "play", "card": card, "centre": centre, "id": 9})
    solved = w.review_moment
    assert solved["result"]["kind"] == "solved" and moment.why[0] in solved["result"]["text"]
    assert card in [c for pile in w.game.centre for c in pile]


def test_hint_lights_the_card_while_trying_and_says_the_moment_again_while_shown(
        table: Any) -> None:
    w = table()
    n, moment = first_missed(w)
    ask(w, "open")
    shown = ask(w, "choose", moment=n)
    send(w, {"kind": "hint"})
    assert w.review_moment["said"]["seq"] == shown["said"]["seq"] + 1
    assert w.review_moment["said"]["text"] == shown["said"]["text"]
    ask(w, "try")
    send(w, {"kind": "hint"})
    message = w.state["message"]
    assert message["kind"] == "hint" and (message["card"], message["centre"]) == moment.plays[0]


def test_next_moment_shows_or_tries_the_next_one_and_stops_at_the_last(table: Any) -> None:
    w = table()
    moments = review.of(w.last_record()).moments
    ask(w, "open")
    shown = ask(w, "next")
    assert shown["chosen"] == 1 and shown["mode"] == "moment"
    assert shown["stuck"] and moments[1].kind == "late_stuck"  # Stuck lit, no card
    assert w.game.to_dict() == moments[1].game().to_dict()
    ask(w, "try")
    tried = ask(w, "next")
    assert tried["chosen"] == 2 and tried["mode"] == "level"
    assert w.session.game.to_dict()["players"] == moments[2].game().to_dict()["players"]
    ask(w, "choose", moment=4)
    before = dict(w.review_moment)
    ask(w, "next")
    assert refused(w) == V.REVIEW_LAST and w.review_moment == before
    ask(w, "choose", moment=9)
    assert refused(w) == V.review_no_moment(9, 5) and w.review_moment["chosen"] == 4


def test_a_late_stuck_is_tried_by_pressing_stuck(table: Any) -> None:
    w = table()
    ask(w, "open")
    ask(w, "choose", moment=1)
    ask(w, "try")
    send(w, {"kind": "stuck", "id": 4})
    assert w.review_moment["result"]["kind"] == "solved"


def test_play_again_gives_the_table_back_at_its_pace_with_its_last_game(table: Any) -> None:
    w = table(seed=DUEL[1])
    record = w.last_record()
    w.session.set_pace("fast")
    ask(w, "open")
    ask(w, "try")
    send(w, {"kind": "review", "do": "play_again"})
    assert w.review_panel == {"offer": True} and w.review_moment == {}
    seats = w.session.seats
    assert isinstance(seats, ReviewSeats) and isinstance(seats.active, ComputerSeats)
    assert not isinstance(seats.active, LessonSeats)
    assert w.game.status == "playing" and not w.game.history and w.pace == "fast"
    assert w.last_record() is record


def test_the_tables_play_again_button_also_leaves_the_review(table: Any) -> None:
    w = table()
    ask(w, "open")
    send(w, {"kind": "new_game"})
    assert not w.review_panel.get("open") and w.game.status == "playing"


def test_a_game_dealt_from_a_cell_closes_the_review(table: Any) -> None:
    w = table()
    ask(w, "open")
    w.new_game()
    assert w.review_panel == {"offer": True} and w.review_moment == {}
    assert not isinstance(w.session.seats.active, LessonSeats)


def test_w_review_is_the_review_the_panel_shows(table: Any) -> None:
    w = table()
    r = w.review()
    assert r.summary == review.of(w.last_record()).summary
    ask(w, "open")
    assert w.review() is r and w.review(threshold=3.0) is not r
    assert "<svg" in r._repr_html_()


def test_a_table_with_no_finished_game_refuses_and_offers_nothing(make_plain: Any) -> None:
    w = make_plain
    assert w.review_panel == {"offer": False}
    send(w, {"kind": "review", "do": "open"})
    assert refused(w) == V.REVIEW_NOTHING and w.review_panel == {"offer": False}
    send(w, {"kind": "review", "do": "next"})
    assert refused(w) == V.REVIEW_NOT_OPEN
    send(w, {"kind": "review", "do": "dance"})
    assert refused(w) == V.review_unknown("dance")


@pytest.fixture
def make_plain() -> Iterator[SpitWidget]:
    w = SpitWidget(seed=1)
    yield w
    w.close()


def test_the_review_is_sent_when_the_panel_opens_not_with_each_update(table: Any) -> None:
    w = table()
    sent: list[dict[str, Any]] = []
    w.comm.send = lambda data=None, metadata=None, buffers=None: sent.append(data)
    ask(w, "open")
    panels = [d for d in sent if "review_panel" in d.get("state", {})]
    assert len(panels) == 1  # the summary and the marks, once
    sent.clear()
    ask(w, "next")
    ask(w, "try")
    assert not any("review_panel" in d.get("state", {}) for d in sent)
    assert any("review_moment" in d.get("state", {}) for d in sent)


def test_a_two_person_table_and_the_course_have_no_review_panel() -> None:
    w = SpitWidget(opponent="human")
    try:
        assert w.review_panel == {} and not isinstance(w.session.seats, ReviewSeats)
    finally:
        w.close()


def test_a_course_level_is_not_failed_by_a_refused_card() -> None:
    """One try is the review's rule (``Lesson(one_try=True)``): a course level
    still only says why a card does not fit."""
    from spit_widget import learn

    level = next(lv for lv in learn.course() if lv.variant == "duel" and any(
        p and p[-1] not in {c for c, _ in lv.game().legal_plays(0)} for p in lv.game().stock[0]))
    w = learn.show()
    try:
        w.lesson.open_level(level.id)
        game = level.game()
        wrong = next(p[-1] for p in game.stock[0]
                     if p and p[-1] not in {c for c, _ in game.legal_plays(0)})
        send(w, {"kind": "play", "card": wrong, "centre": 0, "id": 2})
        assert refused(w) is not None and w.lesson.result is None
    finally:
        w.close()


def test_every_review_request_has_one_handler_on_both_sides(table: Any) -> None:
    """The panel's requests are declared once (protocol.ReviewRequest); the
    panel carries out each, and the page's keys ask for no other."""
    import re
    from pathlib import Path

    from spit_widget.widget.protocol import REVIEW_REQUESTS

    w = table()
    assert sorted(w.session.seats.panel._actions()) == sorted(REVIEW_REQUESTS)
    js = (Path(__file__).resolve().parents[2] / "js" / "review.js").read_text("utf-8")
    keys = re.search(r"REVIEW_KEYS = \{([^}]*)\}", js)
    assert keys is not None
    assert set(re.findall(r'"(\w+)"', keys.group(1))) | {"choose"} == set(REVIEW_REQUESTS)


def test_after_a_try_ends_the_table_offers_no_move_and_says_what_the_panel_says(
        table: Any) -> None:
    w = table()
    n, moment = first_missed(w)
    ask(w, "open")
    ask(w, "choose", moment=n)
    ask(w, "try")
    assert w.state["you"]["plays"] and w.state["status_text"] != V.review_try_over(False, True)
    send(w, {"kind": "play", "card": wrong_card(moment), "centre": 0, "id": 7})
    assert w.review_moment["result"]["kind"] == "failed"
    more = n + 1 < len(review.of(w.last_record()).moments)
    you = w.state["you"]
    assert you["plays"] == [] and not you["can_stuck"]  # no outline, no Stuck: nothing to play
    assert w.state["status_text"] == V.review_try_over(False, more)
    assert "Retry (R)" in w.state["status_text"] and "Your move" not in w.state["status_text"]
    ask(w, "retry")
    assert w.state["you"]["plays"] == [list(p) for p in moment.plays]  # a try again: playable
    card, centre = moment.plays[0]
    send(w, {"kind": "play", "card": card, "centre": centre, "id": 8})
    assert w.review_moment["result"]["kind"] == "solved"
    assert w.state["you"]["plays"] == [] and w.state["status_text"] == V.review_try_over(True, more)


def test_the_summary_counts_what_the_timeline_counts_and_names_its_colours(table: Any) -> None:
    w = table()
    ask(w, "open")
    panel = w.review_panel
    marks = panel["marks"]
    s = review.of(w.last_record()).summary
    assert len(marks) == s["missed"] + s["late_stucks"] == 5 and s["late_stucks"] > 0
    assert f"{len(marks)} moments to review ({s['missed']} missed plays, " in panel["summary"]
    assert ask(w, "choose", moment=1)["said"]["text"].startswith(f"Moment 2 of {len(marks)}")
    assert panel["legend"] == [{"kind": k, "label": V.REVIEW_LEGEND[k]}
                               for k in ("missed", "late_stuck")]
    assert all(m["label"] for m in marks)
