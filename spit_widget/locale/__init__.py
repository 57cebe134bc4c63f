"""The words in the learner's language: one gettext catalogue per language.

Code asks for a message by its English source text with named placeholders,
``_("You play {card} on {pile}.", card=..., pile=...)``, and for a count by
its plural forms, ``ngettext("{n} card", "{n} cards", n)``: the catalogue of
the current language gives the whole sentence back, so a translator can
reorder it, and no sentence is ever glued from pieces (STYLE.md 17). English
is the source and needs no catalogue; a message a catalogue lacks is said in
English rather than not at all.

The language is, in order: the one a ``with speaking("fr"):`` block chose
(one table, one test), the package-wide :func:`set_language`, then the
language of the notebook's page (JupyterLab's, else the browser's: a table's
page reports it, :func:`follow_page`), then the environment as gettext
reads it (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``; read when the
package is imported and again by ``set_language(None)``, as gettext reads
it once, for a lookup on every sentence of a game would slow the engine),
then English. The choice is read at each message, so sentences made after a
change are in the new language: a play's line in the log is made when it is
read (told anew in a new language), a refusal or a deal's note when it happens.

The catalogues are ``<lang>/LC_MESSAGES/spit_widget.po`` beside this module,
read on first use (:mod:`.po`); ``docs/languages.md`` is the contributor's
workflow. This package imports nothing else of spit_widget: every layer,
the engine first, may speak through it.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any

from .po import Catalogue, read

LANGUAGES: Mapping[str, str] = {"en": "English", "fr": "Français", "es": "Español",
                                "de": "Deutsch"}
"""The languages spoken, by code, each named in itself (as a language menu shows it)."""

DOMAIN = "spit_widget"
"""The catalogues' gettext domain (their file name)."""

FOLDER = Path(__file__).parent
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The variables gettext reads the language from, in its order."""

_chosen: str | None = None
_page: str | None = None
_environment: str | None = None
_listeners: list[Callable[[], None]] = []
_speaking: ContextVar[str | None] = ContextVar("spit_widget_language", default=None)


def normalise(code: object) -> str | None:
    """The language code ``code`` names ("fr", "fr_FR.UTF-8", "de-DE" all name
    one), or None when it names none the package speaks."""
    if not isinstance(code, str):
        return None
    base = code.strip().replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    return base if base in LANGUAGES else None


def _refuse(code: object) -> ValueError:
    names = ", ".join(f"{key!r} ({name})" for key, name in LANGUAGES.items())
    return ValueError(f"spit_widget speaks {names}; {code!r:.40} is none of them.")


def from_environment(environ: Mapping[str, str] = os.environ) -> str:
    """The language the environment asks for, as gettext reads it (the first
    variable set; ``LANGUAGE`` may list several, the first one spoken wins),
    or English."""
    for variable in ENVIRONMENT:
        value = environ.get(variable, "")
        if not value:
            continue
        for code in value.split(":"):
            if (found := normalise(code)) is not None:
                return found
        if variable != "LANGUAGE":
            return "en"  # LC_ALL=C, or a language not spoken: English, as gettext would
    return "en"


def language() -> str:
    """The language sentences are made in now: ``"en"``, ``"fr"``, ``"es"`` or ``"de"``."""
    return _speaking.get() or preferred()


def preferred() -> str:
    """The kernel's language outside any :func:`speaking` block: the one chosen,
    else the page's, else the environment's, else English."""
    global _environment
    if (found := _chosen or _page or _environment) is not None:
        return found
    _environment = from_environment()
    return _environment


def set_language(code: str | None) -> None:
    """Speak ``code`` ("fr", "es", "de", "en"; "fr_FR" and "de-DE" do too) from
    now on, package-wide; None goes back to the environment's language (read
    again). Anything else is refused with a sentence and changes nothing."""
    global _chosen, _environment
    if code is None:
        _chosen, _environment = None, None  # the page's language, if any, stays
        _changed()
        return
    found = normalise(code)
    if found is None:
        raise _refuse(code)
    _chosen = found
    _changed()


def on_change(listener: Callable[[], None]) -> None:
    """Call ``listener`` whenever the package-wide language may have changed
    (:func:`set_language`, :func:`follow_page`): the live tables redraw."""
    _listeners.append(listener)


def _changed() -> None:
    for listener in list(_listeners):
        listener()


def follow_page(code: object) -> str | None:
    """The language the notebook's page speaks (JupyterLab's, else the
    browser's), as a table's page reports it: the kernel speaks it when no
    language was chosen (:func:`set_language`), above the environment's. A
    language the package does not speak is ignored (None returned); None
    forgets the page's language."""
    global _page
    if code is None:  # no page speaks now (a test's reset)
        _page = None
        _changed()
        return None
    found = normalise(code)
    if found is not None and found != _page:
        _page = found
        _changed()
    return found


def chosen() -> str | None:
    """The package-wide language :func:`set_language` chose, if any."""
    return _chosen


@contextmanager
def speaking(code: str) -> Iterator[str]:
    """Within the block (this thread or task only), speak ``code``."""
    found = normalise(code)
    if found is None:
        raise _refuse(code)
    token = _speaking.set(found)
    try:
        yield found
    finally:
        _speaking.reset(token)


def catalogue_path(code: str) -> Path:
    """Where the ``.po`` catalogue of ``code`` lies."""
    return FOLDER / code / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def catalogue(code: str) -> Catalogue:
    """The translations of ``code`` (English's is empty: it is the source)."""
    path = catalogue_path(code)
    return read(path) if code != "en" and path.exists() else Catalogue()


def _format(text: str, source: str, values: Mapping[str, Any]) -> str:
    """``text`` with its placeholders filled; a translation whose placeholders
    do not match (a test forbids it, but a catalogue edited by hand might) says
    the English source instead of raising in the middle of a game."""
    if not values:
        return text
    try:
        return text.format_map(values)
    except (KeyError, IndexError, ValueError, AttributeError):
        return source.format_map(values)


def _(message: str, /, **values: Any) -> str:
    """``message`` in the current language, its ``{placeholders}`` filled from ``values``."""
    code = language()
    if code == "en":
        return message.format_map(values) if values else message
    forms = catalogue(code).messages.get((None, message))
    return _format(forms[0] if forms else message, message, values)


def pgettext(context: str, message: str, /, **values: Any) -> str:
    """``message`` in the current language, where its ``context`` tells a
    translator which of several senses (or grammatical cases) is meant."""
    code = language()
    forms = None if code == "en" else catalogue(code).messages.get((context, message))
    return _format(forms[0] if forms else message, message, values)


def ngettext(singular: str, plural: str, n: int, /, **values: Any) -> str:
    """The form of a count ``n`` ("1 card", "3 cards"; each language its own rule),
    its placeholders filled from ``values`` and ``{n}``."""
    filled = {"n": n, **values}
    source = singular if n == 1 else plural
    code = language()
    if code == "en":
        return source.format_map(filled)
    book = catalogue(code)
    forms = book.messages.get((None, singular))
    if not forms:
        return source.format_map(filled)
    index = book.plural(n)
    return _format(forms[min(index, len(forms) - 1)], source, filled)


def decimal(value: float, digits: int | None = 1) -> str:
    """``value`` written with ``digits`` decimals (None: as few as it needs), with
    the current language's decimal mark: "1.5" in English, "1,5" in French."""
    text = f"{value:g}" if digits is None else f"{value:.{digits}f}"
    return text.replace(".", pgettext("decimal mark", "."))


def N_(message: str, /) -> str:
    """Mark ``message`` for the catalogue without translating it: data kept in
    English (a rule's name) and translated with :func:`_` where it is read."""
    return message


# ------------------------------------------------------------------ the cards
_RANKS = {
    "A": N_("ace"), "2": N_("two"), "3": N_("three"), "4": N_("four"), "5": N_("five"),
    "6": N_("six"), "7": N_("seven"), "8": N_("eight"), "9": N_("nine"), "T": N_("ten"),
    "J": N_("jack"), "Q": N_("queen"), "K": N_("king"),
}
_SUITS = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}


def card_name(card: str) -> str:
    """A card's name in words, as a screen reader or a lesson says it: "seven
    of hearts", "7 de cœur", "siete de corazones", "Herz-Sieben"."""
    rank, suit = _(_RANKS[card[0]]), _(_SUITS[card[1]])
    return pgettext("card name", "{rank} of {suit}", rank=rank, suit=suit)


__all__ = ["LANGUAGES", "N_", "_", "card_name", "chosen", "decimal", "follow_page", "language",
           "ngettext", "pgettext", "preferred", "set_language", "speaking"]
