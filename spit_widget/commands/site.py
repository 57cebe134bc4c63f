"""``python -m spit_widget site --out DIR``: the game as a static site.

Serve DIR with any static file server (``python -m http.server -d DIR``) and
open ``index.html``: a duel against the computer, running in the browser
(Pyodide; JupyterLite for the notebooks and the Python prompt), with nothing
installed and no other host asked.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from platformdirs import user_cache_dir

from ..site import SiteError, build_site

SOURCE = Path(__file__).resolve().parents[2]
"""The source tree this package was imported from (the site packages it)."""


def add_parser(sub: Any) -> None:
    """Register ``site``."""
    p = sub.add_parser("site", help="build the game as a static site (Pyodide and JupyterLite)",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", type=Path, required=True, help="the folder to build into "
                   "(replaced)")
    p.add_argument("--cache", type=Path, default=Path(user_cache_dir("spit-widget")) / "site",
                   help="where the build tools and the Pyodide download are kept")
    p.add_argument("--levels", type=Path, default=None, metavar="FILE",
                   help="a class's own levels (saved with learn.save_levels): the course "
                   "page offers them instead of the whole course")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> None:
    """Build, then say how to serve it."""
    try:
        out = build_site(SOURCE, args.out, args.cache, levels=args.levels)
    except SiteError as exc:
        sys.exit(f"site: {exc}")
    size = sum(f.stat().st_size for f in out.rglob("*") if f.is_file()) / 1e6
    print(f"built {out} ({size:.1f} MB); serve it with\n"
          f"  python -m http.server --bind 127.0.0.1 -d {out} 8000\n"
          "and open http://127.0.0.1:8000/index.html")
