"""The searches behind the puzzles give the answers a player would count out
by hand: the longest run within the moves allowed, and going out for good."""

from __future__ import annotations

from spit_widget.engine import Game
from spit_widget.learn import position, proofs


def test_the_longest_run_is_counted_only_as_deep_as_asked() -> None:
    """6♣, 7♥, 8♠ all go on the 5♦ in turn: a run of 3, of which 1 move deep sees 1."""
    game = Game.from_dict(position("duel", you=["6C", "7H", "8S"], centre=["5D", "KS"]))
    plays = (("play", 0, "6C", 0), ("play", 0, "7H", 0), ("play", 0, "8S", 0))
    assert proofs.longest_run(game) == (3, plays)
    assert proofs.longest_run(game, depth=2) == (2, plays[:2])
    assert proofs.longest_run(game, depth=1) == (1, plays[:1])


def test_going_out_with_no_spit_cards_wins_the_game_and_picks_up_nothing() -> None:
    """Classic, your last stock card and an empty spit pile: playing it ends the
    game, won, so nothing is picked up."""
    game = Game.from_dict(position("classic", you=["6C"], computer=["KD 2S"],
                                   centre=["5D", "9H"], computer_spit="3H",
                                   rest="computer_spit"))
    out = ("play", 0, "6C", 0)
    assert proofs.fewest_picked_up(game) == (0, (out,))
    assert proofs.values(game, "slap") == {out: (0, (out,))}
    assert proofs.unique_best(proofs.values(game, "slap"), "slap") == out
