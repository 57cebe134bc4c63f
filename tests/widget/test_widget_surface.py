"""What a notebook user and the page see of the widget: the state's documented shape, the
Python methods' answers, what the status line says, the inspection tables."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from page import send

from spit_widget import Game
from spit_widget.engine import Hint
from spit_widget.widget.inspection import card_counts, event_table, reaction_summary

PROTOCOL = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


def documented_keys() -> tuple[set[str], set[str]]:
    """The top-level keys of the documented `state`, and every key named anywhere in it."""
    block = PROTOCOL.read_text(encoding="utf-8").split("```json")[1].split("```")[0]
    every = set(re.findall(r'"(\w+)":', block))
    top = set(re.findall(r'^  "(\w+)":', block, flags=re.MULTILINE))
    return top, every


def keys_in(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys_in(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys_in(v)}
    return set()


@pytest.mark.parametrize("variant", ["duel", "classic"])
def test_the_state_has_the_documented_shape_for_the_page(make_widget: Any, variant: str) -> None:
    w = make_widget(variant=variant, seed=4, ai=None)
    w.hint()  # a message in the state too
    top, every = documented_keys()
    state = w.state
    # `pace_note` is there only while the computer is adjusted for a far connection
    # (tests/widget/test_network.py); a table beside its kernel never sends it.
    assert set(state) == top - {"pace_note"}
    drawn = keys_in({k: v for k, v in state.items() if k != "stats"})  # stats: their own module
    # Beside the example: an event's seq, note and pile count; a message's view and seat (the
    # two-people section of the same document).
    extra = {"seq", "note", "single_centre", "id", "view", "seat"}
    assert drawn - extra <= every, drawn - every
    json.dumps(state)  # the page gets plain JSON
    assert [p["name"] for p in state["players"]] == ["You", "Computer"]
    assert all(len(p["stock"]) == 5 for p in state["players"])


def test_the_state_says_whom_you_play_and_whether_the_table_takes_moves(make_widget: Any) -> None:
    w = make_widget(seed=2, ai="greedy")
    assert w.state["opponent"] == "greedy"
    assert w.state["readonly"] is False
    shown = make_widget(seed=2, readonly=True)
    assert shown.state["readonly"] is True and shown.state["paused"] is True
    assert shown.state["opponent"] is None
    before = shown.game.to_dict()
    card, centre = shown.game.legal_plays(0)[0] if shown.game.legal_plays(0) else ("7S", 0)
    state = send(shown, {"kind": "play", "card": card, "centre": centre, "id": 3})
    assert state["message"]["text"] == "This table only shows a game: it takes no moves."
    assert shown.game.to_dict() == before


def test_methods_answer_with_what_happened(make_widget: Any) -> None:
    game = Game.position("classic", you=["6S", "KC"], computer=["9S"], fill=True,
                         centre=["2C 3C 4C 5H", "9H TH"], you_spit="2S 3S",
                         computer_spit="4D 5D")
    w = make_widget(game=game, ai=None)
    hint = w.hint()
    assert isinstance(hint, Hint) and hint.action is not None and hint.action.card == "6S"
    message = w.state["message"]
    assert message["kind"] == "hint" and message["text"] == hint.text
    assert (message["card"], message["centre"]) == ("6S", 0)
    events = w.play("6S", 0)
    assert [(e.kind, e.card, e.centre) for e in events] == [("play", "6S", 0)]
    assert w.state["centre"][0]["top"] == "6S"


def test_slap_returns_the_events_and_the_round_goes_on(make_widget: Any) -> None:
    game = Game.position("classic", you=["6S"], computer=["9S", "KC"], fill=True,
                         centre=["2C 3C 4C 5H", "9H TH"], you_spit="2S 3S", computer_spit="4D 5D")
    w = make_widget(game=game, ai=None)
    w.play("6S", 0)
    assert w.state["you"]["slap"] == [1]
    events = w.slap(1)
    assert [e.kind for e in events][:2] == ["slap", "deal"]
    assert w.state["round"] == 2


def test_move_returns_the_events(make_widget: Any) -> None:
    game = Game.position("classic", you=["7S", "2D 9D", ""], computer=["8C", "KH"],
                         centre=["6H", "JD"], you_spit="2S", computer_spit="2H")
    w = make_widget(game=game, ai=None)
    events = w.move("9D", 2)
    assert events[0].kind == "move" and events[0].card == "9D"
    assert w.state["players"][0]["stock"][2] == {"top": "9D", "count": 1}


def test_every_message_gets_a_new_number_so_the_page_shows_a_repeat(make_widget: Any) -> None:
    w = make_widget(seed=3, ai=None)
    seqs = []
    for i in range(3):
        send(w, {"kind": "play", "card": "XX", "centre": 0, "id": i})
        seqs.append(w.state["message"]["seq"])
    assert seqs == [seqs[0], seqs[0] + 1, seqs[0] + 2]


def test_play_again_records_the_next_game_too(make_widget: Any) -> None:
    w = make_widget(seed=1, ai="greedy")  # no event loop here: step() moves the computer
    for game_number in (1, 2):
        for _ in range(5000):
            if w.game.status == "game_over":
                break
            mine = [a for a in w.game.legal_actions() if a.player in (0, None)]
            if mine:
                act(w, mine[0])
            else:
                w.step()
        assert w.state["stats"]["games"] == game_number
        w.new_game(seed=game_number + 1)
        assert w.state["status"] == "playing" and w.state["outcome"] is None


def act(w: Any, action: Any) -> None:
    """Your action through the widget's own methods, as a notebook user calls them."""
    kind, _, card, target = action
    calls = {"play": lambda: w.play(card, target), "move": lambda: w.move(card, target),
             "stuck": w.stuck, "spit": w.spit, "slap": lambda: w.slap(target)}
    calls[kind]()


def test_play_again_replaces_the_computer(make_widget: Any) -> None:
    w = make_widget(seed=1, ai="greedy")
    old = w.match
    w.new_game(seed=2)
    assert w.match is not old and not old.running
    assert old.game is not w.game


@pytest.mark.parametrize(
    ("setup", "text"),
    [
        ({"you": ["2C"], "computer": ["9D"]}, "None of your cards fits: press Stuck"),
        ({"you": ["7S"], "computer": ["9D"]}, "Your move"),
    ],
)
def test_the_status_line_says_what_to_do(make_widget: Any, setup: dict[str, Any],
                                         text: str) -> None:
    game = Game.position("duel", centre=["6H", "JD"], you_spit="2S", computer_spit="2H",
                         **setup)
    w = make_widget(game=game, ai=None)
    assert w.state["status_text"] == text


def test_the_status_line_follows_stuck_in_a_duel(make_widget: Any) -> None:
    game = Game.position("duel", you=["2C"], computer=["9D", "7S"], centre=["6H", "JD"],
                         you_spit="2S 3S", computer_spit="2H 3H")
    w = make_widget(game=game, ai=None)
    w.stuck()
    assert w.state["status_text"] == "You're stuck: waiting for the computer to be stuck too"
    assert w.state["players"][0]["stuck"] is True


def test_inspection_tables_read_the_game() -> None:
    game = Game.position("duel", you=["2C 7S"], computer=["9D"], centre=["6H", "JD"],
                         you_spit="2S", computer_spit="2H")
    game.apply(("play", 0, "7S", 0))
    log = event_table(game.events).records()
    assert log[0]["who"] == "you" and log[0]["card"] == "7S" and log[0]["centre"] == 0
    assert len(event_table(game.events, last=1)) == 1
    counts = card_counts(game).records()
    assert counts[0] == {"whose": "you", "place": "stock 1", "cards": 1}
    assert counts[5] == {"whose": "you", "place": "spit pile", "cards": 1}
    assert counts[-1]["place"] == "total" and counts[-1]["cards"] == len(game.all_cards())
    html = card_counts(game)._repr_html_()
    assert html.startswith("<table><thead><tr><th>whose</th>") and "<td>stock 1</td>" in html
    summary = reaction_summary([0.5, 0.2, 0.9]).records()[0]
    assert summary == {"count": 3, "median s": 0.5, "fastest s": 0.2, "slowest s": 0.9}
    rounded = reaction_summary([0.12345, 0.23456, 0.34567]).records()[0]
    assert rounded == {"count": 3, "median s": 0.235, "fastest s": 0.123, "slowest s": 0.346}
    assert reaction_summary([]).records() == [
        {"count": 0, "median s": "", "fastest s": "", "slowest s": ""}]


def test_play_again_after_a_pause_plays_on(make_widget: Any) -> None:
    w = make_widget(seed=1, ai=None)
    w.pause()
    assert w.state["paused"] is True
    w.new_game(seed=2)
    assert w.paused is False and w.state["paused"] is False
    assert w.state["you"]["plays"] == [list(p) for p in w.game.legal_plays(0)]


def test_a_move_hint_points_at_a_card_not_at_a_centre_pile(make_widget: Any) -> None:
    game = Game.position("classic", you=["2C 9C", "", "KS"], computer=["7S"],
                         centre=["6H", "6D"], fill=True, you_spit="2S 3S", computer_spit="2H 3H")
    w = make_widget(game=game, ai=None)
    hint = w.hint()
    assert hint.action is not None and hint.action.kind == "move"
    message = w.state["message"]
    assert message["card"] == "9C" and message["centre"] is None


SPITS = {"you_spit": "2S 3S", "computer_spit": "2H 3H"}


def test_the_status_line_through_a_classic_round(make_widget: Any) -> None:
    stuck = Game.position("classic", you=["KS"], computer=["9C"], centre=["6H", "6D"],
                          fill=True, **SPITS)
    w = make_widget(game=stuck, ai=None)
    assert w.state["status_text"] == "Both stuck"
    assert w.state["you"]["can_spit"] is True and w.state["you"]["spit_label"] == "Spit!"
    waiting = Game.position("classic", you=["KS"], computer=["7S"], centre=["6H", "6D"],
                            fill=True, **SPITS)
    w = make_widget(game=waiting, ai=None)
    assert w.state["status_text"] == "None of your cards fits: the computer can play"
    assert w.state["you"]["can_spit"] is False
    w.pause()
    assert w.state["status_text"] == "Paused"


def test_the_status_line_when_someone_goes_out(make_widget: Any) -> None:
    table = dict(fill=True, centre=["2C 3C 4C 5H", "9H TH"], you_spit="2S 3S",
                 computer_spit="4D 5D")
    you_out = Game.position("classic", you=["6S"], computer=["9S", "KC"], **table)
    w = make_widget(game=you_out, ai=None)
    w.play("6S", 0)
    assert w.state["status_text"] == "You went out: slap the smaller centre pile!"
    it_out = Game.position("classic", you=["9S", "KC"], computer=["6S"], **table)
    w = make_widget(game=it_out, ai="greedy")
    w.step()
    assert w.state["status_text"] == "The computer went out and slaps the smaller pile."
    assert w.state["you"]["slap"] == []


def test_the_status_line_when_the_computer_is_stuck_in_a_duel(make_widget: Any) -> None:
    game = Game.position("duel", you=["7S", "KC"], computer=["2D"], centre=["6H", "JD"], **SPITS)
    w = make_widget(game=game, ai="greedy")
    w.step()
    assert w.game.stuck[1]
    assert w.state["status_text"] == "The computer is stuck"
    assert w.state["players"][1]["stuck"] is True


def test_closing_the_round_summary_ends_the_computers_wait(make_widget: Any) -> None:
    """The page's click on the interlude reaches the computer, which waits for
    the same summary; nothing in the game changes and nothing is refused."""
    w = make_widget(variant="classic", seed=5)
    closed: list[bool] = []
    w.match.end_interlude = lambda: closed.append(True)
    before = w.game.to_dict()
    w._handle_custom_msg({"kind": "end_interlude"}, [])
    assert closed == [True]
    assert w.state["message"] is None
    assert w.game.to_dict() == before
