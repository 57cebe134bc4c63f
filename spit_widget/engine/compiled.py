"""The engine's hot modules run compiled by mypyc when the install built them.

Training, tournaments and soaks play millions of games, so installing the
package compiles :data:`MODULES` into C extensions (``hatch_build.py`` runs
mypyc; the same source, 1.6 to 1.8 times as fast). Where no C compiler is at
hand, or ``SPIT_WIDGET_PURE_ENGINE=1`` is set at install, the package stays
pure Python and plays the same games.

Python imports an extension in preference to a source file of the same
name, so a build left over from before an edit would silently run the old
rules. The build therefore records a digest of the engine's source in
:data:`STAMP`, and :func:`choose` (run by the package before any of its
modules) loads the source instead whenever the digest no longer matches, or
when ``SPIT_WIDGET_PURE_ENGINE=1`` is set at run time (the mutation tool and
the pure-Python test run set it). It is all or none: compiled modules call
each other directly, so a mix cannot run.

This module is stdlib-only and never compiled: the build hook loads it by
path to learn what to compile and how to stamp it.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

MODULES = ("cards", "fits", "log", "tableau", "game")
"""The modules compiled: the ones every action runs through."""

STAMP = "_compiled.json"
"""Written beside the modules by the build: the digest of the source it compiled."""

PURE_ENGINE = "SPIT_WIDGET_PURE_ENGINE"
"""Set to 1 to run (or install) the pure-Python engine."""

FOLDER = Path(__file__).parent


def source_digest(folder: Path = FOLDER) -> str:
    """A digest of every source file of the engine (a compiled module may have
    inlined a constant from any of them, so any edit makes the build stale)."""
    digest = hashlib.sha256()
    for path in sorted(folder.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def built_extensions(folder: Path = FOLDER) -> list[Path]:
    """The compiled modules present beside the source (none in a pure install)."""
    return [folder / f"{name}{suffix}" for name in MODULES
            for suffix in importlib.machinery.EXTENSION_SUFFIXES
            if (folder / f"{name}{suffix}").exists()]


def write_stamp(folder: Path = FOLDER) -> Path:
    """Record that the extensions beside ``folder``'s source were built from it."""
    stamp = folder / STAMP
    stamp.write_text(json.dumps({"source": source_digest(folder)}) + "\n")
    return stamp


def stamped_digest(folder: Path = FOLDER) -> str | None:
    """The digest the build recorded (None: no build, or a stamp unreadable)."""
    try:
        return str(json.loads((folder / STAMP).read_text())["source"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


class _SourceFirst(importlib.abc.MetaPathFinder):
    """Finds the compiled modules' source files ahead of their extensions."""

    def __init__(self, package: str, folder: Path) -> None:
        self.sources = {f"{package}.{name}": folder / f"{name}.py" for name in MODULES}

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        source = self.sources.get(fullname)
        return None if source is None else importlib.util.spec_from_file_location(fullname, source)


def choose(
    package: str,
    folder: Path = FOLDER,
    environ: Mapping[str, str] = os.environ,
    finders: list[Any] = sys.meta_path,
) -> str:
    """Decide, before the engine's modules load, whether they run compiled
    (``"compiled"``) or from source (``"source"``); for the source, put a
    finder of it into ``finders`` (the interpreter's meta path by default)."""
    if not built_extensions(folder):
        return "source"
    if environ.get(PURE_ENGINE, "") in ("", "0"):
        if stamped_digest(folder) == source_digest(folder):
            return "compiled"
        warnings.warn("spit_widget's compiled engine is older than its source, so the source "
                      "runs (slower); reinstall the package to compile it again.",
                      RuntimeWarning, stacklevel=2)
    if not any(isinstance(finder, _SourceFirst) for finder in finders):
        # Just ahead of the finder of files, behind any a tool put first (the
        # mutation tool's, which loads mutated source in place of the file).
        files = importlib.machinery.PathFinder
        at = finders.index(files) if files in finders else len(finders)
        finders.insert(at, _SourceFirst(package, folder))
    return "source"


ENGINE = choose(__name__.rpartition(".")[0])
"""Which engine runs: ``"compiled"`` (mypyc) or ``"source"`` (pure Python).
Decided when the package is first imported (:mod:`spit_widget.engine` imports
this module before any other)."""
