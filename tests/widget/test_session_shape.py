"""The table's shape, as issue 46 left it: a thin shell, an inbox that works on
the session, one presence clock, and seat wrappers that forward every member."""

from __future__ import annotations

import ast
import contextlib
import warnings
from pathlib import Path
from typing import Any

import pytest

from spit_widget.widget import protocol
from spit_widget.widget.deprecated import DEPRECATED
from spit_widget.widget.reviewing import ReviewSeats
from spit_widget.widget.seats import INTERFACE, Seats, WrappedSeats

WIDGET = Path(__file__).resolve().parents[2] / "spit_widget" / "widget"
MOST_SHELL_LINES = 250


def _class_lines(path: Path, name: str) -> int:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    node = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == name)
    assert node.end_lineno is not None
    return node.end_lineno - node.lineno + 1


def test_the_shell_stays_thin() -> None:
    assert _class_lines(WIDGET / "table.py", "SpitWidget") <= MOST_SHELL_LINES


def test_the_inbox_and_the_connection_import_neither_the_widget_nor_the_session() -> None:
    for module in ("inbox.py", "connection.py"):
        tree = ast.parse((WIDGET / module).read_text(encoding="utf-8"))
        imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        assert "table" not in imported, module
        if module == "connection.py":
            assert "session" not in imported


def test_no_heartbeat_message_kind_remains() -> None:
    kinds = {*protocol.MESSAGE_KINDS, *protocol.SEAT_KINDS}
    assert "heartbeat" not in kinds
    js = (WIDGET.parents[1] / "js" / "protocol.js").read_text(encoding="utf-8")
    assert '"heartbeat"' not in js


class _Recorder(Seats):
    """Seats whose every member says it was asked (a wrapper must reach it)."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def __getattribute__(self, name: str) -> Any:
        if name in INTERFACE:
            object.__getattribute__(self, "asked").append(name)
            return lambda *a, **k: name
        return object.__getattribute__(self, name)

    computer = names = counts = None  # type: ignore[assignment]
    public = rename = cell_player = route = waiting = decorate = filed = None  # type: ignore[assignment]


@pytest.mark.parametrize("member", INTERFACE)
def test_a_wrapper_forwards_every_member_of_the_interface(member: str) -> None:
    inner = _Recorder()
    wrapped = WrappedSeats(inner)
    assert member in vars(WrappedSeats), f"WrappedSeats does not forward {member}"
    value = getattr(wrapped, member)
    if callable(value) and member not in ("clock",):
        value(*([None] * (value.__code__.co_argcount - 1)))
    assert inner.asked == [member]


def test_the_review_seats_state_only_what_the_review_changes() -> None:
    own = set(vars(ReviewSeats)) & set(INTERFACE)
    assert own == {"rename", "filed", "read_stats", "close", "route", "decorate", "new_match"}


@pytest.mark.parametrize("name", DEPRECATED)
def test_the_shells_old_inbox_names_warn_and_still_work(make_widget: Any, name: str) -> None:
    from spit_widget.widget.parsing import parse

    w = make_widget(seed=0)
    args = {"act_from_page": (parse({"kind": "stuck"}),), "echoed": ("view-1", 1),
            "page_heard": ("view-1",), "send_whole_log": (), "tab_hidden": (False,)}[name]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with contextlib.suppress(ValueError):  # a refused stuck: it went through to the session
            getattr(w, name)(*args)
    assert any(issubclass(c.category, DeprecationWarning) and "w.session." in str(c.message)
               for c in caught)
