"""The page's words: what the kernel sends a table's page for its language.

The page's code (``js/``) asks for its labels with the same gettext calls as
the kernel's (``js/words.js``), and Babel extracts them into the same template.
So that the page has no second list of words, the kernel sends it, in the
``words`` trait, the translations of exactly the messages the page's code asks
for (the template's ``#: js/...`` lines), with the language's plural rule
evaluated for every count the page shows.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from . import FOLDER, catalogue
from .po import Catalogue, Key, read

PLURAL_TABLE = 200
"""Counts whose plural form is sent; past it the page repeats the last hundred
(every rule of the catalogues looks at ``n % 100`` at most, or at a million)."""


@cache
def _template() -> Catalogue:
    return read(FOLDER / "spit_widget.pot")


def page_keys() -> tuple[Key, ...]:
    """The messages the page's own code asks for (extracted from ``js/``)."""
    return tuple(key for key, places in _template().places.items()
                 if any(place.startswith("js/") for place in places))


def _key(key: Key) -> str:
    context, message = key
    return message if context is None else f"{context}\x04{message}"


@cache
def page_words(code: str) -> dict[str, Any]:
    """The ``words`` a page shows in ``code``: ``{language, plural, messages}``
    (``js/words.js`` reads it). English sends no messages: they are the source."""
    book = catalogue(code)
    messages: dict[str, Any] = {}
    if code != "en":
        for key in page_keys():
            forms = book.messages.get(key)
            if forms:
                plural = len(forms) > 1 or _plural(key)
                messages[_key(key)] = list(forms) if plural else forms[0]
    return {"language": code, "plural": [book.plural(n) for n in range(PLURAL_TABLE)],
            "messages": messages}


def _plural(key: Key) -> bool:
    """Whether the template holds ``key`` as a plural message."""
    return key in _template().plurals


__all__ = ["page_keys", "page_words"]
