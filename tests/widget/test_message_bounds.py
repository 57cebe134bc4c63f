"""The limits on what a page message may carry, at their edges: the refusal a player reads on
either side of each limit, and the game untouched."""

from __future__ import annotations

from typing import Any

import pytest
from page import send


@pytest.mark.parametrize(
    ("content", "text"),
    [
        ({"kind": "play", "card": "7S", "centre": 100},
         "The centre pile should be a small whole number, not 100."),
        ({"kind": "play", "card": "7S", "centre": -1},
         "The centre pile should be a small whole number, not -1."),
        ({"kind": "play", "card": "7S", "centre": 99},
         "There is no centre pile 99; the centre piles are 0, 1."),
        ({"kind": "play", "card": "7S", "centre": True},
         "The centre pile should be a small whole number, not True."),
        ({"kind": "move", "card": "7S", "slot": 100},
         "The slot should be a small whole number, not 100."),
        ({"kind": "slap", "centre": 100},
         "The centre pile should be a small whole number, not 100."),
        ({"kind": "play", "card": "ABCDEFGHI", "centre": 0},
         "That play names no card ('ABCDEFGHI')."),
        ({"kind": "play", "card": "ABCDEFGH", "centre": 0},
         "'ABCDEFGH' is not a card: write the rank (A 2-9 T J Q K) then the suit (S H D C), "
         "like '7S' or 'TD'."),
        ({"kind": "play", "centre": 0}, "That play is missing its card."),
        ({"kind": "move", "card": "7S"}, "That move is missing its slot."),
        ({"kind": "pace", "pace": "p" * 41}, f"That pace is not a name ('{'p' * 29})."),  # cut
        ({"kind": "pace", "pace": 3}, "That pace is not a name (3)."),
        ({"kind": "visibility", "hidden": "yes"},
         "The page's visibility report should say true or false."),
        ({"kind": "teleport"}, "Unknown request 'teleport' from the page; it was ignored."),
        ([1, 2], "The page sent something that is not a message; it was ignored."),
    ],
)
def test_a_message_past_a_limit_is_refused_with_a_reason(make_widget: Any, content: Any,
                                                         text: str) -> None:
    w = make_widget(seed=4, ai=None)
    before = w.game.to_dict()
    state = send(w, content)
    assert state["message"]["kind"] == "refused"
    assert state["message"]["text"] == text
    assert w.game.to_dict() == before


def test_a_pace_name_at_the_limit_is_looked_up(make_widget: Any) -> None:
    w = make_widget(seed=4, ai=None)
    state = send(w, {"kind": "pace", "pace": "p" * 40})
    assert state["message"]["text"].startswith(f"Duel has no pace '{'p' * 40}'; choose one of")
    assert send(w, {"kind": "pace", "pace": "fast"})["pace"] == "fast"
