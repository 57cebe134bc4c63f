"""Reading a gettext ``.po`` catalogue with the standard library.

The package reads its ``.po`` files as they are committed, rather than ``.mo``
files compiled from them: a wheel, an editable install and a checkout on
``PYTHONPATH`` then all carry the one source, with no build step to forget and
no compiled copy to go stale. Babel (a contributor's tool, not a dependency
of the game) extracts and updates the catalogues; tests/test_locale.py checks
that this reader and Babel's agree on every message.

Like ``msgfmt``, a fuzzy entry (a guess left by ``pybabel update``) and an
empty translation are left out, so the English source shows in their place.
"""

from __future__ import annotations

import ast
import gettext
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

Key = tuple[str | None, str]
"""A message's key: its context (``msgctxt``, None for none) and its ``msgid``."""


@dataclass
class Catalogue:
    """One language's translations: each key's forms (one, or one per plural
    form) and the language's rule choosing a plural form for a count."""

    messages: dict[Key, tuple[str, ...]] = field(default_factory=dict)
    plural: Callable[[int], int] = lambda n: int(n != 1)
    places: dict[Key, tuple[str, ...]] = field(default_factory=dict)
    """Where the code asks for each message (its ``#:`` lines: ``js/build.js:12``),
    translated or not: the page is sent the messages its own code asks for."""
    plurals: set[Key] = field(default_factory=set)
    """The messages with plural forms (a ``msgid_plural``)."""


@dataclass
class _Entry:
    context: str | None = None
    msgid: str | None = None
    forms: dict[int, str] = field(default_factory=dict)
    fuzzy: bool = False
    places: list[str] = field(default_factory=list)
    plural: bool = False


def _unquote(text: str) -> str:
    """A ``.po`` string literal's text (C escapes, which Python's match)."""
    value = ast.literal_eval(text.strip())
    if not isinstance(value, str):
        raise ValueError(f"not a string: {text!r:.40}")
    return value


def _plural_rule(header: str) -> Callable[[int], int]:
    """The header's ``Plural-Forms`` expression as a function of the count."""
    for line in header.splitlines():
        name, _, value = line.partition(":")
        if name.strip().lower() == "plural-forms":
            for part in value.split(";"):
                key, _, expr = part.strip().partition("=")
                if key.strip() == "plural":
                    return gettext.c2py(expr.strip())
    return lambda n: int(n != 1)


def _store(catalogue: Catalogue, entry: _Entry) -> None:
    if entry.msgid is None:
        return
    if entry.msgid == "" and entry.context is None:
        catalogue.plural = _plural_rule(entry.forms.get(0, ""))
        return
    forms = tuple(entry.forms[i] for i in sorted(entry.forms))
    if entry.plural:
        catalogue.plurals.add((entry.context, entry.msgid))
    if entry.places:
        catalogue.places[(entry.context, entry.msgid)] = tuple(entry.places)
    if not entry.fuzzy and forms and all(forms):
        catalogue.messages[(entry.context, entry.msgid)] = forms


def _comment(entry: _Entry, line: str) -> None:
    """What a comment line tells of the entry it precedes: fuzzy, and where it is used."""
    entry.fuzzy = entry.fuzzy or (line.startswith("#,") and "fuzzy" in line)
    if line.startswith("#:"):
        entry.places += line[2:].split()


def read(path: Path) -> Catalogue:
    """The catalogue in the ``.po`` file at ``path``."""
    catalogue = Catalogue()
    entry, target = _Entry(), ""
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):  # comments, flags, and obsolete entries (#~)
            if entry.forms:
                _store(catalogue, entry)
                entry = _Entry()
            _comment(entry, line)
            continue
        keyword, rest = (target, line) if line.startswith('"') else line.split(" ", 1)
        if keyword in ("msgctxt", "msgid") and entry.forms:
            _store(catalogue, entry)
            entry = _Entry()
        target, text = keyword, _unquote(rest)
        if keyword == "msgctxt":
            entry.context = (entry.context or "") + text
        elif keyword == "msgid":
            entry.msgid = (entry.msgid or "") + text
        elif keyword == "msgid_plural":
            entry.plural = True
        elif keyword.startswith("msgstr"):
            index = int(keyword[7:-1]) if keyword.startswith("msgstr[") else 0
            entry.forms[index] = entry.forms.get(index, "") + text
    _store(catalogue, entry)
    return catalogue
