"""A misspelt keyword is an error that names the nearest real one.

A constructor that passes ``**kwargs`` on (the table to traitlets, ``learn.show``
to the table) would otherwise take ``SpitWidget(pase="fast")`` with nothing but
a hidden warning from traitlets, and play at Normal; ``language="fr"`` would be
kept and ignored. Each such constructor calls :func:`check_keywords` first, so
the person who wrote the cell reads "did you mean pace?" before anything is made.

A leaf: it imports nothing of the package, so every layer (the course too) may use it.
"""

from __future__ import annotations

import difflib
import inspect
from collections.abc import Callable, Iterable
from typing import Any

__all__ = ["check_keywords", "keywords_of"]


def keywords_of(*made_by: Callable[..., Any]) -> set[str]:
    """The keywords that ``made_by`` name in their signatures (for a class,
    those of every ``__init__`` in its MRO); a traitlets class also takes its
    traits by keyword (``class_trait_names()``), which a caller passes as ``also``."""
    found: set[str] = set()
    for thing in made_by:
        inits = [k.__dict__["__init__"] for k in thing.__mro__ if "__init__" in k.__dict__] \
            if isinstance(thing, type) else [thing]
        for init in inits:
            try:
                parameters = inspect.signature(init).parameters.values()
            except (TypeError, ValueError):  # a builtin's __init__ (object's) says nothing
                continue
            found |= {p.name for p in parameters if p.name != "self" and p.kind in (
                p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}
    return found


def check_keywords(where: str, given: Iterable[str], offered: Iterable[str],
                   also: Iterable[str] = ()) -> None:
    """TypeError for the first of ``given`` that is neither ``offered`` nor in
    ``also`` (accepted but not listed: a widget's traits), naming the nearest
    accepted one ("did you mean pace?"), or the offered ones when none is near.
    ``where`` names the call as the person wrote it (``"SpitWidget"``, ``"learn.show"``)."""
    listed = sorted(k for k in set(offered) if not k.startswith("_"))
    known = set(offered) | set(also)
    unknown = [name for name in given if name not in known]
    if not unknown:
        return
    name = unknown[0]
    public = sorted(k for k in known if not k.startswith("_"))
    near = difflib.get_close_matches(name, public, n=1, cutoff=0.6)
    hint = f"did you mean {near[0]}?" if near else f"it takes {', '.join(listed)}"
    raise TypeError(f"{where}() got an unexpected keyword argument {name!r}: {hint}")
