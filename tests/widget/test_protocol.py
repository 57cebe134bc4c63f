"""The declared protocol: one list of kinds per side, and lean updates that
still give every page the whole picture."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, get_type_hints

import pytest
from page import Page, log_of, send

from spit_widget.commands.wire import measure
from spit_widget.widget import parsing, protocol
from spit_widget.widget.inbox import HANDLERS
from spit_widget.widget.seats_people import PeopleSeats

JS = Path(__file__).resolve().parents[2] / "js" / "protocol.js"


def _js_list(name: str) -> list[str]:
    match = re.search(rf"export const {name} = Object\.freeze\(\[(.*?)\]\)", JS.read_text(),
                      re.S)
    assert match, f"js/protocol.js declares no {name} list"
    return re.findall(r'"([a-z_]+)"', match.group(1))


def test_every_kind_has_one_handler_and_every_field_a_check() -> None:
    assert set(HANDLERS) == set(protocol.MESSAGE_KINDS)
    for kind, shape in protocol.SHAPES.items():
        for field in get_type_hints(shape):
            assert field in ("kind", "id") or field in parsing.FIELDS, (kind, field)


def test_both_sides_list_the_same_kinds_in_the_same_order() -> None:
    assert _js_list("PAGE_KINDS") == list(protocol.MESSAGE_KINDS)
    assert _js_list("SEAT_KINDS") == list(protocol.SEAT_KINDS)
    assert not set(protocol.MESSAGE_KINDS) & set(protocol.SEAT_KINDS)


def test_every_seat_kind_has_one_handler(make_widget: Any) -> None:
    w = make_widget(opponent="human")
    assert isinstance(w._seats, PeopleSeats)
    assert set(w._seats.handlers()) == set(protocol.SEAT_KINDS)


def test_a_two_person_table_publishes_exactly_the_declared_keys(make_widget: Any) -> None:
    w = make_widget(opponent="human")
    assert set(w.state) == set(get_type_hints(protocol.SeatedState))


def test_the_state_has_exactly_the_declared_keys(make_widget: Any) -> None:
    for variant in ("duel", "classic"):
        w = make_widget(variant=variant, seed=4)
        assert set(w.state) == set(get_type_hints(protocol.State))
        assert "log" not in w.state


@pytest.mark.parametrize("variant", ["duel", "classic"])
def test_a_play_update_is_under_2_kb_and_carries_only_new_events(variant: str) -> None:
    figures = measure(variant, games=2)
    assert len(figures.plays) > 20
    assert max(figures.plays) < 2048, max(figures.plays)


def test_a_play_sends_one_update_with_the_new_events_not_the_log(make_widget: Any) -> None:
    w = make_widget(seed=3, ai=None)
    page = Page(w)
    for _ in range(6):  # a log of some length first
        w.step()
    card, centre = w.state["you"]["plays"][0]
    before = len(w.events)
    page.received.clear()
    send(w, {"kind": "play", "card": card, "centre": centre, "id": 1})
    assert [m["method"] for m in page.received] == ["update"], "one message per play"
    state = page.received[0]["state"]["state"]
    assert "log" not in state and not state["log_whole"]
    assert [e["seq"] for e in state["log_new"]] == [e.seq for e in w.events[before:]]
    assert state["log_new"][0]["text"].startswith("You play")
    assert page.in_step and page.log == log_of(w)
    send(w, {"kind": "pause"})  # nothing new in the log: nothing appended twice
    assert w.state["log_new"] == [] and page.log == log_of(w)


def test_two_pages_and_a_late_one_see_the_same_log(make_widget: Any) -> None:
    w = make_widget(seed=3, ai=None)
    first, second = Page(w), Page(w)
    for i in range(30):
        plays = w.state["you"]["plays"]
        if plays and i % 2:
            send(w, {"kind": "play", "card": plays[0][0], "centre": plays[0][1], "id": i})
        else:
            w.step()
    late = Page(w)  # a reloaded tab: the whole picture from the full state
    assert len(w.events) > 10
    for page in (first, second, late):
        assert page.in_step
        assert page.state == w.state
        assert [e["seq"] for e in page.log] == [e.seq for e in w.events[-60:]]
    w.step()
    assert first.log == second.log == late.log == log_of(w)


def test_a_page_that_missed_events_asks_and_gets_the_whole_log(make_widget: Any) -> None:
    w = make_widget(seed=3, ai=None)
    deaf, other = Page(w), Page(w)
    deaf.deaf = True  # its view was not listening yet
    w.step()
    w.step()
    deaf.deaf = False
    w.step()  # it hears this one, but has a gap before it
    assert not deaf.in_step or deaf.log != log_of(w)
    other_log = list(other.log)
    send(w, {"kind": "sync"})
    assert deaf.in_step and deaf.log == log_of(w)
    assert other.log == other_log and other.in_step  # the answer changes nothing for others
    assert w.state["message"] is None  # sync is not refused


def test_a_new_game_replaces_the_log(make_widget: Any) -> None:
    w = make_widget(seed=3, ai=None)
    page = Page(w)
    for _ in range(8):
        w.step()
    game = page.game
    send(w, {"kind": "new_game"})
    assert page.game == game + 1 and page.in_step
    assert [e["kind"] for e in page.log][:1] == ["deal"]
    assert page.log == log_of(w) and len(page.log) == len(w.events)


def test_the_full_state_is_json_and_carries_the_log(make_widget: Any) -> None:
    w = make_widget(seed=3)
    full = w.get_state()
    assert full["log"] == [e.to_dict() for e in w.events[-60:]]
    assert full["state"]["log_seq"] == w.events[-1].seq
    json.dumps(full["log"], allow_nan=False)


@pytest.mark.parametrize("msg_id", [2**60, 2**53 + 1, -5, -1, 1.5, True, "7", None])
def test_an_id_the_page_could_not_have_chosen_is_not_echoed(make_widget: Any,
                                                            msg_id: Any) -> None:
    w = make_widget(seed=3, ai=None)
    state = send(w, {"kind": "play", "card": "ZZ", "centre": 0, "id": msg_id})
    assert state["message"]["kind"] == "refused" and "ZZ" not in w.game.stock_tops(0)
    assert state["message"]["id"] is None
    state = send(w, {"kind": "frobnicate", "id": msg_id})  # refused before parsing the kind
    assert state["message"]["kind"] == "refused" and state["message"]["id"] is None


@pytest.mark.parametrize("msg_id", [0, 1, 12345, 2**53])
def test_an_id_in_range_comes_back_with_its_refusal(make_widget: Any, msg_id: int) -> None:
    w = make_widget(seed=3, ai=None)
    state = send(w, {"kind": "play", "card": "ZZ", "centre": 0, "id": msg_id})
    assert state["message"]["id"] == msg_id
    state = send(w, {"kind": "frobnicate", "id": msg_id})
    assert state["message"]["id"] == msg_id


def _js_const(path: str, name: str) -> float:
    source = (JS.parent / path).read_text(encoding="utf-8")
    match = re.search(rf"export const {name} = ([0-9.]+);", source)
    assert match, f"js/{path} declares no {name}"
    return float(match.group(1))


def test_the_constants_both_sides_hold_are_one_figure() -> None:
    """The round's summary shows as long as the computer waits for it, and a page
    keeps as many log lines as one update may carry: change one side, and this fails."""
    from spit_widget.computer.match import INTERLUDE_S

    assert _js_const("widget.js", "INTERLUDE_MS") == INTERLUDE_S * 1000
    assert _js_const("protocol.js", "LOG_LENGTH") == protocol.LOG_LENGTH


def _js_typedef_keys(name: str) -> set[str]:
    source = JS.read_text(encoding="utf-8")
    if name == "State":  # written as @property lines
        block = source.split("@typedef {object} State", 1)[1].split("*/", 1)[0]
        return set(re.findall(r"@property \{[^}]*\} (\w+)", block))
    match = re.search(r"@typedef \{State & \{(.*?)\}\} " + name, source, re.S)
    assert match, f"js/protocol.js declares no {name}"
    return set(re.findall(r"(\w+)\??:", match.group(1)))


def test_the_js_declares_the_state_and_the_seated_state_the_python_does() -> None:
    state = set(get_type_hints(protocol.State))
    assert _js_typedef_keys("State") == state
    seated = set(get_type_hints(protocol.SeatedState)) - state
    assert _js_typedef_keys("SeatedState") - {"outcome"} == seated
