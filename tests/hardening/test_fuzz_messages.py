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
    no_wait,
    record,
    send,
    until,
)

from spit_widget import SpitWidget
from spit_widget.engine import GAME_OVER
from spit_widget.engine.cards import DECK
from tools.soak.checks import ErrorLog
from tools.soak.fuzz import check_message, fuzz, readings

MESSAGES = 2500  # per variant; ``python -m tools.soak`` sends 10^5


@pytest.fixture
def error_log() -> Any:
    handler = ErrorLog()
    logger = logging.getLogger("spit_widget")
    logger.addHandler(handler)
    yield handler
    logger.removeHandler(handler)


@pytest.mark.parametrize("variant", ["duel", "classic"])
def test_fuzzed_page_messages_never_break_the_widget(variant: str) -> None:
    """Hypothesis draws each message from the live state (tools.soak.fuzz:
    junk of every JSON shape, stale and real clicks, controls) and shrinks a failure."""
    tally = fuzz(variant, MESSAGES)
    assert not tally.failed, "\n".join(tally.failures)
    record(f"fuzz {variant}", examples=tally.counts["examples"],
           messages=tally.counts["messages"], refused=tally.counts["refused"],
           landed=tally.counts["landed"], controls=tally.counts["control"])
    assert tally.counts["messages"] >= MESSAGES
    assert tally.counts["refused"] and tally.counts["landed"] and tally.counts["control"]


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
