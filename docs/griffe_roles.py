"""A griffe extension for the API reference: Sphinx roles in docstrings as code.

The package's docstrings name other objects the Sphinx way
(:class:`Game`, :mod:`.types`, :meth:`Game.play`), which Markdown would show
with the role's colons. This turns each into a code span (`Game`), so the
docstrings stay as they are for ``help()`` and editors, and read cleanly on
the site. Loaded by mkdocstrings (``extensions`` in mkdocs.yml).
"""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:py:)?(?:class|mod|func|meth|attr|data|exc|obj|const):`~?([^`]+)`")


class SphinxRolesAsCode(griffe.Extension):
    """Rewrite ``:role:`name``` to a Markdown code span in every loaded docstring."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        """Called by griffe for every module, class, function and attribute it loads."""
        if obj.docstring is not None:
            obj.docstring.value = ROLE.sub(r"`\1`", obj.docstring.value)
