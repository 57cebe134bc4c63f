"""The vector engine: the same games as the scalar environment, step for step.

The slices here are 10^3 duel games (a third against each built-in strategy,
with random legal actions for the agent) and 10^3 classic games (a quarter
against each strategy and in self-play); ``python -m tools.vec_parity
--games 100000 [--variant classic]`` runs the full comparison.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import gymnasium
import numpy as np
import pytest

from spit_widget import Game
from spit_widget.engine.cards import DECK, shuffled_deck
from spit_widget.engine.game import round_rng
from spit_widget.rl import SpitEnv
from spit_widget.vec import VEC_ID, SpitVecEnv, mt, random_legal, sha512
from spit_widget.vec.deals import decks, first_tosses
from tools.vec_parity import compare


@pytest.mark.parametrize("opponent", ["random", "greedy", "expert"])
def test_every_step_equals_the_scalar_environment(opponent: str) -> None:
    report = compare(opponent, games=334, batch=64, seed=1000)
    assert report.games >= 334
    assert report.differences == 0, report.first
    assert 0 < report.wins < report.games  # both sides win some


CLASSIC_RULES = ("action move", "action slap", "action spit", "short of cards",
                 "round ended: went out", "round ended: single pile taken",
                 "round ended: nobody could play or spit", "ended out_of_cards")
"""What classic games must go through for their parity to mean something."""


@pytest.mark.parametrize("opponent", ["random", "greedy", "expert", "self"])
def test_every_classic_step_equals_the_scalar_environment(opponent: str) -> None:
    """1,000 classic games in all (250 against each strategy, and in self-play
    against PettingZoo's environment): rounds, slaps, moves, spits, short
    rounds and the end all as the engine plays them."""
    report = compare(opponent, games=250, batch=64, seed=2000, variant="classic")
    assert report.games >= 250
    assert report.differences == 0, report.first
    assert report.seen["rounds"] > 2 * report.games
    if opponent != "expert":  # the rarest ends need more games against the strongest
        assert all(report.seen[what] > 0 for what in CLASSIC_RULES), report.coverage()


def test_classic_with_a_round_limit_equals_the_scalar_environment() -> None:
    report = compare("random", games=60, batch=16, seed=77, variant="classic", max_rounds=2)
    assert report.differences == 0, report.first
    assert report.seen["ended round_limit"] > 0, report.coverage()


def test_the_generators_draw_what_python_draws() -> None:
    g = mt.generators(1)
    floats = np.empty(1500, dtype=np.float64)  # past two blocks of 624 words: twisted thrice
    for seed in (0, 1, 12345, 2**32 + 7, 2**62 - 1):
        mt.seed_from(g, 0, 0, seed, mt.BASE)
        r = random.Random(seed)
        mt.draw_floats(g, 0, 0, floats)
        assert floats.tolist() == [r.random() for _ in range(1500)]
        ks = np.random.default_rng(seed).integers(1, 33, size=1500)
        bits = np.empty(1500, dtype=np.int64)
        mt.draw_bits(g, 0, 0, ks, bits)
        assert bits.tolist() == [r.getrandbits(int(k)) for k in ks]


def test_the_coin_tossed_ahead_is_the_scalar_coin() -> None:
    """Who looks first is tossed 62 draws at a time; each toss is still the
    scalar coin's ``random() < 0.5`` (past three blocks of 624 words)."""
    g = mt.generators(1)
    tosses = np.empty(1000, dtype=np.int64)
    for seed in (0, 3, 2**31 + 1, 10**12):
        mt.seed_from(g, 0, 0, seed, mt.BASE)
        mt.draw_tosses(g, 0, 0, tosses)
        r = random.Random(seed)
        assert tosses.tolist() == [int(r.random() >= 0.5) for _ in range(1000)]


def test_a_deal_seeds_its_coin_and_opponent_beside_it() -> None:
    """A new game seeds the deal's generator, the coin's and the random
    opponent's in one pass; each is still what Python seeds (the decks: the
    next test; the coin and a third generator, ``Random(deal + 1)``, here)."""
    seeds = [0, 1, 2, 999, 2**32 - 2, 2**32 - 1, 2**32, 10**15 + 3]
    for seed, packed in zip(seeds, first_tosses(seeds), strict=True):
        for value, bits in zip((seed, seed + 1), packed, strict=True):
            r = random.Random(value)
            assert [(int(bits) >> i) & 1 for i in range(mt.TOSSES + 1)] == [
                int(r.random() >= 0.5) for _ in range(mt.TOSSES)] + [1]


def test_the_compiled_shuffle_deals_the_engines_decks() -> None:
    """The deal is shuffled inside the kernels (text seed, SHA-512, Mersenne
    Twister, Fisher-Yates); every deck equals the engine's own shuffle."""
    seeds = [*range(3000), 10**9 + 7, 2**40 + 5, 2**59 + 123, 10**18]
    ours = decks(seeds)
    for seed, deck in zip(seeds, ours, strict=True):
        assert [DECK[i] for i in deck] == shuffled_deck(round_rng(seed, 1)), seed


def test_the_hash_is_sha512() -> None:
    digest = np.zeros(64, dtype=np.uint8)
    for message in (b"", b"abc", b"spit/123/1", bytes(range(111))):
        buffer = np.zeros(128, dtype=np.uint8)
        buffer[: len(message)] = np.frombuffer(message, dtype=np.uint8)
        sha512.digest(buffer, len(message), digest)
        assert bytes(digest) == hashlib.sha512(message).digest()


def test_deals_are_the_engines() -> None:
    for deal, deck in zip(range(50, 60), decks(range(50, 60)), strict=True):
        players = Game("duel", seed=deal).to_dict()["players"]
        names = [DECK[int(i)] for i in deck]
        for p in (0, 1):
            hand = [card for pile in players[p]["stock"] for card in pile] + players[p]["spit"]
            # the opening spit took the last card of each spit pile
            assert hand == names[26 * p: 26 * p + 25]


def test_reset_and_step_shapes_and_first_positions() -> None:
    env = SpitVecEnv(num_envs=5, opponent="greedy")
    obs, info = env.reset(seed=40)
    assert obs["observation"].shape == (5, 192) and obs["observation"].dtype == np.float32
    assert obs["action_mask"].shape == (5, 40) and obs["action_mask"].dtype == np.int8
    assert info["deal"].tolist() == [40, 41, 42, 43, 44]
    assert info["seat"].tolist() == [0, 1, 0, 1, 0]
    for i in range(5):
        position = env.position(i)
        scalar = SpitEnv("greedy", "duel")
        scalar.reset(seed=40 + i)
        assert scalar.turns is not None
        assert position == scalar.turns.game.to_dict()
        assert len(Game.from_dict(position).all_cards()) == 52


def test_games_that_end_are_dealt_anew_with_the_next_deal_of_their_row() -> None:
    env = SpitVecEnv(num_envs=3, opponent="random")
    obs, _ = env.reset(seed=0)
    rng = np.random.default_rng(0)
    seen: list[set[int]] = [{0}, {1}, {2}]
    for _ in range(400):
        obs, reward, terminated, _truncated, info = env.step(random_legal(obs["action_mask"], rng))
        for i in np.flatnonzero(terminated):
            assert reward[i] in (-1.0, 1.0)
            assert info["_final_obs"][i]
            assert env.final_position(int(i))["status"] == "game_over"
            seen[i].add(int(info["deal"][i]))
    assert all(len(s) > 2 for s in seen)
    assert all(d % 3 == i for i, s in enumerate(seen) for d in s)


def test_an_illegal_action_ends_the_game_at_minus_one() -> None:
    env = SpitVecEnv(num_envs=2, opponent="expert")
    obs, info = env.reset(seed=3)
    illegal = np.array([int(np.flatnonzero(obs["action_mask"][i] == 0)[0]) for i in range(2)])
    _, reward, terminated, _, info = env.step(illegal)
    assert reward.tolist() == [-1.0, -1.0] and terminated.all() and info["illegal"].all()
    assert info["deal"].tolist() == [5, 6]


def test_bad_arguments_are_refused_with_a_sentence() -> None:
    with pytest.raises(ValueError, match="opponent must be one of"):
        SpitVecEnv(num_envs=2, opponent="genius")
    with pytest.raises(ValueError, match="num_envs"):
        SpitVecEnv(num_envs=0)
    with pytest.raises(ValueError, match="Unknown variant"):
        SpitVecEnv(num_envs=2, variant="poker")
    with pytest.raises(ValueError, match="classic house rule"):
        SpitVecEnv(num_envs=2, variant="duel", max_rounds=3)
    with pytest.raises(ValueError, match="max_rounds must be a positive"):
        SpitVecEnv(num_envs=2, variant="classic", max_rounds=0)
    env = SpitVecEnv(num_envs=2)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(np.zeros(2, dtype=np.int64))
    env.reset(seed=0)
    with pytest.raises(ValueError, match="2 whole numbers"):
        env.step(np.zeros(3, dtype=np.int64))


def test_registered_with_gymnasium() -> None:
    env = gymnasium.make_vec(VEC_ID, num_envs=4, opponent="greedy")
    obs, _ = env.reset(seed=1)
    assert obs["observation"].shape == (4, 192)
    assert isinstance(env.unwrapped, SpitVecEnv) or isinstance(env, SpitVecEnv)


def test_bench_vec_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    from spit_widget.__main__ import main

    main(["bench", "--vec", "--quick"])
    printed = capsys.readouterr().out
    assert "scalar, same run" in printed and "memory per game" in printed
    rows = [line.split() for line in printed.splitlines() if line.strip()[:1].isdigit()]
    assert [row[0] for row in rows] == ["1", "64", "1024", "4096"]
    assert all(float(row[1].replace(",", "")) > 0 for row in rows)
    classic = [line.split()[1:] for line in printed.splitlines()
               if line.split()[:1] == ["classic"]]
    assert [row[0] for row in classic] == ["1", "64", "1024", "4096"]
    assert all(float(row[2].replace(",", "")) > 0 for row in classic)


def test_self_play_equals_the_pettingzoo_environment() -> None:
    """opponent="self": the caller acts for whichever seat is asked; every step
    equals the AEC environment's (observation and mask of the agent asked, the
    actor's final reward, the final position)."""
    from spit_widget.rl import raw_env

    games = 8
    env = SpitVecEnv(num_envs=games, opponent="self")
    obs, info = env.reset(seed=500)
    twins = []
    for i in range(games):
        twin = raw_env("duel")
        twin.reset(seed=500 + i)
        twins.append(twin)
    rng = np.random.default_rng(5)
    finished = [False] * games
    while not all(finished):
        actions = random_legal(obs["action_mask"], rng)
        for i, twin in enumerate(twins):
            if finished[i]:
                continue
            agent = twin.agent_selection
            assert info["seat"][i] == int(agent[-1])
            seen = twin.observe(agent)
            assert np.array_equal(seen["observation"], obs["observation"][i])
            assert np.array_equal(seen["action_mask"], obs["action_mask"][i])
        next_obs, reward, terminated, _truncated, next_info = env.step(actions)
        for i, twin in enumerate(twins):
            if finished[i]:
                continue
            agent = twin.agent_selection
            twin.step(int(actions[i]))
            assert bool(terminated[i]) == twin.terminations[agent]
            if terminated[i]:
                assert reward[i] == twin.rewards[agent]
                assert twin.turns is not None
                assert env.final_position(i) == twin.turns.game.to_dict()
                finished[i] = True
        obs, info = next_obs, next_info


def test_the_compile_cache_follows_every_module_a_kernel_comes_from() -> None:
    """The cache folder is named by a hash of the kernels' sources only (editing the
    environment class or the parity tool compiles nothing); so no module of
    kernels may import one of the Python-only modules left out of the hash."""
    import ast

    from spit_widget.vec import jit

    sources = jit.kernel_sources()
    assert {path.name for path in sources} >= {"rules.py", "classic.py", "state.py", "step.py"}
    for path in sources:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
                assert f"{node.module}.py" not in jit.PYTHON_ONLY, (path.name, node.module)


def test_a_step_never_overwrites_arrays_the_caller_still_holds() -> None:
    """The step's arrays are used again only once nothing refers to them: kept
    observations (a rollout buffer, a view of one row) stay as they were, and
    arrays let go of are reused (no fresh 3 MB a step at B=4,096)."""
    env = SpitVecEnv(num_envs=8, variant="classic", opponent="self")
    obs, _ = env.reset(seed=9)
    rng = np.random.default_rng(9)
    kept: list[tuple[dict[str, Any], np.ndarray, np.ndarray, np.ndarray]] = []
    row = obs["observation"][3]
    row_then = row.copy()
    for _ in range(40):
        obs, reward, *_ = env.step(random_legal(obs["action_mask"], rng))
        kept.append((obs, obs["observation"].copy(), reward, reward.copy()))
    assert np.array_equal(row, row_then)
    for held, observation, reward, reward_then in kept:
        assert np.array_equal(held["observation"], observation)
        assert np.array_equal(reward, reward_then)
    del kept, row, held, reward
    ends = 0
    for _ in range(200):
        obs, _reward, _terminated, _truncated, info = env.step(
            random_legal(obs["action_mask"], rng))
        assert any(obs["observation"] is spare.obs for spare in env._outputs.spares)
        if "final_obs" in info:  # the last views of the games that ended, zeros elsewhere
            ended = info["_final_obs"]
            ends += int(ended.sum())
            assert info["final_obs"]["observation"][ended].any(axis=1).all()
            assert not info["final_obs"]["observation"][~ended].any()
        del info
    assert ends > 0


def test_the_vector_engine_and_the_environments_share_one_space() -> None:
    """vec builds its space from engine.spaces without importing rl (the layer above
    it): the same space, the same sizes."""
    from spit_widget.engine import spaces as shared
    from spit_widget.rl import ACTION_COUNT, OBSERVATION_SIZE
    from spit_widget.rl.aec import observation_space
    from spit_widget.vec.observe import observation_space as vec_space

    assert vec_space() == observation_space()
    assert (ACTION_COUNT, OBSERVATION_SIZE) == (shared.ACTION_COUNT, shared.OBSERVATION_SIZE)
