"""The invariants a soak checks after every step, and the tally it keeps.

Shared by ``python -m tools.soak`` and the hardening tests: all 52 cards
on the table, the snapshot the page draws equal to the engine, every refusal
with a sentence (and the page's integer id echoed), nothing escaping the
widget's message handler, no internal error logged, the state serialisable
by the kernel's own packer.
"""

from __future__ import annotations

import asyncio
import logging
import random
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from spit_widget.engine import game as _engine_module
from spit_widget.engine.cards import DECK
from spit_widget.widget.parsing import MAX_ID
from spit_widget.widget.table import SpitWidget

COMPUTER_TASK = "spit-widget computer"


def send(w: SpitWidget, content: Any) -> dict[str, Any]:
    """Deliver a message exactly as the page's ``model.send`` does; return the state."""
    w._handle_custom_msg(content, [])
    return w.state


def assert_view_matches_engine(w: SpitWidget, cards: list[str] | None = None) -> None:
    """What the page would draw is what the engine holds, and no card is lost."""
    g, s = w.game, w.state
    assert sorted(g.all_cards()) == sorted(cards if cards is not None else DECK), "cards lost"
    assert s["status"] == g.status
    assert s["variant"] == g.variant
    for p in (0, 1):
        player = s["players"][p]
        assert [slot["top"] for slot in player["stock"]] == g.stock_tops(p)
        assert [slot["count"] for slot in player["stock"]] == [len(x) for x in g.stock[p]]
        assert player["spit_count"] == len(g.spit_piles[p])
        assert player["cards_left"] == g.cards_left(p)
    assert [c["top"] for c in s["centre"]] == g.centre_tops()
    assert [c["count"] for c in s["centre"]] == [len(x) for x in g.centre]
    if g.status == "playing" and not s["paused"]:
        assert sorted(map(tuple, s["you"]["plays"])) == sorted(g.legal_plays(0))


def assert_wire_safe(state: dict[str, Any]) -> None:
    """The state goes over the wire as the kernel sends it: JSON, no NaN, valid UTF-8."""
    from jupyter_client.session import json_packer

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # json_packer warns when it has to clean
        json_packer(state)


def fresh_message(w: SpitWidget, seq_before: Any) -> dict[str, Any] | None:
    """The message the last step put in the view (None if it said nothing new)."""
    msg = w.state["message"]
    return msg if msg is not None and msg.get("seq") != seq_before else None


def assert_refusal_explained(msg: dict[str, Any] | None, sent_id: Any) -> None:
    """A message in the view carries a sentence; a refusal echoes the id sent when
    it is one the page could have chosen (a whole number from 0 to 2**53)."""
    if msg is None:
        return
    assert isinstance(msg["text"], str) and msg["text"].strip(), f"a message without text: {msg}"
    if msg["kind"] == "refused":
        expected = sent_id if type(sent_id) is int and 0 <= sent_id <= MAX_ID else None
        assert msg["id"] == expected, f"refusal id {msg['id']!r}, sent {sent_id!r}"


def computer_tasks() -> list[asyncio.Task[Any]]:
    """The computer tasks still pending on the running loop."""
    return [t for t in asyncio.all_tasks() if t.get_name() == COMPUTER_TASK and not t.done()]


async def until(condition: Callable[[], Any], timeout: float = 20.0) -> None:
    """Let the loop run until ``condition()`` holds; fail after ``timeout`` seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise AssertionError(f"condition not met within {timeout} s")
        await asyncio.sleep(0)


async def no_wait(seconds: float, wake: asyncio.Event) -> bool:
    """A clock for ``Match._sleep`` at which every reaction time passes at once."""
    await asyncio.sleep(0)
    return False


class Escapes:
    """Wraps a widget's message callbacks so an exception they raise is recorded.

    ipywidgets' CallbackDispatcher would swallow it into a log line; in a kernel
    it becomes a traceback under the cell. Either way it must never happen.
    """

    def __init__(self, w: SpitWidget) -> None:
        self.errors: list[BaseException] = []
        dispatcher = w._msg_callbacks
        dispatcher.callbacks = [self._wrap(cb) for cb in dispatcher.callbacks]

    def _wrap(self, callback: Callable[..., Any]) -> Callable[..., Any]:
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            try:
                return callback(*args, **kwargs)
            except BaseException as exc:
                self.errors.append(exc)
                raise

        return wrapped


class ErrorLog(logging.Handler):
    """Collects the widget's ERROR records: its "failed on a message" path is a bug."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        """Keep the record (nothing is printed)."""
        self.records.append(record)


# -------------------------------------------------------------- repeatable


class RepeatableDeals:
    """Stands in for the engine's ``random`` so Play Again deals repeat (a hypothesis
    example replayed must mean the same; a soak failure must be reproducible)."""

    Random = random.Random

    def __init__(self) -> None:
        self.next_seed = 0

    def SystemRandom(self) -> random.Random:  # the name it stands in for
        """The next seeded generator, where the engine would take a system one."""
        self.next_seed += 1
        return random.Random(self.next_seed)


@contextmanager
def repeatable_deals() -> Iterator[RepeatableDeals]:
    """Play Again deals from seeds while the block runs."""
    engine: Any = _engine_module  # its ``random`` is a private import, replaced here
    shim = RepeatableDeals()
    original = engine.random
    engine.random = shim
    try:
        yield shim
    finally:
        engine.random = original


@contextmanager
def error_log() -> Iterator[ErrorLog]:
    """The widget's ERROR records while the block runs; its warnings go unprinted."""
    handler = ErrorLog()
    logger = logging.getLogger("spit_widget")
    level, propagate = logger.level, logger.propagate
    logger.addHandler(handler)
    logger.setLevel(logging.ERROR)
    logger.propagate = False
    try:
        yield handler
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
        logger.propagate = propagate
