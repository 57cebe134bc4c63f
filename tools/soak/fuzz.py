"""Fuzzed page messages: what the page (or something pretending to be it) might send.

Hypothesis draws each message from the live state, so real clicks, stale
clicks, junk of every JSON shape and controls mix; :func:`check_message` is
the oracle after each one. Used by ``python -m tools.soak`` and by
tests/hardening/test_fuzz_messages.py. Needs hypothesis (the ``soak`` extra).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st

from spit_widget.computer import View, greedy
from spit_widget.computer.pace import paces
from spit_widget.engine import GAME_OVER, Game
from spit_widget.engine.cards import DECK
from spit_widget.widget.parsing import GAME_KINDS
from spit_widget.widget.protocol import MESSAGE_KINDS
from spit_widget.widget.table import SpitWidget

from .checks import (
    ErrorLog,
    Escapes,
    assert_refusal_explained,
    assert_view_matches_engine,
    assert_wire_safe,
    error_log,
    fresh_message,
    repeatable_deals,
    send,
)
from .tally import SoakTally

KINDS = MESSAGE_KINDS  # every kind the page may send, sync included
EVIL = "<img src=x onerror=alert(1)>"

# ---------------------------------------------------------------- strategies


def nest(depth: int) -> Any:
    """Junk nested ``depth`` deep (the kernel's JSON parser stops near 1000)."""
    value: Any = "7S"
    for i in range(depth):
        value = [value] if i % 2 else {"card": value}
    return value


leaves = (
    st.none() | st.booleans() | st.integers() | st.floats()
    | st.text(max_size=12) | st.sampled_from((*KINDS, *DECK, EVIL, "", " ", "7s", "10H"))
)
json_values = st.recursive(
    leaves,
    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=6), kids,
                                                              max_size=4),
    max_leaves=6,
)
huge = st.one_of(
    st.sampled_from([9, 1000, 100_000, 1_000_000]).map(lambda n: "x" * n),
    st.integers(2, 400).map(nest),
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
    """Sometimes an id (of any JSON type), now and then extra fields (ignored)."""
    if draw(st.booleans()):
        message["id"] = draw(ids)
    if draw(st.integers(0, 9)) == 0:
        message.update(draw(EXTRA_FIELDS))
    return message


def _offered(draw: Any, shape: int, you: dict[str, Any]) -> Any:
    """A click the page offers now, or a valid-looking one with random fields."""
    if shape in (2, 3, 4) and you["plays"]:
        card, centre = pick(draw, you["plays"])
        return maybe_id(draw, {"kind": "play", "card": card, "centre": centre})
    if shape == 5 and you["moves"]:
        card, slot = pick(draw, you["moves"])
        return maybe_id(draw, {"kind": "move", "card": card, "slot": slot})
    if shape == 6:
        return maybe_id(draw, {"kind": "play", "card": draw(cards),
                               "centre": draw(st.integers(0, 1) | small)})
    if shape == 7:
        kind = draw(st.sampled_from(["move", "slap"]))
        msg = {"kind": kind, "card": draw(cards)} if kind == "move" else {"kind": kind}
        msg["slot" if kind == "move" else "centre"] = draw(small)
        return maybe_id(draw, msg)
    if you["slap"]:
        return maybe_id(draw, {"kind": "slap", "centre": pick(draw, you["slap"])})
    return maybe_id(draw, {"kind": draw(st.sampled_from(["stuck", "spit"]))})


def _control(draw: Any, shape: int) -> Any:
    """Pause, resume, new game, hint, visibility, pace; or a field of the wrong type."""
    if shape == 9:
        kind = draw(st.sampled_from(["pause", "resume", "new_game", "hint", "visibility"]))
        control: dict[str, Any] = {"kind": kind}
        if kind == "visibility":
            control["hidden"] = draw(st.booleans() | junk)
        return maybe_id(draw, control)
    if shape == 10:
        return maybe_id(draw, {"kind": "pace", "pace": draw(PACE_NAMES)})
    kind = draw(st.sampled_from(KINDS))
    return maybe_id(draw, {"kind": kind, draw(st.sampled_from(
        ["card", "centre", "slot", "pace", "hidden"])): draw(junk)})


def page_message(state: Callable[[], dict[str, Any]]) -> st.SearchStrategy[Any]:
    """Messages given ``state()``, the snapshot the page drew last. One strategy
    object serves a whole run: it reads the live state when drawing."""

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
        if shape <= 8:
            return _offered(draw, shape, you)
        return _control(draw, shape)

    return message()


# -------------------------------------------------------------------- oracle


def is_int(value: Any) -> bool:
    """An integer in JSON's sense (a bool is not one)."""
    return type(value) is int


FIELD_TYPES: dict[str, dict[str, Callable[[Any], bool]]] = {
    "play": {"card": lambda v: isinstance(v, str), "centre": is_int},
    "move": {"card": lambda v: isinstance(v, str), "slot": is_int},
    "slap": {"centre": is_int},
    "pace": {"pace": lambda v: isinstance(v, str)},
    "visibility": {"hidden": lambda v: isinstance(v, bool)},
}
"""The fields each kind needs and their JSON types (docs/protocol.md)."""


def malformed(content: Any) -> bool:
    """Certainly refused, by the protocol table alone (docs/protocol.md)."""
    if not isinstance(content, dict):
        return True
    kind = content.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:
        return True
    return not all(ok(content.get(name)) for name, ok in FIELD_TYPES.get(kind, {}).items())


def readings(w: SpitWidget) -> dict[str, Any]:
    """What :func:`check_message` compares with after the message."""
    msg = w.state["message"]
    return {"seq": msg.get("seq") if msg else None, "game": w.game,
            "events": len(w.game.events), "dict": w.game.to_dict()}


def _check_control(w: SpitWidget, kind: str, content: dict[str, Any], refused: bool,
                   before: dict[str, Any]) -> None:
    s = w.state
    msg = fresh_message(w, before["seq"])
    if kind == "pace":
        names = [p.name for p in paces(w.game.variant)]
        assert refused == (content["pace"] not in names), (content, msg)
        if not refused:
            assert s["pace"] == content["pace"]
    elif kind == "hint":
        assert msg is not None and msg["kind"] == "hint", msg
    elif kind == "new_game":
        assert not refused and w.game is not before["game"]
        assert [e["kind"] for e in w.get_state()["log"]][:1] == ["deal"] and not s["paused"]
    else:  # pause, resume, visibility, sync
        assert not refused, (content, msg)
        if kind == "pause":
            assert s["paused"]
        if kind == "resume":
            assert not s["paused"]


def check_message(w: SpitWidget, content: Any, before: dict[str, Any]) -> str:
    """The invariants after one message (``before``: :func:`readings` just before it).
    Returns what became of it: "refused", "landed" or "control"."""
    msg = fresh_message(w, before["seq"])
    refused = msg is not None and msg["kind"] == "refused"
    assert_refusal_explained(msg, content.get("id") if isinstance(content, dict) else None)
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
        assert unchanged or not refused, "a refused message changed the game"
    else:
        assert isinstance(content, dict) and isinstance(kind, str)
        _check_control(w, kind, content, refused, before)
    assert_view_matches_engine(w)
    assert_wire_safe(w.state)
    return "refused" if refused else "landed" if landed else "control"


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


# --------------------------------------------------------------------- run


EXAMPLES_PER_RUN = 10
"""Hypothesis examples per run; runs repeat (with new seeds) until enough messages."""


def fuzz(variant: str, messages: int, seed: int | None = None) -> SoakTally:
    """At least ``messages`` fuzzed page messages to widgets of ``variant``, each one
    checked; hypothesis shrinks a failure to a small example (in the tally)."""
    tally = SoakTally()
    started = time.perf_counter()
    live: list[SpitWidget] = []
    strategy = page_message(lambda: live[-1].state)

    context = Context(variant, strategy, live, tally)

    @settings(max_examples=EXAMPLES_PER_RUN, deadline=None, database=None,
              suppress_health_check=list(HealthCheck), phases=(Phase.generate, Phase.shrink))
    @given(start=st.integers(0, 10_000), moves=st.integers(0, 160), data=st.data())
    def run(start: int, moves: int, data: st.DataObject) -> None:
        deals.next_seed = start
        _example(context, errors, start, moves, data)

    with error_log() as errors, repeatable_deals() as deals:
        runs = 0
        while tally.counts["messages"] < messages:
            this = run if seed is None else hypothesis_seed(seed * 100_000 + runs)(run)
            runs += 1
            try:
                this()
            except Exception as exc:
                tally.fail(f"fuzz {variant} seed {seed} run {runs}", exc)
                break
    tally.seconds = time.perf_counter() - started
    return tally


@dataclass
class Context:
    """What every example of a fuzz run shares."""

    variant: str
    strategy: st.SearchStrategy[Any]
    live: list[SpitWidget]  # the table being fuzzed (the strategy reads its state)
    tally: SoakTally


def _example(context: Context, errors: ErrorLog, start: int, moves: int, data: Any) -> None:
    """One hypothesis example: a table somewhere in a game, then 1 to 60 messages."""
    tally, strategy = context.tally, context.strategy
    tally.counts["examples"] += 1
    w = SpitWidget(game=late_position(context.variant, start, moves), ai="greedy", seed=start)
    context.live.append(w)
    escapes = Escapes(w)
    try:
        for _ in range(data.draw(st.integers(1, 60), label="messages")):
            content = data.draw(strategy, label="message")
            before = readings(w)
            send(w, content)
            tally.counts["messages"] += 1
            assert not escapes.errors, escapes.errors
            assert not errors.records, errors.records[0].getMessage()
            tally.counts[check_message(w, content, before)] += 1
            if data.draw(st.integers(0, 3), label="computer") == 0:
                w.step()  # the computer moves too (no loop here: one action)
                assert_view_matches_engine(w)
    finally:
        w.close()
        context.live.clear()
