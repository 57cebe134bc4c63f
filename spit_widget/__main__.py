"""Command line: ``python -m spit_widget COMMAND``; ``--help`` lists them.

Each command is a module of :mod:`spit_widget.commands` with an
``add_parser(subparsers)`` that sets the function to run; a new command is one
module and one name in :data:`COMMANDS`.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Sequence

COMMANDS = ("play", "tournament", "league", "calibrate", "bench", "latency", "seat_latency",
            "soak", "seat_soak")
"""The subcommands, in the order ``--help`` lists them."""


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the command line and run the chosen command."""
    parser = argparse.ArgumentParser(
        prog="python -m spit_widget",
        description="Spit in a notebook: play it, and measure, rate and calibrate its players.")
    sub = parser.add_subparsers(dest="command", required=True)
    for name in COMMANDS:
        importlib.import_module(f"{__package__}.commands.{name}").add_parser(sub)
    args = parser.parse_args(argv)
    args.func(args)


if __name__ == "__main__":
    main()
