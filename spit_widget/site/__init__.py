"""The static site: the game in a browser with nothing installed (JupyterLite
and Pyodide), built by ``python -m spit_widget site --out DIR``.

A build tool beside the layers: it imports nothing of the game, only reads the
source tree it packages.
"""

from __future__ import annotations

from .build import SiteError, build_site

__all__ = ["SiteError", "build_site"]
