"""The game in the learner's language, in a real browser: JupyterLab's own
language packs (French, Spanish, German) chosen in its settings, and the table,
the course and the review following them with no English sentence left.

JupyterLab reads its language from the user settings as a page loads
(``@jupyterlab/translation-extension``'s ``locale``, what Settings > Language
writes), and writes it on ``<html lang>``; the table says that language to its
kernel as it is drawn (``js/words.js``), and the kernel sends back its words.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from spit_e2e import (
    FITS_BOTH_OR_NEITHER,
    MakeNotebook,
    Notebook,
    english_in,
    expect,
    has_class,
    play_to_the_end,
    your_card,
)
from test_course import click_move, course_cell, expect_solved, learners_moves
from test_layout import open_file_browser
from test_newcomer_view import whole_table_fits

from spit_widget import learn
from spit_widget.locale import speaking
from tools.harness import Lab

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e

@pytest.fixture
def jupyterlab_in(page: Page, lab: Lab) -> Iterator[object]:
    """A function that sets JupyterLab's language (``"fr_FR"``) as Settings >
    Language does; the next page load speaks it. English again afterwards."""
    assert lab.settings is not None
    path = lab.settings / "@jupyterlab" / "translation-extension" / "plugin.jupyterlab-settings"
    path.parent.mkdir(parents=True, exist_ok=True)

    def choose(locale: str) -> None:
        path.write_text(json.dumps({"locale": locale}))
        page.goto("about:blank")  # a fresh JupyterLab: it reads its language as it loads

    yield choose
    path.unlink(missing_ok=True)
    page.goto("about:blank")


def open_in(page: Page, lab: Lab, name: str, lang: str) -> Notebook:
    nb = Notebook(page, lab, name, 3).open()
    expect(page.locator("html")).to_have_attribute("lang", re.compile(f"^{lang}"))
    return nb


def test_a_duel_in_french_by_clicks_with_a_refusal_and_its_review(
    page: Page, lab: Lab, notebook: MakeNotebook, jupyterlab_in: object,
) -> None:
    jupyterlab_in("fr_FR")  # type: ignore[operator]
    notebook("fr_refusal.ipynb", [FITS_BOTH_OR_NEITHER], "w=w")
    nb = open_in(page, lab, "fr_refusal.ipynb", "fr")
    nb.run_all(views=1)
    view = nb.view()
    expect(view.locator(".spit-btn-stuck")).to_contain_text("Bloqué")
    two = your_card(view, 1)  # 2C fits neither pile: refused, and said why, in French
    expect(two).not_to_have_class(has_class("spit-playable"))
    two.click()
    message = view.locator(".spit-message")
    expect(message).to_have_attribute("data-kind", "refused")
    expect(message).to_contain_text("2♣")
    assert english_in(view) == []

    notebook("fr_duel.ipynb", ['w = SpitWidget(seed=20261130, pace="fast")\nw'], "w=w")
    nb = open_in(page, lab, "fr_duel.ipynb", "fr")
    nb.run_all(views=1)
    view = nb.view()
    expect(view.locator(".spit-btn-stuck")).to_contain_text("Bloqué")
    assert english_in(view) == []
    done = play_to_the_end(nb)
    assert done["landed"] >= 5, done
    dialog = view.locator(".spit-dialog")
    expect(dialog).to_be_visible()
    assert english_in(view) == []
    view.focus()
    page.keyboard.press("v")  # the review, as the end dialog offers it
    strip = view.locator(".spit-review")
    expect(strip).to_be_visible()
    expect(view.locator(".spit-review-summary")).not_to_be_empty()
    assert english_in(view) == []
    print(f"\n[languages] a duel in French: {dict(done)}")


def test_the_courses_first_level_in_french(
    page: Page, lab: Lab, notebook: MakeNotebook, jupyterlab_in: object,
) -> None:
    jupyterlab_in("fr_FR")  # type: ignore[operator]
    name = "fr_course.ipynb"
    notebook(name, [course_cell(lab, name)], "w=w")
    nb = open_in(page, lab, name, "fr")
    nb.run_all(views=1)
    course = page.locator(".spit-course")
    expect(course).to_have_attribute("data-screen", "map")
    assert english_in(course) == []
    course.locator(".spit-course-continue").click()
    level = learn.course()[0]
    with speaking("fr"):
        goal = learn.course()[0].goal
    expect(course.locator(".spit-course-goal")).to_contain_text(goal, timeout=20_000)
    assert english_in(course) == []
    for action in learners_moves(level):
        click_move(course, action)
    expect_solved(course)
    assert english_in(course) == []


@pytest.mark.parametrize(("locale", "lang", "stuck"),
                         [("es_ES", "es", "Bloqueo"), ("de_DE", "de", "Fest")])
def test_one_screen_in_spanish_and_in_german_at_the_laptop_size(
    page: Page, lab: Lab, notebook: MakeNotebook, jupyterlab_in: object,
    locale: str, lang: str, stuck: str,
) -> None:
    """German is the longest of the four: the whole table still fits at 1280x720
    with the file browser open, as in English (tests/e2e/test_newcomer_view.py)."""
    jupyterlab_in(locale)  # type: ignore[operator]
    cell = 'w = SpitWidget(seed=3, ai=None)\nw'  # duel: its Stuck button
    notebook(f"{lang}_table.ipynb", [cell], "w=w")
    page.set_viewport_size({"width": 1280, "height": 720})
    nb = open_in(page, lab, f"{lang}_table.ipynb", lang)
    open_file_browser(page)
    nb.run_all(views=1)
    view = nb.view()
    expect(view.locator(".spit-btn-stuck")).to_contain_text(stuck)
    your_card(view, 0).click()  # a play, or a refusal: either is said in the language
    assert english_in(view) == []
    whole_table_fits(page, view, f"classic in {locale}, file browser open")
