"""The course's own words in the learner's language: every level's title,
goal, hint, why and failure, the puzzles, a wrong answer's best move and the
daily deal's share line; a level is the same level (its id and fingerprint)
in every language, so a record made in French checks against it."""

from __future__ import annotations

import datetime as dt
import importlib
import re

import pytest

from spit_widget import learn
from spit_widget import locale as L
from spit_widget.learn import coursebook
from spit_widget.learn import narration as N
from spit_widget.learn.actions import describe
from spit_widget.learn.checks import Fail
from spit_widget.learn.daily import DailyResult, daily
from spit_widget.learn.level import Level
from spit_widget.learn.levelfile import fingerprint

puzzles = importlib.import_module("spit_widget.learn.puzzles")
"""The module (``learn.puzzles`` is its function)."""

ENGLISH = re.compile(r"\b(the|you|your|card|cards|plays?|stuck|wins?|is|of|and|with|fits|"
                     r"then|press|goes|left|right|under)\b")
"""English words no French sentence of the course has ("pile" is French too; French
"on" is left to the phrases below)."""
ENGLISH_PHRASES = (" the ", " your ", " on the ", " of the ")
TRANSLATED = ("fr", "es", "de")


def said(level: Level) -> list[str]:
    """Every text a learner reads of ``level``: title, goal, hint, why, failures."""
    texts = [level.title, level.goal, level.why]
    if level.hint is not None:
        texts.append(level.hint.sentence)
    failures = (level.failure,) if isinstance(level.failure, Fail) else level.failure
    return texts + [f.sentence for f in failures] + list(level.refute.values())


def _english_words(text: str) -> list[str]:
    return ENGLISH.findall(text) + [p for p in ENGLISH_PHRASES if p in f" {text} "]


def _course(code: str) -> list[Level]:
    with L.speaking(code):
        return learn.course()


@pytest.mark.parametrize("english", _course("en"), ids=lambda lv: lv.id)
def test_every_level_is_said_in_french_and_in_no_english(english: Level) -> None:
    french = {lv.id: lv for lv in _course("fr")}[english.id]
    for theirs, ours in zip(said(english), said(french), strict=True):
        assert ours != theirs, f"{english.id}: {ours!r} is the English"
        assert not _english_words(ours), f"{english.id}: {ours!r}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_level_and_puzzle_is_the_same_level_in_every_language(code: str) -> None:
    english = {lv.id: lv for lv in coursebook.all_levels()}
    with L.speaking(code):
        theirs = coursebook.all_levels()
        assert [lv.id for lv in theirs] == list(english)
        for level in theirs:
            mine = english[level.id]
            assert fingerprint(level) == fingerprint(mine), level.id
            assert (level.rules, level.solution, level.par) == (mine.rules, mine.solution, mine.par)
            assert level.goal != mine.goal, level.id  # a title may be the same: "Spit!"
        assert coursebook.level("duel-goal-1").goal.startswith(L._(
            "Play your last stock card, 8♥, to win the duel (your spit cards do not count, "
            "only your five stock piles)."))
    assert coursebook.level("duel-goal-1").goal.startswith("Play your last stock card")


def test_a_puzzles_goal_title_and_hint_are_said_in_german() -> None:
    with L.speaking("de"):
        puzzle = puzzles.puzzles("duel")[0]
    assert puzzle.id == "duel-run-1"
    assert puzzle.title == "Die längste Folge"
    assert puzzle.goal == ("Leg so viele Karten wie möglich hintereinander: Welcher Zug zuerst? "
                           "Verdeckt: K♥ unter 3♠; Q♣ unter K♣; A♣ unter 4♥.")
    assert puzzle.hint is not None
    assert puzzle.hint.sentence == ("Schau unter die obersten Karten: Welcher Zug öffnet den "
                                    "nächsten?")
    assert puzzle.why.startswith("4 Karten hintereinander: 2♥ auf den rechten Stapel legen, dann ")
    english = puzzles.puzzles("duel")[0]
    assert english.goal.startswith("Play as many cards in a row as you can: which move first? "
                                   "Face down: under 3♠ lies K♥;")


def test_a_wrong_answer_to_a_puzzle_says_the_best_move_in_french() -> None:
    with L.speaking("fr"):
        puzzle = puzzles.puzzles("duel")[0]
        game = puzzle.game()
        attempt = puzzle.attempt(game, ("play", 0, "KC", 1))
    assert attempt.ok and attempt.failed == attempt.sentence
    assert attempt.sentence == ("Ce n'est pas la meilleure réponse : cela mène à 2 cartes "
                                "d'affilée au plus ; la meilleure suite pose 4 cartes. Le mieux "
                                "est de poser 2♥ sur la pile de droite.")


@pytest.mark.parametrize("record", puzzles.records(), ids=lambda r: r["id"])
def test_a_move_is_told_in_english_as_it_is_described(record: dict[str, object]) -> None:
    """The English of :func:`narration.tell` is :func:`actions.describe`, the key
    a level's ``refute`` is written by: the puzzles' English has not moved."""
    line = [tuple(a) for a in record["line"]]  # type: ignore[attr-defined]
    assert [N.tell(a) for a in line] == [describe(a) for a in line]
    assert N.line(line) == ", then ".join(describe(a) for a in line)


def test_the_daily_share_line_is_said_in_spanish() -> None:
    deal = daily("2026-12-01")
    with L.speaking("es"):
        lines = [deal.share_line(DailyResult(True, 7, 133.0)),
                 deal.share_line(DailyResult(False, -1, 61.4)),
                 deal.share_line(DailyResult(True, 0, 9.0)),
                 deal.share_line(DailyResult(False, 0, 600.0))]
    assert lines == ["Spit diario 2026-12-01: ganado por 7 cartas en 2:13",
                     "Spit diario 2026-12-01: perdido por 1 carta en 1:01",
                     "Spit diario 2026-12-01: ganado en empate en 0:09",
                     "Spit diario 2026-12-01: perdido en empate en 10:00"]
    assert deal.share_line(DailyResult(True, 7, 133.0)) == ("Spit daily 2026-12-01: won by 7 "
                                                            "cards in 2:13")
    assert daily(dt.date(2026, 12, 1)).seed == deal.seed


def test_a_book_made_in_french_keeps_french_after_the_language_changes() -> None:
    """A course table's book says its levels in the language it was made in,
    as its stage titles and rules (a new table speaks the new language)."""
    with L.speaking("fr"):
        book = coursebook.book()
    assert book.level("duel-adjacent-up").goal == "Pose 8♥ sur le 7♣ : une valeur au-dessus, ça va."
    assert book.map({})[0]["levels"][0]["title"] == "Gagner le duel"
    english = coursebook.book().level("duel-adjacent-up")
    assert english.goal == "Play 8♥ on the 7♣: one rank higher fits."
