"""Deliver messages to a widget the way the page's ``model.send`` does."""

from __future__ import annotations

from typing import Any

from spit_widget import SpitWidget


def send(w: SpitWidget, content: Any) -> dict[str, Any]:
    """Deliver a message as the page's ``model.send`` would; return the new state."""
    w._handle_custom_msg(content, [])
    return w.state


def log_of(w: SpitWidget) -> list[dict[str, Any]]:
    """The move log a page that opens now is given (the full state's ``log``)."""
    log: list[dict[str, Any]] = w.get_state()["log"]
    return log


class Page:
    """A page as the front end is one: it starts from the widget's full state,
    then applies the state updates the comm carries, appending each one's new
    log events (or taking them as the whole log) the way ``js/protocol.js``
    does. Several pages may watch one widget, as two views or a reloaded tab do."""

    def __init__(self, w: SpitWidget) -> None:
        full = w.get_state()
        self.state: dict[str, Any] = {}
        self.log: list[dict[str, Any]] = list(full["log"])
        self.game = full["state"]["log_game"]
        self.received: list[dict[str, Any]] = []
        self.deaf = False  # True: drop what arrives (a page that is not listening yet)
        self.apply(full["state"])
        previous = w.comm.send

        def send(data: Any = None, metadata: Any = None, buffers: Any = None) -> None:
            if not self.deaf:
                self.receive(data)
            previous(data, metadata, buffers)

        w.comm.send = send

    def receive(self, data: dict[str, Any]) -> None:
        """One comm message from the kernel."""
        self.received.append(data)
        if data.get("method") == "update" and "state" in data["state"]:
            self.apply(data["state"]["state"])

    def apply(self, state: dict[str, Any]) -> None:
        """A new state: its log events appended (or, whole, in place of the log)."""
        self.state = state
        if state["log_whole"] or state["log_game"] != self.game:
            self.log = []
        self.game = state["log_game"]
        seen = {e["seq"] for e in self.log}
        self.log = (self.log + [e for e in state["log_new"] if e["seq"] not in seen])[-60:]

    @property
    def in_step(self) -> bool:
        """The log ends where the state says the game's log ends."""
        newest = self.log[-1]["seq"] if self.log else -1
        return self.game == self.state["log_game"] and newest == self.state["log_seq"]
