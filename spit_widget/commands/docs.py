"""``python -m spit_widget docs``: the documentation site, served from a checkout.

The site (``mkdocs.yml``: mkdocs-material, the API reference from the
docstrings by mkdocstrings, the example notebooks by mkdocs-jupyter) is built
from the repository's ``docs/`` folder, which a wheel does not carry: from an
installed package the command says where to get it instead of failing deep in
mkdocs. Every build is ``--strict``, so what serves here is what the tests
build: a broken link or a missing API name stops it with the reason.
"""

from __future__ import annotations

import importlib.util
import os
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

CONFIG = "mkdocs.yml"


def find_config(start: Path | None = None) -> Path | None:
    """``mkdocs.yml`` of the checkout this package runs from (an editable install or
    PYTHONPATH), else of the current folder; None when neither has one."""
    package_root = Path(__file__).resolve().parents[2]
    for folder in (package_root, start or Path.cwd()):
        if (folder / CONFIG).is_file() and (folder / "docs").is_dir():
            return folder / CONFIG
    return None


def mkdocs_command(config: Path, *, build_to: Path | None, port: int,
                   open_browser: bool) -> list[str]:
    """The mkdocs command line: a strict build into a folder, or a strict live server."""
    base = [sys.executable, "-m", "mkdocs"]
    if build_to is not None:
        return [*base, "build", "--strict", "-f", str(config), "-d", str(build_to.resolve())]
    command = [*base, "serve", "--strict", "-f", str(config), "-a", f"127.0.0.1:{port}"]
    return [*command, "--open"] if open_browser else command


def port_free(port: int) -> bool:
    """Whether the live server could listen on 127.0.0.1:``port`` (mkdocs would otherwise
    fail with a traceback after building the whole site)."""
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def run(*, build_to: Path | None, port: int, open_browser: bool,
        start: Path | None = None) -> int:
    """Build or serve the site; a missing checkout or docs extra is a sentence, not a trace."""
    config = find_config(start)
    if config is None:
        raise SystemExit(
            "The documentation is built from a checkout of spit-widget (mkdocs.yml and docs/ "
            "are not installed with the package): clone the repository and run "
            "`python -m spit_widget docs` in it.")
    if importlib.util.find_spec("mkdocs") is None:
        raise SystemExit("The docs need the docs extra: pip install 'spit-widget[docs]'")
    if build_to is None and not port_free(port):
        raise SystemExit(f"Port {port} is in use on 127.0.0.1: choose another with --port.")
    command = mkdocs_command(config, build_to=build_to, port=port, open_browser=open_browser)
    # Material's notice about MkDocs 2 is for the project's maintainers (CONTRIBUTING.md).
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    if build_to is None:
        print(f"Serving the docs at http://127.0.0.1:{port}/ (Ctrl+C stops)", flush=True)
    try:
        return subprocess.call(command, cwd=config.parent, env=env)
    except KeyboardInterrupt:  # Ctrl+C stops the server: a normal end, not a traceback
        return 0


def add_parser(sub: Any) -> None:
    """The ``docs`` subcommand."""
    docs = sub.add_parser("docs", help="serve the documentation site (from a checkout)")
    docs.add_argument("--port", type=int, default=8000)
    docs.add_argument("--build", type=Path, metavar="DIR",
                      help="write the site to DIR instead of serving it")
    docs.add_argument("--open", action="store_true", help="open it in the browser")
    docs.set_defaults(func=lambda args: sys.exit(run(
        build_to=args.build, port=args.port, open_browser=args.open)))
