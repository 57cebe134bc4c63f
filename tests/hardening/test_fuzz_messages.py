"""Fuzzing the page -> kernel channel: whatever the page sends, the kernel stays whole.

Every message goes in through ``_handle_custom_msg``, the very call the page's
``model.send`` reaches. After each one: nothing escaped the handler, a refusal
says why (and echoes an integer id), the 52 cards are all on the table, and the
snapshot the page draws agrees with the engine.
"""

from __future__ import annotations

import asyncio
import logging
import random
from typing import Any

import pytest
from hardkit import (
    Escapes,
    assert_view_matches_engine,
    assert_wire_safe,
    no_wait,
    record,
    send,
    until,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spit_widget import Game, SpitWidget
from spit_widget.computer import View, greedy
from spit_widget.computer.pace import paces
from spit_widget.engine import GAME_OVER
from spit_widget.engine import game as engine
from spit_widget.engine.cards import DECK

KINDS = ("play", "stuck", "spit", "move", "slap",
         "pause", "resume", "pace", "new_game", "visibility", "hint")
GAME_KINDS = ("play", "stuck", "spit", "move", "slap")
EVIL = "<img src=x onerror=alert(1)>"
TRIED: dict[str, int] = {}


class ErrorLog(logging.Handler):
    """Collects the widget's ERROR records: its "failed on a message" path is a bug."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


# ---------------------------------------------------------------- strategies


def nest(depth: int) -> Any:
    value: Any = "7S"
    for i in range(depth):
        value = [value] if i % 2 else {"card": value}
    return value


leaves = (
    st.none() | st.booleans() | st.integers() | st.floats()
    | st.text(max_size=12) | st.sampled_from(KINDS + DECK + (EVIL, "", " ", "7s", "10H"))
)
json_values = st.recursive(
    leaves,
    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=6), kids,
                                                              max_size=4),
    max_leaves=6,
)
huge = st.one_of(
    st.sampled_from([9, 1000, 100_000, 1_000_000]).map(lambda n: "x" * n),
    st.integers(2, 400).map(nest),  # nested junk (the kernel's JSON parser stops near 1000)
    st.integers(1, 20_000).map(lambda n: list(range(n))),
    st.just(10**4000), st.just(-(2**63)), st.just(2**53 + 1), st.just(float("inf")),
    st.text(st.characters(exclude_categories=()), max_size=8),  # lone surrogates too
)
junk = json_values | huge
ids = st.none() | st.integers(-5, 2**53 + 5) | st.integers() | leaves | huge
cards = st.sampled_from(DECK) | st.sampled_from(["", "7", "7SS", "ZZ", "7s", EVIL]) | junk
small = st.integers(-3, 4) | st.sampled_from([True, False, 0.0, 1.0, "0", None]) | junk


PACE_NAMES = st.sampled_from(["slow", "normal", "fast", "relaxed", "steady", "brisk",
                              "take_turns", "Fast", "", EVIL]) | junk
FIELD_NAMES = st.sampled_from(["kind", "id", "card", "centre", "slot", "pace", "hidden"])
KIND_OR_JUNK = st.sampled_from(KINDS) | junk
INDEX = st.integers(0, 2**16)
EXTRA_FIELDS = st.dictionaries(st.text(max_size=6), leaves | huge, max_size=3)
RANDOM_FIELDS = st.dictionaries(FIELD_NAMES, junk, max_size=5)


def pick(draw: Any, options: list[Any]) -> Any:
    """One of ``options`` (read from the live state) through a constant strategy."""
    return options[draw(INDEX) % len(options)]


def maybe_id(draw: Any, message: dict[str, Any]) -> dict[str, Any]:
    if draw(st.booleans()):
        message["id"] = draw(ids)
    if draw(st.integers(0, 9)) == 0:  # extra fields are ignored
        message.update(draw(EXTRA_FIELDS))
    return message


def page_message(state: Any) -> st.SearchStrategy[Any]:
    """Messages the page (or something pretending to be it) might send, given
    ``state()``, the snapshot the page drew last. One strategy object for the
    whole test: it reads the live state when drawing."""

    @st.composite
    def message(draw: Any) -> Any:
        you = state()["you"]
        shape = draw(st.integers(0, 11))
        if shape == 0:  # anything at all
            return draw(junk)
        if shape == 1:  # a dict of random fields around a real or bogus kind
            fields = draw(RANDOM_FIELDS)
            fields["kind"] = draw(KIND_OR_JUNK)
            return fields
        if shape in (2, 3, 4) and you["plays"]:  # what the page offers now: a real click
            card, centre = pick(draw, you["plays"])
            return maybe_id(draw, {"kind": "play", "card": card, "centre": centre})
        if shape == 5 and you["moves"]:
            card, slot = pick(draw, you["moves"])
            return maybe_id(draw, {"kind": "move", "card": card, "slot": slot})
        if shape == 6:  # valid-looking play with a random card and centre
            return maybe_id(draw, {"kind": "play", "card": draw(cards),
                                   "centre": draw(st.integers(0, 1) | small)})
        if shape == 7:
            kind = draw(st.sampled_from(["move", "slap"]))
            msg = {"kind": kind, "card": draw(cards)} if kind == "move" else {"kind": kind}
            msg["slot" if kind == "move" else "centre"] = draw(small)
            return maybe_id(draw, msg)
        if shape == 8:
            if you["slap"]:
                return maybe_id(draw, {"kind": "slap", "centre": pick(draw, you["slap"])})
            return maybe_id(draw, {"kind": draw(st.sampled_from(["stuck", "spit"]))})
        if shape == 9:  # controls
            kind = draw(st.sampled_from(["pause", "resume", "new_game", "hint", "visibility"]))
            control: dict[str, Any] = {"kind": kind}
            if kind == "visibility":
                control["hidden"] = draw(st.booleans() | junk)
            return maybe_id(draw, control)
        if shape == 10:
            return maybe_id(draw, {"kind": "pace", "pace": draw(PACE_NAMES)})
        # a field missing or of the wrong JSON type
        kind = draw(st.sampled_from(KINDS))
        return maybe_id(draw, {"kind": kind, draw(st.sampled_from(
            ["card", "centre", "slot", "pace", "hidden"])): draw(junk)})

    return message()


# -------------------------------------------------------------------- oracle


def is_int(value: Any) -> bool:
    return type(value) is int


def malformed(content: Any) -> bool:
    """Certainly refused, by the protocol table alone (docs/protocol.md)."""
    if not isinstance(content, dict):
        return True
    kind = content.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:
        return True
    if kind in ("play", "move"):
        target = "centre" if kind == "play" else "slot"
        return not (isinstance(content.get("card"), str) and is_int(content.get(target)))
    if kind == "slap":
        return not is_int(content.get("centre"))
    if kind == "pace":
        return not isinstance(content.get("pace"), str)
    if kind == "visibility":
        return not isinstance(content.get("hidden"), bool)
    return False


def check_message(w: SpitWidget, content: Any, before: dict[str, Any]) -> None:
    """The invariants after one message (``before``: readings taken just before it)."""
    s = w.state
    msg = s["message"]
    fresh = msg is not None and msg.get("seq") != before["seq"]
    refused = fresh and msg["kind"] == "refused"
    if fresh:
        assert isinstance(msg["text"], str) and msg["text"].strip(), msg
    if refused:
        sent_id = content.get("id") if isinstance(content, dict) else None
        assert msg["id"] == (sent_id if is_int(sent_id) else None), (msg, sent_id)
    landed = w.game is before["game"] and len(w.game.events) > before["events"]
    unchanged = w.game is before["game"] and w.game.to_dict() == before["dict"]
    kind = content.get("kind") if isinstance(content, dict) else None
    if malformed(content):
        assert refused and unchanged, (content, msg)
    elif kind in GAME_KINDS:
        was = before["dict"]
        if kind == "stuck" and was["status"] == "playing" and was["stuck"][0] and not refused:
            assert unchanged and not landed  # saying it again is a no-op (issue 12)
        else:
            assert refused != landed, (content, msg, landed)
        if refused:
            assert unchanged
    elif kind == "pace":
        names = [p.name for p in paces(w.game.variant)]
        assert refused == (content["pace"] not in names), (content, msg)
        if not refused:
            assert s["pace"] == content["pace"]
    elif kind == "hint":
        assert fresh and msg["kind"] == "hint", msg
    elif kind == "new_game":
        assert not refused and w.game is not before["game"]
        assert [e["kind"] for e in s["log"]][:1] == ["deal"] and not s["paused"]
    else:  # pause, resume, visibility
        assert not refused, (content, msg)
        if kind == "pause":
            assert s["paused"]
        if kind == "resume":
            assert not s["paused"]
    assert_view_matches_engine(w)
    assert_wire_safe(s)


def readings(w: SpitWidget) -> dict[str, Any]:
    msg = w.state["message"]
    return {"seq": msg.get("seq") if msg else None, "game": w.game,
            "events": len(w.game.events), "dict": w.game.to_dict()}


def late_position(variant: str, seed: int, moves: int) -> Game:
    """A deal played on by greedy hands, so examples start anywhere in a game."""
    game = Game(variant, seed=seed)
    for i in range(moves):
        if game.status == GAME_OVER:
            break
        action = greedy(View(game, i % 2)) or greedy(View(game, 1 - i % 2))
        if action is None:
            break
        game.apply(action)
    return game


# --------------------------------------------------------------------- tests


class RepeatableDeals:
    """Stands in for the engine's ``random`` so Play Again deals repeat per example
    (hypothesis replays an example and needs the same draws to mean the same)."""

    Random = random.Random

    def __init__(self) -> None:
        self.next_seed = 0

    def SystemRandom(self) -> random.Random:  # the name of what it stands in for
        self.next_seed += 1
        return random.Random(self.next_seed)


@pytest.fixture
def deals(monkeypatch: pytest.MonkeyPatch) -> RepeatableDeals:
    shim = RepeatableDeals()
    monkeypatch.setattr(engine, "random", shim)
    return shim


@pytest.fixture
def error_log() -> Any:
    handler = ErrorLog()
    logger = logging.getLogger("spit_widget")
    logger.addHandler(handler)
    yield handler
    logger.removeHandler(handler)


@pytest.mark.parametrize("variant", ["duel", "classic"])
def test_fuzzed_page_messages_never_break_the_widget(
    variant: str, error_log: ErrorLog, deals: RepeatableDeals
) -> None:
    TRIED[variant] = 0
    examples = [0]
    live: list[SpitWidget] = []
    messages = page_message(lambda: live[-1].state)

    @settings(max_examples=90, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(seed=st.integers(0, 10_000), moves=st.integers(0, 160), data=st.data())
    def run(seed: int, moves: int, data: st.DataObject) -> None:
        examples[0] += 1
        deals.next_seed = seed
        w = SpitWidget(game=late_position(variant, seed, moves), ai="greedy", seed=seed)
        live.append(w)
        escapes = Escapes(w)
        try:
            for _ in range(data.draw(st.integers(1, 60), label="messages")):
                content = data.draw(messages, label="message")
                before = readings(w)
                send(w, content)
                TRIED[variant] += 1
                assert not escapes.errors, escapes.errors
                assert not error_log.records, error_log.records[0].getMessage()
                check_message(w, content, before)
                if data.draw(st.integers(0, 3), label="computer") == 0:
                    w.step()  # the computer moves too (no loop here: one action)
                    assert_view_matches_engine(w)
        finally:
            w.close()
            live.clear()

    run()
    record(f"fuzz {variant}", examples=examples[0], messages=TRIED[variant])
    assert TRIED[variant] > 1000, "the fuzzer must really have sent messages"


def valid_looking_click(state: dict[str, Any], rng: random.Random, msg_id: int) -> dict[str, Any]:
    """What a player mashing the table sends, from the (possibly stale) drawn state."""
    you = state["you"]
    roll = rng.random()
    if you["slap"] and roll < 0.5:
        return {"kind": "slap", "centre": rng.choice(you["slap"]), "id": msg_id}
    if you["plays"] and roll < 0.8:
        card, centre = rng.choice(you["plays"])
    elif roll < 0.9:
        tops = [slot["top"] for slot in state["players"][0]["stock"] if slot["top"]]
        card, centre = rng.choice(tops or list(DECK)), rng.randrange(len(state["centre"]))
    else:
        return {"kind": rng.choice(["stuck", "spit", "hint"]), "id": msg_id}
    return {"kind": "play", "card": card, "centre": centre, "id": msg_id}


@pytest.mark.parametrize("variant", ["duel", "classic"])
def test_flood_of_clicks_while_the_computer_plays(variant: str, error_log: ErrorLog) -> None:
    clicks = 1000

    async def main() -> dict[str, int]:
        rng = random.Random(variant)
        pace = "fast" if variant == "duel" else "brisk"
        w = SpitWidget(variant=variant, seed=7, pace=pace)
        w.match._sleep = no_wait
        escapes = Escapes(w)
        counts = {"clicks": 0, "landed": 0, "refused": 0, "computer": 0, "games": 1}
        try:
            assert w.match.running
            while counts["clicks"] < clicks:
                drawn = w.state  # the page clicks on what it drew, stale within the burst
                for _ in range(min(rng.randint(1, 40), clicks - counts["clicks"])):
                    if rng.random() < 0.2:
                        drawn = w.state  # the page redrew mid-burst
                    content = valid_looking_click(drawn, rng, counts["clicks"])
                    before = readings(w)
                    send(w, content)
                    counts["clicks"] += 1
                    assert not escapes.errors and not error_log.records
                    check_message(w, content, before)
                    msg = w.state["message"]
                    if msg and msg.get("seq") != before["seq"] and msg["kind"] == "refused":
                        counts["refused"] += 1
                    elif len(w.game.events) > before["events"]:
                        counts["landed"] += 1
                computer_before = sum(e.player == 1 for e in w.game.events)
                await asyncio.sleep(0)  # one loop turn: the computer's chance to act
                counts["computer"] += sum(e.player == 1 for e in w.game.events) - computer_before
                assert w.match.error is None and w.state["error"] is None
                assert_view_matches_engine(w)
                if w.game.status == GAME_OVER:
                    send(w, {"kind": "new_game"})
                    w.match._sleep = no_wait
                    counts["games"] += 1
                    await until(lambda: w.match.running)
        finally:
            w.close()
        return counts

    counts = asyncio.run(main())
    record(f"flood {variant}", **counts)
    assert counts["clicks"] == clicks
    assert counts["landed"] > 0 and counts["refused"] > 0 and counts["computer"] > 0


def test_total_messages_tried() -> None:
    """Runs last in this module: the fuzz total for the report."""
    if len(TRIED) < 2:
        pytest.skip("the fuzz tests did not both run")
    record("fuzz total", messages=sum(TRIED.values()))
