"""What each built-in strategy does in a position made for the choice: the expert's judgement,
the fallbacks every strategy shares when it has no play, and finding strategies by name."""

from __future__ import annotations

import random
from typing import Any

import pytest

from spit_widget import Game
from spit_widget.computer.strategies import (
    expert,
    greedy,
    random_strategy,
    strategy,
    strategy_name,
)
from spit_widget.computer.view import View
from spit_widget.engine import Action

BUILT_IN = {"expert": expert, "greedy": greedy, "random": random_strategy(random.Random(1))}


def table(variant: str = "duel", **piles: Any) -> Game:
    piles.setdefault("you", ["3H"])
    piles.setdefault("centre", ["6H", "KD"])
    piles.setdefault("you_spit", "2S")
    piles.setdefault("computer_spit", "2H")
    return Game.position(variant, **piles)


def computer_choice(choose: Any, game: Game) -> Action | None:
    action = choose(View(game, 1))
    if action is not None:
        assert game.is_legal(action), f"{action} is not legal here"
    return action


# ------------------------------------------------------------------- expert


def test_expert_plays_the_card_that_turns_a_face_down_card_up() -> None:
    game = table(computer=["5C", "2C 7S"])  # both fit the 6H; only the 7S uncovers a card
    assert computer_choice(expert, game) == Action("play", 1, "7S", 0)
    assert computer_choice(greedy, game) == Action("play", 1, "5C", 0)  # the first it sees


def test_expert_uncovers_the_bigger_pile_first() -> None:
    game = table(computer=["2C 7S", "9C TC 3D 5C"])  # both fit the 6H; the 5C hides three
    assert computer_choice(expert, game) == Action("play", 1, "5C", 0)


def test_expert_avoids_handing_the_opponent_a_play() -> None:
    # 7S on the 6H would let your 8D follow it; 5C leaves you nothing.
    game = table(computer=["7S", "5C"], you=["8D"])
    assert computer_choice(expert, game) == Action("play", 1, "5C", 0)
    assert computer_choice(greedy, game) == Action("play", 1, "7S", 0)


def test_expert_sets_up_its_own_next_card() -> None:
    # 7S on the 6H lets its 8C follow; 5C there leaves it nothing to play next.
    game = table(computer=["5C", "7S", "8C"])
    assert computer_choice(expert, game) == Action("play", 1, "7S", 0)


def test_expert_would_rather_leave_the_opponent_stuck_than_set_up_its_own_next_card() -> None:
    # 7S on the 6H lets its own 8C follow but your 8D too; 5C leaves you with no play at all.
    game = table(computer=["7S", "5C", "8C"], you=["8D"])
    assert computer_choice(expert, game) == Action("play", 1, "5C", 0)


def test_expert_fills_an_empty_space_from_its_biggest_pile_in_classic() -> None:
    game = table("classic", computer=["9C TC", "", "2D 3D JC 4C"], centre=["6H", "6D"])
    assert game.legal_plays(1) == []
    assert computer_choice(expert, game) == Action("move", 1, "4C", 1)


# -------------------------------------------------------- when there is no play


@pytest.mark.parametrize("name", BUILT_IN)
def test_with_no_play_in_a_duel_each_strategy_declares_stuck_once(name: str) -> None:
    game = table(computer=["TC", "2D"], you=["7S"])
    assert computer_choice(BUILT_IN[name], game) == Action("stuck", 1)
    game.apply(Action("stuck", 1))
    assert computer_choice(BUILT_IN[name], game) is None  # waits for you


@pytest.mark.parametrize("name", BUILT_IN)
def test_in_classic_each_strategy_spits_only_when_nobody_can_play(name: str) -> None:
    game = table("classic", computer=["TC", "2D"], you=["9S"])
    assert computer_choice(BUILT_IN[name], game) == Action("spit")
    game = table("classic", computer=["TC", "2D"], you=["7S"])  # you can play: wait
    assert computer_choice(BUILT_IN[name], game) is None


@pytest.mark.parametrize("name", BUILT_IN)
def test_after_going_out_each_strategy_slaps_the_smaller_pile(name: str) -> None:
    game = table("classic", computer=["6S"], you=["9S"], centre=["2C 3C 4C 5H", "9H TH"],
                 you_spit="2S 3S", computer_spit="4D 5D")
    game.apply(Action("play", 1, "6S", 0))
    assert game.status == "round_over" and game.went_out == 1
    assert computer_choice(BUILT_IN[name], game) == Action("slap", 1, None, 1)


@pytest.mark.parametrize("name", BUILT_IN)
def test_a_strategy_does_nothing_when_you_went_out_or_the_game_is_over(name: str) -> None:
    game = table("classic", you=["6S"], computer=["9S"], centre=["2C 3C 4C 5H", "9H TH"],
                 you_spit="4D 5D", computer_spit="2S 3S")
    game.apply(Action("play", 0, "6S", 0))
    assert game.status == "round_over" and game.went_out == 0
    assert computer_choice(BUILT_IN[name], game) is None
    duel = table(computer=["7S"], you=["9S TS"])
    duel.apply(Action("play", 1, "7S", 0))
    assert duel.status == "game_over"
    assert computer_choice(BUILT_IN[name], duel) is None


# ------------------------------------------------------------------- random


def test_random_plays_every_legal_play_sometimes_and_repeats_for_a_seed() -> None:
    game = table(computer=["5C", "7S", "QH"])
    choose = random_strategy(random.Random(4))
    picks = [computer_choice(choose, game) for _ in range(60)]
    assert {a.card for a in picks if a} == {"5C", "7S", "QH"}
    again = random_strategy(random.Random(4))
    assert [computer_choice(again, game) for _ in range(60)] == picks
    seeded = [strategy("random", seed=9)(View(game, 1)) for _ in range(1)]
    assert _replay(9, game, 20)[:1] == seeded
    assert _replay(9, game, 20) == _replay(9, game, 20)


def _replay(seed: int, game: Game, n: int) -> list[Action | None]:
    choose = strategy("random", seed=seed)
    return [choose(View(game, 1)) for _ in range(n)]


# -------------------------------------------------------------------- names


def test_strategies_are_found_by_name_and_your_own_function_is_used_as_it_is() -> None:
    assert strategy("expert") is expert
    assert strategy("greedy") is greedy
    assert strategy_name(strategy("random", seed=1)) == "random"

    def mine(view: View) -> Action | None:
        return None

    assert strategy(mine) is mine
    assert strategy_name(mine) == "mine"
    assert strategy_name("expert") == "expert"


def test_an_unknown_strategy_is_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match="Unknown strategy 'genius'; choose one of random, "
                                         "greedy, expert or pass a function"):
        strategy("genius")


def test_the_view_shows_either_players_counts() -> None:
    game = table(computer=["5C", "2C 7S"], you=["3H", "KS"], you_spit="2S 4S 6S",
                 computer_spit="2H")
    view = View(game, 1)
    assert (view.spit_cards(), view.spit_cards(0)) == (1, 3)
    assert (view.cards_left(), view.cards_left(0)) == (game.cards_left(1), game.cards_left(0))
    assert (view.pile_sizes(), view.pile_sizes(0)) == ([1, 2, 0, 0, 0], [1, 1, 0, 0, 0])
    assert (view.tops(), view.tops(0)) == (game.stock_tops(1), game.stock_tops(0))
    assert view.opponent == 0 and View(game, 0).opponent == 1
    assert view.centre_sizes() == [1, 1]


def test_random_without_a_generator_of_its_own_still_plays() -> None:
    game = table(computer=["5C", "7S", "QH"])
    action = computer_choice(random_strategy(), game)
    assert action is not None and action.kind == "play"
