"""Records and replays: a finished game, or any moment of it, is rebuilt exactly from
``record()``, which survives JSON."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spit_widget import Action, Game, IllegalMove


def legal_actions(g: Game) -> list[Action]:
    return g.legal_actions()


def play_out(g: Game, rng: random.Random, limit: int = 2000) -> list[dict[str, Any]]:
    """Play random legal actions (with a refused one now and then); the snapshot
    before the first action and after each accepted one."""
    snapshots = [g.to_dict()]
    for _ in range(limit):
        if g.status == "game_over":
            break
        if rng.random() < 0.1:
            with pytest.raises(IllegalMove):
                g.play(0, "XX", 0)  # refused: must not enter the record
        g.apply(rng.choice(legal_actions(g)))
        snapshots.append(g.to_dict())
    return snapshots


def through_json(record: dict[str, Any]) -> dict[str, Any]:
    return json.loads(json.dumps(record))


@pytest.mark.parametrize(
    ("variant", "max_rounds"), [("duel", None), ("classic", 3), ("classic", None)]
)
def test_replay_reproduces_every_moment_of_a_seeded_game(
    variant: str, max_rounds: int | None
) -> None:
    g = Game(variant, seed=41, max_rounds=max_rounds)
    snapshots = play_out(g, random.Random(7), limit=400)
    record = through_json(g.record())
    assert len(record["actions"]) == len(snapshots) - 1 == len(g.history)
    final = Game.replay(record)
    assert final.to_dict() == g.to_dict()
    assert [e.text for e in final.events] == [e.text for e in g.events]
    for k, snapshot in enumerate(snapshots):
        assert Game.replay(record, upto=k).to_dict() == snapshot


def test_a_classic_game_replays_across_reshuffled_rounds() -> None:
    g = Game("classic", seed=3)
    play_out(g, random.Random(3), limit=3000)
    assert g.round > 1, "the game should have reached a later round"
    assert Game.replay(through_json(g.record())).to_dict() == g.to_dict()


def test_replay_of_a_game_set_up_by_hand() -> None:
    start = {
        "version": 1,
        "variant": "duel",
        "players": [
            {"stock": [["8D", "7S"], ["KC"], [], [], []], "spit": ["4S", "QS"]},
            {"stock": [["5D", "9H"], ["3C"], [], [], []], "spit": ["4C"]},
        ],
        "centre": [["6S"], ["JD"]],
    }
    g = Game.from_dict(start)
    g.play(0, "7S", 0)
    g.play(0, "8D", 0)
    g.play(1, "9H", 0)
    after_two = Game.replay(through_json(g.record()), upto=2)
    assert after_two.centre == [["6S", "7S", "8D"], ["JD"]]
    record = through_json(g.record())
    assert Game.replay(record, upto=0).to_dict() == record["position"]
    assert Game.replay(record, upto=0).centre == [["6S"], ["JD"]]
    assert Game.replay(through_json(g.record())).to_dict() == g.to_dict()


def test_the_record_lists_only_accepted_actions() -> None:
    g = Game("duel", seed=2)
    with pytest.raises(IllegalMove):
        g.play(0, "XX", 0)
    with pytest.raises(IllegalMove):
        g.spit()
    assert g.record()["actions"] == []
    card, c = (g.legal_plays(0) + g.legal_plays(1) + [(None, None)])[0]
    if card is not None:
        p = 0 if (card, c) in g.legal_plays(0) else 1
        g.play(p, card, c)
        assert g.record()["actions"] == [["play", p, card, c]]


@settings(max_examples=100, deadline=None)
@given(
    variant=st.sampled_from(["duel", "classic"]),
    seed=st.integers(0, 2**32 - 1),
    choices=st.integers(0, 2**32 - 1),
    data=st.data(),
)
def test_replay_upto_k_equals_the_state_after_k_actions(
    variant: str, seed: int, choices: int, data: st.DataObject
) -> None:
    g = Game(variant, seed=seed, max_rounds=4 if variant == "classic" else None)
    snapshots = play_out(g, random.Random(choices), limit=300)
    record = through_json(g.record())
    assert Game.replay(record).to_dict() == snapshots[-1] == g.to_dict()
    k = data.draw(st.integers(0, len(snapshots) - 1))
    assert Game.replay(record, upto=k).to_dict() == snapshots[k]
