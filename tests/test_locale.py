"""The catalogues: every message translated in French, Spanish and German, with
the source's placeholders and each language's plural forms; the language chosen
in the kernel (``set_language``, then the environment); and a game played in
French that says no English sentence.

The ``.po`` files are read with Babel, the translators' tool, and compared with
what the package's own reader (``spit_widget/locale/po.py``) makes of them.
"""

from __future__ import annotations

import os
import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

import spit_widget
from spit_widget import Game, IllegalMove
from spit_widget import locale as L
from spit_widget.commands.bench import random_game
from spit_widget.engine import cards
from spit_widget.engine import narration as N

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = ("fr", "es", "de")
PLURAL_FORMS = {"fr": 3, "es": 3, "de": 2}
"""CLDR's plural categories as Babel writes them: French and Spanish have one,
many (a million) and other; German one and other."""


def catalogue(code: str) -> Catalog:
    with L.catalogue_path(code).open("rb") as f:
        return read_po(f)


def messages(code: str) -> list[tuple[str | None, str | tuple[str, ...], object]]:
    return [(m.context, m.id, m.string) for m in catalogue(code) if m.id]


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.fixture(autouse=True)
def _english_unless_asked(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test starts from no choice and an English environment."""
    for variable in L.ENVIRONMENT:
        monkeypatch.delenv(variable, raising=False)
    L.set_language(None)
    yield
    L.set_language(None)


# ------------------------------------------------------------ the catalogues
def test_the_template_holds_every_message_the_code_asks_for() -> None:
    """A message added in code but not extracted (scripts/catalogues not run)
    would be said in English in every language: the committed template must
    hold exactly what Babel extracts from the package today."""
    with (ROOT / "babel.cfg").open() as cfg:  # the package's Python and the page's js/
        method_map, options_map = parse_mapping_cfg(cfg)
    found = {(context, message if isinstance(message, str) else message[0])
             for _file, _line, message, _comments, context
             in extract_from_dir(str(ROOT), method_map, options_map)}
    with (ROOT / "spit_widget" / "locale" / "spit_widget.pot").open("rb") as f:
        template = {(m.context, m.id if isinstance(m.id, str) else m.id[0])
                    for m in read_po(f) if m.id}
    assert found - template == set(), "run scripts/catalogues: not in the template"
    assert template - found == set(), "run scripts/catalogues: no longer in the code"
    assert len(template) > 100


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated(code: str) -> None:
    with (ROOT / "spit_widget" / "locale" / "spit_widget.pot").open("rb") as f:
        template = {(m.context, m.id) for m in read_po(f) if m.id}
    assert {(c, i) for c, i, _ in messages(code)} == template
    assert catalogue(code).obsolete == {}
    untranslated = [i for _, i, s in messages(code)
                    if not (all(s) if isinstance(s, tuple) else s)]
    fuzzy = [m.id for m in catalogue(code) if m.id and m.fuzzy]
    assert untranslated == [] and fuzzy == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_translation_keeps_the_placeholders_of_its_source(code: str) -> None:
    wrong = []
    for _context, source, translated in messages(code):
        if isinstance(source, tuple):
            assert isinstance(translated, tuple) and len(translated) == PLURAL_FORMS[code]
            pairs = [(source[0] if i == 0 else source[1], form)
                     for i, form in enumerate(translated)]
        else:
            pairs = [(source, str(translated))]
        wrong += [(s, t) for s, t in pairs if fields(s) != fields(t)]
    assert wrong == []


def test_the_placeholder_check_finds_a_lost_placeholder() -> None:
    assert fields("{card} fits on {top}") != fields("{card} va sur la pile")
    assert fields("{n} cards") == fields("{n} cartes")


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_packages_reader_agrees_with_babel(code: str) -> None:
    book = L.catalogue(code)
    babel = {(c, i if isinstance(i, str) else i[0]): (s if isinstance(s, tuple) else (s,))
             for c, i, s in messages(code)}
    assert book.messages == babel


@pytest.mark.parametrize(("code", "counts"), [
    ("fr", {0: "0 spit d'affilée n'a", 1: "1 spit d'affilée n'a", 2: "2 spits d'affilée n'ont"}),
    ("es", {0: "0 spits seguidos", 1: "1 spit seguido", 5: "5 spits seguidos"}),
    ("de", {0: "0 Spits in Folge", 1: "1 Spit in Folge", 3: "3 Spits in Folge"}),
    ("en", {0: "0 spits in a row", 1: "1 spit in a row", 3: "3 spits in a row"}),
])
def test_each_language_chooses_its_own_plural_form(code: str, counts: dict[int, str]) -> None:
    with L.speaking(code):
        for n, start in counts.items():
            assert N.spits_nowhere(n).startswith(start)
    if code != "en":
        assert catalogue(code).num_plurals == PLURAL_FORMS[code]


@pytest.mark.parametrize(("code", "names"), [
    ("en", ("seven of hearts", "queen of spades", "ten of diamonds")),
    ("fr", ("7 de cœur", "dame de pique", "10 de carreau")),
    ("es", ("siete de corazones", "reina de picas", "diez de diamantes")),
    ("de", ("Herz-Sieben", "Pik-Dame", "Karo-Zehn")),
])
def test_cards_are_named_in_each_language(code: str, names: tuple[str, ...]) -> None:
    with L.speaking(code):
        assert tuple(L.card_name(card) for card in ("7H", "QS", "TD")) == names


def test_a_translation_with_a_broken_placeholder_says_the_english_instead(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    broken = tmp_path / "fr" / "LC_MESSAGES"
    broken.mkdir(parents=True)
    (broken / "spit_widget.po").write_text(
        'msgid ""\nmsgstr "Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
        'msgid "Not an action: {value}."\nmsgstr "Pas une action : {valeur}."\n',
        encoding="utf-8")
    monkeypatch.setattr(L, "FOLDER", tmp_path)
    L.catalogue.cache_clear()
    try:
        with L.speaking("fr"):
            assert N.not_an_action(3) == "Not an action: 3."
    finally:
        L.catalogue.cache_clear()


# ------------------------------------------------------- choosing a language
def test_set_language_is_the_package_wide_setting() -> None:
    assert spit_widget.set_language is L.set_language and spit_widget.language() == "en"
    spit_widget.set_language("fr_FR.UTF-8")
    assert spit_widget.language() == "fr"
    assert str(IllegalMove(N.said(N.GAME_IS_OVER))).startswith("La partie est finie")
    spit_widget.set_language("de-DE")
    assert L.language() == "de"
    spit_widget.set_language(None)
    assert L.language() == "en"


@pytest.mark.parametrize("bad", ["klingon", "", 7, None.__class__])
def test_an_unknown_language_is_refused_with_a_sentence_and_changes_nothing(bad: object) -> None:
    spit_widget.set_language("es")
    with pytest.raises(ValueError, match=r"spit_widget speaks 'en' \(English\), 'fr'"):
        spit_widget.set_language(bad)  # type: ignore[arg-type]
    assert L.language() == "es"


@pytest.mark.parametrize(("environ", "expected"), [
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LANGUAGE": "es:fr", "LANG": "de_DE.UTF-8"}, "es"),
    ({"LANGUAGE": "pt_BR:fr"}, "fr"),  # the first language of the list that is spoken
    ({"LC_ALL": "C", "LANG": "fr_FR.UTF-8"}, "en"),  # LC_ALL comes first, as for gettext
    ({"LC_MESSAGES": "fr_CA.UTF-8", "LANG": "de_DE"}, "fr"),
    ({"LANG": "ja_JP.UTF-8"}, "en"),
    ({}, "en"),
])
def test_the_environment_chooses_when_nothing_else_does(
        monkeypatch: pytest.MonkeyPatch, environ: dict[str, str], expected: str) -> None:
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    L.set_language(None)  # the environment is read again (once, not at every sentence)
    assert L.language() == expected
    spit_widget.set_language("en")
    assert L.language() == "en"  # the setting overrides the environment


def test_speaking_overrides_the_setting_within_its_block_only() -> None:
    spit_widget.set_language("de")
    with L.speaking("fr"):
        assert L.language() == "fr"
    assert L.language() == "de"


# ------------------------------------------------------ a game in French
ENGLISH = re.compile(r"\b(the|you|your|card|cards|plays?|stuck|wins?|is|of|and|with)\b")
"""Words of English sentences that no French sentence has ("pile" and "on" are French too)."""


def _sentences_of_a_game(variant: str, seed: int) -> list[str]:
    game = random_game(variant, seed)
    return [e.text for e in game.events] + [game.outcome.text if game.outcome else ""]


@pytest.mark.parametrize("variant", ["duel", "classic"])
def test_a_game_played_in_french_says_every_event_in_french(variant: str) -> None:
    seeds = range(12)
    with L.speaking("fr"):
        french = [s for seed in seeds for s in _sentences_of_a_game(variant, seed)]
    english = [s for seed in seeds for s in _sentences_of_a_game(variant, seed)]
    assert len(french) == len(english) > 100
    same = [e for f, e in zip(french, english, strict=True) if f == e]
    assert same == [], "said in English in a French game"
    assert [s for s in french if ENGLISH.search(s)] == []


def _refusals(game: Game) -> list[str]:
    said = []
    top = game.centre[0][-1]
    misfit = next(c for c in game.stock_tops(0) if c and top and c[0] == top[0])  \
        if any(c and top and c[0] == top[0] for c in game.stock_tops(0)) else None
    attempts = [
        lambda: game.play(0, "ZZ", 0), lambda: game.play(0, 42, 0), lambda: game.play(5, "7S", 0),
        lambda: game.play(0, "7S", 9), lambda: game.move_to_empty(0, "7S", 0),
        lambda: game.slap(0, 0), lambda: game.spit(), lambda: game.apply("nonsense"),
        lambda: game.apply(("fly", 0)),
        *[lambda card=card: game.play(0, card, 0) for card in game.stock_tops(1) if card],
        *[lambda card=card: game.play(0, card, 0) for card in ("AS", "KD", "5C", "9H")],
    ]
    if misfit:
        attempts.append(lambda: game.play(0, misfit, 0))
    for attempt in attempts:
        try:
            attempt()
        except IllegalMove as refusal:
            said.append(str(refusal))
    return said


def test_refusals_and_hints_in_french_are_french() -> None:
    with L.speaking("fr"):
        french = _refusals(Game("duel", seed=5)) + [Game("duel", seed=s).hint(0).text
                                                    for s in range(6)]
        classic = Game("classic", seed=2)
        try:
            classic.declare_stuck(0)
        except IllegalMove as refusal:
            french.append(str(refusal))
    english = _refusals(Game("duel", seed=5)) + [Game("duel", seed=s).hint(0).text
                                                 for s in range(6)]
    assert len(french) == len(english) + 1 and len(english) >= 12
    assert [e for f, e in zip(french, english, strict=False) if f == e] == []
    # the action kinds are the API's own names ("choisis play, stuck, ..."), not English
    api = "play, stuck, spit, move"
    assert [s for s in french if ENGLISH.search(s.replace(api, ""))] == []


def test_the_log_is_told_in_the_language_it_is_read_in() -> None:
    """A play's sentence is made when it is read, so a table redrawn in another
    language tells its whole log anew; a refusal already raised stays as said."""
    game = Game("duel", seed=1)
    assert game.events[1].text.startswith("You spit")
    with L.speaking("de"):
        assert game.events[1].text.startswith("Spit: Du legst")
        with pytest.raises(IllegalMove) as refused:
            game.play(0, "ZZ", 0)
    assert str(refused.value).startswith("'ZZ' ist keine Karte")


def test_the_environment_reaches_a_new_kernel(tmp_path: Path) -> None:
    """A kernel started with LANG=fr_FR speaks French with no setting at all."""
    import subprocess
    import sys
    env = {**os.environ, "LANG": "fr_FR.UTF-8", "PYTHONPATH": str(ROOT)}
    env.pop("LANGUAGE", None)
    env.pop("LC_ALL", None)
    env.pop("LC_MESSAGES", None)
    out = subprocess.run([sys.executable, "-c", "from spit_widget import Game\n"
                          "print(Game('duel', seed=1).events[0].text)"],
                         env=env, capture_output=True, text=True, check=True, timeout=60)
    assert out.stdout.strip() == "Les cartes sont distribuées : 26 chacun."


def test_the_course_speaks_french_its_rules_stages_and_refusals() -> None:
    from spit_widget.learn import coursebook
    from spit_widget.learn import narration as LN

    game = Game("duel", seed=5)
    top = game.centre[0][-1]
    card = next(c for c in game.stock_tops(0) if c and not cards.fits(c, top))
    action = ("play", 0, card, 0)
    with L.speaking("fr"):
        book = coursebook.book()
        with pytest.raises(IllegalMove) as refused:
            game.play(*action[1:])
        rule, sentence = LN.refusal(game, refused.value, action)
        assert book.rules["adjacency"] == {"name": "Carte voisine", "text": book.rules[
            "adjacency"]["text"]} and book.rules["adjacency"]["text"].startswith("Une carte va")
        assert [s.title for s in book.stages][:2] == ["Le but d'un duel", "Poser une carte"]
        assert (LN.cards(0), LN.cards(1), LN.cards(3)) == ("aucune carte", "1 carte", "3 cartes")
    assert rule == "adjacency" and sentence.startswith("Carte voisine : ")
    assert not ENGLISH.search(sentence)
    assert coursebook.book().stages[0].title == "The goal of a duel"


# ------------------------------------- the widget, the review and the class
def _html_text(page: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))


def test_the_widgets_status_and_seat_sentences_are_german() -> None:
    from spit_widget.engine.types import GAME_OVER, PLAYING, ROUND_OVER
    from spit_widget.widget import voice as V

    people = N.people(("Ann", "Bob"))
    said = [
        (V.Situation(PLAYING), N.COMPUTER_VOICE),
        (V.Situation(PLAYING, thinking=True), N.COMPUTER_VOICE),
        (V.Situation(PLAYING, can_play=False), N.COMPUTER_VOICE),
        (V.Situation(PLAYING, stuck=(True, False)), N.COMPUTER_VOICE),
        (V.Situation(PLAYING, stuck=(True, True)), N.COMPUTER_VOICE),
        (V.Situation(PLAYING, paused=True), N.COMPUTER_VOICE),
        (V.Situation(ROUND_OVER, went_out=0), N.COMPUTER_VOICE),
        (V.Situation(ROUND_OVER, went_out=1), N.COMPUTER_VOICE),
        (V.Situation(GAME_OVER), N.COMPUTER_VOICE),
        (V.Situation(PLAYING, stuck=(True, False)), people),
        (V.Situation(PLAYING, both_stuck=True, votes=(1,)), people),
        (V.Situation(ROUND_OVER, went_out=1), people),
    ]
    def sentences() -> list[str]:
        return [*(V.status_line(s, voice) for s, voice in said),
                V.watching_line(V.Situation(PLAYING), people),
                V.outcome_title(0), V.outcome_title(1, people), V.outcome_title(None),
                V.sat_down([1], people), V.freed([0, 1], "left", people),
                V.gone_quiet(1, people), V.players_only("hint"), V.said(V.PAUSED_CLICK),
                V.covered_first("9C", "8C", "7H", "the left pile", 1, 0),
                V.connection_back(2.5, True), V.review_summary(30, 2, 1, 1.25, 4.0),
                V.level_solved(2, 2, 1, "", V.NEXT_GOES_ON), V.replay_caption(3, 10, "")]
    with L.speaking("de"):
        german = sentences()
    english = sentences()
    assert [e for g, e in zip(german, english, strict=True) if g == e] == []
    assert [g for g in german if ENGLISH.search(g)] == []
    assert german[0] == "Du bist dran" and "Ann steckt fest: Warten auf Bob" in german
    assert "2,5 s" in german[-4] and "1,2 s" in german[-3]  # the German decimal mark


def test_a_review_of_a_played_game_in_french_says_no_english() -> None:
    from spit_widget import review
    from spit_widget.computer.human import HumanModel
    from spit_widget.computer.pace import DEFAULT_PACE
    from spit_widget.computer.pace import pace as pace_of
    from spit_widget.computer.timed import timed_record
    from spit_widget.review import narration as RN

    record = timed_record("duel", pace_of("duel", DEFAULT_PACE["duel"]), 3,
                          human=HumanModel(speed=1.5))
    with L.speaking("fr"):
        seen = review.of(record)
        page = _html_text(seen._repr_html_())
        whys = [why for m in seen.moments for why in m.why]
        goals = [m.level().goal for m in seen.moments]
        refusals = []
        for bad in ({"actions": 3}, {"actions": [7]}, {"actions": [], "variant": "x"}):
            with pytest.raises(ValueError) as refused:
                review.of(bad)
            refusals.append(str(refused.value))
    assert seen.moments and whys and len(refusals) == 3
    english = [RN.HEADING, RN.MOMENTS_HEADING, *RN.SUMMARY_LABELS.values(),
               *RN.MOMENT_COLUMNS]
    assert [e for e in english if e in page] == []
    assert "Revue" in page and "Moments manqués" in page
    api = "['play', 0, '7S', 1]"  # an action as the API writes it
    assert [s for s in whys + goals + refusals if ENGLISH.search(s.replace(api, ""))] == []
    assert all(r.startswith("Ce relevé de partie est abîmé : ") for r in refusals)


def test_the_class_report_and_hand_in_sentences_are_spanish(tmp_path: Path) -> None:
    from spit_widget import learn
    from spit_widget.learn import class_voice as CV
    from spit_widget.learn.record import FILENAME, make
    from spit_widget.learn.record import write as write_record

    write_record(make("Ada", [], [{"finished_at": "2026-06-02T09:00:00Z", "variant": "duel",
                                   "summary": {"missed": 2}, "missed_by_rule": {"wrap": 2}}]),
                 tmp_path / FILENAME)
    (tmp_path / "bo").mkdir()
    (tmp_path / "bo" / FILENAME).write_text("{damaged")
    with L.speaking("es"):
        page = _html_text(learn.class_report(tmp_path)._repr_html_())
        lines = [CV.checked_line("", 1, 3, 0), CV.handed_in("x.json", 2, 1),
                 CV.report_line(1, 2), CV.claim_unknown("duel-1"), CV.said(CV.NAME_NEEDED)]
    english = [CV.PUPILS_HEAD, CV.STUCK_HEAD, CV.MISSED_HEAD, CV.NOT_READ_HEAD, CV.LEVEL_KEY,
               CV.COL_PUPIL, CV.COL_STARS, *CV.MISSED_COLUMNS, CV.report_line(1, 1)]
    assert [e for e in english if e in page] == []
    assert "Alumnos por nivel" in page and "1 alumno, cada registro" in page
    assert lines[0] == "(sin nombre): 1 nivel confirmado al repetirlo, 3 estrellas."
    assert lines[1] == "Entregado: 2 niveles resueltos y 1 partida en x.json."
    assert [s for s in lines if ENGLISH.search(s)] == []
