"""Deliver messages to a widget the way the page's ``model.send`` does."""

from __future__ import annotations

from typing import Any

from spit_widget import SpitWidget


def send(w: SpitWidget, content: Any) -> dict[str, Any]:
    """Deliver a message as the page's ``model.send`` would; return the new state."""
    w._handle_custom_msg(content, [])
    return w.state
