"""Names the table's shell had until 0.2, kept for a release with a warning.

They served the page's inbox, which now works on the table's
:class:`~.session.Session` (``w.session``) and publishes once per message; a
notebook that called them still runs, and is told what to call instead.
Removed in 0.3 (CHANGELOG.md, "Deprecated").
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .parsing import Request
    from .session import Session


def _warn(old: str, new: str) -> None:
    warnings.warn(f"SpitWidget.{old} is deprecated and goes in 0.3: use {new}.",
                  DeprecationWarning, stacklevel=3)


class OldInboxNames:
    """The inbox's pass-throughs of 0.1, each forwarding to the session."""

    _session: Session

    def act_from_page(self, request: Request) -> None:
        """Deprecated: ``w.session.act_from_page(action, waited)``."""
        _warn("act_from_page(request)", "w.session.act_from_page(request.action, request.waited)")
        assert request.action is not None
        self._session.act_from_page(request.action, request.waited)

    def echoed(self, view: str, n: int) -> None:
        """Deprecated: ``w.session.echo(view, n)``."""
        _warn("echoed(view, n)", "w.session.echo(view, n)")
        self._session.echo(view, n)

    def page_heard(self, view: str = "") -> None:
        """Deprecated: ``w.session.heard(view)``."""
        _warn("page_heard()", "w.session.heard(view)")
        if view:
            self._session.heard(view)

    def send_whole_log(self) -> None:
        """Deprecated: ``w.session.resync()``."""
        _warn("send_whole_log()", "w.session.resync()")
        self._session.resync()

    def tab_hidden(self, hidden: bool) -> None:
        """Deprecated: ``w.session.tab_hidden(hidden)``."""
        _warn("tab_hidden(hidden)", "w.session.tab_hidden(hidden)")
        self._session.tab_hidden(hidden)


DEPRECATED = ("act_from_page", "echoed", "page_heard", "send_whole_log", "tab_hidden")
"""The shell's names kept for 0.2 only (a test calls each and sees its warning)."""
