"""The engine's fast paths give the answers of the plain ones.

A game keeps each player's legal plays (computed from rank buckets a play
updates) and writes a compact log that becomes ``events`` and ``history``
only when read (issue 15: a faster engine for training). These tests drive
seeded games through every kind of action and check, at each step, that the
kept plays are those the general computation finds, that the lists handed
out cannot be spoiled by a caller, and that reading the move log early or
late makes no difference.
"""

from __future__ import annotations

import random

import pytest

from spit_widget.engine import GAME_OVER, Game, IllegalMove
from spit_widget.engine.fits import plays_and_slots


def random_actions(game: Game, rng: random.Random, steps: int = 400) -> None:
    """Apply up to ``steps`` actions drawn from every legal one (moves to an
    empty slot, stucks, spits and slaps included), checking after each."""
    for _ in range(steps):
        if game.status == GAME_OVER:
            return
        actions = game.legal_actions()
        game.apply(actions[int(rng.random() * len(actions))])
        check_plays(game)


def check_plays(game: Game) -> None:
    for p in (0, 1):
        expected, slots = (plays_and_slots(game.centre, game.stock[p])
                           if game.status == "playing" else ([], []))
        assert game.legal_plays(p) == expected
        assert list(game._slots[p]) == slots  # the slot a listed play is taken from


@pytest.mark.parametrize("variant", ["duel", "classic"])
def test_the_kept_plays_are_those_the_table_shows_after_every_action(variant: str) -> None:
    for seed in range(40):
        game = Game(variant, seed=seed)
        check_plays(game)
        random_actions(game, random.Random(seed))


def test_moves_to_an_empty_slot_keep_the_plays_right() -> None:
    moved = 0
    for seed in range(60):
        game, rng = Game("classic", seed=seed), random.Random(seed)
        while game.status != GAME_OVER and moved < 200:
            moves = game.legal_moves_to_empty(0) or game.legal_moves_to_empty(1)
            if moves:
                p = 0 if game.legal_moves_to_empty(0) else 1
                game.move_to_empty(p, *moves[0])
                moved += 1
                check_plays(game)
            random_actions(game, rng, steps=1)
    assert moved >= 50  # the loop really exercised moves


def test_legal_plays_hands_out_a_list_the_caller_may_change() -> None:
    game = Game("duel", seed=3)
    p = 0 if game.legal_plays(0) else 1
    mine = game.legal_plays(p)
    kept = list(mine)
    mine.clear()
    mine.append(("XX", 9))
    assert game.legal_plays(p) == kept
    game.play(p, *kept[0])
    assert mine == [("XX", 9)]  # the game did not touch the caller's list


def test_the_read_only_view_is_replaced_not_changed_when_the_table_changes() -> None:
    game = Game("duel", seed=3)
    p = 0 if game.legal_plays(0) else 1
    before = game.legal_plays_view(p)
    assert before == game.legal_plays(p)
    snapshot = list(before)
    game.play(p, *before[0])
    assert before == snapshot  # still the plays of that moment
    assert game.legal_plays_view(p) is not before
    assert game.legal_plays_view(p) == game.legal_plays(p)


@pytest.mark.parametrize("player", [2, -1, True, "0", None])
def test_the_read_only_view_refuses_a_player_as_legal_plays_does(player: object) -> None:
    game = Game("duel", seed=3)
    with pytest.raises(IllegalMove) as copied:
        game.legal_plays(player)  # type: ignore[arg-type]
    with pytest.raises(IllegalMove) as viewed:
        game.legal_plays_view(player)  # type: ignore[arg-type]
    assert str(viewed.value) == str(copied.value)


@pytest.mark.parametrize(("variant", "max_rounds"), [("duel", None), ("classic", None),
                                                     ("classic", 2)])
def test_the_move_log_reads_the_same_whenever_it_is_read(
        variant: str, max_rounds: int | None) -> None:
    for seed in range(30):
        late = Game(variant, seed=seed, max_rounds=max_rounds)
        early = Game(variant, seed=seed, max_rounds=max_rounds)
        events, history = early.events, early.history
        late_rng, early_rng = random.Random(seed), random.Random(seed)
        while late.status != GAME_OVER:
            random_actions(late, late_rng, steps=1)
            random_actions(early, early_rng, steps=1)
            assert early.events is events and early.history is history  # one growing list
            assert [e.seq for e in events] == list(range(len(events)))
        assert early.events == late.events
        assert early.history == late.history
        assert early.record() == late.record()
        assert Game.replay(late.record()).to_dict() == late.to_dict()


def test_the_move_log_may_still_be_replaced_as_a_plain_attribute_could() -> None:
    game = Game("duel", seed=0)
    p = 0 if game.legal_plays(0) else 1
    game.play(p, *game.legal_plays(p)[0])
    dealt = len(game.events)
    kept, game.events = game.events, []
    game.history = []
    assert len(kept) == dealt and kept[-1].kind in ("play", "flip")
    p = 0 if game.legal_plays(0) else 1
    game.play(p, *game.legal_plays(p)[0])  # seed 0 leaves a second play
    assert game.events[0].kind == "play" and game.events[0].seq == 0
    assert len(game.history) == 1
