"""The page's tests mount a table with the French words the kernel sends
(tests/js/words.fr.json, written by scripts/page_words.py): it must be the
catalogue's own, or they would test a table nobody sees."""

from __future__ import annotations

from project_scripts import load_script


def test_the_page_tests_french_words_are_the_catalogues() -> None:
    script = load_script("page_words")
    written = script.FIXTURE.read_text(encoding="utf-8")
    assert written == script.fixture_text(), "run python scripts/page_words.py (catalogues does)"
