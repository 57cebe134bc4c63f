"""What the stats keep of the player's games: reaction times, only real games,
the strategy that played; Match me measuring the player and saying so."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from page import send
from test_widget_play import human_turn

from spit_widget import Game, SpitWidget
from spit_widget.computer.pace import EVEN_MEAN
from spit_widget.computer.strategies import expert
from spit_widget.computer.view import View
from spit_widget.engine import Action
from spit_widget.stats import StatsStore
from spit_widget.widget import pacing


class FakeClock:
    """The widget's clock, moved by the test (wall time stays real)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now

    def time(self) -> float:
        return time.time()


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    fake = FakeClock()
    monkeypatch.setattr(pacing, "time", fake)
    return fake


def play_to_the_end(w: SpitWidget, clock: FakeClock, *, think: float = 0.7,
                    seed: int = 0) -> int:
    """The player clicks ``think`` seconds after each look; the computer steps
    in between. Returns the number of the player's cards played."""
    rng = random.Random(seed)
    plays = 0
    for i in range(5000):
        if w.game.status == "game_over":
            return plays
        if rng.random() < 0.5:
            clock.now += think
            before = len(w.game.history)
            if human_turn(w, rng, i):
                plays += any(a.kind == "play" and a.player == 0
                             for a in w.game.history[before:])
                continue
        w.step()
    raise AssertionError("the game did not end")


def test_a_game_is_recorded_with_the_players_reaction_times(
    make_widget: Any, clock: FakeClock
) -> None:
    w = make_widget(seed=4)
    plays = play_to_the_end(w, clock)
    stats = w.stats
    assert stats.games == 1 and stats.wins == (1 if w.game.winner == 0 else 0)
    (game,) = stats.reactions
    # Each sample runs from the card becoming playable to the click: whole looks of 0.7 s.
    assert len(game.seconds) >= 0.8 * plays
    assert all(s >= 0.7 - 1e-9 and abs(s / 0.7 - round(s / 0.7)) < 1e-6 for s in game.seconds)
    assert game.median >= 0.7
    assert "1 games" in repr(stats) and "median reaction" in repr(stats)
    assert stats.plot()._repr_png_()[:8] == b"\x89PNG\r\n\x1a\n"


def test_games_with_no_computer_or_from_a_set_position_are_not_counted(
    make_widget: Any, clock: FakeClock
) -> None:
    alone = make_widget(seed=1, ai=None)
    play_to_the_end(alone, clock)
    assert alone.state["stats"]["games"] == 0
    tutorial = make_widget(game=Game("duel", seed=2), pace="slow")
    play_to_the_end(tutorial, clock)
    shown = make_widget(seed=3)
    shown.show(Game("duel", seed=5))
    play_to_the_end(shown, clock)
    assert StatsStore().summary().games == 0
    tutorial.new_game(seed=6)  # a deal of its own: this one counts
    play_to_the_end(tutorial, clock)
    assert tutorial.state["stats"]["games"] == 1


def test_a_game_is_recorded_under_the_strategy_that_played(make_widget: Any,
                                                          clock: FakeClock) -> None:
    w = make_widget(seed=8)

    def my_bot(view: View) -> Action | None:
        return expert(view)

    w.match.strategy = my_bot  # swapped in mid-game: this one played
    play_to_the_end(w, clock)
    assert StatsStore().recent(1)[0].strategy == "my_bot"
    assert w.state["opponent"] == "my_bot"


def test_match_me_measures_the_player_and_says_so(make_widget: Any, clock: FakeClock) -> None:
    w = make_widget(seed=9, pace="match_me")
    assert "Match me: measuring you" in w.state["status_text"]
    assert w.match.pace_model.mean == pytest.approx(EVEN_MEAN["duel"])
    play_to_the_end(w, clock, think=0.3)  # a quick player
    # The computer sped up to meet them, and the game kept what it measured.
    assert w.match.pace_model.mean < EVEN_MEAN["duel"]
    recorded = StatsStore().recent(1)[0]
    assert recorded.pace == "match_me" and recorded.pace_mean == pytest.approx(
        w.match.pace_model.mean, rel=1e-3)
    # A new table (a kernel restart) starts from what was measured.
    again = make_widget(seed=10, pace="match_me")
    assert "you react in 0.3 s" in again.state["status_text"]
    assert again.match.pace_model.mean < EVEN_MEAN["duel"]
    # Another pace turns it off; the page's pace menu turns it on mid-game.
    send(again, {"kind": "pace", "pace": "slow"})
    assert "Match me" not in again.state["status_text"]
    send(again, {"kind": "pace", "pace": "match_me"})
    assert "you react in 0.3 s" in again.state["status_text"]


def play_from_python(w: SpitWidget, clock: FakeClock) -> None:
    """Finish the game with calls from a cell (``w.play``, ``w.stuck``) half a
    second apart, the computer stepping when the player has nothing to do."""
    while w.game.status != "game_over":
        clock.now += 0.5
        if w.game.legal_plays(0):
            w.play(*w.game.legal_plays(0)[0])
        elif not w.game.stuck[0]:
            w.stuck()
        else:
            w.step()


def test_cards_played_from_python_are_not_reaction_times(make_widget: Any,
                                                          clock: FakeClock) -> None:
    w = make_widget(seed=4)
    w.pause()
    play_from_python(w, clock)
    assert w.stats.games == 1 and w.stats.reactions == []  # a game, but no clicks to time


def test_a_click_after_a_pause_is_timed_from_the_resume(make_widget: Any,
                                                         clock: FakeClock) -> None:
    w = make_widget(seed=5)
    assert w.state["you"]["plays"]  # this deal gives the player a card to play at once
    w.pause()
    clock.now += 45.0  # away from the table: not reaction time
    w.resume()
    clock.now += 0.5
    card, centre = w.state["you"]["plays"][0]
    send(w, {"kind": "play", "card": card, "centre": centre, "id": 1})
    assert w.game.centre_tops()[centre] == card
    play_to_the_end(w, clock)
    (game,) = w.stats.reactions
    assert game.seconds[0] == pytest.approx(0.5)  # timed from the resume, not dropped


def test_cards_played_from_python_after_a_click_are_not_timed(make_widget: Any,
                                                               clock: FakeClock) -> None:
    w = make_widget(seed=5)
    clock.now += 0.5
    card, centre = w.state["you"]["plays"][0]
    send(w, {"kind": "play", "card": card, "centre": centre, "id": 1})  # the one click
    play_from_python(w, clock)
    (game,) = w.stats.reactions
    assert game.seconds == pytest.approx([0.5])
