"""Untrusted text never becomes markup: on the Python side it travels as plain text.

Strategy names, strategy errors and whatever the page sends end up in
``state`` exactly as written: not escaped (the page would show ``&lt;``), not
interpreted, and never in a field meant for markup (there is none). The page
renders every string with ``textContent``; tests/js/table.test.js ("untrusted
text renders as text: no element is ever created from it") checks that side.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hardkit import assert_wire_safe, computer_tasks, no_wait, send, until

from spit_widget import SpitWidget
from spit_widget.computer import View
from spit_widget.engine import Action

EVIL = "<img src=x onerror=alert(1)>"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def quiet(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.ERROR, logger="spit_widget")


def strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from strings(k)
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


def assert_plain(state: dict[str, Any]) -> None:
    """No string in the state was HTML-escaped, and no key suggests markup."""
    for s in strings(state):
        assert "&lt;" not in s and "&gt;" not in s and "&#" not in s, s
    assert not any("html" in k.lower() for k in strings(list(_keys(state))))
    assert_wire_safe(state)


def _keys(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from _keys(v)
    elif isinstance(value, list):
        for v in value:
            yield from _keys(v)


def test_strategy_name_and_its_error_travel_as_plain_text() -> None:
    def evil(view: View) -> Action | None:
        raise RuntimeError(f"{EVIL} my strategy broke")

    evil.__name__ = EVIL

    async def main() -> None:
        w = SpitWidget(seed=3, ai=evil, pace="fast")
        w.match._sleep = no_wait
        assert w.state["opponent"] == EVIL
        await until(lambda: w.state["error"] is not None)
        assert f"RuntimeError: {EVIL} my strategy broke" in w.state["error"]
        assert_plain(w.state)
        w.close()
        await until(lambda: not computer_tasks())

    asyncio.run(main())


@pytest.mark.parametrize(
    "content",
    [
        {"kind": EVIL},
        {"kind": "pace", "pace": EVIL},
        {"kind": "play", "card": EVIL, "centre": 0},
        {"kind": "play", "card": "<b>", "centre": 0},
        {"kind": "move", "card": "<i>x</i>", "slot": 0},
        {"kind": "play", "card": "7S", "centre": EVIL},
        [EVIL],
    ],
    ids=repr,
)
def test_page_text_echoed_in_a_refusal_stays_plain(content: Any) -> None:
    w = SpitWidget(seed=3, ai=None)
    state = send(w, content)
    msg = state["message"]
    assert msg["kind"] == "refused"
    fragment = EVIL[:12] if EVIL in repr(content) else "<"
    if not isinstance(content, list):
        assert fragment in msg["text"], msg["text"]  # shown as written, to be read as text
    assert_plain(state)
    w.close()


def test_the_page_side_xss_test_exists() -> None:
    """The JS half of this guarantee lives in vitest; make sure it is still there."""
    source = (ROOT / "tests" / "js" / "table.test.js").read_text(encoding="utf-8")
    assert "untrusted text renders as text" in source
    assert 'const evil = "<img src=x onerror=alert(1)>"' in source
    assert 'expect(root.querySelector("img")).toBeNull()' in source
    markup = re.compile(r"\.(innerHTML|outerHTML)\s*\+?=|insertAdjacentHTML|document\.write")
    for js in (ROOT / "js").glob("*.js"):
        assert not markup.search(js.read_text(encoding="utf-8")), f"{js.name} writes markup"
