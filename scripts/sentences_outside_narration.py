"""Count the sentences a player may read that are made outside narration.

DESIGN.md, one voice per layer: the engine's sentences (the move log,
refusals, the end of a game, hints) come from ``engine/narration.py``; the
widget's (the table's, the seats', the course bar's) from the ``widget/voice/``
package. This finds the others: string literals
and f-strings shaped like a sentence (a capital, at least three words) in the
engine, the widget and the match, leaving out docstrings, log lines, the
``TypeError``/``ValueError`` a programmer gets from a wrong argument in a cell,
and ``engine/positions.py`` (a snapshot's errors and text boards): those speak
to a programmer, in the API's terms, not to a player.

``python scripts/sentences_outside_narration.py [REF] [-v]`` prints the count
(for the working tree, or a git ref read with ``git show``); ``-v`` lists them.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

SCANNED = ("spit_widget/engine", "spit_widget/widget", "spit_widget/computer/match.py")
VOICES = ("spit_widget/engine/narration.py",)
"""The one voice module of each layer (the ``widget/voice/`` package is the widget's)."""


def is_voice(name: str) -> bool:
    """Whether the file ``name`` is a layer's voice."""
    return name in VOICES or name.startswith("spit_widget/widget/voice/")
PROGRAMMER_ERRORS = {"TypeError", "ValueError", "KeyError", "AssertionError", "RuntimeError",
                     "NotImplementedError", "SystemExit"}
LOG_CALLS = {"debug", "info", "warning", "error", "exception", "critical", "warn"}
WORD = re.compile(r"[A-Za-z][a-z']+")
PROGRAMMERS = ("spit_widget/engine/positions.py",)
"""Modules whose words are for a programmer: a snapshot's errors and text boards."""


def _files(ref: str | None) -> dict[str, str]:
    if ref is None:
        found: dict[str, str] = {}
        for root in SCANNED:
            path = Path(root)
            for file in ([path] if path.suffix == ".py" else sorted(path.rglob("*.py"))):
                found[str(file)] = file.read_text(encoding="utf-8")
        return found
    listing = subprocess.run(["git", "ls-tree", "-r", "--name-only", ref, *SCANNED],
                             capture_output=True, text=True, check=True).stdout.split()
    return {name: subprocess.run(["git", "show", f"{ref}:{name}"], capture_output=True,
                                 text=True, check=True).stdout
            for name in listing if name.endswith(".py")}


def _text(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) and isinstance(v.value, str)
                       else "{}" for v in node.values)
    return None


def _skipped(tree: ast.AST) -> set[int]:
    """Ids of string nodes that are docstrings, log lines or programmer errors."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list):  # docstrings: a module's, a class's, a function's
            skip.update(id(s.value) for s in body
                        if isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            logged = isinstance(func, ast.Attribute) and name in LOG_CALLS
            if logged or name in PROGRAMMER_ERRORS:
                skip.update(id(n) for arg in node.args for n in ast.walk(arg))
    return skip


def sentences(source: str) -> list[tuple[int, str]]:
    """(line, text) of every sentence-shaped literal in ``source`` (see the module docstring)."""
    tree = ast.parse(source)
    skip = _skipped(tree)
    found = []
    inner: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            inner.update(id(v) for v in node.values)
    for node in ast.walk(tree):
        if id(node) in skip or id(node) in inner or not isinstance(node, ast.expr):
            continue
        text = _text(node)
        if text is not None and text.strip()[:1].isupper() and len(WORD.findall(text)) >= 3:
            found.append((node.lineno, text.strip()))
    return found


CATALOGUED = ("spit_widget/engine/narration.py", "spit_widget/learn/narration.py",
              "spit_widget/learn/catalogue.py", "spit_widget/learn/coursebook.py",
              "spit_widget/learn/stages_duel.py", "spit_widget/learn/stages_classic.py",
              "spit_widget/learn/puzzles.py", "spit_widget/learn/daily.py",
              "spit_widget/learn/class_voice.py", "spit_widget/review/narration.py",
              "spit_widget/widget/voice/__init__.py", "spit_widget/widget/voice/table.py",
              "spit_widget/widget/voice/course.py", "spit_widget/widget/voice/review.py")
"""The voices that speak through the catalogue (spit_widget.locale): every word
a player reads in them is a message of it, so none is English in a French game."""
CATALOGUE_CALLS = {"_", "N_", "ngettext", "pgettext", "said"}
KEYS = {"the left pile", "the right pile", "the centre pile", "the computer", "centre pile",
        "it uncovers a face-down card, which may give you another play",
        "another of your cards can follow straight on it", "spit-widget daily {}"}
"""English words a catalogued voice keeps as keys, never says as they are: a
centre pile's name (said through :func:`~spit_widget.engine.narration.pile`),
the computer's name in a :class:`Voice` (each sentence about it is a message
of its own), a hint's reason (which chooses the whole hint), the words a daily deal's seed
is hashed from."""
IDENTIFIER = re.compile(r"^[a-z0-9_\-{}.]*$")
"""An id or a file name (``"goal-duel"``, ``"puzzles.json"``): never said."""


def _catalogue_messages(tree: ast.AST) -> set[int]:
    """Ids of the literal messages handed to the catalogue (and of f-strings
    there too: a message must be a literal, or no translator ever sees it)."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in CATALOGUE_CALLS:
                inside.update(id(arg) for arg in node.args
                              if isinstance(arg, ast.Constant) and isinstance(arg.value, str))
    return inside


def bypassing(source: str) -> list[tuple[int, str]]:
    """(line, text) of every literal with words in a catalogued voice that is not a
    message of the catalogue: words said the same in every language (docstrings,
    log lines and a programmer's errors aside, and ids such as ``"goal-duel"``)."""
    tree = ast.parse(source)
    skip = _skipped(tree) | _catalogue_messages(tree)
    inner: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            inner.update(id(v) for v in node.values)
    found = []
    for node in ast.walk(tree):
        if id(node) in skip or id(node) in inner or not isinstance(node, ast.expr):
            continue
        text = _text(node)
        if text is None or text in KEYS or IDENTIFIER.match(text) or not WORD.search(text):
            continue
        found.append((node.lineno, text.strip()))
    return found


def main(argv: list[str]) -> int:
    """Print the count (``-v``: every sentence, with its file and line)."""
    verbose = "-v" in argv
    refs = [a for a in argv if a != "-v"]
    total = 0
    for name, source in _files(refs[0] if refs else None).items():
        if is_voice(name) or name in PROGRAMMERS:
            continue
        for line, text in sentences(source):
            total += 1
            if verbose:
                print(f"{name}:{line}: {text[:90]}")
    print(f"sentences made outside narration: {total}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
