"""Every refusal carries a kind (``IllegalMove.kind``), so a course can name the
rule broken without reading the sentence; each kind is made here by the
action that earns it, and the state is left as it was."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from spit_widget import Game, IllegalMove
from spit_widget.engine.types import REFUSAL_KINDS


def duel() -> Game:
    return Game.position("duel", you=["8H", "2C 5S", "JD"], computer=["4D", "9C"],
                         centre=["7C", "QD"], you_spit="3H", computer_spit="6S")


def classic() -> Game:
    return Game.position("classic", you=["8H", "2C 5S", "JD", [], []], computer=["4D", "9C"],
                         centre=["7C", "QD"], you_spit="3H", computer_spit="6S")


def classic_out() -> Game:
    return Game.position("classic", you=[], computer=["4D"], centre=["7C 8C", "QD"],
                         you_spit="3H", computer_spit="6S", status="round_over", went_out=0)


def over() -> Game:
    game = Game.position("duel", you=["8H"], computer=["4D"], centre=["7C", "QD"],
                         you_spit="3H", computer_spit="6S")
    game.play(0, "8H", 0)
    return game


CASES: dict[str, tuple[Callable[[], Game], tuple[object, ...]]] = {
    "bad_input": (duel, ("play", 2, "8H", 0)),
    "game_over": (over, ("play", 1, "4D", 0)),
    "round_over": (classic_out, ("play", 1, "4D", 0)),
    "empty_centre": (lambda: Game.position("duel", you=["8H"], computer=["4D"],
                                           centre=["7C", ""], computer_spit="6S"),
                     ("play", 0, "8H", 1)),
    "no_fit": (duel, ("play", 0, "JD", 0)),
    "not_stuck": (duel, ("stuck", 0)),
    "no_stuck_in_classic": (classic, ("stuck", 0)),
    "no_spit_in_duel": (duel, ("spit",)),
    "no_move_in_duel": (duel, ("move", 0, "5S", 3)),
    "no_slap_in_duel": (duel, ("slap", 0, None, 0)),
    "spit_too_soon": (classic, ("spit",)),
    "slot_not_empty": (classic, ("move", 0, "5S", 0)),
    "nothing_under": (classic, ("move", 0, "JD", 3)),
    "slap_too_soon": (classic, ("slap", 0, None, 0)),
    "not_who_went_out": (classic_out, ("slap", 1, None, 1)),
    "bigger_pile": (classic_out, ("slap", 0, None, 0)),
    "not_yours": (duel, ("play", 0, "9C", 0)),
    "face_down": (duel, ("play", 0, "2C", 0)),
    "spit_card": (duel, ("play", 0, "3H", 0)),
    "on_centre": (duel, ("play", 0, "QD", 0)),
    "hidden": (lambda: Game.position("duel", you=["8H"], computer=["AS 4D"],
                                     centre=["7C", "QD"], you_spit="3H", computer_spit="6S"),
               ("play", 0, "AS", 0)),
    "not_in_game": (duel, ("play", 0, "KH", 0)),
}


def test_every_kind_has_a_case() -> None:
    assert set(CASES) == set(REFUSAL_KINDS)


@pytest.mark.parametrize("kind", sorted(CASES))
def test_the_refusal_names_its_kind_and_changes_nothing(kind: str) -> None:
    make, action = CASES[kind]
    game = make()
    before = game.to_dict()
    with pytest.raises(IllegalMove) as caught:
        game.apply(action)
    assert caught.value.kind == kind
    assert str(caught.value)  # still a sentence
    assert game.to_dict() == before


def test_a_refusal_made_without_a_kind_is_bad_input() -> None:
    assert IllegalMove("no").kind == "bad_input"


def test_a_refusal_keeps_its_kind_through_pickle() -> None:
    import pickle

    copy = pickle.loads(pickle.dumps(IllegalMove("9♥ doesn't fit.", "no_fit")))
    assert isinstance(copy, IllegalMove) and copy.kind == "no_fit"
    assert str(copy) == "9♥ doesn't fit."
