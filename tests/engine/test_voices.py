"""One voice: narration tells every sentence in the voice it is read in
(player 0 as "you", or both players by name), so no layer rewrites one."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from spit_widget import Action, Game, IllegalMove
from spit_widget.engine import narration as N
from spit_widget.engine.narration import COMPUTER_VOICE, people

ANN_BOB = people(("Ann", "Bob"))


def test_the_default_voice_is_the_engines_own_for_every_event() -> None:
    game = Game("classic", seed=5, max_rounds=2)
    while game.status != "game_over":
        for p in (0, 1):
            plays = game.legal_plays(p)
            if plays:
                game.play(p, *plays[0])
        if game.status == "round_over":
            game.slap(game.went_out, game.slappable(game.went_out)[0])
        elif game.status == "playing" and not (game.legal_plays(0) or game.legal_plays(1)):
            game.apply(Action("spit"))
    assert [N.told(e, COMPUTER_VOICE, game.outcome) for e in game.events] == [
        e.text for e in game.events]
    named = [N.told(e, ANN_BOB, game.outcome) for e in game.events]
    assert not any("You " in t or "the computer" in t.lower() for t in named), named


def test_a_refusal_is_told_to_the_one_who_clicked() -> None:
    game = Game.position("duel", you=[["2C", "5H"]], computer=[["QC"], ["4S", "9D"]],
                         centre=[["JS"], ["JD"]], you_spit=["3C", "8H"],
                         computer_spit=["AH", "TC"])
    with pytest.raises(IllegalMove) as refused:
        game.declare_stuck(1)
    assert str(refused.value) == "The computer is not stuck: Q♣ goes on the left pile."
    assert refused.value.told(people(("Ann", "Bob"), you=1)) == (
        "You're not stuck: Q♣ goes on the left pile.")
    assert refused.value.told(ANN_BOB) == "Bob is not stuck: Q♣ goes on the left pile."
    with pytest.raises(IllegalMove) as theirs:
        game.play(0, "QC", 0)
    assert theirs.value.told(people(("Ann", "Bob"), you=0)) == "Q♣ is Bob's card."
    with pytest.raises(IllegalMove) as plain:
        game.play(0, "ZZ", 0)
    assert plain.value.told(ANN_BOB) == str(plain.value)  # names nobody: the same words


def test_a_slap_is_told_by_name_from_its_numbers_not_its_sentence() -> None:
    game = Game.position("classic", you=[["5H", "4C"]], computer=[["7C"]],
                         centre=[["2S", "3S"], ["9D", "TD", "JD", "QD"]], you_spit=["3C"],
                         computer_spit=["AH", "TC"], fill=True)
    game.play(0, "4C", 0)
    game.play(0, "5H", 0)
    game.slap(0, 1)
    slap = next(e for e in game.events if e.kind == "slap")
    assert slap.extra == (4, 4)
    assert N.told(slap, ANN_BOB) == "Ann slaps the right pile (4 cards); Bob takes the other (4)."


def test_no_widget_module_rewrites_or_parses_a_sentence() -> None:
    """The widget imports no regular expressions: sentences come from narration whole."""
    widget = Path(__file__).resolve().parents[2] / "spit_widget" / "widget"
    for path in widget.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                assert "re" not in {a.name for a in node.names}, path.name
