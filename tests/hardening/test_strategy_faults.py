"""A user-written strategy that raises, returns garbage, or never decides.

Only the computer stops; the traceback shows in ``state["error"]``; the human
plays on; Resume restarts the computer and clears the error. Nothing reaches
the loop's exception handler (in a kernel: nothing crashes, nothing is printed
under some other cell).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest
from hardkit import Escapes, assert_view_matches_engine, computer_tasks, no_wait, send, until

from spit_widget import Game, SpitWidget
from spit_widget.computer import View, greedy
from spit_widget.engine import Action


@pytest.fixture(autouse=True)
def quiet(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.ERROR, logger="spit_widget")


def position() -> Game:
    """You hold 7S (over 2C) and 9D; the computer holds 5C and KH (5C fits the 6H)."""
    return Game.from_dict({
        "variant": "duel",
        "players": [
            {"stock": [["7S"], ["2C", "9D"], [], [], []], "spit": ["3S", "3H"]},
            {"stock": [["5C"], ["KH"], [], [], []], "spit": ["4S", "4H"]},
        ],
        "centre": [["6H"], ["JD"]],
    })


def run(main: Any) -> list[dict[str, Any]]:
    """Run ``main()`` on a fresh loop; return what reached its exception handler."""
    seen: list[dict[str, Any]] = []

    async def wrapper() -> None:
        asyncio.get_running_loop().set_exception_handler(lambda loop, ctx: seen.append(ctx))
        await main()
        await until(lambda: not computer_tasks())

    asyncio.run(wrapper())
    return seen


def test_raising_strategy_then_resume_restarts_the_computer_and_clears_the_error() -> None:
    calls = {"n": 0}

    def flaky(view: View) -> Action | None:
        calls["n"] += 1
        if calls["n"] == 1:
            raise ZeroDivisionError("first look went wrong")
        return greedy(view)

    async def main() -> None:
        w = SpitWidget(game=position(), ai=flaky, pace="fast")
        w.match._sleep = no_wait
        escapes = Escapes(w)
        await until(lambda: w.state["error"] is not None)
        assert "ZeroDivisionError: first look went wrong" in w.state["error"]
        assert "Traceback (most recent call last)" in w.state["error"]
        assert w.state["message"]["kind"] == "error" and not w.match.running
        # The human plays on meanwhile.
        send(w, {"kind": "play", "card": "9D", "centre": 1, "id": 1})  # 9D does not fit JD
        assert w.state["message"]["kind"] == "refused" and w.state["message"]["id"] == 1
        send(w, {"kind": "play", "card": "7S", "centre": 0, "id": 2})
        assert w.game.centre_tops()[0] == "7S" and w.state["error"] is not None
        # Resume: the error goes, the computer plays again.
        send(w, {"kind": "resume"})
        assert w.state["error"] is None and w.match.running and w.match.error is None
        await until(lambda: any(e.player == 1 and e.kind in ("play", "stuck")
                                for e in w.game.events))
        assert w.state["error"] is None and not escapes.errors
        assert_view_matches_engine(w, sorted(position().all_cards()))
        w.close()

    assert run(main) == []


@pytest.mark.parametrize(
    "garbage",
    [
        "play",  # a string
        42,
        {"kind": "play"},
        (),
        object(),
        Action("play", 1, "AS", 0),  # a card not in this game
        Action("play", 1, "KH", 0),  # the computer's card, but it does not fit
        Action("play", 1, "2C", 0),  # your face-down card
        Action("fly", 1),  # no such action
        ("play", 1, ["5C"], 0),  # a list where a card should be
        Action("play", 0, "7S", 0),  # YOUR card: the computer may not play for you
        Action("stuck", 0),  # declaring YOU stuck
        Action("slap", 0, None, 0),
    ],
    # repr, but a bare object() by its type: its repr carries an address that differs
    # between processes, and pytest-xdist's workers must collect the same ids.
    ids=lambda g: "object()" if type(g) is object else repr(g),
)
def test_garbage_from_the_strategy_stops_only_the_computer(garbage: Any) -> None:
    async def main() -> None:
        game = position()
        before = game.to_dict()
        w = SpitWidget(game=game, ai=lambda view: garbage, pace="fast")
        w.match._sleep = no_wait
        await until(lambda: w.state["error"] is not None)
        assert w.game.to_dict() == before, "a garbage action changed the table"
        assert not w.match.running and w.state["message"]["kind"] == "error"
        assert "Traceback" in w.state["error"]
        send(w, {"kind": "play", "card": "7S", "centre": 0, "id": 5})  # you play on
        assert w.game.centre_tops()[0] == "7S"
        w.close()

    assert run(main) == []


def test_strategy_returning_none_forever_just_waits() -> None:
    calls = {"n": 0}

    def never(view: View) -> Action | None:
        calls["n"] += 1
        return None

    async def main() -> None:
        w = SpitWidget(game=position(), ai=never, pace="fast")
        w.match._sleep = no_wait
        await until(lambda: calls["n"] == 1)
        for _ in range(500):  # the loop turns freely: a busy computer would ask again
            await asyncio.sleep(0)
        assert calls["n"] == 1, "the waiting computer must not poll its strategy"
        assert w.match.running and w.state["error"] is None and w.match.error is None
        assert w.state["status_text"] == "Your move"
        send(w, {"kind": "play", "card": "7S", "centre": 0})
        await until(lambda: calls["n"] == 2)  # a changed table: it looks once more
        for _ in range(500):
            await asyncio.sleep(0)
        assert calls["n"] == 2 and w.match.running
        w.close()

    assert run(main) == []


def test_strategy_hitting_the_recursion_limit_is_contained() -> None:
    """A RecursionError from deep inside user code: contained, its traceback kept short."""

    def recurse(view: View) -> Action | None:
        return recurse(view)

    async def main() -> None:
        w = SpitWidget(game=position(), ai=recurse, pace="fast")
        w.match._sleep = no_wait
        await until(lambda: w.state["error"] is not None)
        assert "RecursionError" in w.state["error"]
        assert len(w.state["error"]) < 100_000, "a traceback is shown, not a flood"
        send(w, {"kind": "play", "card": "7S", "centre": 0})
        assert w.game.centre_tops()[0] == "7S"
        w.close()

    assert run(main) == []
