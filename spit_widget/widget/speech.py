"""The table's language: the words its page shows, and the language its
kernel-side sentences are made in.

A table speaks, in order: its own ``language=`` (``SpitWidget(language="fr")``,
or ``w.language = "de"`` later), the package-wide
:func:`spit_widget.set_language`, the language its page reports (JupyterLab's,
else the browser's: ``js/words.js``), the kernel's environment, else English
(:mod:`spit_widget.locale`). The page's own labels come as the ``words`` trait
(:mod:`spit_widget.locale.page`); the refusals, the log and the status are made
in the kernel, inside :func:`~spit_widget.locale.speaking` for this table. A
change of any of these redraws every live table in its new language at once,
the game kept.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

import traitlets

from .. import locale as L
from ..locale.page import page_words

if TYPE_CHECKING:
    from contextlib import AbstractContextManager

    from .session import Session

_LIVE: weakref.WeakSet[Speech] = weakref.WeakSet()


class Speech(traitlets.HasTraits):
    """The language half of the table (a mixin of :class:`~.table.SpitWidget`)."""

    language = traitlets.Any(None, allow_none=True)  # checked below: a sentence for any bad value
    """This table's own language ("fr", "es", "de", "en"; None: follow the
    package's setting, then the page's, then the kernel's environment)."""
    words = traitlets.Dict().tag(sync=True)
    """The page's labels in the table's language (``js/words.js`` reads them)."""

    @traitlets.validate("language")
    def _a_language_spoken(self, proposal: dict[str, Any]) -> str | None:
        code = proposal["value"]
        if code is None:
            return None
        found = L.normalise(code)
        if found is None:
            raise L._refuse(code)
        return found

    @traitlets.observe("language")
    def _language_changed(self, _change: dict[str, Any]) -> None:
        self.speak_again()

    def speaks(self) -> str:
        """The language this table speaks now."""
        return self.language or L.preferred()

    def speak_again(self) -> None:
        """Send the page its words anew, and the state made again, if the
        table's language changed (a new ``words`` redraws every label at once)."""
        _LIVE.add(self)
        code = self.speaks()
        if self.words.get("language") == code:
            return
        with self.hold_sync():  # the words and the state in one message
            self.words = page_words(code)
            if "_session" in self.__dict__:  # not while the table is being made
                self._session.resync()  # the whole log again, told in the new language

    def heard_page_language(self, code: object) -> None:
        """A page said which language it speaks (see the module's order)."""
        if L.follow_page(code) is not None:
            _all_speak_again()

    if TYPE_CHECKING:
        _session: Session

        def hold_sync(self) -> AbstractContextManager[None]:
            """ipywidgets' own: the traits set inside go in one message."""

        def publish(self, *, whole: bool = False) -> None:
            """The table's own (:meth:`~.table.SpitWidget.publish`)."""


def _all_speak_again() -> None:
    for table in list(_LIVE):
        table.speak_again()


L.on_change(_all_speak_again)
