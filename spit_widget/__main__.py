"""Command line: ``python -m spit_widget COMMAND``; ``--help`` lists them.

Each command is a module of :mod:`spit_widget.commands` with an
``add_parser(subparsers)`` that sets the function to run; a new command is one
module and one name in :data:`COMMANDS`.
"""

from __future__ import annotations

import argparse
import importlib
import platform
from collections.abc import Sequence

from ._version import __version__
from .engine import ENGINE

COMMANDS = ("play", "learn", "site", "tournament", "league", "calibrate", "bench", "docs")
"""The subcommands, in the order ``--help`` lists them: what a player or a researcher runs.
The developers' rigs (latency, soaks, the RTC check, the puzzle finder, vector parity)
live in the checkout's ``tools/`` and run as ``python -m tools.NAME``."""


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the command line and run the chosen command."""
    parser = argparse.ArgumentParser(
        prog="python -m spit_widget",
        description="Spit in a notebook: play it, and measure, rate and calibrate its players.")
    parser.add_argument("--version", action="version", version=version_line())
    sub = parser.add_subparsers(dest="command", required=True)
    for name in COMMANDS:
        importlib.import_module(f"{__package__}.commands.{name}").add_parser(sub)
    args = parser.parse_args(argv)
    args.func(args)


def version_line() -> str:
    """What ``--version`` prints: the release, and which engine and Python run it (the
    three facts a bug report needs; the engine is compiled or source, see engine/compiled)."""
    return (f"spit-widget {__version__} ({ENGINE} engine, {platform.python_implementation()} "
            f"{platform.python_version()}, {platform.system()} {platform.machine()})")


if __name__ == "__main__":
    main()
