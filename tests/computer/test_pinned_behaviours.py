"""Behaviours that a one-token change of the code once left unseen (issue 28.3),
each pinned here with the decision it documents."""

from __future__ import annotations

import math

from spit_widget import Action, Game
from spit_widget.computer import Match
from spit_widget.computer.league import LeagueGame, LeagueResult
from spit_widget.engine.types import STOCK_EMPTIED


def a_league(a_wins: int, draws: int, b_wins: int) -> LeagueResult:
    """Two entrants, ``a`` (0) and ``b`` (1), and the games between them."""
    games = ([LeagueGame(0, 1, i, 0, 0, STOCK_EMPTIED, 10) for i in range(a_wins)]
             + [LeagueGame(0, 1, i, 0, None, STOCK_EMPTIED, 10) for i in range(draws)]
             + [LeagueGame(0, 1, i, 1, 1, STOCK_EMPTIED, 10) for i in range(b_wins)])
    return LeagueResult("duel", ["a", "b"], a_wins + draws + b_wins, games)


def test_a_league_counts_a_win_once_and_a_draw_as_half_each() -> None:
    """Decision: a game won is one win, a draw half a win to each (Elo's model).

    A scores 300 + 200/2 = 400 of 600 games, B 100 + 200/2 = 200: in Elo's
    model ``P(A beats B) = 400 / 600``, so ``R_A - R_B = 400 log10(400 / 200)``,
    about 120.4 points (the weak prior moves it by a small fraction of a
    point at 600 games). A win counted twice would make it 400 log10(700/300),
    147.2; a draw left out, 400 log10(3), 190.8."""
    ratings = {r.name: r for r in a_league(300, 200, 100).ratings()}
    difference = ratings["a"].elo - ratings["b"].elo
    assert math.isclose(difference, 400 * math.log10(2), abs_tol=1.0), difference
    assert (ratings["a"].wins, ratings["a"].draws, ratings["a"].games) == (300, 200, 600)


def test_take_turns_takes_your_own_pile_when_both_are_the_same_size() -> None:
    """Decision: at "Take turns" the table slaps for you when you go out; with
    both centre piles the same size it takes the left one, the pile you spit
    onto (the engine allows either)."""
    game = Game.position("classic", you=[["5H", "4C"]], computer=[["7C"]],
                         centre=[["2S", "3S"], ["9D", "TD", "JD", "QD"]], you_spit=["3C"],
                         computer_spit=["AH", "TC"], fill=True)
    match = Match(game, "greedy", "take_turns")
    match.act(Action("play", 0, "4C", 0))
    match.act(Action("play", 0, "5H", 0))
    slap = next(e for e in game.events if e.kind == "slap")
    assert (slap.player, slap.centre) == (0, 0)
    assert slap.text.startswith("You slap the left pile (4 cards)")
