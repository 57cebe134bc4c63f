"""The table's language: ``SpitWidget(language=)``, the page's language, the
package-wide setting, and the page's words that follow each (spit_widget.widget.speech)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest
from page import Page, send

import spit_widget
from spit_widget import SpitWidget
from spit_widget import locale as L
from spit_widget.locale.page import page_keys, page_words

Make = Callable[..., SpitWidget]


@pytest.fixture(autouse=True)
def _english_unless_asked(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for variable in L.ENVIRONMENT:
        monkeypatch.delenv(variable, raising=False)
    L.set_language(None)
    L.follow_page(None)
    yield
    L.set_language(None)
    L.follow_page(None)


def test_the_page_is_sent_exactly_the_words_its_code_asks_for() -> None:
    keys = page_keys()
    assert keys, "no message extracted from js/"
    french = page_words("fr")
    assert french["language"] == "fr"
    assert len(french["messages"]) == len(keys)  # every page message, translated
    assert page_words("en")["messages"] == {}  # English is the source
    # French's own plural rule, evaluated for the page: 0 and 1 take the first form.
    assert french["plural"][:3] == [0, 0, 2] and page_words("de")["plural"][:3] == [1, 0, 1]


def test_a_table_told_its_language_sends_the_page_its_words(make_widget: Make) -> None:
    w = make_widget(language="fr", ai=None, seed=1)
    assert w.words["language"] == "fr" and w.words["messages"]
    assert w.speaks() == "fr"
    assert L.language() == "en"  # the table's own choice, not the kernel's


def test_changing_the_language_redraws_the_table_at_once_game_kept(make_widget: Make) -> None:
    w = make_widget(ai=None, seed=1)
    page = Page(w)
    before = w.game.to_dict()
    assert w.words["language"] == "en"
    w.language = "de"
    assert w.words["language"] == "de"
    assert w.game.to_dict() == before
    assert page.received, "nothing was sent to the page"
    stuck = send(w, {"kind": "play", "card": "XX", "centre": 0})
    assert stuck["message"]["kind"] == "refused"
    assert not re.search(r"\b(the|card|your)\b", stuck["message"]["text"]), stuck["message"]


@pytest.mark.parametrize("bad", ["klingon", "xx-YY", 7])
def test_a_language_not_spoken_is_refused_with_a_sentence(make_widget: Make, bad: object) -> None:
    with pytest.raises(ValueError, match="speaks 'en' \\(English\\), 'fr' \\(Français\\)"):
        make_widget(language=bad)
    w = make_widget(ai=None)
    with pytest.raises(ValueError, match="is none of them"):
        w.language = bad
    assert w.language is None and w.words["language"] == "en"


def test_a_misspelt_language_keyword_names_the_real_one() -> None:
    with pytest.raises(TypeError, match="did you mean language"):
        SpitWidget(langauge="fr")


def test_the_pages_language_is_followed_when_nothing_is_chosen(make_widget: Make) -> None:
    w = make_widget(ai=None, seed=1)
    send(w, {"kind": "language", "language": "es-ES"})
    assert w.words["language"] == "es" and L.language() == "es"
    refused = send(w, {"kind": "play", "card": "XX", "centre": 0})
    assert refused["message"]["kind"] == "refused"
    with L.speaking("en"):
        english = L._("Your pile {n}", n=1)
    assert english == "Your pile 1"
    # A table told its language keeps it; the package-wide setting beats the page's.
    told = make_widget(ai=None, language="de")
    send(told, {"kind": "language", "language": "fr-FR"})
    assert told.words["language"] == "de" and w.words["language"] == "fr"
    spit_widget.set_language("es")
    assert w.words["language"] == "es" and told.words["language"] == "de"


@pytest.mark.parametrize("bad", [None, 3, "x" * 41, ["fr"]])
def test_a_malformed_language_message_is_refused_and_changes_nothing(
        make_widget: Make, bad: object) -> None:
    w = make_widget(ai=None, seed=1)
    state = send(w, {"kind": "language", "language": bad})
    assert state["message"]["kind"] == "refused"
    assert "language" in state["message"]["text"]
    assert w.words["language"] == "en" and L.language() == "en"


def test_a_page_in_a_language_not_spoken_leaves_english(make_widget: Make) -> None:
    w = make_widget(ai=None, seed=1)
    state = send(w, {"kind": "language", "language": "ja-JP"})
    assert state["message"] is None or state["message"]["kind"] != "refused"
    assert w.words["language"] == "en"
