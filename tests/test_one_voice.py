"""One voice per layer: every sentence a player reads is made in its layer's voice.

The engine's sentences (the move log, refusals, the end of a game, hints)
are made in ``engine/narration.py``; the widget's (the table's, the seats',
the course bar's) in the ``widget/voice/`` package. ``scripts/sentences_outside_narration.py``
finds sentence-shaped literals in the engine, the widget and the match outside
those two (its docstring says what it leaves out, and why); none may be left.
The engine's voice holds only what the layers below the widget speak, and
both speak through the engine's one ``Voice``.
"""

from __future__ import annotations

import ast
import os
import re
from pathlib import Path
from types import ModuleType

from project_scripts import load_script

ROOT = Path(__file__).resolve().parent.parent


def _script() -> ModuleType:
    return load_script("sentences_outside_narration")


def test_no_sentence_a_player_reads_is_made_outside_its_layers_voice() -> None:
    script = _script()
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        found = [f"{name}:{line}: {text}" for name, source in script._files(None).items()
                 if not script.is_voice(name) and name not in script.PROGRAMMERS
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


ENGINE_VOICE = ROOT / "spit_widget" / "engine" / "narration.py"
WIDGET = ROOT / "spit_widget" / "widget"


def _public_names(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return {n for n in names if not n.startswith("_")}


def test_the_engines_voice_holds_no_sentence_only_the_widget_speaks() -> None:
    """Each name in ``engine/narration.py`` is used by narration itself or by a
    module outside the widget (the engine, the computer, vec, learn, ...): a
    sentence only the widget says belongs in the ``widget/voice/`` package."""
    engine_text = ENGINE_VOICE.read_text(encoding="utf-8")
    below = "\n".join(p.read_text(encoding="utf-8")
                      for p in (ROOT / "spit_widget").rglob("*.py")
                      if p != ENGINE_VOICE and WIDGET not in p.parents)
    only_the_widget = []
    for name in sorted(_public_names(ENGINE_VOICE)):
        word = re.compile(rf"\b{name}\b")
        inside = len(word.findall(engine_text)) > 1  # its definition, and a use
        if not inside and not word.search(below):
            only_the_widget.append(name)
    assert not only_the_widget, f"only the widget speaks: {only_the_widget}"


def test_the_widgets_voice_speaks_through_the_engines_one_voice() -> None:
    voices = [WIDGET / "voice.py", *sorted((WIDGET / "voice").glob("*.py"))]
    for path in (p for p in voices if p.exists()):
        assert "Voice" not in _public_names(path), f"{path.name} defines a second Voice"
        assert "narration import" in path.read_text(encoding="utf-8")


def test_the_voices_that_speak_through_the_catalogue_say_nothing_past_it() -> None:
    """In a voice converted to the catalogue (engine/narration.py, the course's),
    a literal with words that is not a message of the catalogue would be said in
    English in a French game: there must be none."""
    script = _script()
    found = [f"{name}:{line}: {text}" for name in script.CATALOGUED
             for line, text in script.bypassing((ROOT / name).read_text(encoding="utf-8"))]
    assert not found, "said past the catalogue:\n" + "\n".join(found)


def test_the_catalogue_scanner_finds_a_sentence_past_the_catalogue() -> None:
    script = _script()
    source = '''
"""A docstring."""
from ..locale import N_, _, ngettext

TITLE = N_("The duel's goal")
KEY = "goal-duel"


def said(card, n):
    """A function's docstring."""
    if card is None:
        raise TypeError("A programmer passed the wrong thing here.")
    if n:
        return ngettext("{n} card", "{n} cards", n)
    if card == "7S":
        return f"{card} fits on the left pile"
    return _("{card} fits.", card=card) + " or not"
'''
    assert [text for _, text in script.bypassing(source)] == [
        "{} fits on the left pile", "or not"]
