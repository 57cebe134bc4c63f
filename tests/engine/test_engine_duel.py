"""The deal, the play rules shared by both variants, the duel's own rules (rules-duel.txt),
and the teaching helpers; each on a table set up by hand, checking what a player notices."""

from __future__ import annotations

import pytest

from spit_widget import Action, Game
from spit_widget.engine import cards as C

# ---------------------------------------------------------------------- deal


@pytest.mark.parametrize("variant", ["duel", "classic"])
def test_deal_26_each_in_stock_piles_of_one_to_five_and_a_spit_pile(variant: str) -> None:
    g = Game(variant, seed=11)
    d = g.to_dict()
    assert d["status"] == "playing"
    assert sorted(g.all_cards()) == sorted(C.DECK)
    for p, player in enumerate(d["players"]):
        assert [len(pile) for pile in player["stock"]] == [1, 2, 3, 4, 5]
        # 11 spit cards, one of which is already on the centre after the opening spit
        assert len(player["spit"]) == 10
        assert g.spit_cards(p) == 10
        assert g.cards_left(p) == 25
        held = [c for pile in player["stock"] for c in pile] + player["spit"] + d["centre"][p]
        assert len(held) == len(set(held)) == 26
    assert [len(pile) for pile in d["centre"]] == [1, 1]


@pytest.mark.parametrize("variant", ["duel", "classic"])
def test_opening_spit_puts_each_players_card_on_their_own_centre_pile(variant: str) -> None:
    g = Game(variant, seed=12)
    spits = [e for e in g.events if e.kind == "spit"]
    assert [(e.player, e.centre) for e in spits] == [(0, 0), (1, 1)]
    assert [e.card for e in spits] == [g.centre[0][-1], g.centre[1][-1]]
    assert g.centre_tops() == [spits[0].card, spits[1].card]


def test_only_top_cards_are_face_up() -> None:
    g = Game("duel", seed=13)
    for p in (0, 1):
        tops = g.stock_tops(p)
        assert tops == [pile[-1] for pile in g.stock[p]]
        assert {card for card, _ in g.legal_plays(p)} <= set(tops)
    # the table drawing hides everything under the tops: pile 5 shows 4 backs and its top
    top5 = C.label(g.stock[0][4][-1])
    assert f"[####{top5}]" in repr(g)
    hidden = [card for p in (0, 1) for pile in g.stock[p] for card in pile[:-1]]
    hidden += g.spit_piles[0] + g.spit_piles[1]
    assert len(hidden) == 40
    assert not [card for card in hidden if C.label(card) in repr(g)]


def test_a_tall_pile_is_drawn_with_four_backs_at_most() -> None:
    g = Game.position("duel", you=[["2C", "3C", "4C", "5C", "6C", "7C", "9D"]], computer=["4D"],
                      centre=["6H", "5D"], you_spit="2S", computer_spit="2H")
    assert "[####9♦]" in repr(g)


def test_a_filled_teaching_position_keeps_the_seed_it_was_shuffled_with() -> None:
    g = Game.position("duel", you=["7S"], computer=["4D"], centre=["6H", "5D"], fill=True, seed=5)
    assert g.seed == 5
    assert Game.replay(g.record()).to_dict() == g.to_dict()


def test_seeded_deal_is_repeatable_and_different_seeds_differ() -> None:
    assert Game("duel", seed=5).to_dict() == Game("duel", seed=5).to_dict()
    assert Game("classic", seed=5).to_dict() == Game("classic", seed=5).to_dict()
    layouts = {str(Game("duel", seed=s).to_dict()["players"]) for s in range(10)}
    assert len(layouts) == 10


def test_unseeded_games_differ() -> None:
    layouts = {str(Game("duel").to_dict()["players"]) for _ in range(5)}
    assert len(layouts) > 1


def test_max_rounds_is_refused_on_a_duel() -> None:
    with pytest.raises(ValueError):
        Game("duel", seed=1, max_rounds=3)


@pytest.mark.parametrize("bad", ["speed", "", None, 3, "Duel"])
def test_unknown_variant_refused(bad: object) -> None:
    with pytest.raises(ValueError):
        Game(bad, seed=1)  # type: ignore[arg-type]


# ------------------------------------------------------------ ranks and fits

FITS = [
    ("7S", "6H", True),
    ("7S", "8D", True),
    ("7S", "8S", True),  # suit ignored, even the same suit
    ("7S", "7H", False),
    ("7S", "9C", False),
    ("7S", "5C", False),
    ("AS", "2H", True),  # 2 on an ace
    ("AS", "KH", True),  # K on an ace
    ("KS", "AH", True),  # A on a king
    ("KS", "QH", True),  # Q on a king
    ("AS", "QH", False),
    ("KS", "2H", False),
    ("TS", "9H", True),
    ("TS", "JH", True),
]


@pytest.mark.parametrize("centre", [0, 1])
@pytest.mark.parametrize(("top", "card", "ok"), FITS)
def test_one_rank_up_or_down_on_either_centre_pile(
    table, refused, top: str, card: str, ok: bool, centre: int
) -> None:
    other = "4C" if top[0] not in "345" else "JC"
    piles = [top, other] if centre == 0 else [other, top]
    g = table(you=[card, "4D 5D"], computer=["3C"], centre=piles)
    assert ((card, centre) in g.legal_plays(0)) is ok
    if ok:
        g.play(0, card, centre)
        assert g.centre[centre] == [top, card]
        assert g.stock[0][0] == []
        assert g.events[-1].kind == "play" and g.events[-1].card == card
    else:
        message = refused(g, g.play, 0, card, centre)
        assert C.label(card) in message
        low, high = C.neighbour_ranks(top)
        assert f"needs {C.rank_label(low)} or {C.rank_label(high)}" in message


def test_a_run_can_go_up_and_down(table) -> None:
    # "on a 7 you may play an 8, then a 7 on that 8, then a 6 on the 7"
    g = table(you=["6C", "7D", "8S"], computer=["2H"], centre=["7S", "JD"], you_spit="3C")
    for card in ("8S", "7D", "6C"):
        g.play(0, card, 0)
    assert g.centre[0] == ["7S", "8S", "7D", "6C"]


@pytest.mark.parametrize("player", [0, 1])
def test_playing_a_top_turns_up_the_card_under_it(table, player: int) -> None:
    stocks = [["8D 7S", "KC"], ["2H 3H"]]
    if player == 1:
        stocks.reverse()
    g = table(you=stocks[0], computer=stocks[1], centre=["6S", "JD"])
    g.play(player, "7S", 0)
    assert g.stock_tops(player)[0] == "8D"
    flip = g.events[-1]
    assert (flip.kind, flip.player, flip.card, flip.pile) == ("flip", player, "8D", 0)
    assert C.label("8D") in flip.text
    # the new top is face up: it plays straight away
    assert ("8D", 0) in g.legal_plays(player)


def test_playing_a_lone_card_leaves_the_slot_empty_without_a_flip(table) -> None:
    g = table(you=["7S", "KC"], computer=["2H"], centre=["6S", "JD"])
    g.play(0, "7S", 0)
    assert g.stock_tops(0) == [None, "KC", None, None, None]
    assert g.events[-1].kind == "play"


# ------------------------------------------------------------------ the duel


def test_duel_has_no_moves_between_stock_piles(table, refused) -> None:
    g = table(you=["8D 7S", "", "KC"], computer=["2H"], centre=["9S", "4D"])
    assert g.legal_moves_to_empty(0) == []
    message = refused(g, g.move_to_empty, 0, "7S", 1)
    assert "never move" in message


@pytest.mark.parametrize(
    ("centre", "pile_name"), [(["6S", "2D"], "left pile"), (["2D", "6S"], "right pile")]
)
def test_declare_stuck_refused_while_you_can_play_naming_card_and_pile(
    table, refused, centre: list[str], pile_name: str
) -> None:
    g = table(you=["KC", "7S"], computer=["9H"], centre=centre)
    message = refused(g, g.declare_stuck, 0)
    assert C.label("7S") in message
    assert pile_name in message


def test_declare_stuck_refused_for_the_computer_while_it_can_play(table, refused) -> None:
    g = table(you=["KC"], computer=["9H", "JH"], centre=["TS", "4D"])
    message = refused(g, g.declare_stuck, 1)
    assert C.label("9H") in message or C.label("JH") in message
    assert "left pile" in message


def test_declare_stuck_accepted_when_you_cannot_play_even_if_the_other_can(table) -> None:
    g = table(you=["KC"], computer=["7H"], centre=["6S", "4D"], you_spit="2S", computer_spit="2C")
    g.declare_stuck(0)
    assert g.stuck == [True, False]
    assert g.events[-1].kind == "stuck" and g.events[-1].text
    # no spit yet: the computer can still play
    assert g.centre_tops() == ["6S", "4D"]


def test_declaring_stuck_twice_changes_nothing(table) -> None:
    # issue 12: the rule refuses only a player who can still play; saying it
    # again is a no-op (it was refused before)
    g = table(you=["KC"], computer=["7H"], centre=["6S", "4D"], you_spit="2S")
    g.declare_stuck(0)
    before, events = g.to_dict(), len(g.events)
    g.declare_stuck(0)
    assert g.to_dict() == before and len(g.events) == events


@pytest.mark.parametrize("player", [0, 1])
def test_any_play_clears_both_declarations(table, player: int) -> None:
    # the other player declares; ``player`` plays: the declaration is gone
    stocks = [["7H", "KC"], ["2C"]]
    if player == 1:
        stocks.reverse()
    g = table(
        you=stocks[0], computer=stocks[1], centre=["6S", "4D"], you_spit="9S", computer_spit="9D"
    )
    g.declare_stuck(1 - player)
    assert g.stuck[1 - player]
    g.play(player, "7H", 0)
    assert g.stuck == [False, False]
    # the player who declared must declare again; a single declaration is no spit
    g.declare_stuck(1 - player)
    assert g.centre_tops() == ["7H", "4D"]


def test_when_both_declare_each_player_spits_onto_their_own_pile(table) -> None:
    g = table(
        you=["2C"],
        computer=["3D"],
        centre=["9S", "9H"],
        you_spit="4H 5H",
        computer_spit="KD QD",
    )
    start = len(g.events)
    g.declare_stuck(0)
    g.declare_stuck(1)
    assert g.centre == [["9S", "5H"], ["9H", "QD"]]
    assert g.spit_cards(0) == 1 and g.spit_cards(1) == 1
    assert g.stuck == [False, False]
    assert g.status == "playing"
    kinds = [(e.kind, e.player, e.card, e.centre) for e in g.events[start:]]
    assert kinds == [
        ("stuck", 0, None, None),
        ("stuck", 1, None, None),
        ("spit", 0, "5H", 0),
        ("spit", 1, "QD", 1),
    ]


@pytest.mark.parametrize("with_cards", [0, 1])
def test_when_only_one_player_has_spit_cards_only_that_one_spits(table, with_cards: int) -> None:
    spits = ["", ""]
    spits[with_cards] = "KD 5H"
    g = table(
        you=["2C"], computer=["3D"], centre=["9S", "9H"], you_spit=spits[0], computer_spit=spits[1]
    )
    g.declare_stuck(0)
    g.declare_stuck(1)
    expected = [["9S"], ["9H"]]
    expected[with_cards].append("5H")
    assert g.centre == expected
    assert g.status == "playing"
    assert [e.player for e in g.events if e.kind == "spit"] == [with_cards]


@pytest.mark.parametrize("player", [0, 1])
def test_clearing_the_five_stock_piles_wins_at_once_even_with_spit_cards_left(
    table, refused, player: int
) -> None:
    stocks = [["7S"], ["2H", "3H 4H"]]
    spits = ["2C 3C 4C", "5D"]
    if player == 1:
        stocks.reverse()
        spits.reverse()
    g = table(
        you=stocks[0],
        computer=stocks[1],
        centre=["6S", "JD"],
        you_spit=spits[0],
        computer_spit=spits[1],
    )
    g.play(player, "7S", 0)
    assert g.status == "game_over"
    assert g.winner == player
    assert g.outcome is not None
    assert g.outcome.termination == "stock_emptied"
    assert g.cards_left(player) == 3  # the spit cards never had to be played
    assert g.outcome.cards_left[player] == 3
    assert g.outcome.text and g.events[-1].kind == "game_end"
    # nothing more happens
    assert g.legal_plays(1 - player) == []
    refused(g, g.declare_stuck, 1 - player)


@pytest.mark.parametrize(
    ("you", "computer", "winner"),
    [
        (["2C", "3C"], ["9D"], 1),  # the computer holds fewer
        (["2C"], ["9D", "8D", "8H"], 0),  # you hold fewer
        (["2C"], ["9D"], 0),  # a tie goes to you
    ],
)
def test_stalemate_when_both_stuck_without_spit_cards_fewest_cards_win(
    table, refused, you: list[str], computer: list[str], winner: int
) -> None:
    g = table(you=you, computer=computer, centre=["6S", "JD"])
    g.declare_stuck(0)
    assert g.status == "playing"
    g.declare_stuck(1)
    assert g.status == "game_over"
    assert g.outcome is not None
    assert g.outcome.termination == "stalemate"
    assert g.winner == winner
    assert g.outcome.cards_left == (len(you), len(computer))
    assert "stalemate" in g.outcome.text
    assert g.centre == [["6S"], ["JD"]]  # nothing was spat
    refused(g, g.declare_stuck, 0)


def _declare_both(g: Game) -> None:
    g.declare_stuck(0)
    g.declare_stuck(1)


@pytest.mark.parametrize(
    ("you", "winner"),
    [
        (["2C", "2S"], 1),  # you: 2 stock + 2 spit = 4, the computer 1 + 2 = 3
        (["2C"], 0),  # 3 each: a tie goes to you
    ],
)
def test_three_spits_with_no_play_between_then_stalemate(
    table, you: list[str], winner: int
) -> None:
    # spit cards that never make a 2 playable (no ace, no 3)
    g = table(
        you=you,
        computer=["2D"],
        centre=["6S", "6H"],
        you_spit="5C 6C 7C 8C 9C",
        computer_spit="5D 6D 7D 8D 9D",
    )
    for n in range(3):
        _declare_both(g)
        assert g.status == "playing", f"spit {n + 1} should still happen"
    assert g.centre_tops() == ["7C", "7D"]
    _declare_both(g)
    assert g.status == "game_over"
    assert g.outcome is not None
    assert g.outcome.termination == "spits_nowhere"
    assert g.winner == winner
    assert g.spit_cards(0) == 2 and g.spit_cards(1) == 2  # spit cards were left
    assert g.centre_tops() == ["7C", "7D"]  # no fourth spit


def test_a_play_between_spits_starts_the_count_again(table) -> None:
    g = table(
        you=["KC", "2C"],
        computer=["2D"],
        centre=["6S", "6H"],
        you_spit="6C 4C 5C 7C QC 9C",
        computer_spit="8D 9D TD JD 8H 9H",
    )
    _declare_both(g)  # spit 1: 9C, 9H
    _declare_both(g)  # spit 2: QC, 8H
    g.play(0, "KC", 0)  # the king fits the queen: the count starts again
    for _ in range(3):  # three more spits go nowhere
        _declare_both(g)
        assert g.status == "playing"
    _declare_both(g)
    assert g.status == "game_over"
    assert g.outcome is not None and g.outcome.termination == "spits_nowhere"
    assert g.winner == 0  # 2 cards each


def test_running_out_of_spit_cards_before_the_third_spit_is_a_plain_stalemate(table) -> None:
    g = table(
        you=["2C"], computer=["2D", "2H"], centre=["6S", "6H"], you_spit="9C", computer_spit=""
    )
    _declare_both(g)
    assert g.status == "playing"
    _declare_both(g)
    assert g.outcome is not None
    assert g.outcome.termination == "stalemate"
    assert g.winner == 0


def test_duel_refuses_classic_actions(table, refused) -> None:
    g = table(you=["KC"], computer=["7H"], centre=["6S", "4D"], you_spit="2S")
    assert "duel" in refused(g, g.spit)
    refused(g, g.slap, 0, 0)


# ---------------------------------------------------------- teaching helpers


@pytest.mark.parametrize(
    ("top", "text"),
    [
        ("7S", "needs 6 or 8"),
        ("TD", "needs 9 or J"),
        ("KH", "needs Q or A"),
        ("2C", "needs A or 3"),
        ("JS", "needs 10 or Q"),
    ],
)
def test_needs_says_what_a_centre_pile_takes(table, top: str, text: str) -> None:
    g = table(you=["5C"], computer=["5D"], centre=["4H", top])
    assert g.needs(1) == text
    assert g.needs(0) == "needs 3 or 5"


def test_needs_on_an_ace_names_the_king_and_the_two(table) -> None:
    # the rules' table: "Ace | 2 or King" (the ranks wrap round)
    g = table(you=["5C"], computer=["5D"], centre=["AS", "4H"])
    assert g.needs(0) in ("needs K or 2", "needs 2 or K")


def test_hint_prefers_a_play_that_uncovers_a_face_down_card(table) -> None:
    # 3C and 5S both fit the 4; only 5S has a card under it
    g = table(you=["3C", "9D 5S"], computer=["QH"], centre=["4S", "JD"])
    hint = g.hint(0)
    assert hint.action == Action("play", 0, "5S", 0)
    assert "face-down" in hint.text
    g.apply(hint.action)
    assert g.stock_tops(0)[1] == "9D"


def test_hint_without_a_face_down_card_names_a_legal_play(table) -> None:
    g = table(you=["3C"], computer=["QH"], centre=["4S", "JD"])
    hint = g.hint(0)
    assert hint.action == Action("play", 0, "3C", 0)
    assert C.label("3C") in hint.text


def test_hint_when_stuck_in_a_duel_is_to_declare(table) -> None:
    g = table(you=["2C"], computer=["2D"], centre=["6S", "6H"], you_spit="9C")
    hint = g.hint(0)
    assert hint.action == Action("stuck", 0)
    assert hint.text
    g.apply(hint.action)
    assert g.stuck[0]
    after = g.hint(0)
    assert after.action is None and after.text


def test_hint_after_the_game_has_no_action(table) -> None:
    g = table(you=["7S"], computer=["2D"], centre=["6S", "6H"])
    g.play(0, "7S", 0)
    hint = g.hint(1)
    assert hint.action is None and "over" in hint.text


def test_repr_shows_the_table() -> None:
    g = Game("duel", seed=21)
    text = repr(g)
    assert "duel" in text and "seed=21" in text
    for p in (0, 1):
        for top in g.stock_tops(p):
            assert C.label(top) in text
    for c in (0, 1):
        assert C.label(g.centre[c][-1]) in text
        assert g.needs(c) in text
    assert "25 cards left" in text


def test_every_event_of_a_game_has_a_sentence_naming_its_card() -> None:
    seen: set[str] = set()
    for seed in range(6):
        g = Game("duel", seed=seed)
        for _ in range(300):
            if g.status == "game_over":
                break
            plays = g.legal_plays(0) + g.legal_plays(1)
            if plays:
                card, c = plays[0]
                g.play(0 if (card, c) in g.legal_plays(0) else 1, card, c)
            else:
                for p in (0, 1):
                    if not g.stuck[p] and g.status == "playing":
                        g.declare_stuck(p)
        assert g.status == "game_over"
        for e in g.events:
            seen.add(e.kind)
            assert e.text.strip()
            if e.card is not None:
                assert C.label(e.card) in e.text
    assert {"deal", "spit", "play", "flip", "stuck", "game_end"} <= seen
