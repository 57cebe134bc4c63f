"""One voice: every sentence a player reads is made in ``engine/narration.py``.

``scripts/sentences_outside_narration.py`` finds sentence-shaped literals in
the engine, the widget and the match outside narration (its docstring says
what it leaves out, and why); none may be left.
"""

from __future__ import annotations

import os
from pathlib import Path
from types import ModuleType

from project_scripts import load_script

ROOT = Path(__file__).resolve().parent.parent


def _script() -> ModuleType:
    return load_script("sentences_outside_narration")


def test_no_sentence_a_player_reads_is_made_outside_narration() -> None:
    script = _script()
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        found = [f"{name}:{line}: {text}" for name, source in script._files(None).items()
                 if name not in script.VOICES and name not in script.PROGRAMMERS
                 for line, text in script.sentences(source)]
    finally:
        os.chdir(here)
    assert not found, "made outside narration:\n" + "\n".join(found)


def test_the_counter_finds_a_sentence_and_leaves_out_what_is_not_for_a_player() -> None:
    script = _script()
    source = '''
"""A module docstring, which nobody playing reads."""
import logging
log = logging.getLogger("x")


def refuse(card):
    """A function's docstring."""
    log.warning("A log line for the kernel's log: %s", card)
    if card is None:
        raise TypeError("A programmer passed the wrong thing here.")
    raise IllegalMove(f"That card {card} does not fit there.")
'''
    assert [text for _, text in script.sentences(source)] == [
        "That card {} does not fit there."]
