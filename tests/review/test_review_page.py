"""What a review shows, read as a person reads it: the timeline's marks at their times and in
their rows, the tables' words and figures, the rule and sentence behind each missed play, a
late Stuck timed from when it was owed, and a stats store that cannot be read."""

from __future__ import annotations

import logging
import re
import sys
import types
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from spit_widget import learn, review
from spit_widget.review import narration as N
from spit_widget.review.lessons import ReviewLesson, lessons
from spit_widget.review.moments import mirrored
from spit_widget.review.timeline import render
from spit_widget.stats import StatsStore
from tests.review.sessions import record, timed_record


class Page(HTMLParser):
    """The review's HTML as parts a reader sees: headings, tables (rows of cells), the
    timeline's texts, marks and bars, and any text outside a cell of a table."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.headings: list[str] = []
        self.tables: list[list[list[str]]] = []
        self.texts: list[tuple[float, float, str]] = []  # x, y, words
        self.lines: list[dict[str, str]] = []
        self.rects: list[dict[str, str]] = []
        self.paragraphs: list[str] = []
        self.stray: list[str] = []
        self._open: list[tuple[str, dict[str, str]]] = []
        self._data = ""
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._open.append((tag, {k: v or "" for k, v in attrs}))
        self._data = ""
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])

    def handle_endtag(self, tag: str) -> None:
        opened, attrs = self._open.pop()
        assert opened == tag, (opened, tag)
        text = self._data
        if tag in ("td", "th"):
            self.tables[-1][-1].append(text)
        elif tag in ("h4", "h5"):
            self.headings.append(text)
        elif tag == "p":
            self.paragraphs.append(text)
        elif tag == "text":
            self.texts.append((float(attrs["x"]), float(attrs["y"]), text))
        elif tag == "title":
            self._open[-1][1]["title"] = text
        elif tag == "line":
            self.lines.append(attrs)
        elif tag == "rect":
            self.rects.append(attrs)
        self._data = ""

    def handle_data(self, data: str) -> None:
        inside = [t for t, _ in self._open]
        if "table" in inside and not {"td", "th"} & set(inside) and data.strip():
            self.stray.append(data)
        self._data += data


def page_of(r: review.Review) -> Page:
    return Page(r._repr_html_())


def axis(page: Page) -> tuple[float, float]:
    """Where the axis's 0 and its end label stand."""
    zero = next(x for x, _, words in page.texts if words == "0")
    end = max(x for x, _, _ in page.texts)
    return zero, end


def row_label_y(page: Page, label: str) -> float:
    return next(y for _, y, words in page.texts if words == label)


# ------------------------------------------------------------------------ the timeline

def test_each_mark_stands_at_its_time_in_its_players_row() -> None:
    made = timed_record("duel", 3)
    r = review.of(made)
    page = page_of(r)
    zero, end = axis(page)
    span = r.summary["duration"]
    assert next(w for x, _, w in page.texts if x == end) == f"{span:.1f} s"
    plays = [(a, t) for a, t in zip(made["actions"], made["times"], strict=True)
             if a[0] == "play"]
    assert len(page.lines) == len(plays) > 10  # one mark per play, none for Stuck or spit
    labels = sorted((y, words) for x, y, words in page.texts if x == 0)
    assert [words for _, words in labels] == ["your plays", "the opponent's plays",
                                              "missed moments"]
    mine_y = row_label_y(page, N.ROW_YOU)
    theirs_y = row_label_y(page, N.ROW_OPPONENT)
    for (action, t), line in zip(plays, page.lines, strict=True):
        assert float(line["x1"]) == float(line["x2"])
        assert (float(line["x1"]) - zero) / (end - zero) == pytest.approx(t / span, abs=1e-3)
        label_y = mine_y if action[1] == 0 else theirs_y
        assert float(line["y1"]) <= label_y <= float(line["y2"]), (action, line)
        assert line["title"].startswith(f"{t:.1f} s: ")


def test_the_rows_are_evenly_spaced_bands_of_one_height() -> None:
    r = review.of(timed_record("duel", 3))
    page = page_of(r)
    assert r.moments and page.rects
    mine = next(ln for ln in page.lines if ln["stroke"] == "#2e7d32")
    theirs = next(ln for ln in page.lines if ln["stroke"] == "#1565c0")
    pitch = float(theirs["y1"]) - float(mine["y1"])
    height = float(mine["y2"]) - float(mine["y1"])
    assert pitch > height > 0
    assert float(theirs["y2"]) - float(theirs["y1"]) == height
    missed_y = row_label_y(page, N.ROW_MISSED)
    for rect in page.rects:
        assert float(rect["y"]) == float(mine["y1"]) + 2 * pitch
        assert float(rect["height"]) == height
        assert float(rect["y"]) <= missed_y <= float(rect["y"]) + height
        assert re.fullmatch(r"#[0-9a-f]{6}", rect["fill"])


def test_a_missed_moment_is_a_bar_from_its_start_as_long_as_it_waited() -> None:
    r = review.of(record(["7S", "3D"], ["9D", "5C"],
                         [["play", 1, "9D", 0], ["play", 0, "3D", 1]], [1.0, 4.0]))
    page = page_of(r)
    zero, end = axis(page)
    (rect,) = page.rects
    x, width = float(rect["x"]), float(rect["width"])
    assert (x - zero) / (end - zero) == pytest.approx(0.0)
    assert (x + width - zero) / (end - zero) == pytest.approx(4.0 / 4.0)
    assert rect["title"] == "0.0 s: 7♠ on centre pile 1, 3♦ on centre pile 2 waited 4.0 s"
    # the computer's 9♦ went on the left pile (the 8♥), the seat's 3♦ on the right (the 2♣)
    assert [ln["title"] for ln in page.lines] == ["1.0 s: 9♦ on 8♥", "4.0 s: 3♦ on 2♣"]


def test_a_late_stuck_is_drawn_in_its_own_colour() -> None:
    late = review.of(record(["5S", "QD"], ["9D", "QC"], [["play", 1, "9D", 0], ["stuck", 0]],
                            [1.0, 3.5]))
    missed = review.of(record(["7S", "QD"], ["9D", "5C"], [["play", 1, "9D", 0]], [3.0]))
    (late_bar,) = page_of(late).rects
    (missed_bar,) = page_of(missed).rects
    assert late_bar["fill"] != missed_bar["fill"]
    assert late_bar["title"] == "0.0 s: Stuck waited 3.5 s"
    for bar in (late_bar, missed_bar):
        assert re.fullmatch(r"#[0-9a-f]{6}", bar["fill"])


def test_without_times_each_mark_stands_at_its_action_number() -> None:
    made = record(["7S", "3D"], ["9D", "5C"], [["play", 1, "9D", 0], ["play", 0, "3D", 1]],
                  None)
    page = page_of(review.of(made))
    zero, end = axis(page)
    assert next(w for x, _, w in page.texts if x == end) == "2"
    assert [(float(ln["x1"]) - zero) / (end - zero) for ln in page.lines] == [0.5, 1.0]
    assert [ln["title"] for ln in page.lines] == ["action 1: 9♦ on 8♥", "action 2: 3♦ on 2♣"]


# -------------------------------------------------------------------------- the tables

SUMMARY_WORDS = ["your plays", "the opponent's plays", "missed moments",
                 "your median reaction (s)", "the opponent's median reaction (s)",
                 "Stuck pressed late", "your longest wait with a play (s)",
                 "length of the game (s)"]


def test_the_summary_table_names_each_figure_in_words() -> None:
    r = review.of(record(["7S", "3D"], ["9D", "5C"],
                         [["play", 1, "9D", 0], ["play", 0, "3D", 1]], [1.0, 4.0]))
    page = page_of(r)
    summary = page.tables[0]
    assert summary[0] == ["", ""]
    assert summary[1:] == [[w, v] for w, v in zip(
        SUMMARY_WORDS, ["1", "1", "1", "4.0", "1.0", "0", "4.0", "4.0"], strict=True)]
    assert page.stray == []
    assert page.headings == ["Review", "Missed moments", "What to practise"]
    assert page.tables[1][0] == ["at (s)", "waited (s)", "the plays that fitted", "rules"]
    assert page.tables[2][0] == ["rule", "this game", "stored games",
                                 "the level that teaches it"]


def test_a_moment_lists_every_rule_and_reason_behind_its_plays(tmp_path: Path) -> None:
    # 9♣ on the 8♣ is one rank up; A♠ on the K♥ wraps: one moment, two rules
    r = review.of(record(["AS", "9C"], ["5D", "QC"], [["play", 0, "9C", 0]], [2.5],
                         centre=("8C", "KH")), store=StatsStore(tmp_path / "stats.db"))
    page = page_of(r)
    (moment,) = page.tables[1][1:]
    assert moment[:2] == ["0.0", "2.5"]
    assert moment[2] == ("A♠ fits on K♥: the ranks wrap round, Ace to King. "
                         "9♣ fits on 8♣: one rank apart, up or down.")
    # the rules by name, as the lessons table names them (ids mean nothing to a reader)
    assert moment[3] == f"{learn.RULES['wrap'].name}, {learn.RULES['adjacency'].name}"
    assert "wrap" not in moment[3].split(", ") and "adjacency" not in moment[3].split(", ")
    rows = page.tables[2][1:]
    assert [row[:3] for row in rows] == [[learn.RULES["adjacency"].name, "1", "0"],
                                         [learn.RULES["wrap"].name, "1", "0"]]
    for row in rows:  # the course level that teaches the rule: its id, then its goal
        level_id = row[3].split(":")[0]
        assert row[3] == f"{level_id}: {learn.level(level_id).goal}"


def test_without_a_missed_moment_the_page_says_so_with_the_threshold() -> None:
    r = review.of(record(["7S", "3D"], ["9D", "5C"],
                         [["play", 1, "9D", 0], ["play", 0, "3D", 1]], [1.0, 1.5]),
                  threshold=2.5)
    page = page_of(r)
    assert r.moments == []
    assert "Missed moments" in page.headings and "What to practise" not in page.headings
    assert page.paragraphs == ["No missed moment: no card that fitted waited 2.5 s or more."]
    assert r.summary["longest_wait"] == 1.5


def test_a_lesson_without_a_course_level_leaves_its_cell_empty() -> None:
    r = review.of(record(["7S", "QD"], ["9D", "5C"], [["play", 1, "9D", 0]], [3.0]))
    html = render(r.summary, r.moments, r.replayed, 0,
                  [ReviewLesson("adjacency", "Adjacent ranks", 1, 0, None, None)], None)
    (row,) = Page(html).tables[2][1:]
    assert row == ["Adjacent ranks", "1", "0", ""]


def test_lessons_missed_as_often_here_put_the_more_often_stored_first() -> None:
    found = lessons([], Counter({"wrap": 1, "adjacency": 3}), "duel")
    assert [lesson.rule for lesson in found] == ["adjacency", "wrap"]


# ---------------------------------------------------------------- rules and reasons

def test_a_card_that_fits_only_on_the_far_pile_is_put_down_to_either_pile() -> None:
    # 7♠ fits on the 8♣, the computer's side; nothing of the seat's fits the K♥ on its own
    r = review.of(record(["7S", "4D"], ["QC", "5C"], [["play", 1, "QC", 0]], [3.0],
                         centre=("KH", "8C")))
    (m,) = r.moments
    assert m.rules == ("either-pile",)
    assert m.why == ("7♠ fits on 8♣: the pile on the other side is yours to play on too.",)


def test_a_card_turned_up_by_the_seats_own_play_is_put_down_to_uncover() -> None:
    # 7♠ on the 8♥ at 1 s turns up the 6♦ under it, which fits on the 7♠ until 4.5 s
    r = review.of(record(["6D 7S", "QD"], ["3C", "QC"],
                         [["play", 0, "7S", 0], ["play", 1, "3C", 1]], [1.0, 4.5]))
    (m,) = r.moments
    assert (m.t, m.plays, m.rules) == (1.0, (("6D", 0),), ("uncover",))
    assert m.why == ("6♦ fits on 7♠: it had just turned face up under the card you played.",)


def test_a_card_already_face_up_is_not_put_down_to_uncover() -> None:
    # the 6♦ was face up from the deal; it fits once the 7♠ is down: adjacency
    r = review.of(record(["7S", "6D"], ["3C", "QC"],
                         [["play", 0, "7S", 0], ["play", 1, "3C", 1]], [1.0, 4.5]))
    assert [m.rules for m in r.moments] == [("adjacency",)]


def test_a_card_the_opponents_play_made_fit_is_put_down_to_adjacency() -> None:
    # the computer's 9♦ on the 8♥ at 1 s makes the seat's 8♠ fit, until the end at 4 s
    r = review.of(record(["8S", "QD"], ["9D", "3C"], [["play", 1, "9D", 0], ["play", 1, "3C", 1]],
                         [1.0, 4.0]))
    (m,) = r.moments
    assert (m.t, m.index, m.rules) == (1.0, 1, ("adjacency",))


def test_every_reason_and_goal_a_review_gives_is_a_sentence() -> None:
    r = review.of(timed_record("duel", 3))
    late = review.of(record(["5S", "QD"], ["9D", "QC"], [["play", 1, "9D", 0], ["stuck", 0]],
                            [1.0, 3.5]))
    said = [w for m in r.moments + late.moments for w in m.why]
    said += [m.level().goal for m in r.moments[:3] + late.moments]
    assert said and late.moments
    for text in said:
        assert text[0].isupper() or text[0].isdigit() or text[0] in "♠♥♦♣", text
        assert text.endswith("."), text


# -------------------------------------------------------------------- late Stuck

def test_a_late_stuck_is_timed_from_when_it_was_last_owed() -> None:
    # nothing fits at the deal; the computer's 6♣ at 1 s makes the 5♠ fit; its 7♦ on the
    # 6♣ at 2 s covers it, so a Stuck is owed again from 2 s; pressed at 3 s: 1 s late
    made = record(["5S", "QD"], ["6C", "7D", "QC"], [["play", 1, "6C", 0], ["play", 1, "7D", 0],
                                               ["stuck", 0]], [1.0, 2.0, 3.0], centre=("7H", "2C"))
    (m,) = [m for m in review.of(made, threshold=0.5).moments if m.kind == "late_stuck"]
    assert (m.t, m.waited, m.index) == (2.0, 1.0, 2)


def test_a_stuck_late_by_exactly_the_threshold_counts() -> None:
    made = record(["5S", "QD"], ["9D", "QC"], [["play", 1, "9D", 0], ["stuck", 0]], [1.0, 3.5])
    assert [m.kind for m in review.of(made, threshold=3.5).moments] == ["late_stuck"]
    assert review.of(made).summary["longest_wait"] == 0.0  # no card of the seat's ever fitted


# -------------------------------------------------------------- a moment's own level

def test_a_moments_level_is_in_the_review_stage() -> None:
    r = review.of(record(["7S", "QD"], ["9D", "5C"], [["play", 1, "9D", 0]], [3.0]))
    assert r.moments[0].level().stage == "review"
    late = review.of(record(["5S", "QD"], ["9D", "QC"], [["play", 1, "9D", 0], ["stuck", 0]],
                            [1.0, 3.5]))
    assert late.moments[0].level().stage == "review"


def test_a_position_seen_from_the_other_side_swaps_every_players_part() -> None:
    start = {"players": ["p0", "p1"], "centre": ["c0", "c1"], "spitter": [0, 0],
             "stuck": [True, False], "went_out": 0, "round": 2}
    assert mirrored(start) == {"players": ["p1", "p0"], "centre": ["c1", "c0"],
                               "spitter": [1, 1], "stuck": [False, True], "went_out": 1,
                               "round": 2}
    assert start["players"] == ["p0", "p1"]  # the position handed in is left as it was
    assert mirrored({"players": [1, 2], "centre": [3, 4], "went_out": None}) == {
        "players": [2, 1], "centre": [4, 3], "went_out": None}


# ----------------------------------------------------------- the review as a whole

def test_the_summary_counts_the_actions_and_the_repr_says_the_plays() -> None:
    r = review.of(record(["7S", "QD"], ["9D", "5C"], [["play", 1, "9D", 0]], [3.0]))
    assert r.summary["actions"] == 1
    assert repr(r) == "<Review seat 1 of a duel game: 0 plays, 1 missed, timing known>"


def test_a_median_reaction_is_given_to_the_millisecond() -> None:
    r = review.of(record(["7S", "QD"], ["3C", "5C"], [["play", 0, "7S", 0]], [1.23456]))
    assert r.summary["reaction_median"] == 1.235


def test_a_table_is_reviewed_from_its_last_finished_game() -> None:
    finished = record(["7S", "QD"], ["3C"], [["play", 1, "3C", 1]], [2.5])
    playing = record(["7S", "QD"], ["9D", "5C"], [], [])

    class Table:
        def last_record(self) -> dict[str, Any] | None:
            return finished

        def record(self) -> dict[str, Any]:
            return playing

    assert review.of(Table()).summary["winner"] == 2


def test_a_seeded_record_of_no_known_variant_is_refused_in_words() -> None:
    made = {"variant": "poker", "seed": 4, "actions": []}
    with pytest.raises(ValueError) as refused:
        review.of(made)
    assert str(refused.value) == N.damaged("its variant is 'poker'; the variants are "
                                           "duel, classic.")
    with pytest.raises(TypeError) as not_one:
        review.of(42)
    assert str(not_one.value) == ("Review a record (a dict or the path of a saved game), a "
                                  "Game or a table, not int.")


class Unreadable(StatsStore):
    def game_records(self) -> list[dict[str, Any]]:
        raise OSError("the disk has gone")


def test_a_store_that_cannot_be_read_is_logged_and_counts_as_no_games(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="spit_widget")
    store = Unreadable(tmp_path / "stats.db")
    r = review.of(record(["7S", "QD"], ["9D", "5C"], [["play", 1, "9D", 0]], [3.0]),
                  store=store)
    assert [lesson.stored_games for lesson in r.lessons] == [0]
    assert list(review.history(store)) == []
    said = [(rec.name, rec.getMessage()) for rec in caplog.records]
    assert ("spit_widget", "spit-widget could not read the stored games: the disk has gone") \
        in said


def test_history_hands_its_rows_to_pandas_when_pandas_is_there(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = StatsStore(tmp_path / "stats.db")
    store.keep_record(record(["7S", "QD"], ["9D", "5C"], [["play", 1, "9D", 0]], [3.0]))
    pandas = types.ModuleType("pandas")
    pandas.DataFrame = lambda rows: ("a frame of", rows)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pandas", pandas)
    kind, rows = review.history(store)
    assert kind == "a frame of" and [row["missed"] for row in rows] == [1]
