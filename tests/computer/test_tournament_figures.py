"""Headless games and the figures a tournament reports: who won, how sure, how it looked."""

from __future__ import annotations

import importlib
import random
import re
import statistics
from collections.abc import Iterable
from pathlib import Path

import pytest

from spit_widget import Game
from spit_widget.computer.strategies import greedy, strategy
from spit_widget.computer.tournament import (
    GameSummary,
    NoProgress,
    mean_interval,
    play_out,
    plot,
    simulate,
    tournament,
    wilson_interval,
)
from spit_widget.computer.view import View
from spit_widget.engine import Action
from spit_widget.engine.spaces import MAX_ACTIONS


def test_play_out_ends_the_game_with_every_card_accounted_for() -> None:
    game = play_out(Game("classic", seed=4), [greedy, greedy], random.Random(4))
    assert game.status == "game_over" and game.outcome is not None
    assert sorted(game.all_cards()) == sorted(Game("classic", seed=4).all_cards())


def test_play_out_says_when_neither_side_acts() -> None:
    def idle(view: View) -> Action | None:
        return None

    with pytest.raises(NoProgress, match="Neither strategy acts"):
        play_out(Game("duel", seed=1), [idle, idle], random.Random(1))


def test_play_out_gives_up_on_a_game_that_never_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    assert MAX_ACTIONS >= 10_000  # far beyond any real game (a few hundred actions)
    module = importlib.import_module("spit_widget.computer.tournament")
    monkeypatch.setattr(module, "MAX_ACTIONS", 5)
    with pytest.raises(NoProgress, match="No end after 5 actions"):
        play_out(Game("duel", seed=2), [greedy, greedy], random.Random(2))


def test_either_side_may_look_first() -> None:
    firsts = []
    for seed in range(12):
        game = Game("duel", seed=seed)
        if game.can_play(0) and game.can_play(1):
            play_out(game, [greedy, greedy], random.Random(seed))
            firsts.append(game.history[0].player)
    assert len(firsts) >= 4 and set(firsts) == {0, 1}


def test_a_seeded_game_repeats_and_the_seats_alternate() -> None:
    assert simulate("duel", ("expert", "random"), 6) == simulate("duel", ("expert", "random"), 6)
    # Seed 7 is odd: A sits in player 1's seat, so A wins exactly when player 1 does.
    odd = simulate("duel", ("expert", "random"), 7)
    game = Game("duel", seed=7)
    play_out(game, [strategy("random", 15), strategy("expert", 16)], random.Random(7))
    assert game.outcome is not None and game.outcome.winner is not None
    assert odd.winner == 1 - game.outcome.winner
    assert (odd.actions, odd.rounds, odd.termination) == (
        len(game.history), game.round, game.outcome.termination)


def test_the_expert_beats_random_in_classic_whichever_seat_it_takes() -> None:
    result = tournament("classic", ("expert", "random"), 40, seed=100)
    wins_a, wins_b = result.wins
    assert wins_a + wins_b + result.draws == 40
    assert result.win_rate() == wins_a / 40 >= 0.7
    by_seat = [sum(g.winner == 0 for g in result.games if g.seed % 2 == s) for s in (0, 1)]
    assert min(by_seat) >= 12, f"expert wins by seat (A as player 0, as player 1): {by_seat}"
    low, high = result.interval()
    assert low < result.win_rate() < high
    reversed_ = tournament("classic", ("random", "expert"), 40, seed=100)
    assert reversed_.win_rate() <= 0.3


def test_the_report_states_the_figures() -> None:
    result = tournament("classic", ("expert", "greedy"), 12, seed=3, max_rounds=2)
    text = result.report()
    a, b = result.wins
    assert text.startswith("classic: expert vs greedy (seats alternate), 12 games in ")
    assert f"expert wins {a} ({a / 12:.1%}, 95% CI " in text
    assert f"greedy wins {b}, draws {result.draws}" in text
    assert "endings: " in text and "round_limit" in text
    assert "actions per game: median " in text
    rounds = max(g.rounds for g in result.games)
    assert "rounds per game: median " in text and text.endswith(f"max {rounds}")
    assert rounds <= 3  # two rounds played, the third never dealt
    assert "rounds per game" not in tournament("duel", ("greedy", "greedy"), 2).report()


def test_several_processes_give_the_same_games_as_one() -> None:
    one = tournament("duel", ("expert", "greedy"), 6, seed=11)
    two = tournament("duel", ("expert", "greedy"), 6, seed=11, jobs=2)
    assert one.games == two.games
    assert one.names == ("expert", "greedy")


def test_your_own_function_needs_one_process() -> None:
    def mine(view: View) -> Action | None:
        return greedy(view)

    with pytest.raises(ValueError, match="jobs=1"):
        tournament("duel", (mine, "greedy"), 4, jobs=2)
    assert tournament("duel", (mine, "greedy"), 4).names == ("mine", "greedy")


def test_progress_sees_every_game() -> None:
    seen: list[int] = []

    def progress(stream: Iterable[GameSummary], total: int) -> Iterable[GameSummary]:
        for summary in stream:
            seen.append(total)
            yield summary

    result = tournament("duel", ("greedy", "random"), 5, progress=progress)
    assert seen == [5] * 5 and len(result.games) == 5


@pytest.mark.parametrize(
    ("wins", "n", "low", "high"),
    [(0, 0, 0.0, 1.0), (0, 10, 0.0, 0.2775), (10, 10, 0.7225, 1.0), (50, 100, 0.4038, 0.5962),
     (585, 1000, 0.5543, 0.6150)],
)
def test_the_confidence_interval_is_wilsons(wins: int, n: int, low: float, high: float) -> None:
    got = wilson_interval(wins, n)
    assert got == pytest.approx((low, high), abs=5e-4)


def test_the_interval_of_a_mean_is_centred_on_it() -> None:
    low, high = mean_interval([0.0, 1.0, 0.5, 0.5])
    half = 1.96 * statistics.stdev([0.0, 1.0, 0.5, 0.5]) / 2
    assert (low, high) == pytest.approx((0.5 - half, 0.5 + half))
    assert mean_interval([0.7]) == (0.0, 1.0)  # one deal says nothing


def test_the_chart_draws_the_running_win_rate(tmp_path: Path) -> None:
    result = tournament("duel", ("expert", "random"), 8, seed=1)
    path = tmp_path / "rate.png"
    chart = plot(result, str(path))
    png = chart._repr_png_()
    assert png.startswith(b"\x89PNG") and path.read_bytes().startswith(b"\x89PNG")
    size = (int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big"))
    assert size == (700, 400)  # 7 by 4 inches at 100 dpi: fits a notebook column
    ax = chart.figure.axes[0]
    xs, rates = ax.lines[0].get_data()
    assert list(xs) == list(range(1, 9))
    wins = [g.winner == 0 for g in result.games]
    assert list(rates) == pytest.approx([sum(wins[:i]) / i for i in range(1, 9)])
    assert ax.get_title() == "duel: expert vs random"
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert legend == ["expert win rate", "95% interval"]
    assert ax.get_ylim() == (0, 1)


def test_a_headless_strategy_acting_for_the_other_seat_is_refused() -> None:
    from spit_widget import IllegalMove

    def meddler(view: View) -> object:
        return ("stuck", view.opponent)  # a plain tuple, as a user might write it

    with pytest.raises(IllegalMove) as refused:
        play_out(Game("duel", seed=1), [meddler, meddler], random.Random(0))
    found = re.search(r"an action for player (\d), but this strategy plays for player (\d)\.$",
                      str(refused.value))
    assert found is not None and found[1] != found[2], str(refused.value)


def test_a_match_me_session_is_a_record_that_stays_as_it_was() -> None:
    import dataclasses

    from spit_widget.computer.calibration import match_me_session
    from spit_widget.computer.human import MEDIAN_HUMAN

    run = match_me_session("duel", MEDIAN_HUMAN, 2, seed=1)
    assert len(run.won) == len(run.means) == 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        run.won = ()  # type: ignore[misc]
