"""Cards: the deck, the circular rank order (suits ignored), names, seeded shuffles."""

from __future__ import annotations

import random

import pytest

from spit_widget.engine import cards as C


def test_deck_is_52_distinct_cards_13_ranks_by_4_suits() -> None:
    assert len(C.DECK) == 52
    assert len(set(C.DECK)) == 52
    assert {card[0] for card in C.DECK} == set("A23456789TJQK")
    assert {card[1] for card in C.DECK} == set("SHDC")
    assert "TD" in C.DECK and "10D" not in C.DECK


@pytest.mark.parametrize(
    ("card", "on"),
    [
        ("6H", "7S"),  # one down
        ("8S", "7S"),  # one up, same suit
        ("2H", "AS"),  # 2 on an ace
        ("KH", "AS"),  # king on an ace (wrap)
        ("AD", "KC"),  # ace on a king (wrap)
        ("QD", "KC"),  # queen on a king
        ("9C", "TD"),
        ("JC", "TD"),
        ("TH", "JC"),
    ],
)
def test_one_rank_up_or_down_fits_whatever_the_suit(card: str, on: str) -> None:
    assert C.fits(card, on)
    assert C.fits(on, card)  # the relation is symmetric
    for suit in "SHDC":
        assert C.fits(card[0] + suit, on)


@pytest.mark.parametrize(
    ("card", "on"),
    [
        ("7H", "7S"),  # same rank
        ("9S", "7S"),  # two up
        ("5S", "7S"),  # two down
        ("QH", "AS"),  # the ace takes K or 2, not Q
        ("3H", "AS"),
        ("2H", "KS"),  # the king takes Q or A, not 2
        ("JH", "KS"),
    ],
)
def test_other_ranks_do_not_fit(card: str, on: str) -> None:
    assert not C.fits(card, on)


def test_every_card_takes_exactly_the_eight_cards_of_its_two_neighbour_ranks() -> None:
    order = "A23456789TJQK"
    for on in C.DECK:
        i = order.index(on[0])
        expected = {order[(i - 1) % 13] + s for s in "SHDC"} | {
            order[(i + 1) % 13] + s for s in "SHDC"
        }
        assert set(C.ADJACENT[on]) == expected
        assert {card for card in C.DECK if C.fits(card, on)} == expected


@pytest.mark.parametrize(
    ("card", "ranks"),
    [
        ("7S", ("6", "8")),
        ("AS", ("K", "2")),
        ("KH", ("Q", "A")),
        ("TD", ("9", "J")),
        ("2C", ("A", "3")),
    ],
)
def test_neighbour_ranks(card: str, ranks: tuple[str, str]) -> None:
    assert C.neighbour_ranks(card) == ranks


def test_names_a_player_reads() -> None:
    assert C.label("TD") == "10\u2666"
    assert C.label("7S") == "7\u2660"
    assert C.label("QH") == "Q\u2665"
    assert C.long_name("TD") == "ten of diamonds"
    assert C.long_name("AC") == "ace of clubs"
    assert C.rank_label("T") == "10"
    assert C.rank_label("K") == "K"


@pytest.mark.parametrize(
    "value",
    ["XX", "1S", "10H", "7s", " 7S", "7S ", "", "7", "TDX", None, 7, ["7S"], ("7", "S"), b"7S"],
)
def test_is_card_refuses_anything_but_the_52_cards(value: object) -> None:
    assert not C.is_card(value)


def test_is_card_accepts_every_card() -> None:
    assert all(C.is_card(card) for card in C.DECK)


def test_seeded_shuffle_is_a_repeatable_permutation() -> None:
    a = C.shuffled_deck(random.Random(3))
    b = C.shuffled_deck(random.Random(3))
    c = C.shuffled_deck(random.Random(4))
    assert a == b
    assert a != c
    assert sorted(a) == sorted(C.DECK)
    assert a != list(C.DECK)


def test_missing_and_repeated() -> None:
    cards = [*C.DECK[2:], "5H"]
    missing, repeated = C.missing_and_repeated(cards)
    assert missing == {C.DECK[0], C.DECK[1]}
    assert repeated == {"5H"}
    assert C.missing_and_repeated(list(C.DECK)) == (set(), set())


@pytest.mark.parametrize("size", [0, 1, 2, 5, 17, 26, 52])
def test_the_engine_shuffle_orders_cards_as_random_shuffle_does(size: int) -> None:
    """Seeded deals and every later round's reshuffle depend on it: the same
    generator state must give the same order as the standard library's, and
    leave the generator where the standard library would (two hands are
    shuffled one after the other from one generator)."""
    for seed in range(300):
        ours, theirs = random.Random(f"spit/{seed}/2"), random.Random(f"spit/{seed}/2")
        mine, stdlib = list(C.DECK[:size]), list(C.DECK[:size])
        for _ in range(2):
            C.shuffle(ours, mine)
            theirs.shuffle(stdlib)
            assert mine == stdlib
        assert ours.getstate() == theirs.getstate()
