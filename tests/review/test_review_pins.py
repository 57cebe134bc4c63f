"""What no test pinned until a mutation sample showed it (issue 47): each of these
fails on a small change to the code it names that every other test let through."""

from __future__ import annotations

import logging
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from sessions import played_table, record, timed_record

from spit_widget import review
from spit_widget.learn import Level, OnCentre, Opponent, position
from spit_widget.review import Moment
from spit_widget.review.book import moments_book
from spit_widget.review.narration import STUCK_LABEL, missed_mark, play_label
from spit_widget.review.stretches import replay, stretches
from spit_widget.stats import StatsStore

# ------------------------------------------------------------ review/stretches.py


def test_a_game_just_dealt_has_no_length_no_wait_and_no_stretch() -> None:
    # 9♣ fits the 8♥ at the deal, and nothing has been played yet
    made = record(["9C", "4D"], ["5S", "QD"], [], [])
    r = review.of(made)
    assert r.summary["duration"] == 0 and r.summary["longest_wait"] == 0
    assert r.moments == []
    replayed = replay(made, [])
    assert replayed.start.plays[0]  # a play was there at the deal ...
    assert all(s.waited == 0 for s in stretches(replayed, 0))  # ... and made no stretch of time


# -------------------------------------------------------------- review/moments.py


def test_a_moment_with_two_plays_names_the_first_in_its_solution_hint_and_sentence(
        tmp_path: Path) -> None:
    # 9♣ on the 8♥ and 3♦ on the 2♣ both fit for 3 s
    made = record(["9C", "3D", "KS"], ["7S", "QD"], [["play", 1, "7S", 0]], [3.0])
    (moment,) = review.of(made, store=StatsStore(tmp_path / "s.db")).moments
    assert len(moment.plays) == 2
    card, centre = moment.plays[0]
    level = moment.level()
    assert level.solution[0] == ("play", 0, card, centre)
    assert level.hint is not None and (level.hint.card, level.hint.pile) == (card, centre)
    assert level.hint.sentence == moment.why[0] and card[0] in level.hint.sentence
    assert level.why == moment.why[0]


# ------------------------------------------------------------- review/timeline.py


class _Closed(HTMLParser):
    """Every element opened is closed, in order (void elements aside)."""

    VOID = frozenset({"br", "hr", "img", "input", "meta", "link", "col", "area", "base", "wbr"})

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.wrong: list[str] = []

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if tag not in self.VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: Any) -> None:
        return

    def handle_endtag(self, tag: str) -> None:
        if not self.open or self.open[-1] != tag:
            self.wrong.append(f"</{tag}> closes {self.open[-1:] or 'nothing'}")
        else:
            self.open.pop()


def test_the_cells_review_is_well_formed_html(tmp_path: Path) -> None:
    for r in (review.of(timed_record("duel", 5), store=StatsStore(tmp_path / "s.db")),
              review.of(record(["9C", "4D"], ["5S", "QD"], [["play", 0, "9C", 0]], None))):
        parser = _Closed()
        parser.feed(r._repr_html_())
        parser.close()
        assert parser.wrong == [] and parser.open == [], (parser.wrong, parser.open)


# ---------------------------------------------------------------- review/book.py


def test_a_moment_whose_level_cannot_be_made_is_skipped_with_a_warning(
        caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    moments = review.of(timed_record("duel", 5), store=StatsStore(tmp_path / "s.db")).moments
    assert len(moments) >= 3
    broken = moments[1]
    made = Moment.level

    def level(self: Moment) -> Level:
        if self is broken:
            raise ValueError("a position the course cannot deal")
        return made(self)

    monkeypatch.setattr(Moment, "level", level)
    with caplog.at_level(logging.WARNING, logger="spit_widget"):
        book, ids = moments_book(moments, "duel")
    assert book is not None and sorted(ids) == [n for n in range(len(moments)) if n != 1]
    assert ids[2] == moments[2].level().id  # the others keep their numbers
    (warned,) = [r for r in caplog.records if r.name == "spit_widget"]
    assert "moment 2" in warned.getMessage() and "cannot deal" in warned.getMessage()


# ---------------------------------------------------------------- learn/level.py


def test_a_scripted_reply_the_table_refuses_is_not_listed_as_made() -> None:
    refused = ("play", 1, "2S", 1)  # 2♠ fits neither the Q♣ nor the 5♦
    made = ("play", 1, "TD", 0)  # 10♦ on the J♠ the learner plays
    level = Level(goal="Play J♠, then 4♣.",
                  position=position("duel", you=["JS", "4C", "7H"], computer=["TD", "2S"],
                                    centre=["QC", "5D"]),
                  success=OnCentre("4C", 1), rules=["adjacency"],
                  opponent=Opponent(replies={1: (refused, made)}))
    game = level.game()
    first = level.attempt(game, ("play", 0, "JS", 0))
    assert first.ok and first.replies == (made,)
    assert game.centre[0][-1] == "TD" and "2S" not in game.centre[1]


# ---------------------------------------------------- widget/reviewing/panel.py


def test_every_timeline_mark_carries_its_label() -> None:
    w = played_table(timed_record("duel", 5))
    try:
        w._handle_custom_msg({"kind": "review", "do": "open"}, [])
        r = review.of(w.last_record())
        marks = w.review_panel["marks"]
        assert len(marks) == len(r.moments)
        for mark, moment in zip(marks, r.moments, strict=True):
            tops = r.replayed.before(moment.index).centre_tops
            plays = ", ".join(play_label(card, tops[c], c) for card, c in moment.plays)
            assert mark["label"] == missed_mark(moment.t, moment.waited, plays or STUCK_LABEL)
            assert mark["kind"] == moment.kind
    finally:
        w.close()
