"""Names that stay: a notebook written against the previous release still runs.

Every name the previous release's docs showed (the API pages are mkdocstrings
over each package's ``__all__``; the lists below were read from the tree the
docs were built from before ``learn.Hint`` became ``learn.LevelHint``, commit
730d038's parent, and the README's course-table calls before ``w.lesson``,
7479afc's parent) imports today; a renamed one warns with a DeprecationWarning
that names its replacement and is listed under "Deprecated" in CHANGELOG.md.
A misspelt keyword to a public constructor that takes ``**kwargs`` is a
TypeError naming the nearest real keyword, never a table at its defaults.
"""

from __future__ import annotations

import importlib
import os
import re
import warnings
from pathlib import Path
from typing import Any

import pytest

import spit_widget
from spit_widget import SpitWidget, learn
from spit_widget.keywords import check_keywords, keywords_of

ROOT = Path(__file__).resolve().parent.parent

PREVIOUS_DOCS = {
    "spit_widget": "Action Event Game Hint IllegalMove Outcome ReplayWidget SpitWidget "
                   "__version__ load_record save_game",
    "spit_widget.agent": "Checkpoint Params Plan SHIPPED Training agent load paired save train",
    "spit_widget.computer": "Match Pace STRATEGIES Strategy TournamentResult View expert greedy "
                            "pace paces play_out random_strategy strategy strategy_name "
                            "tournament when_no_play",
    "spit_widget.engine": "Action ActionKind COMPUTER ENGINE Event EventKind GAME_OVER Game Hint "
                          "IllegalMove OUT_OF_CARDS Outcome PLAYERS PLAYING Position ROUND_LIMIT "
                          "ROUND_OVER RefusalKind SNAPSHOT_VERSION SPITS_NOWHERE STALEMATE "
                          "STOCK_EMPTIED Status Termination VARIANTS Variant YOU cards narration "
                          "variant",
    "spit_widget.learn": "All Attempt Check Cleared Custom Daily DailyResult Fail Hint Level "
                         "Made Moved OnCentre Opponent PublicAction RULES RoundReached Rule "
                         "STAGES Slapped Spat Stage Uncovered Won actions course daily level "
                         "position progress puzzles reset show",
    "spit_widget.rl": "ACTION_COUNT GYM_ID OBSERVATION_SIZE Policy SpitEnv Turns WAIT "
                      "action_mask action_name as_strategy env legal_indices observe raw_env "
                      "to_action",
    "spit_widget.stats": "BUSY_TIMEOUT_S DB_FILENAME ENV_HOME GameResult PlayerStats "
                         "ReactionGame SCHEMA_VERSION StatsStore Summary default_path",
    "spit_widget.vec": "COMPILED SpitVecEnv VEC_ID random_legal",
    "spit_widget.widget": "ReplayWidget SpitWidget load_record save_game",
}
"""Each documented package's public names in the previous release's docs."""

DEPRECATED = {
    ("spit_widget.learn", "Hint"): "learn.LevelHint",
    ("spit_widget.stats", "BUSY_TIMEOUT_S"): "spit_widget.stats.connection.BUSY_TIMEOUT_S",
}
"""The old names that now warn, with the new name each warning gives."""

COURSE_TABLE_PROPERTIES = ("level", "result", "screen")
COURSE_TABLE_METHODS = ("open_level", "retry", "next", "map", "play_game", "daily")
"""The course table's calls the README showed before they moved to ``w.lesson``."""

OPTIONAL = {"spit_widget.rl", "spit_widget.vec", "spit_widget.agent"}
"""Packages of the ``rl`` extra: checked when it is installed (always in CI)."""


@pytest.fixture(autouse=True)
def _own_stats(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPIT_WIDGET_HOME", str(tmp_path / "home"))


def _module(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError:
        if name in OPTIONAL and not os.environ.get("CI"):
            pytest.skip(f"{name} needs the rl extra")
        raise


@pytest.mark.parametrize("module", sorted(PREVIOUS_DOCS))
def test_every_name_the_previous_docs_showed_still_imports(module: str) -> None:
    mod = _module(module)
    missing, silent, quiet = [], [], []
    for name in PREVIOUS_DOCS[module].split():
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                exec(f"from {module} import {name}", {})  # as a notebook writes it
            except ImportError:
                missing.append(name)
                continue
        said = [str(w.message) for w in caught if issubclass(w.category, DeprecationWarning)]
        new = DEPRECATED.get((module, name))
        if new is None and said:
            quiet.append((name, said))
        elif new is not None and not any(new in s and "0.3.0" in s for s in said):
            silent.append((name, said))
    assert not missing, f"{module} lost {missing}"
    assert not silent, f"renamed without a warning naming the new name: {silent}"
    assert not quiet, f"warns though not deprecated: {quiet}"
    assert mod is not None


def test_learn_hint_is_level_hint_with_a_warning_that_names_it() -> None:
    with pytest.warns(DeprecationWarning, match=r"learn\.Hint is deprecated.*use learn\.LevelHint"):
        old = learn.Hint
    assert old is learn.LevelHint
    hint = old("Play the Ace.", card="AS")
    assert isinstance(hint, learn.LevelHint) and hint.card == "AS"
    with pytest.raises(AttributeError, match="no attribute 'Hnit'"):
        learn.Hnit  # noqa: B018 (an unknown name is still an AttributeError)


def test_the_course_tables_old_names_forward_to_the_lesson_with_a_warning() -> None:
    w = learn.show()
    try:
        first = learn.course()[0].id
        with pytest.warns(DeprecationWarning, match=r"w\.open_level is deprecated.*w\.lesson"):
            w.open_level(first)
        assert w.lesson.screen == "level" and w.lesson.level is not None
        for name in COURSE_TABLE_PROPERTIES:
            with pytest.warns(DeprecationWarning, match=rf"use w\.lesson\.{name}$"):
                old = getattr(w, name)
            assert old == getattr(w.lesson, name), name
        with pytest.warns(DeprecationWarning, match=r"w\.map is deprecated"):
            w.map()
        assert w.lesson.screen == "map"
        for name in COURSE_TABLE_METHODS:
            assert callable(getattr(w, name)), name
    finally:
        w.close()


def test_the_changelog_lists_every_deprecation_and_the_version_is_0_2_0() -> None:
    assert spit_widget.__version__ == "0.2.0"
    text = (ROOT / "CHANGELOG.md").read_text()
    unreleased = text.split("## [Unreleased]", 1)[1].split("\n## [", 1)[0]
    deprecated = unreleased.split("### Deprecated", 1)[1].split("\n### ", 1)[0]
    for (_module_name, name), new in DEPRECATED.items():
        assert name in deprecated and new.rsplit(".", 1)[-1] in deprecated, name
    for name in (*COURSE_TABLE_PROPERTIES, *COURSE_TABLE_METHODS):
        assert f"w.{name}" in deprecated, name
    assert "### Removed" in unreleased


@pytest.mark.parametrize(("make", "wrong", "nearest"), [
    (lambda **k: SpitWidget(**k), "pase", "pace"),
    (lambda **k: SpitWidget(**k), "opponnent", "opponent"),
    (lambda **k: learn.show(**k), "pase", "pace"),
    (lambda **k: learn.show(**k), "dayly_deal", "daily_deal"),
    (lambda **k: spit_widget.ReplayWidget(spit_widget.Game(seed=1), **k), "layuot", "layout"),
])
def test_a_misspelt_keyword_is_a_type_error_naming_the_nearest(
        make: Any, wrong: str, nearest: str) -> None:
    with pytest.raises(TypeError, match=rf"unexpected keyword argument '{wrong}': "
                                        rf"did you mean {nearest}\?"):
        make(**{wrong: "fast"})


def test_an_unknown_keyword_with_nothing_near_lists_what_the_table_takes() -> None:
    with pytest.raises(TypeError, match=r"SpitWidget\(\) got an unexpected keyword argument "
                                        r"'colour_scheme': it takes .*\bpace\b") as raised:
        SpitWidget(colour_scheme="dark")
    assert "review_panel" not in str(raised.value)  # a trait is accepted, not advertised


def test_the_environment_names_the_nearest_keyword() -> None:
    rl = _module("spit_widget.rl")
    with pytest.raises(TypeError, match="'max_round': did you mean max_rounds"):
        rl.env(max_round=3)


def test_real_keywords_and_traits_still_pass() -> None:
    w = SpitWidget(pace="fast", seed=3, layout={"width": "600px"}, tooltip="a table")
    try:
        assert w.match.pace == "fast" and w.tooltip == "a table"
    finally:
        w.close()


def test_the_check_reads_signatures_and_refuses_the_first_unknown_keyword() -> None:
    def made(variant: str = "duel", *, pace: str = "normal", **rest: Any) -> None: ...

    assert keywords_of(made) == {"variant", "pace"}
    check_keywords("made", ["pace"], keywords_of(made))
    with pytest.raises(TypeError, match=re.escape("made() got an unexpected keyword argument "
                                                  "'speed': it takes pace, variant")):
        check_keywords("made", ["pace", "speed"], keywords_of(made))
