"""The simulated person's look, in the cases that change its length."""

from __future__ import annotations

import random

import pytest

from spit_widget import Game
from spit_widget.computer.human import HICK_BIT, HumanModel
from spit_widget.computer.view import View
from spit_widget.engine import Action


def look(centre: list[str]) -> float:
    """One drawn look with no spread: exactly the model's median."""
    game = Game.position("duel", you=["7S", "KC"], computer=["2D"], centre=centre,
                         you_spit="2S", computer_spit="2H")
    person = HumanModel(spread=0.0)
    return person.delay(View(game, 0), Action("play", 0, "7S", 0), random.Random(1))


def test_a_card_that_fits_both_piles_takes_a_moment_more_to_place() -> None:
    one = look(["6H", "JD"])  # the 7S fits the 6H only
    both = look(["6H", "8D"])  # the 7S fits either pile: a choice to make
    assert both - one == pytest.approx(HICK_BIT)


def test_the_simulated_person_is_named_in_reports() -> None:
    from spit_widget.computer.human import human_choice
    from spit_widget.computer.strategies import strategy_name

    assert strategy_name(human_choice(random.Random(1))) == "human"


def test_a_comparison_pits_each_strategy_against_the_same_opponent() -> None:
    from spit_widget.computer.tournament import compare

    c = compare("duel", ("expert", "greedy"), "random", 4, seed=2)
    assert c.first.names == ("expert", "random")
    assert c.second.names == ("greedy", "random")
    assert "expert - greedy: " in c.report()
    assert c.difference() == c.first.win_rate() - c.second.win_rate()
