"""The course table without a browser: the page's messages in, the course and
table traits out, every check made by the level (``spit_widget.learn``)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from page import send

from spit_widget import learn
from spit_widget.learn import Level, LevelHint, OnCentre, Opponent, position
from spit_widget.stats import StatsStore
from spit_widget.widget.course import CourseWidget
from spit_widget.widget.course.match import Clock, LevelMatch

MakeCourse = Callable[..., CourseWidget]


@pytest.fixture
def make_course() -> Iterator[MakeCourse]:
    made: list[CourseWidget] = []

    def make(levels: list[Level] | None = None, **kwargs: Any) -> CourseWidget:
        w = learn.show(levels, **kwargs)
        made.append(w)
        return w

    yield make
    for w in made:
        w.close()


def page_message(action: tuple[Any, ...]) -> dict[str, Any]:
    """A public action as the page sends it (the learner's own actions only)."""
    kind = action[0]
    if kind == "play":
        return {"kind": "play", "card": action[2], "centre": action[3]}
    if kind == "move_to_empty":
        return {"kind": "move", "card": action[2], "slot": action[3]}
    if kind == "slap":
        return {"kind": "slap", "centre": action[2]}
    return {"kind": "stuck" if kind == "declare_stuck" else "spit"}


def solve_by_page(w: CourseWidget, level: Any) -> None:
    """The level's solution, the learner's moves sent as the page sends them."""
    for i, action in enumerate(level.solution):
        if action[0] != "spit" and action[1] == 1:
            continue  # the scripted opponent's: the level plays it
        send(w, {**page_message(action), "id": 100 + i})
        assert w.state["message"] is None or w.state["message"]["kind"] != "refused", \
            w.state["message"]


def open_by_page(w: CourseWidget, level_id: str) -> None:
    send(w, {"kind": "course", "do": "open", "level": level_id})


def quick_level(**over: Any) -> Level:
    """A teacher's level written in a cell: J♠ onto the Queen before the computer's K♦."""
    fields: dict[str, Any] = {
        "id": "mine-1", "stage": "My class", "rules": ("no-turns",),
        "goal": "Play J♠ on the Queen before the computer covers it.",
        "position": position("duel", you=["JS", "4C", "7H"], computer=["KD", "2S"],
                             centre=["QC", "5D"], rest="spit"),
        "success": OnCentre("JS", 0),
        "hint": LevelHint("J♠ fits on the Q♣.", card="JS", pile=0),
        "why": "The first card down takes the pile.",
        "solution": (("play", 0, "JS", 0),),
    }
    return Level(**{**fields, **over})


def play_to_the_end(w: CourseWidget) -> None:
    """The learner plays what the page offers; the computer steps."""
    for i in range(3000):
        if w.game.status == "game_over":
            return
        you = w.state["you"]
        if you["plays"] and i % 2:
            card, centre = you["plays"][0]
            send(w, {"kind": "play", "card": card, "centre": centre, "id": i})
        elif you["can_stuck"] and not w.game.can_play(1):
            send(w, {"kind": "stuck", "id": i})
        else:
            w.step()


def test_opens_on_the_map_of_every_stage_then_puzzles(make_course: MakeCourse) -> None:
    w = make_course()
    course = w.course
    assert course["screen"] == "map"
    ids = [s["id"] for s in course["sections"]]
    stages = [s.id for s in learn.STAGES]
    assert ids[: len(stages)] == stages
    first = course["sections"][0]["levels"][0]
    assert course["resume"] == first["id"] == learn.course()[0].id
    assert first == {"id": learn.course()[0].id, "n": 1, "title": "Win the duel",
                     "goal": learn.course()[0].goal, "variant": "duel",
                     "rules": ["goal-duel", "spit-not-needed"], "stars": 0}


def test_a_level_opens_at_its_start_with_its_goal_announced(make_course: MakeCourse) -> None:
    w = make_course()
    level = learn.course()[2]
    open_by_page(w, level.id)
    assert w.lesson.screen == "level" and w.lesson.level is level
    assert w.game.to_dict()["centre"] == level.game().to_dict()["centre"]
    current = w.course["current"]
    assert current["goal"] == level.goal and current["moves"] == 0
    assert current["par"] == level.par
    assert f"Goal: {level.goal} Solved in " in w.course["said"]["text"]
    assert w.state["paused"] is False


def test_every_course_level_solved_by_page_messages_with_three_stars(
        make_course: MakeCourse) -> None:
    w = make_course()
    for level in learn.course():
        open_by_page(w, level.id)
        solve_by_page(w, level)
        result = w.course["result"]
        assert result is not None and result["kind"] == "solved", (level.id, result)
        assert result["stars"] == 3 and result["why"] == level.why
        assert f"{level.why}" in w.course["said"]["text"]
    got = {lv["id"]: lv["stars"] for s in w.course["sections"] for lv in s["levels"]}
    assert all(got[lv.id] == 3 for lv in learn.course()), got


def test_a_refusal_names_the_rule_and_changes_nothing(make_course: MakeCourse) -> None:
    w = make_course()
    level = next(lv for lv in learn.course() if lv.id == "duel-adjacent-up")
    open_by_page(w, level.id)
    before = w.game.to_dict()
    wrong = next((c, p) for c in ("2C", "KS", "9D", "5H") for p in (0, 1)
                 if not level.attempt(level.game(), ("play", 0, c, p)).ok)
    expected = level.attempt(level.game(), ("play", 0, *wrong))
    state = send(w, {"kind": "play", "card": wrong[0], "centre": wrong[1], "id": 7})
    assert state["message"]["kind"] == "refused" and state["message"]["id"] == 7
    assert state["message"]["text"] == expected.sentence
    # the rule it enforces, for the page's link, and the rule's own text to read
    rule = learn.RULES[str(expected.rule)]
    assert state["message"]["rule"] == {"id": rule.id, "name": rule.name}
    assert w.course["rules"][rule.id] == {"name": rule.name, "text": rule.text}
    assert set(w.course["rules"]) == set(learn.RULES)
    assert w.game.to_dict() == before
    assert w.course["result"] is None and w.course["current"]["moves"] == 0
    # a message that is no move at all names no rule
    state = send(w, {"kind": "play", "card": "ZZ", "centre": 0, "id": 8})
    assert state["message"]["kind"] == "refused" and "rule" not in state["message"]


def test_hint_lights_the_levels_card_and_pile(make_course: MakeCourse) -> None:
    w = make_course()
    level = learn.course()[0]
    open_by_page(w, level.id)
    state = send(w, {"kind": "course", "do": "hint"})
    message = state["message"]
    assert level.hint is not None
    assert (message["kind"], message["text"]) == ("hint", level.hint.sentence)
    assert (message["card"], message["centre"]) == (level.hint.card, level.hint.pile)
    rule = level.rules[0]
    assert message["rule"] == {"id": rule, "name": learn.RULES[rule].name}
    assert w.course["hint"] == {"text": level.hint.sentence, "card": level.hint.card,
                                "pile": level.hint.pile}
    # The table's own Hint button (and key H) asks the level too, not the engine.
    assert send(w, {"kind": "hint", "id": 3})["message"]["text"] == level.hint.sentence


def test_retry_next_and_map(make_course: MakeCourse) -> None:
    w = make_course()
    first, second = learn.course()[:2]
    open_by_page(w, first.id)
    solve_by_page(w, first)
    send(w, {"kind": "course", "do": "retry"})
    assert w.lesson.level is first and w.course["result"] is None
    assert w.game.to_dict()["players"] == first.game().to_dict()["players"]
    solve_by_page(w, first)
    send(w, {"kind": "course", "do": "next"})
    assert w.lesson.level is second and w.course["current"]["n"] == 2
    send(w, {"kind": "course", "do": "map"})
    assert w.course["screen"] == "map" and w.course["resume"] == second.id  # not solved yet


def test_a_solved_level_takes_no_more_moves(make_course: MakeCourse) -> None:
    w = make_course()
    level = next(lv for lv in learn.course() if lv.id == "duel-adjacent-up")
    open_by_page(w, level.id)
    solve_by_page(w, level)
    before = w.game.to_dict()
    plays = w.state["you"]["plays"]
    card, centre = plays[0] if plays else ("2C", 0)
    state = send(w, {"kind": "play", "card": card, "centre": centre, "id": 9})
    assert state["message"]["kind"] == "refused"
    assert "Next (N)" in state["message"]["text"]
    assert w.game.to_dict() == before


def test_course_games_never_count_as_games_against_the_computer(
        make_course: MakeCourse, stats_home: Any) -> None:
    stats = StatsStore()
    w = make_course(stats=stats)
    level = learn.course()[0]  # its solution wins the duel outright
    open_by_page(w, level.id)
    solve_by_page(w, level)
    assert w.game.status == "game_over" and w.game.winner == 0
    assert stats.summary("duel").games == 0
    assert w.state["stats"]["games"] == 0


def test_bad_course_messages_are_refused_with_a_sentence(make_course: MakeCourse) -> None:
    w = make_course()
    for content, words in [({"kind": "course", "do": "explode"}, "Unknown course request"),
                           ({"kind": "course", "do": "open", "level": "nope"}, "no level 'nope'"),
                           ({"kind": "course", "do": "open", "level": 7}, "names no level"),
                           ({"kind": "course", "do": "open"}, "names no level")]:
        before = dict(w.course)
        state = send(w, content)
        assert state["message"]["kind"] == "refused" and words in state["message"]["text"]
        assert w.course["screen"] == before["screen"] == "map"


def test_a_teachers_course(make_course: MakeCourse) -> None:
    mine = [quick_level(), quick_level(id="mine-2", stage="")]
    w = make_course(mine)
    assert [(s["title"], [lv["id"] for lv in s["levels"]]) for s in w.course["sections"]] == [
        ("My class", ["mine-1"]), ("Your levels", ["mine-2"])]
    open_by_page(w, "mine-1")
    solve_by_page(w, mine[0])
    assert w.course["result"]["kind"] == "solved"


def test_levels_that_are_not_levels_are_refused_with_a_sentence() -> None:
    with pytest.raises(TypeError, match=r"item 2 is a dict"):
        learn.show([quick_level(), {"goal": "Win"}])  # type: ignore[list-item]
    with pytest.raises(TypeError, match=r"not str"):
        learn.show("duel-goal-1")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"at least one level"):
        learn.show([])


def test_a_broken_level_never_reaches_the_table() -> None:
    with pytest.raises(ValueError, match=r"\w+ \w+"):
        quick_level(solution=(("play", 0, "4C", 0),))  # 4♣ is no answer
    with pytest.raises(ValueError, match=r"[Tt]wo levels have the id"):
        learn.show([quick_level(), quick_level()])


def test_the_scripted_opponent_moves_on_the_levels_clock(make_course: MakeCourse) -> None:
    """No event loop here: the clock is set by hand and step() plays what is due."""
    w = make_course()
    level = learn.level("duel-no-turns")
    open_by_page(w, level.id)
    match = w.match
    assert isinstance(match, LevelMatch) and match.timed
    now = [100.0]
    match.clock = Clock(lambda: now[0])
    match.clock.run()
    now[0] += 1.0
    assert w.step() == [] and w.course["result"] is None
    now[0] += 6.0
    w.step()
    assert w.course["result"] == {"kind": "failed", "text": level.failed(w.game)}
    assert "Retry (R)" in w.course["said"]["text"]
    send(w, {"kind": "course", "do": "retry"})
    solve_by_page(w, level)
    solved = w.lesson.result
    assert solved is not None and solved["kind"] == "solved"


def test_the_clock_runs_on_the_kernels_loop_and_stops_on_pause(make_course: MakeCourse) -> None:
    level = quick_level(opponent=Opponent(timed={0.3: ("play", 1, "KD", 0)}),
                        failure=learn.Fail(OnCentre("KD", 0), "The computer was first."))

    async def run() -> CourseWidget:
        w = make_course([level])
        w.lesson.open_level(level.id)
        w.pause()
        await asyncio.sleep(0.5)  # paused: the clock stands still, the script waits
        assert w.course["result"] is None
        w.resume()
        for _ in range(100):  # the script's move lands about 0.3 s after the resume
            if w.course["result"] is not None:
                break
            await asyncio.sleep(0.05)
        return w

    w = asyncio.run(run())
    assert w.course["result"] == {"kind": "failed", "text": "The computer was first."}


def test_the_levels_clock_stands_while_the_learners_page_is_silent(
        make_course: MakeCourse) -> None:
    """A dropped connection loses the learner no time: while their page leaves the
    pings unanswered the clock stands, and the script's move waits with it."""
    level = quick_level(opponent=Opponent(timed={0.3: ("play", 1, "KD", 0)}),
                        failure=learn.Fail(OnCentre("KD", 0), "The computer was first."))
    silent = [True]

    async def run() -> tuple[float, CourseWidget]:
        w = make_course([level])
        w.lesson.open_level(level.id)
        match = w.match
        assert isinstance(match, LevelMatch)
        match.page_quiet = lambda: silent[0]
        await asyncio.sleep(0.6)  # twice the script's time, the page silent throughout
        stood = match.clock.elapsed()
        assert w.course["result"] is None and len(w.game.history) == 0
        silent[0] = False
        for _ in range(100):  # it answers: the script's move lands about 0.3 s later
            if w.course["result"] is not None:
                break
            await asyncio.sleep(0.05)
        return stood, w

    stood, w = asyncio.run(run())
    assert stood < 0.1, "the clock ran while the page was silent"
    assert w.course["result"] == {"kind": "failed", "text": "The computer was first."}


def test_after_the_duels_levels_next_deals_a_whole_game_at_slow(
        make_course: MakeCourse) -> None:
    w = make_course()
    duel = [lv for lv in learn.course() if lv.variant == "duel"]
    last = duel[-1]
    open_by_page(w, last.id)
    solve_by_page(w, last)
    assert "a whole game" in w.course["said"]["text"]
    send(w, {"kind": "course", "do": "next"})
    assert w.lesson.screen == "game" and w.course["game"]["title"].endswith("Slow")
    assert (w.game.variant, w.pace, w.game.status) == ("duel", "slow", "playing")
    assert w.state["opponent"] == "expert" and w.state["paused"] is False
    assert w.game.to_dict()["players"] != last.game().to_dict()["players"]  # a fresh deal
    send(w, {"kind": "course", "do": "retry"})  # another deal, still at Slow
    assert (w.lesson.screen, w.pace) == ("game", "slow")


def test_stars_are_kept_in_the_stats_file_and_reset(make_course: MakeCourse) -> None:
    level = learn.course()[3]
    w = make_course()
    open_by_page(w, level.id)
    moves = learners_of(level)
    for action in moves[:-1]:  # part of the way, then Retry: the new run is counted alone
        send(w, page_message(action))
    send(w, {"kind": "course", "do": "retry"})
    solve_by_page(w, level)
    assert learn.progress.stars()[level.id] == 3
    again = make_course()  # a new kernel's table reads them back
    got = {lv["id"]: lv["stars"] for s in again.course["sections"] for lv in s["levels"]}
    assert got[level.id] == 3 and sum(got.values()) == 3
    assert again.course["resume"] == learn.course()[0].id
    learn.reset()
    assert make_course().course["sections"][0]["levels"][0]["stars"] == 0


def learners_of(level: Any) -> list[tuple[Any, ...]]:
    return [a for a in level.solution if a[0] == "spit" or a[1] == 0]


def test_the_daily_deal_against_the_computer_at_normal(make_course: MakeCourse) -> None:
    w = make_course()
    send(w, {"kind": "course", "do": "daily"})
    today = learn.daily()
    assert (w.lesson.screen, w.pace, w.state["opponent"]) == ("daily", "normal", "expert")
    assert w.game.to_dict()["players"] == today.game().to_dict()["players"]
    assert w.course["daily"] == {"date": today.day}
    assert today.day in w.course["said"]["text"]
    play_to_the_end(w)
    assert w.game.status == "game_over"
    result = w.course["result"]
    assert result is not None and result["kind"] == "daily"
    assert result["share"].startswith(f"Spit daily {today.day}: ")
    assert result["won"] == (w.game.winner == 0)
    (day, won, _margin, _seconds), = learn.progress.daily_results()
    assert (day, won) == (today.day, result["won"])
    assert w.state["stats"]["games"] == 0  # kept as the day's result, not as a game
    send(w, {"kind": "course", "do": "retry"})  # the same deal again
    assert w.game.to_dict()["players"] == today.game().to_dict()["players"]
    assert w.course["result"] is None


@pytest.mark.parametrize("variant", ["duel", "classic"])
def test_a_puzzle_failed_then_solved_and_next_walks_the_puzzles(
        make_course: MakeCourse, variant: str) -> None:
    puzzles = learn.puzzles(variant)
    w = make_course()
    assert [lv["id"] for s in w.course["sections"] if s["id"] == f"puzzles-{variant}"
            for lv in s["levels"]] == [p.id for p in puzzles]
    puzzle = puzzles[0]
    open_by_page(w, puzzle.id)
    best = learners_of(puzzle)[0]
    wrong = next(a for a in learn.actions.legal_actions(puzzle.game()) if a != best)
    expected = puzzle.game()
    puzzle.attempt(expected, wrong)
    send(w, page_message(wrong))
    result = w.course["result"]
    assert result == {"kind": "failed", "text": puzzle.failed(expected)}
    send(w, {"kind": "course", "do": "retry"})
    solve_by_page(w, puzzle)
    assert w.course["result"]["kind"] == "solved"
    send(w, {"kind": "course", "do": "next"})
    assert w.lesson.level is puzzles[1]
    open_by_page(w, puzzles[-1].id)
    solve_by_page(w, puzzles[-1])
    send(w, {"kind": "course", "do": "next"})  # the last puzzle: back to the map
    assert w.lesson.screen == "map"


def test_the_course_front_end_is_its_own_bundle(tmp_path: Any,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from spit_widget.widget import assets
    from spit_widget.widget.course import table as course_module

    monkeypatch.delenv("ANYWIDGET_HMR", raising=False)
    assert "spit-course" in course_module._esm()  # the built course, with the table inside
    assert ".spit-course-bar" in course_module._css()
    assert ".spit-root" in course_module._css()
    monkeypatch.setattr(assets, "STATIC", tmp_path)  # not built: a sentence says so
    assert course_module._esm() is assets.MISSING_BUNDLE


def test_the_course_uses_the_tables_public_seams_only() -> None:
    """The course's classes reach no private attribute they do not define themselves:
    the table's session, seats and match are reached through public names (a
    course that swapped a table's private parts broke whenever the table changed)."""
    import ast
    from pathlib import Path

    import spit_widget.widget.course as course_package

    folder = Path(course_package.__file__).parent
    for module, names in (("table.py", ("CourseWidget",)), ("seats.py", ("LessonSeats",)),
                          ("lesson.py", ("Lesson",)), ("match.py", ("LevelMatch",))):
        tree = ast.parse((folder / module).read_text(encoding="utf-8"))
        classes = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name in names]
        assert classes, (module, names)
        for cls in classes:
            defined = {f.name for f in cls.body if isinstance(f, ast.FunctionDef)}
            defined |= {t.target.id for t in cls.body
                        if isinstance(t, ast.AnnAssign) and isinstance(t.target, ast.Name)}
            used: set[str] = set()
            for node in ast.walk(cls):
                if isinstance(node, ast.Attribute) and node.attr.startswith("_") \
                        and not node.attr.startswith("__"):
                    if isinstance(node.ctx, ast.Store):
                        defined.add(node.attr)
                    else:
                        used.add(node.attr)
            assert used <= defined, f"{cls.name} reaches {sorted(used - defined)}"


def test_the_lesson_acts_through_the_sessions_public_methods_only() -> None:
    """A lesson deals, says and publishes through the session's public methods;
    it never reaches into the session's parts (its pauses, book or notices)."""
    import ast
    from pathlib import Path

    import spit_widget.widget.course as course_package
    from spit_widget.widget.session import Session

    tree = ast.parse((Path(course_package.__file__).parent / "lesson.py").read_text("utf-8"))
    used = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Attribute) and node.value.attr == "_session"}
    public = {name for name in dir(Session) if not name.startswith("_")}
    public |= {"send"}  # set in __init__: a small message to every view (a record, an ack)
    parts = {"pauses", "book", "notices", "feed", "reactions", "match", "seats"}
    assert used and used <= public - parts, sorted(used - (public - parts))


def test_the_course_is_a_table_with_lesson_seats(make_course: MakeCourse) -> None:
    """The course's widget class is a constructor: it adds no method of the
    table's and overrides none (the table never asks which seats it has)."""
    from spit_widget.widget import SpitWidget
    from spit_widget.widget.course import LessonSeats

    own = {name for name, value in vars(CourseWidget).items()
           if callable(value) and not name.startswith("__")}
    assert own <= {"_show_course", "_esm", "_css"}, own
    assert not {"hint", "new_game", "publish", "own_message"} & set(vars(CourseWidget))
    assert not hasattr(SpitWidget, "own_message")
    w = make_course()
    assert isinstance(w.session.seats, LessonSeats)


def test_every_course_request_has_one_handler_on_both_sides(make_course: MakeCourse) -> None:
    """The course bar's requests are declared once (protocol.CourseRequest); the
    lesson carries out each of them, and the page's buttons send no other."""
    import re
    from pathlib import Path

    from spit_widget.widget.protocol import COURSE_REQUESTS

    lesson = make_course().lesson
    assert sorted(lesson._actions()) == sorted(COURSE_REQUESTS)
    js = (Path(__file__).resolve().parents[2] / "js" / "course.js").read_text("utf-8")
    keys = re.search(r"COURSE_KEYS = \{([^}]*)\}", js)
    assert keys is not None
    # open names a level, download a typed name: buttons only, no key of their own
    assert set(re.findall(r'"(\w+)"', keys.group(1))) | {"open", "download"} == set(
        COURSE_REQUESTS)
