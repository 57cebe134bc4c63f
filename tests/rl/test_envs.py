"""The learning environments: the standard API checks, what an observation
reveals, the mask against the engine, and real time modelled as play_out does."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from spit_widget import Game
from spit_widget.computer import View, play_out, strategy
from spit_widget.computer.tournament import tournament
from spit_widget.engine import GAME_OVER, PLAYING
from spit_widget.rl import (
    ACTION_COUNT,
    OBSERVATION_SIZE,
    WAIT,
    SpitEnv,
    Turns,
    action_mask,
    as_strategy,
    env,
    observe,
    to_action,
)

VARIANTS = ("duel", "classic")


@pytest.mark.parametrize("variant", VARIANTS)
# A dict of observation and mask is PettingZoo's own convention for its classic
# games (which its api_test exempts by name from these two warnings).
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
def test_pettingzoo_api_test_passes(variant: str) -> None:
    api_test(env(variant), num_cycles=1000)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("opponent", ["greedy", "random", "expert"])
def test_gymnasium_check_env_passes(variant: str, opponent: str) -> None:
    check_env(SpitEnv(opponent, variant), skip_render_check=True)


def _random_walk(variant: str, seed: int) -> list[Game]:
    """Positions of a game of random masked actions, wait included."""
    turns = Turns(variant, seed)
    rng = random.Random(seed)
    seen = [turns.game]
    while not turns.over:
        p = turns.selected
        mask = action_mask(turns.views[p], turns.may_wait)
        turns.act(rng.choice(np.flatnonzero(mask).tolist()))
        seen.append(Game.from_dict(turns.game.to_dict()))
    return seen


@pytest.mark.parametrize("variant", VARIANTS)
def test_mask_is_exactly_the_engines_legal_actions(variant: str) -> None:
    for seed in range(6):
        for game in _random_walk(variant, seed)[::3]:
            for p in (0, 1):
                view = View(game, p)
                mask = action_mask(view)
                ours = {to_action(view, int(i)) for i in np.flatnonzero(mask)}
                engine = {a for a in game.legal_actions()
                          if a.player in (p, None)}
                assert ours == engine, game


def test_observation_hides_face_down_cards() -> None:
    game = Game("duel", seed=4)
    snap = game.to_dict()
    # Swap the face-down cards of the opponent's fifth pile with its spit cards:
    # a different table, but not to the eye of either player.
    them = snap["players"][1]
    pile, spit = them["stock"][4], them["spit"]
    pile[:2], spit[:2] = spit[:2], pile[:2]
    other = Game.from_dict(snap)
    for p in (0, 1):
        assert np.array_equal(observe(View(game, p)), observe(View(other, p)))
    assert game.to_dict() != other.to_dict()


def test_observation_is_from_the_observers_side() -> None:
    game = Game("duel", seed=9)
    mine, theirs = observe(View(game, 0)), observe(View(game, 1))
    assert mine.shape == (OBSERVATION_SIZE,) and mine.dtype == np.float32
    assert np.array_equal(mine[0:75], theirs[75:150])  # my slots are their "opponent's"
    assert np.array_equal(mine[150:164], theirs[164:178])  # centre 0 is my own side's
    assert mine.min() >= 0.0 and mine.max() <= 1.0


@pytest.mark.parametrize("variant", VARIANTS)
def test_turns_replay_the_tournaments_games(variant: str) -> None:
    """Driven by the same strategies and seed, the environment's model of real
    time plays move for move the game play_out plays."""
    for seed in range(8):
        expected = Game(variant, seed=seed)
        play_out(expected, [strategy("expert"), strategy("random", seed)], random.Random(seed))
        turns = Turns(variant, seed)
        players = [strategy("expert"), strategy("random", seed)]
        while not turns.over:
            turns.act_with(players[turns.selected])
        assert turns.game.history == expected.history


@pytest.mark.parametrize("variant", VARIANTS)
def test_gym_games_end_with_the_winners_reward(variant: str) -> None:
    environment = SpitEnv("greedy", variant)
    rng = np.random.default_rng(1)
    rewards = []
    obs, info = environment.reset(seed=10)
    for _ in range(6):
        done = False
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            assert legal.size, "the agent is only asked when it may act"
            obs, reward, done, truncated, info = environment.step(int(rng.choice(legal)))
            assert not truncated
            assert sorted(environment._table().game.all_cards()) == sorted(
                Game(variant, seed=0).all_cards())
        game = environment._table().game
        assert game.status == GAME_OVER
        winner = game.winner
        assert reward == (0 if winner is None else 1 if winner == environment.player else -1)
        rewards.append(reward)
        obs, info = environment.reset()
    assert {info["seat"] for _ in range(1)} <= {0, 1}
    assert set(rewards) <= {-1.0, 0.0, 1.0}


def test_gym_illegal_action_ends_the_game_with_a_reason() -> None:
    environment = SpitEnv("greedy", "duel")
    obs, _ = environment.reset(seed=3)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs, reward, done, _, info = environment.step(illegal)
    assert (reward, done) == (-1.0, True)
    assert "not legal now" in info["illegal"]
    assert not obs["action_mask"].any()
    with pytest.raises(RuntimeError, match="reset"):
        environment.step(0)


def test_gym_seats_alternate_and_seeds_repeat() -> None:
    environment = SpitEnv("random", "classic")
    first = [environment.reset(seed=20)[1]["seat"], environment.reset()[1]["seat"]]
    assert first == [0, 1]
    a = environment.reset(seed=5)[0]["observation"]
    b = environment.reset(seed=5)[0]["observation"]
    assert np.array_equal(a, b)


def test_bad_arguments_are_named() -> None:
    with pytest.raises(ValueError, match="Unknown strategy 'clever'"):
        SpitEnv("clever")
    with pytest.raises(ValueError, match="Unknown variant"):
        SpitEnv("greedy", "speed")
    with pytest.raises(ValueError, match="seat"):
        SpitEnv(seat=2)
    with pytest.raises(ValueError, match="max_rounds is a classic house rule"):
        env("duel", max_rounds=3)
    with pytest.raises(ValueError, match="max_rounds must be a positive"):
        SpitEnv("greedy", "classic", max_rounds=0)
    with pytest.raises(ValueError, match="no action 40"):
        to_action(View(Game(seed=1), 0), ACTION_COUNT)


def test_aec_wait_hands_the_choice_to_the_other_agent() -> None:
    aec = env("duel")
    for seed in range(40):
        aec.reset(seed=seed)
        obs, *_ = aec.last()
        if obs["action_mask"][WAIT]:
            waiter = aec.agent_selection
            aec.step(WAIT)
            assert aec.agent_selection != waiter
            assert not aec.last()[0]["action_mask"][WAIT], "no waiting back"
            return
    pytest.fail("no opening position let the first agent wait")


def test_a_policy_plays_as_a_strategy_in_a_tournament() -> None:
    def biggest_pile_first(obs: Any, mask: Any) -> int:
        legal = np.flatnonzero(mask)
        sizes = obs[70:75]
        return int(max(legal, key=lambda i: sizes[i // 2] if i < 10 else -1))

    agent = as_strategy(biggest_pile_first, "big piles")
    result = tournament("duel", (agent, "random"), 200, seed=2)
    assert result.names == ("big piles", "random")
    assert result.win_rate() > 0.55, result.report()
    # As a strategy it waits only when it has nothing to do.
    game = Game("duel", seed=1)
    while game.status == PLAYING and game.legal_plays(1):
        game.apply(agent(View(game, 1)))  # type: ignore[arg-type]
    assert agent(View(game, 1)) == ("stuck", 1, None, None) or game.status != PLAYING


def test_gym_opponent_may_be_your_own_function() -> None:
    seen: list[int] = []

    def cautious(view: View):  # type: ignore[no-untyped-def]
        seen.append(view.player)
        return strategy("greedy")(view)

    environment = SpitEnv(cautious, "duel", seat=0)
    obs, _ = environment.reset(seed=2)
    done = False
    while not done:
        obs, _, done, _, _ = environment.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert seen and set(seen) == {1}, "the opponent decides only for its own seat"
    with pytest.raises(TypeError, match="opponent must be"):
        SpitEnv(42)  # type: ignore[arg-type]


@pytest.mark.parametrize("variant", VARIANTS)
def test_aec_games_pay_the_winner(variant: str) -> None:
    aec = env(variant)
    rng = np.random.default_rng(3)
    for seed in range(4):
        aec.reset(seed=100 + seed)
        totals = {"player_0": 0.0, "player_1": 0.0}
        for agent in aec.agent_iter():
            obs, reward, terminated, truncated, _ = aec.last()
            totals[agent] += reward
            if terminated or truncated:
                aec.step(None)
                continue
            aec.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        game = aec.unwrapped.turns.game
        assert game.status == GAME_OVER
        expected = {0: (1.0, -1.0), 1: (-1.0, 1.0), None: (0.0, 0.0)}[game.winner]
        assert (totals["player_0"], totals["player_1"]) == expected


def test_gymnasium_make_builds_the_environment() -> None:
    import gymnasium

    from spit_widget.rl import GYM_ID

    made = gymnasium.make(GYM_ID, opponent="expert", variant="classic")
    assert isinstance(made.unwrapped, SpitEnv) and made.unwrapped.variant == "classic"
    obs, _ = made.reset(seed=1)
    assert made.observation_space.contains(obs)
    check_env(made.unwrapped, skip_render_check=True)
