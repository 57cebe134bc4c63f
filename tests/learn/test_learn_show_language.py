"""``learn.show(language=...)``: the course table speaks the language it is given,
its page's words (the ``words`` trait) and the course the kernel draws (stage
titles, goals, what it says) alike, whatever the package speaks; a misspelt
keyword still names the nearest real one."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from spit_widget import learn
from spit_widget import locale as L


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("SPIT_WIDGET_HOME", str(tmp_path / "spit-home"))
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    L.set_language(None)
    L.follow_page(None)
    yield
    L.set_language(None)


def test_learn_show_in_french_makes_a_course_whose_words_are_french() -> None:
    w = learn.show(language="fr")
    try:
        assert w.language == "fr"
        assert w.speaks() == "fr"
        words = w.words
        assert words["language"] == "fr"
        assert words["messages"]["Course map"] == "Plan du cours"
        assert words["messages"]["Learn Spit"] == "Apprendre le Spit"
        assert words["messages"]["Try it"] == "Essayer"
        assert words["messages"]["{n} of 3 stars"] == [
            "{n} étoile sur 3", "{n} étoiles sur 3", "{n} étoiles sur 3"]
        titles = [s["title"] for s in w.course["sections"]]
        assert "Énigmes : duel" in titles  # the kernel's words too, not the package's English
        assert titles[0] == learn_titles_in("fr")[0] != learn_titles_in("en")[0]
        assert w.course["sections"][0]["levels"][0]["goal"] == first_goal_in("fr")
    finally:
        w.close()
    english = learn.show()
    try:
        assert english.words["language"] == "en"
        assert english.course["sections"][0]["title"] == learn_titles_in("en")[0]
    finally:
        english.close()


def learn_titles_in(code: str) -> list[str]:
    from spit_widget.learn.coursebook import book

    with L.speaking(code):
        return [row["title"] for row in book().map({})]


def first_goal_in(code: str) -> str:
    from spit_widget.learn.coursebook import book

    with L.speaking(code):
        return book().map({})[0]["levels"][0]["goal"]


def test_a_language_spit_widget_does_not_speak_is_refused_with_a_sentence() -> None:
    with pytest.raises(ValueError, match="is none of them"):
        learn.show(language="xx")


def test_a_misspelt_language_keyword_names_the_real_one() -> None:
    with pytest.raises(TypeError, match="did you mean language"):
        learn.show(langage="fr")  # type: ignore[call-arg]


def test_a_course_in_french_says_its_levels_in_french_even_when_a_cell_opens_them() -> None:
    """The course bar's sentence (announced to a screen reader) is made in the table's
    language whether the page or a cell asks, though the kernel speaks English."""
    w = learn.show(language="fr")
    try:
        w.lesson.open_level(learn.course()[0].id)
        said = w.course["said"]["text"]
        assert said.startswith(learn_titles_in("fr")[0]) and "niveau 1 sur" in said, said
        assert " level " not in said and "Goal" not in said and "stars" not in said, said
        assert L.language() == "en"
    finally:
        w.close()


def test_a_course_follows_its_pages_language_its_levels_too() -> None:
    """JupyterLab in French, nothing chosen in the kernel: the page says so as the course
    is drawn, and the map, the level on the table and its goal are told in French."""
    w = learn.show()
    try:
        w.lesson.open_level(learn.course()[0].id)
        assert w.course["current"]["goal"] == first_goal_in("en")
        w._handle_custom_msg({"kind": "language", "language": "fr-FR"}, [])
        assert w.words["language"] == "fr"
        assert w.course["sections"][0]["title"] == learn_titles_in("fr")[0]
        assert w.course["current"]["goal"] == first_goal_in("fr")
        assert w.course["current"]["id"] == learn.course()[0].id  # the same level, kept
    finally:
        w.close()
