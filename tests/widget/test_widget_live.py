"""The widget on a running event loop, as in a kernel: the computer plays by itself."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from loop_helpers import until
from page import log_of, send

from spit_widget import Game, SpitWidget
from spit_widget.computer import View
from spit_widget.engine import Action


def test_computer_plays_by_itself_and_pause_stops_it() -> None:
    async def main() -> None:
        w = SpitWidget(seed=3, pace="fast")
        try:
            assert w.match.running
            await until(lambda: any(e["player"] == 1 and e["kind"] == "play"
                                    for e in log_of(w)))
            send(w, {"kind": "pause"})
            assert not w.match.running and w.state["paused"]
            before = w.game.to_dict()
            await asyncio.sleep(0.3)  # the paused computer has time to (wrongly) act
            assert w.game.to_dict() == before
            send(w, {"kind": "resume"})
            assert w.match.running
        finally:
            w.close()
        await asyncio.sleep(0)
        assert not w.match.running

    asyncio.run(main())


def test_failing_user_strategy_shows_its_traceback_and_the_game_goes_on(
        caplog: pytest.LogCaptureFixture) -> None:
    def broken(view: View) -> Action | None:
        raise RuntimeError("<img src=x onerror=alert(1)> my strategy broke")

    async def main() -> None:
        w = SpitWidget(seed=3, ai=broken, pace="fast")
        try:
            await until(lambda: w.state["error"] is not None)
            assert "RuntimeError: <img src=x onerror=alert(1)> my strategy broke" in (
                w.state["error"])
            assert w.state["message"]["kind"] == "error"
            assert not w.match.running
            # ... and the kernel's log says so, traceback included, for whoever reads it there
            (record,) = [r for r in caplog.records if r.name == "spit_widget"]
            assert record.levelname == "WARNING"
            assert record.getMessage().startswith(
                "The computer's strategy failed; the computer has stopped:\nTraceback")
            assert record.getMessage().endswith("my strategy broke\n")
            plays = w.state["you"]["plays"]
            assert plays, "seed 3 gives you a play"
            card, centre = plays[0]
            send(w, {"kind": "play", "card": card, "centre": centre})
            assert w.game.centre_tops()[centre] == card
        finally:
            w.close()

    asyncio.run(main())


def test_two_views_share_one_state() -> None:
    """Both views of one widget draw the one synced ``state`` trait."""
    async def main() -> None:
        w = SpitWidget(seed=3, ai=None)
        sent: list[dict[str, Any]] = []
        w.comm.send = lambda data=None, metadata=None, buffers=None: sent.append(data)
        card, centre = w.state["you"]["plays"][0]
        send(w, {"kind": "play", "card": card, "centre": centre})
        updates = [m["state"]["state"] for m in sent if m.get("method") == "update"
                   and "state" in m.get("state", {})]
        assert updates and updates[-1]["centre"][centre]["top"] == card
        w.close()

    asyncio.run(main())


def test_message_from_a_subshell_thread_is_handled_on_the_widgets_loop() -> None:
    """JupyterLab may deliver widget messages on a kernel subshell (another thread
    with its own loop); they must land on the game's loop, in sequence."""
    import threading

    async def main() -> None:
        w = SpitWidget(seed=3, pace="fast")
        handled_on: list[str] = []
        session = w.session
        original = session.batch

        def spy() -> Any:  # every page message is handled inside one batch
            handled_on.append(threading.current_thread().name)
            return original()

        session.batch = spy  # type: ignore[method-assign]

        def subshell() -> None:
            async def deliver() -> None:  # a loop of its own, like a subshell's
                w._handle_custom_msg({"kind": "pause"}, [])
                w._handle_custom_msg({"kind": "resume"}, [])

            asyncio.run(deliver())

        thread = threading.Thread(target=subshell, name="subshell-test")
        thread.start()
        await asyncio.get_running_loop().run_in_executor(None, thread.join)
        await until(lambda: len(handled_on) == 2)
        assert handled_on == ["MainThread", "MainThread"]
        assert w.match.running and w.match.error is None
        await until(lambda: sum(e["player"] == 1 for e in log_of(w)) >= 3)
        assert w.match.error is None
        w.close()

    asyncio.run(main())


class Gate:
    """A reaction time that lasts until the test opens the gate."""

    def __init__(self) -> None:
        self.waiting = 0
        self.open = asyncio.Event()

    async def sleep(self, seconds: float, wake: asyncio.Event) -> bool:
        self.waiting += 1
        await self.open.wait()
        return False


def test_the_status_says_computer_is_thinking_while_it_waits() -> None:
    async def main() -> None:
        w = SpitWidget(seed=3, ai="greedy", pace="fast")
        gate = Gate()
        w.pause()
        w.match._sleep = gate.sleep
        w.resume()
        try:
            await until(lambda: gate.waiting > 0)
            assert w.state["status_text"] == "Computer is thinking"
            events = len(w.events)
            gate.open.set()
            await until(lambda: len(w.events) > events)
            assert w.events[events].player == 1
            await until(lambda: w.state["status_text"] != "Computer is thinking")
        finally:
            w.close()

    asyncio.run(main())


def test_show_closes_the_old_match_for_good() -> None:
    async def main() -> None:
        w = SpitWidget(seed=3, ai="greedy", pace="fast")
        gate = Gate()
        w.pause()
        w.match._sleep = gate.sleep
        w.resume()
        try:
            await until(lambda: gate.waiting > 0)  # the old computer is mid-reaction
            old, old_game = w.match, w.game
            before = old_game.to_dict()
            w.show(Game("duel", seed=9), caption="A lesson")
            assert not old.running and old.paused
            gate.open.set()  # were it still alive, its reaction time would end now
            for _ in range(200):
                await asyncio.sleep(0)
            assert old_game.to_dict() == before, "the old computer played on"
            state = dict(w.state)
            old.act(old.strategy(View(old_game, 1)) or Action("stuck", 1))
            assert w.state == state, "the old match still talks to the widget"
            assert w.match is not old and w.state["status_text"] == "A lesson"
        finally:
            w.close()

    asyncio.run(main())


def test_a_closed_table_takes_no_more_messages_and_hears_no_match() -> None:
    async def main() -> None:
        w = SpitWidget(seed=3, ai=None)
        card, centre = w.state["you"]["plays"][0]
        match, game = w.match, w.game
        state = dict(w.state)
        w.close()
        before = game.to_dict()
        w._handle_custom_msg({"kind": "play", "card": card, "centre": centre, "id": 1}, [])
        assert game.to_dict() == before, "a closed table played a card"
        match.act(Action("play", 0, card, centre))  # the match itself still works ...
        assert w.state == state  # ... but the closed widget no longer listens

    asyncio.run(main())
