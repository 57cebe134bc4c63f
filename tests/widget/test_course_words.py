"""What the course says to a newcomer, in words rather than jargon: what par
means, that spit cards do not count towards "your last stock card", and that
only the day's first daily result counts."""

from __future__ import annotations

from page import send
from test_course_flow import play_to_the_end
from test_course_table import MakeCourse, make_course, open_by_page, quick_level

from spit_widget import learn

__all__ = ["make_course"]  # the fixture, shared with the course table's tests


def test_par_is_said_in_words_when_a_level_opens_and_when_it_is_solved(
        make_course: MakeCourse) -> None:
    level = quick_level()  # par 1: J♠ onto the Queen
    w = make_course([level])
    open_by_page(w, level.id)
    assert w.course["said"]["text"].endswith(f"Goal: {level.goal} Solved in 1 move: 3 stars.")
    assert w.course["current"]["par_words"] == "in 1 move: 3 stars"
    send(w, {"kind": "play", "card": "4C", "centre": 1, "id": 1})  # 4♣ on the 5♦ first
    send(w, {"kind": "play", "card": "JS", "centre": 0, "id": 2})
    said = w.course["said"]["text"]
    assert said.startswith("Solved in 2 moves: 2 of 3 stars (in 1 move: 3 stars). ")
    assert "par" not in said
    assert w.course["result"]["par_words"] == "in 1 move: 3 stars"


def test_a_goal_of_your_last_stock_card_says_spit_cards_do_not_count_before_a_move(
        make_course: MakeCourse) -> None:
    """The table says "Cards left: you 22" (the spit pile): the level says
    at once that those do not count."""
    w = make_course()
    last = [lv for lv in learn.course() if "last stock card" in lv.goal]
    assert {lv.id for lv in last} == {"duel-goal-1", "classic-going-out"}
    for level in last:
        open_by_page(w, level.id)
        assert w.game.cards_left(0) > 1 and w.lesson.result is None  # nothing played yet
        for words in (w.course["said"]["text"], w.course["current"]["goal"]):
            assert "your spit cards do not count, only your five stock piles" in words


def test_the_daily_deal_says_only_the_days_first_result_counts(make_course: MakeCourse) -> None:
    w = make_course()
    send(w, {"kind": "course", "do": "daily"})
    first_counts = "Only the day's first result counts: Retry deals the same cards again"
    assert first_counts in w.course["said"]["text"]  # before the first card
    play_to_the_end(w)
    first = w.course["result"]
    assert first["kind"] == "daily" and first_counts in first["text"] and first["share"]
    kept = learn.progress.daily_results()
    send(w, {"kind": "course", "do": "retry"})  # the same deal again
    play_to_the_end(w)
    again = w.course["result"]
    assert again["kind"] == "daily" and again["share"] is None
    assert again["text"].endswith(
        "A practice game: only the day's first result counts, and today's is kept.")
    assert again["text"] in w.course["said"]["text"]
    assert learn.progress.daily_results() == kept
