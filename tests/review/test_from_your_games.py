"""The course map's "from your games": the three rules behind the most missed
moments of the stored games, each with the course level that teaches it, read
back by the review (``review.most_missed``) and kept until a new game is stored."""

from __future__ import annotations

from pathlib import Path

from sessions import timed_record

from spit_widget import learn, review
from spit_widget.learn import Level, LevelHint, OnCentre, position
from spit_widget.stats import StatsStore
from spit_widget.widget import voice as V


def stored(tmp_path: Path, seeds: range) -> StatsStore:
    store = StatsStore(tmp_path / "stats.sqlite3")
    for seed in seeds:
        store.keep_record(timed_record("duel", seed))
    return store


def test_the_map_shows_the_three_rules_missed_most_with_their_levels(tmp_path: Path) -> None:
    store = stored(tmp_path, range(6))
    expected = review.most_missed(3, store=store)
    assert len(expected) == 3 and expected[0].stored_games >= expected[-1].stored_games > 0
    w = learn.show(stats=store)
    try:
        rows = w.course["from_games"]
        assert [(r["rule"], r["text"], r["level"]) for r in rows] == [
            (e.rule, V.from_your_games(e.stored_games), e.level) for e in expected]
        w._handle_custom_msg({"kind": "course", "do": "open", "level": rows[0]["level"]}, [])
        assert w.lesson.level is not None and w.lesson.level.id == rows[0]["level"]
        assert rows[0]["rule"] in w.lesson.level.rules
    finally:
        w.close()


def test_a_new_stored_game_counts_when_the_map_shows_again(tmp_path: Path) -> None:
    store = stored(tmp_path, range(1))
    w = learn.show(stats=store)
    try:
        before = {r["rule"]: r["text"] for r in w.course["from_games"]}
        store.keep_record(timed_record("duel", 5))
        w.lesson.open_level(learn.course()[0].id)
        w.lesson.map()
        after = {r["rule"]: r["text"] for r in w.course["from_games"]}
        assert after != before
        assert after == {e.rule: V.from_your_games(e.stored_games)
                         for e in review.most_missed(3, store=store)}
    finally:
        w.close()


def test_no_stored_game_shows_nothing_and_a_teachers_course_links_no_level(
        tmp_path: Path) -> None:
    empty = learn.show(stats=StatsStore(tmp_path / "empty.sqlite3"))
    mine = Level(id="mine-1", stage="My class", rules=("adjacency",), goal="Play J♠ on Q♣.",
                 position=position("duel", you=["JS", "4C", "7H"], computer=["KD", "2S"],
                                   centre=["QC", "5D"], rest="spit"),
                 success=OnCentre("JS", 0), hint=LevelHint("J♠ fits.", card="JS", pile=0),
                 solution=(("play", 0, "JS", 0),))
    teachers = learn.show([mine], stats=stored(tmp_path, range(3)))
    try:
        assert empty.course["from_games"] == []
        rows = teachers.course["from_games"]
        assert rows and all(r["level"] is None for r in rows)  # no such level in this course
    finally:
        empty.close()
        teachers.close()


def test_a_rule_is_practised_on_the_level_about_it_not_one_that_only_names_it() -> None:
    from spit_widget.learn.coursebook import teaching_level

    for rule in learn.RULES:
        for variant in ("duel", "classic"):
            found = teaching_level(rule, variant)
            about = [lv for lv in learn.course() if lv.rules[:1] == (rule,)
                     and lv.variant == variant]
            if found and about:
                assert learn.level(found[0]).rules[0] == rule, (rule, variant, found[0])
    either = teaching_level("either-pile", "duel")
    assert either is not None and either[0] == "duel-choose-pile"  # not duel-wrap-king
