"""Refusals: every bad request raises IllegalMove (a ValueError) with a plain sentence
and leaves the game exactly as it was; and hand-made positions are checked."""

from __future__ import annotations

import pytest

from spit_widget import Action, Game, IllegalMove
from spit_widget.engine import cards as C

HUGE_INT = 10**5000  # too long for int -> str conversion in Python 3.11+
BAD_PLAYERS = [
    None,
    0.0,
    1.0,
    0.5,
    True,
    False,
    -1,
    2,
    99,
    HUGE_INT,
    -HUGE_INT,
    "0",
    "you",
    b"\x00",
    [0],
    (0,),
    {0: 0},
    {"player": 0},
    "x" * 100_000,
    float("nan"),
    float("inf"),
    1j,
    object(),
]
BAD_CARDS = [
    None,
    7,
    7.0,
    True,
    "XX",
    "1S",
    "10H",
    "7s",
    "s7",
    " 7S",
    "7S ",
    "",
    "7",
    "TDX",
    "\u26607",
    b"7S",
    ["7S"],
    ("7", "S"),
    {"7S": 1},
    {"card": "7S"},
    "7S" * 50_000,
    HUGE_INT,
    object(),
]
BAD_CENTRES = [None, -1, 2, 3, True, False, 0.0, 1.0, "0", [0], {0: 0}, HUGE_INT, -HUGE_INT]
BAD_SLOTS = [None, -1, 5, 6, True, False, 1.0, "1", [1], {1: 1}, HUGE_INT]


def short_id(value: object) -> str:
    """A test id for any value (``repr`` of a huge int raises in Python 3.11+); a bare
    object() by its type, as its repr carries an address that differs between processes
    (pytest-xdist's workers must collect the same ids)."""
    if type(value) is object:
        return "object()"
    try:
        return repr(value)[:24]
    except ValueError:
        return f"<huge {type(value).__name__}>"


def duel(table) -> Game:
    """A duel in progress: you can play 7S on the 6S; the computer cannot play, has
    declared stuck, and two spits have gone by without a play (a refusal that
    cleared these would show)."""
    return table(
        you=["8D 7S", "KC", "2H"],
        computer=["9H 2D", "3C"],
        centre=["6S", "JD"],
        you_spit="4S QS",
        computer_spit="4C QC",
        stuck=[False, True],
        fruitless_spits=2,
    )


def classic(table) -> Game:
    """A classic round: 7S can play or move into an empty slot."""
    return table(
        "classic",
        you=["8D 7S", "", "2H"],
        computer=["9H 2D", "3C"],
        centre=["6S", "JD"],
        you_spit="4S QS",
        computer_spit="4C QC",
    )


# ---------------------------------------------------------- malformed input


@pytest.mark.parametrize("bad", BAD_PLAYERS, ids=short_id)
@pytest.mark.parametrize("variant", ["duel", "classic"])
def test_bad_player_is_refused_everywhere(table, refused, variant: str, bad: object) -> None:
    g = duel(table) if variant == "duel" else classic(table)
    refused(g, g.play, bad, "7S", 0)
    refused(g, g.declare_stuck, bad)
    refused(g, g.move_to_empty, bad, "7S", 1)
    refused(g, g.slap, bad, 0)
    refused(g, g.legal_plays, bad)
    refused(g, g.legal_moves_to_empty, bad)
    refused(g, g.cards_left, bad)
    refused(g, g.stock_tops, bad)
    refused(g, g.hint, bad)
    refused(g, g.apply, Action("play", bad, "7S", 0))  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", BAD_CARDS, ids=short_id)
@pytest.mark.parametrize("variant", ["duel", "classic"])
def test_bad_card_is_refused(table, refused, variant: str, bad: object) -> None:
    g = duel(table) if variant == "duel" else classic(table)
    message = refused(g, g.play, 0, bad, 0)
    assert len(message) < 400, "the refusal quotes a long value only in part"
    refused(g, g.move_to_empty, 0, bad, 1)
    refused(g, g.apply, ["play", 0, bad, 0])


@pytest.mark.parametrize("bad", BAD_CENTRES, ids=short_id)
def test_bad_centre_pile_is_refused(table, refused, bad: object) -> None:
    g = duel(table)
    assert "centre pile" in refused(g, g.play, 0, "7S", bad)
    refused(g, g.needs, bad)
    refused(g, g.apply, ("play", 0, "7S", bad))


@pytest.mark.parametrize("bad", BAD_SLOTS, ids=short_id)
def test_bad_slot_is_refused(table, refused, bad: object) -> None:
    g = classic(table)
    assert "slot" in refused(g, g.move_to_empty, 0, "7S", bad)


@pytest.mark.parametrize(
    "bad",
    [
        None,
        "play",
        "spit",
        42,
        [],
        (),
        {},
        {"kind": "spit"},
        ["fly", 0, "7S", 0],
        ("PLAY", 0, "7S", 0),
        ("play", 0, "7S", 0, 0),
        ("play",),
        ("play", 0),
        ("play", 0, "7S"),
        ("move", 0, "7S"),
        ("slap", 0),
        [[]],
        [{}],
        [None],
        [HUGE_INT],
        [[HUGE_INT], 0],
        b"spit",
    ],
    ids=short_id,
)
@pytest.mark.parametrize("variant", ["duel", "classic"])
def test_malformed_actions_are_refused(table, refused, variant: str, bad: object) -> None:
    g = duel(table) if variant == "duel" else classic(table)
    refused(g, g.apply, bad)


# ---------------------------------------------------------- cards in the wrong place


@pytest.mark.parametrize("variant", ["duel", "classic"])
@pytest.mark.parametrize(
    ("player", "card", "why"),
    [
        (0, "8D", "face down"),
        (0, "2D", "computer's card"),
        (0, "9H", "hidden"),
        (0, "QS", "spit pile"),
        (0, "4C", "hidden"),
        (0, "6S", "centre pile"),
        (0, "JD", "centre pile"),
        (0, "AH", "not in this game"),
        (1, "7S", "your card"),
        (1, "9H", "face down"),
        (1, "QC", "spit pile"),
        (1, "6S", "centre pile"),
    ],
)
def test_cards_you_cannot_play_are_refused_with_the_reason(
    table, refused, variant: str, player: int, card: str, why: str
) -> None:
    g = duel(table) if variant == "duel" else classic(table)
    for c in (0, 1):
        message = refused(g, g.play, player, card, c)
        assert why in message
        assert C.label(card) in message


def test_a_card_that_does_not_fit_is_refused_saying_what_the_pile_needs(table, refused) -> None:
    g = duel(table)
    message = refused(g, g.play, 0, "2H", 0)
    assert "needs 5 or 7" in message
    message = refused(g, g.play, 0, "7S", 1)
    assert "needs 10 or Q" in message


def test_classic_moves_refuse_other_cards(table, refused) -> None:
    g = classic(table)
    assert "face down" in refused(g, g.move_to_empty, 0, "8D", 1)
    refused(g, g.move_to_empty, 0, "2D", 1)
    refused(g, g.move_to_empty, 0, "QS", 1)
    refused(g, g.move_to_empty, 0, "6S", 1)
    refused(g, g.move_to_empty, 1, "7S", 2)


def test_a_play_on_an_empty_centre_pile_is_refused(table, refused) -> None:
    g = table(you=["7S"], computer=["2H"], centre=["", "JD"])
    assert "empty" in refused(g, g.play, 0, "7S", 0)


# ----------------------------------------------------------- after the game


@pytest.mark.parametrize("variant", ["duel", "classic"])
def test_every_action_after_the_game_ends_is_refused(table, refused, variant: str) -> None:
    g = table(
        variant, you=["7S"], computer=["5D", "8H"], centre=["6S", "JD"], computer_spit="4C QC"
    )
    g.play(0, "7S", 0)
    assert g.status == "game_over"
    for card in ("5D", "8H"):
        for c in (0, 1):
            assert "over" in refused(g, g.play, 1, card, c)
    refused(g, g.declare_stuck, 0)
    refused(g, g.declare_stuck, 1)
    refused(g, g.spit)
    refused(g, g.move_to_empty, 1, "8H", 2)
    refused(g, g.slap, 0, 0)
    refused(g, g.slap, 1, 1)
    refused(g, g.apply, Action("spit"))
    assert g.legal_plays(1) == [] and g.legal_moves_to_empty(1) == []


# ----------------------------------------------------------------- slaps


def test_slap_when_the_round_is_not_over_is_refused(table, refused) -> None:
    g = classic(table)
    for p in (0, 1):
        for c in (0, 1):
            refused(g, g.slap, p, c)


def test_slap_by_the_wrong_player_and_on_a_bad_pile_is_refused(table, refused) -> None:
    g = table(
        "classic",
        you=["7S"],
        computer=["5D"],
        centre=["6S", "JD TD"],
        you_spit="4S",
        computer_spit="4C",
    )
    g.play(0, "7S", 0)
    assert g.status == "round_over"
    refused(g, g.slap, 1, 0)
    refused(g, g.slap, 1, 1)
    for bad in BAD_CENTRES:
        refused(g, g.slap, 0, bad)
    assert refused(g, g.slap, 0, 2) == "There is no centre pile 2; the centre piles are 0, 1."
    # both piles hold 2 cards: either may be slapped
    g.slap(0, 1)
    assert g.status in ("playing", "game_over")


def test_a_refusal_is_a_value_error() -> None:
    assert issubclass(IllegalMove, ValueError)


# --------------------------------------------------------- positions by hand


def test_from_dict_accepts_just_the_contract_keys_and_a_partial_deck() -> None:
    g = Game.from_dict(
        {
            "version": 1,
            "variant": "duel",
            "players": [
                {"stock": [["7S"], [], [], [], []], "spit": ["QC", "4H"]},
                {"stock": [["9D", "2H"], [], [], [], []], "spit": []},
            ],
            "centre": [["6S"], ["JD"]],
        }
    )
    assert g.status == "playing"
    assert g.legal_plays(0) == [("7S", 0)]
    assert g.cards_left(0) == 3 and g.cards_left(1) == 2
    assert len(g.all_cards()) == 7


def test_from_dict_accepts_a_short_round_with_one_centre_pile() -> None:
    g = Game.from_dict(
        {
            "version": 1,
            "variant": "classic",
            "players": [
                {"stock": [["7S"], [], [], [], []], "spit": []},
                {"stock": [["9D"], [], [], [], []], "spit": ["QC", "4H"]},
            ],
            "centre": [["6S"]],
        }
    )
    assert g.spitter == [1]
    assert g.legal_plays(0) == [("7S", 0)]
    assert g.pile_name(0) == "the centre pile"


def _position(**changes: object) -> dict:
    data: dict = {
        "version": 1,
        "variant": "duel",
        "players": [
            {"stock": [["7S"], [], [], [], []], "spit": ["QC"]},
            {"stock": [["9D"], [], [], [], []], "spit": ["4H"]},
        ],
        "centre": [["6S"], ["JD"]],
    }
    data.update(changes)
    return data


@pytest.mark.parametrize(
    "data",
    [
        _position(centre=[["6S"], ["7S"]]),  # a stock card again on the centre
        _position(centre=[["6S", "6S"], ["JD"]]),  # twice in one pile
        _position(
            players=[
                {"stock": [["7S"], [], [], [], []], "spit": ["QC"]},
                {"stock": [["9D"], [], [], [], []], "spit": ["QC"]},
            ]
        ),
    ],
)
def test_from_dict_refuses_a_card_that_appears_twice(data: dict) -> None:
    with pytest.raises(ValueError, match="more than once"):
        Game.from_dict(data)


def _outcome(**changes: object) -> dict:
    outcome = {"termination": "stalemate", "winner": 0, "cards_left": [1, 1], "text": "x"}
    outcome.update(changes)
    return _position(status="game_over", outcome=outcome)


MALFORMED = {
    "none": None,
    "list": [],
    "string": "duel",
    "version 2": _position(version=2),
    "unknown variant": _position(variant="speed"),
    "no players": _position(players=[]),
    "players a string": _position(players="ab"),
    "duel with one centre pile": _position(centre=[["6S"]]),
    "no centre": _position(centre=[]),
    "three centre piles": _position(centre=[["6S"], ["JD"], []]),
    "not a card": _position(centre=[["6S"], ["XX"]]),
    "pile a string": _position(centre=[["6S"], "JD"]),
    "one stock pile": _position(players=[{"stock": [["7S"]], "spit": []}, {"stock": [[]] * 5}]),
    "spit a string": _position(players=[{"stock": [[]] * 5, "spit": "QC"}, {"stock": [[]] * 5}]),
    "stuck not bools": _position(stuck=[0, 1]),
    "unknown status": _position(status="won"),
    "status a list": _position(status=["playing"]),
    "round 0": _position(round=0),
    "seed a string": _position(seed="7"),
    "max_rounds 0": _position(variant="classic", max_rounds=0),
    "max_rounds on a duel": _position(max_rounds=3),
    "game_over without outcome": _position(status="game_over"),
    "outcome missing keys": _position(status="game_over", outcome={"termination": "stalemate"}),
    "cards_left a number": _outcome(cards_left=5),
    "cards_left words": _outcome(cards_left=["a"]),
    "cards_left three": _outcome(cards_left=[1, 2, 3]),
    "winner 7": _outcome(winner=7),
    "winner True": _outcome(winner=True),
    "text a number": _outcome(text=5),
    "duel round_over": _position(status="round_over", went_out=0),
    "round_over without went_out": _position(variant="classic", status="round_over"),
}


@pytest.mark.parametrize("data", list(MALFORMED.values()), ids=list(MALFORMED))
def test_from_dict_refuses_malformed_positions_with_a_value_error(data: object) -> None:
    with pytest.raises(ValueError) as info:
        Game.from_dict(data)  # type: ignore[arg-type]
    assert str(info.value)
