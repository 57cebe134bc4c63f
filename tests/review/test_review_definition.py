"""The missed-moment definition, pinned on hand-made timed records.

A stretch starts when the seat first has a legal play after an event (or right
after its own action, if it still has one) and ends at the seat's next action,
when it has no legal play left, or at the end of the record; a stretch of at
least the threshold is a missed moment, at its start (docs/api/review.md).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from spit_widget import Game, review
from spit_widget.review import narration as N
from spit_widget.stats import StatsStore
from tests.review.sessions import record


def only(r: review.Review) -> review.Moment:
    assert len(r.moments) == 1, r.moments
    return r.moments[0]


def test_a_stretch_ends_when_the_opponent_covers_the_only_play() -> None:
    # 7S fits on 8H; the computer's 9D covers the 8H at 3 s and nothing else fits
    r = review.of(record(["7S", "QD"], ["9D", "5C"], [["play", 1, "9D", 0]], [3.0]))
    m = only(r)
    assert (m.t, m.waited, m.seat, m.kind, m.plays) == (0.0, 3.0, 1, "missed", (("7S", 0),))
    assert m.index == 0 and m.rules == ("adjacency",)
    assert r.summary["missed"] == 1 and r.summary["longest_wait"] == 3.0


def test_a_stretch_goes_on_while_another_play_remains() -> None:
    # 7S on 8H and 3D on 2C fit; the computer covers the 8H at 1 s, the 3D still
    # fits, and the player plays it at 4 s: one stretch of 4 s, not two
    r = review.of(record(["7S", "3D"], ["9D", "5C"],
                         [["play", 1, "9D", 0], ["play", 0, "3D", 1]], [1.0, 4.0]))
    m = only(r)
    assert (m.t, m.waited) == (0.0, 4.0)
    assert set(m.plays) == {("7S", 0), ("3D", 1)}
    assert r.summary["plays"] == 1 and r.summary["reaction_median"] == 4.0


def test_a_stretch_at_the_end_of_the_record() -> None:
    # the computer plays on the other pile at 5 s and the record ends: the 7S still fits
    r = review.of(record(["7S", "QD"], ["3C", "5C"], [["play", 1, "3C", 1]], [5.0]))
    assert (only(r).t, only(r).waited) == (0.0, 5.0)


def test_a_stretch_ends_with_the_game() -> None:
    # the computer goes out with its one stock card at 2.5 s: the duel is over
    r = review.of(record(["7S", "QD"], ["3C"], [["play", 1, "3C", 1]], [2.5]))
    assert (only(r).t, only(r).waited) == (0.0, 2.5)
    assert r.summary["winner"] == 2


def test_a_stretch_starts_again_right_after_the_seats_own_action() -> None:
    # 7S played at 1 s (a quick reaction, no moment); then 6D fits on it until the end
    r = review.of(record(["7S", "6D"], ["3C", "QC"],
                         [["play", 0, "7S", 0], ["play", 1, "3C", 1]], [1.0, 4.5]))
    m = only(r)
    assert (m.t, m.waited, m.index, m.plays) == (1.0, 3.5, 1, (("6D", 0),))
    assert r.summary["reaction_median"] == 1.0


def test_the_threshold_is_respected() -> None:
    made = record(["7S", "3D"], ["9D", "5C"],
                  [["play", 1, "9D", 0], ["play", 0, "3D", 1]], [1.0, 4.0])
    assert len(review.of(made, threshold=4.0).moments) == 1  # at least the threshold
    assert review.of(made, threshold=4.01).moments == []
    assert review.of(made, threshold=4.01).summary["missed"] == 0


def test_the_other_seat_has_its_own_stretches() -> None:
    # seat 2 (the computer's side) had 9D on 8H from the deal and played it at 3 s
    r = review.of(record(["7S", "QD"], ["9D", "5C"], [["play", 1, "9D", 0]], [3.0]), seat=2)
    m = only(r)
    assert (m.seat, m.t, m.waited, m.plays) == (2, 0.0, 3.0, (("9D", 0),))
    level = m.level()  # played from player 0's side: the piles mirrored
    game = level.game()
    assert "9D" in [p[-1] for p in game.stock[0] if p] and game.centre[1][-1] == "8H"
    assert level.solution == (("play", 0, "9D", 1),)


def test_a_wrap_is_named_and_its_level_names_the_course_level_that_teaches_it(
        tmp_path: Path) -> None:
    r = review.of(record(["AS", "5D"], ["9D", "5C"], [["play", 1, "9D", 1]], [2.0],
                         centre=("KH", "8C")), store=StatsStore(tmp_path / "stats.db"))
    m = only(r)
    assert m.rules == ("wrap",) and "wrap" in m.why[0]
    lesson = r.lessons[0]
    assert (lesson.rule, lesson.this_game, lesson.level) == ("wrap", 1, "duel-wrap-ace")


@pytest.mark.parametrize(("change", "says"), [
    (lambda r: r.update(times=[1.0, 2.0]), "1 actions but 2 times"),
    (lambda r: r.update(times=[-1.0]), "before the deal"),
    (lambda r: r.update(times=["soon"]), "not a number"),
    (lambda r: r.update(actions=[["play", 0, "QD", 0]], times=[1.0]), "action 0"),
    (lambda r: r.update(actions="none"), "no list of actions"),
    (lambda r: r.update(actions=[[7]]), "not an action"),
    (lambda r: r.update(position=None, variant="poker"), "variant"),
])
def test_a_damaged_record_is_refused_saying_what_is_wrong(change: Any, says: str) -> None:
    made = record(["7S", "QD"], ["9D", "5C"], [["play", 1, "9D", 0]], [3.0])
    change(made)
    with pytest.raises(ValueError, match="damaged") as refused:
        review.of(made)
    assert says in str(refused.value)


def test_times_that_go_back_are_refused() -> None:
    made = record(["7S", "3D"], ["9D", "5C"],
                  [["play", 1, "9D", 0], ["play", 0, "3D", 1]], [4.0, 1.0])
    with pytest.raises(ValueError, match="before the action ahead of it"):
        review.of(made)


def test_a_file_that_is_not_a_record_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text("[1, 2]")
    (tmp_path / "b.json").write_text("{not json")
    for name in ("a.json", "b.json"):
        with pytest.raises(ValueError, match="damaged"):
            review.of(tmp_path / name)
    with pytest.raises(TypeError):
        review.of(42)
    for seat in (0, 3, True):
        with pytest.raises(ValueError, match="seat"):
            review.of(record(["7S"], ["9D"], [], None), seat=seat)
    with pytest.raises(ValueError, match="threshold"):
        review.of(record(["7S"], ["9D"], [], None), threshold=0)


def test_a_path_with_no_file_says_what_review_of_reads(tmp_path: Path) -> None:
    for missing, kind in ((tmp_path / "nofile.json", FileNotFoundError),
                          (tmp_path, IsADirectoryError)):
        with pytest.raises(kind) as raised:
            review.of(str(missing))
        said = str(raised.value)
        assert str(missing) in said and "a Game or a table" in said and "save_game" in said
        assert raised.value.__cause__ is None and raised.value.__suppress_context__


def test_a_record_without_times_is_reviewed_for_what_needs_no_clock() -> None:
    made = record(["7S", "3D"], ["9D", "5C"], [["play", 1, "9D", 0], ["play", 0, "3D", 1]], None)
    r = review.of(made)
    assert r.moments == [] and r.note == N.TIMING_UNKNOWN
    s = r.summary
    assert (s["plays"], s["opponent_plays"], s["timing"]) == (1, 1, "unknown")
    assert s["missed"] is None and s["reaction_median"] is None and s["longest_wait"] is None
    page = r._repr_html_()
    assert "timing is unknown" in page and "action 2: 3♦ on 2♣" in page and " s: " not in page
    # a Game is reviewed so too: the engine keeps no clock
    game = Game.replay(made)
    assert review.of(game).note == N.A_GAME_HAS_NO_CLOCK
    assert review.of(game).summary["plays"] == 1


def test_a_record_is_read_from_a_path_a_dict_or_a_table(tmp_path: Path) -> None:
    made = record(["7S", "QD"], ["9D", "5C"], [["play", 1, "9D", 0]], [3.0])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(made))

    class Table:  # the widget's methods, duck-typed
        def last_record(self) -> dict[str, Any] | None:
            return None

        def record(self) -> dict[str, Any]:
            return made

    for source in (made, path, str(path), Table()):
        assert only(review.of(source)).waited == 3.0


def test_the_html_escapes_every_text_and_draws_the_timeline(tmp_path: Path) -> None:
    r = review.of(record(["7S", "3D"], ["9D", "5C"],
                         [["play", 1, "9D", 0], ["play", 0, "3D", 1]], [1.0, 4.0]),
                  store=StatsStore(tmp_path / "stats.db"))
    page = r._repr_html_()
    assert page.count("<svg") == 1 and page.count("<rect") == 1 and page.count("<line") == 2
    assert "fits on" in page and "<script" not in page
    r.summary["plays"] = "<b>bold</b>"
    assert "<b>bold" not in r._repr_html_() and "&lt;b&gt;bold" in r._repr_html_()


def test_a_stuck_pressed_late_is_a_moment_of_its_own() -> None:
    # no card of the player's fits from the deal; the computer plays at 1 s (still none
    # fits), and the player presses Stuck at 3.5 s: one late Stuck, from the deal
    made = record(["5S", "QD"], ["9D", "QC"], [["play", 1, "9D", 0], ["stuck", 0]], [1.0, 3.5])
    r = review.of(made)
    m = only(r)
    assert (m.kind, m.t, m.waited, m.plays, m.rules) == ("late_stuck", 0.0, 3.5, (), ("stuck",))
    assert (r.summary["missed"], r.summary["late_stucks"]) == (0, 1)
    level = m.level()
    game = level.game()
    assert not level.solved(game) and level.attempt(game, ("declare_stuck", 0)).solved
    assert review.of(made, threshold=3.6).moments == []


def test_no_stuck_is_owed_once_a_card_fits_again() -> None:
    # 6S fits once the computer's 7C lands on the 8H at 3 s: no Stuck was owed after that
    r = review.of(record(["6S", "QD"], ["7C", "QC"], [["play", 1, "7C", 0]], [3.0]))
    assert r.moments == [] and r.summary["late_stucks"] == 0


def test_without_a_store_the_lessons_read_the_default_one(stats_home: Path) -> None:
    made = record(["AS", "5D"], ["9D", "5C"], [["play", 1, "9D", 1]], [2.0], centre=("KH", "8C"))
    StatsStore().keep_record(made)
    StatsStore().keep_record(made)
    lesson = review.of(made).lessons[0]
    assert (lesson.rule, lesson.this_game, lesson.stored_games) == ("wrap", 1, 2)
    assert (stats_home / "stats.sqlite3").exists()
