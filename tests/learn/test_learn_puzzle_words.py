"""What a puzzle says to the learner, kind by kind: its goal (with the counts and the face-down
cards it is about), why the answer is best, why another first move is not, its hint and the rules
it teaches. Each sentence is checked against the stored record it is made from."""

from __future__ import annotations

from typing import Any

import pytest

from spit_widget.engine import cards as C
from spit_widget.learn import actions as A
from spit_widget.learn import position
from spit_widget.learn.proofs import NEVER
from spit_widget.learn.puzzles import puzzle_level, records

RECORDS = records()
KINDS = {(r["family"], r["variant"]) for r in RECORDS}


def first(family: str, variant: str | None = None, **where: Any) -> dict[str, Any]:
    """The first stored puzzle of a kind (and whose values satisfy ``where``)."""
    for record in RECORDS:
        if record["family"] == family and variant in (None, record["variant"]):
            values = [v for _, v in record["values"]]
            if all(test(values) for test in where.values()):
                return record
    raise LookupError(f"no {family} puzzle like {where}")


def best(record: dict[str, Any]) -> int:
    return next(v for move, v in record["values"] if move == record["answer"])


def line(record: dict[str, Any]) -> str:
    return ", then ".join(A.describe(tuple(m)) for m in record["line"])


def face_down(record: dict[str, Any]) -> list[str]:
    """The cards under the learner's top cards, named."""
    piles = record["position"]["players"][0]["stock"]
    return [C.label(card) for pile in piles for card in pile[:-1]]


def test_the_stored_puzzles_hold_every_kind() -> None:
    assert {("run", "duel"), ("run", "classic"), ("deny", "duel"), ("only", "duel"),
                     ("only", "classic"), ("race", "duel"), ("slap", "classic")} == KINDS


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r["id"])
def test_the_goal_says_what_to_find_and_names_the_cards_it_is_about(
        record: dict[str, Any]) -> None:
    goal = puzzle_level(record).goal
    family, pos = record["family"], record["position"]
    opening = {
        "run": "Play as many cards in a row as you can: which move first?",
        "race": "Race the computer at Fast: it gets one card in after your first play. Which "
                "first play still lets you play the most cards?",
        "deny": "Play the card that leaves the computer nothing to play.",
        "only": "Only one action is allowed here: play the card that fits, or press "
                + ("Stuck" if record["variant"] == "duel" else "Spit!") + " if none does.",
        "slap": "Go out, then slap, and pick up as few cards as you can: which move first? "
                f"You hold {len(pos['players'][0]['spit'])} spit cards; the centre piles hold "
                f"{len(pos['centre'][0])} and {len(pos['centre'][1])}.",
    }[family]
    assert goal.startswith(opening), goal
    rest = goal[len(opening):]
    hidden = face_down(record)
    if family in ("deny", "only") or not hidden:
        assert rest == ""
    else:
        assert rest.startswith(" Face down: under ") and rest.endswith(".")
        for label in hidden:
            assert label in rest, (label, rest)


def test_a_slap_puzzle_counts_the_learners_spit_cards_not_the_computers() -> None:
    record = next(r for r in RECORDS if r["family"] == "slap"
                  and len(r["position"]["players"][0]["spit"])
                  != len(r["position"]["players"][1]["spit"]))
    mine = len(record["position"]["players"][0]["spit"])
    assert f"You hold {mine} spit cards;" in puzzle_level(record).goal


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r["id"])
def test_why_the_answer_is_best_gives_its_value_and_its_line(record: dict[str, Any]) -> None:
    why = puzzle_level(record).why
    value = best(record)
    expected = {
        "run": f"{value} cards in a row: {line(record)}.",
        "race": f"{value} cards for you even after the computer's best answer: {line(record)}.",
        "deny": f"After it none of the computer's cards fits a centre pile ({line(record)}).",
        "only": f"It was the one legal action: {line(record)}.",
        "slap": f"You go out and pick up {value} cards, the fewest possible: {line(record)}.",
    }[record["family"]]
    assert why == expected


def cards(count: int) -> str:
    return {0: "no card", 1: "1 card"}.get(count, f"{count} cards")


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r["id"])
def test_each_other_first_move_is_refuted_with_its_own_count(record: dict[str, Any]) -> None:
    refute = puzzle_level(record).refute
    top = best(record)
    others = [(tuple(m), v) for m, v in record["values"] if m != record["answer"]]
    assert set(refute) == {A.describe(m) for m, _ in others}
    for move, value in others:
        expected = {
            "run": f"that leads to {cards(value)} in a row at most; the best line plays "
                   f"{cards(top)}.",
            "race": f"once the computer answers, that leads to {cards(value)} at most; the best "
                    f"first play gets {cards(top)}.",
            "deny": f"after that the computer still has {value} "
                    + ("play." if value == 1 else "plays."),
            "slap": f"that leaves you {value} cards to pick up; the best leaves {top}.",
        }[record["family"]]
        assert refute[A.describe(move)] == expected


def test_a_deny_puzzle_counts_one_play_and_several_plays_apart() -> None:
    record = first("deny", one=lambda vs: 1 in vs)
    assert "after that the computer still has 1 play." in puzzle_level(record).refute.values()
    record = first("deny", two=lambda vs: 2 in vs)
    assert "after that the computer still has 2 plays." in puzzle_level(record).refute.values()


def test_a_slap_move_that_never_goes_out_says_so() -> None:
    record = dict(first("slap"))
    answer = record["answer"]
    record["values"] = [[m, NEVER if m != answer else v] for m, v in record["values"]]
    said = set(puzzle_level(record).refute.values())
    assert said == {"after that you cannot go out this round."}


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r["id"])
def test_the_hint_points_at_the_answers_card_except_in_an_only_puzzle(
        record: dict[str, Any]) -> None:
    hint = puzzle_level(record).hint
    assert hint is not None
    assert hint.sentence == {
        "run": "Look under the top cards: which play opens the next one?",
        "deny": "The computer's cards are face up: which pile would it use?",
        "race": "The computer plays after your first card: which of your piles would it block?",
        "only": "Check each top card against both piles, Ace and King included.",
        "slap": "Going out onto the bigger pile leaves the smaller one to slap.",
    }[record["family"]]
    answer = record["answer"]
    if record["family"] == "only":
        assert hint.card is None  # the card would give the answer away
    else:
        assert answer[0] in ("play", "move_to_empty") and hint.card == answer[2]
    assert hint.pile is None


def wraps(record: dict[str, Any]) -> bool:
    answer = record["answer"]
    top = record["position"]["centre"][answer[3]][-1]
    return {answer[2][0], top[0]} == {"A", "K"}


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r["id"])
def test_a_puzzle_teaches_the_rules_its_answer_uses(record: dict[str, Any]) -> None:
    rules = puzzle_level(record).rules
    family, answer = record["family"], record["answer"]
    if family == "run":
        moves = any(m[0] == "move_to_empty" for m in record["line"])
        assert rules == ("uncover", "adjacency", *(("move-to-empty",) if moves else ()))
    elif family == "only" and answer[0] in ("declare_stuck", "spit"):
        assert rules == (("stuck",) if record["variant"] == "duel" else ("spit-again",))
    elif family == "only":
        assert rules == (("wrap",) if wraps(record) else ("adjacency",))
    else:
        assert rules == {"deny": ("either-pile", "no-turns"),
                         "race": ("no-turns", "uncover", "adjacency"),
                         "slap": ("going-out", "slap")}[family]


def test_an_only_puzzle_whose_answer_wraps_teaches_the_wrap() -> None:
    # No stored puzzle is one yet; one found later would be: the Ace on the King.
    answer = ["play", 0, "AS", 0]
    record = {"id": "only-wrap", "variant": "duel", "family": "only", "answer": answer,
              "position": position("duel", you=["AS"], computer=["5C"], centre=["KD", "8S"]),
              "line": [answer], "values": [[answer, 1]]}
    level = puzzle_level(record)
    assert level.rules == ("wrap",)
    assert level.why == "It was the one legal action: play A♠ on the left pile."
    assert level.solution == (tuple(answer),)


def test_the_stored_puzzles_reach_each_kind_of_answer() -> None:
    only = {r["answer"][0] for r in RECORDS if r["family"] == "only"}
    assert {"play", "declare_stuck", "spit"} <= only
    assert any(m[0] == "move_to_empty" for r in RECORDS if r["family"] == "run"
               for m in r["line"])
