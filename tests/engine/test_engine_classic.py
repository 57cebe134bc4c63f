"""Classic Spit (rules-classic.txt): empty spaces, spits, rounds, the slap, short rounds,
winning, and the round-limit house rule; on tables set up by hand with the whole deck."""

from __future__ import annotations

import pytest

from spit_widget import Action, Game
from spit_widget.engine import cards as C


def others(*used: str) -> list[str]:
    """The cards of the deck not in ``used``, in deck order (face-down filler)."""
    return [card for card in C.DECK if card not in used]


def held(g: Game, p: int) -> set[str]:
    """Every card ``p`` holds (stock and spit) plus the card they spat to open the round."""
    cards = {card for pile in g.stock[p] for card in pile} | set(g.spit_piles[p])
    for c, spitter in enumerate(g.spitter):
        if spitter == p:
            cards |= set(g.centre[c])
    return cards


def assert_whole_deck(g: Game) -> None:
    assert sorted(g.all_cards()) == sorted(C.DECK)


# ------------------------------------------------------------ worked example


def test_worked_example_of_play_move_by_move(table) -> None:
    # "The centre piles show a 6 and a Jack. Your stock tops are 7, 2, Queen, 9 and King."
    g = table(
        "classic",
        you=["8D 7S", "5C 2H", "QC", "9S", "KD"],
        computer=["3D", "4H"],
        centre=["6S", "JD"],
        you_spit="3H",
        computer_spit="3S",
    )
    assert g.stock_tops(0) == ["7S", "2H", "QC", "9S", "KD"]
    # "The 7 can go on the 6 (one higher), and the Queen can go on the Jack."
    assert sorted(g.legal_plays(0)) == [("7S", 0), ("QC", 1)]
    g.play(0, "7S", 0)
    # "Underneath your 7 was a face-down card: you turn it up, and it is an 8"
    assert g.stock_tops(0)[0] == "8D"
    assert (g.events[-1].kind, g.events[-1].card) == ("flip", "8D")
    # "which goes straight on your 7."
    assert ("8D", 0) in g.legal_plays(0)
    g.play(0, "8D", 0)
    # "Now the left pile needs a 7 or a 9, and your 9 fits."
    assert g.needs(0) == "needs 7 or 9"
    assert ("9S", 0) in g.legal_plays(0)
    g.play(0, "9S", 0)
    # "In a few seconds you have played three cards."
    assert g.centre[0] == ["6S", "7S", "8D", "9S"]
    assert [e.card for e in g.events if e.kind == "play"] == ["7S", "8D", "9S"]
    assert g.cards_left(0) == 5
    assert g.status == "playing"


# ------------------------------------------------------------- empty spaces


def test_a_covering_top_card_moves_into_an_empty_slot_and_the_card_under_turns_up(
    table,
) -> None:
    g = table("classic", you=["8D 7S", ""], computer=["2H"], centre=["KS", "KD"], you_spit="3C")
    assert ("7S", 1) in g.legal_moves_to_empty(0)
    g.move_to_empty(0, "7S", 1)
    assert g.stock[0][:2] == [["8D"], ["7S"]]
    move, flip = g.events[-2:]
    assert move.kind == "move" and C.label("7S") in move.text and "2" in move.text
    assert (flip.kind, flip.card, flip.pile) == ("flip", "8D", 0)
    assert C.label("8D") in flip.text
    assert len(g.stock[0]) == 5


def test_a_lone_card_cannot_move(table, refused) -> None:
    g = table("classic", you=["7S", "", "KC"], computer=["2H"], centre=["KS", "KD"])
    assert g.legal_moves_to_empty(0) == []
    message = refused(g, g.move_to_empty, 0, "7S", 1)
    assert "no card under it" in message


def test_moving_into_a_pile_that_is_not_empty_is_refused(table, refused) -> None:
    g = table("classic", you=["8D 7S", "KC", "", "QC", "JC"], computer=["2H"], centre=["KS", "KD"])
    assert "not empty" in refused(g, g.move_to_empty, 0, "7S", 1)
    assert g.legal_moves_to_empty(0) == [("7S", 2)]


@pytest.mark.parametrize("slot", [5, 6, -1])
def test_never_more_than_five_piles(table, refused, slot: int) -> None:
    g = table(
        "classic", you=["8D 7S", "KC", "QC", "JC", "TC"], computer=["2H"], centre=["5S", "5D"]
    )
    assert g.legal_moves_to_empty(0) == []
    refused(g, g.move_to_empty, 0, "7S", slot)
    assert len(g.to_dict()["players"][0]["stock"]) == 5


def test_moves_fill_empty_slots_until_no_pile_can_give_a_card(table) -> None:
    g = table("classic", you=["4C 5C 6C 7C 8C"], computer=["2H"], centre=["KS", "KD"])
    for _ in range(10):
        moves = g.legal_moves_to_empty(0)
        if not moves:
            break
        g.move_to_empty(0, *moves[0])
    assert [len(pile) for pile in g.stock[0]] == [1, 1, 1, 1, 1]
    assert len(g.stock[0]) == 5


# -------------------------------------------------------------------- spits


@pytest.mark.parametrize(
    ("you", "computer", "who", "card"),
    [(["7S"], ["2H"], "you", "7S"), (["2H"], ["7S"], "computer", "7S")],
)
def test_spit_refused_while_either_player_can_play(
    table, refused, you: list[str], computer: list[str], who: str, card: str
) -> None:
    g = table(
        "classic",
        you=you,
        computer=computer,
        centre=["6S", "JD"],
        you_spit="9C",
        computer_spit="9D",
    )
    message = refused(g, g.spit)
    assert who in message
    assert C.label(card) in message


def test_spit_when_nobody_can_play_each_flips_onto_their_own_pile(table) -> None:
    g = table(
        "classic",
        you=["2C"],
        computer=["2D"],
        centre=["6S", "JD"],
        you_spit="8C 9C",
        computer_spit="8H 3H",
    )
    g.spit()
    assert g.centre == [["6S", "9C"], ["JD", "3H"]]
    assert g.spit_cards(0) == 1 and g.spit_cards(1) == 1
    assert [(e.kind, e.player, e.centre) for e in g.events[-2:]] == [("spit", 0, 0), ("spit", 1, 1)]
    # the 3 opened a play for the computer's 2
    assert g.legal_plays(1) == [("2D", 1)]


def test_spit_with_only_one_spit_pile_left_flips_only_that_one(table) -> None:
    g = table("classic", you=["2C"], computer=["2D"], centre=["6S", "JD"], computer_spit="8H")
    g.spit()
    assert g.centre == [["6S"], ["JD", "8H"]]
    assert g.status == "playing" and g.round == 1


@pytest.mark.parametrize(("spit", "button"), [("", "End Round"), ("8C", "Spit!")])
def test_hint_when_nobody_can_play_is_to_press_the_spit_button(
    table, spit: str, button: str
) -> None:
    g = table("classic", you=["2C"], computer=["2D"], centre=["6S", "JD"], you_spit=spit)
    hint = g.hint(0)
    assert hint.action == Action("spit")
    assert button in hint.text
    g.apply(hint.action)
    if spit:
        assert g.centre_tops() == ["8C", "JD"]
    else:
        assert g.round == 2


def test_hint_when_only_the_other_player_can_play_is_to_wait(table) -> None:
    g = table("classic", you=["2C"], computer=["7D"], centre=["6S", "JD"], you_spit="8C")
    hint = g.hint(0)
    assert hint.action is None and "computer" in hint.text


def test_declare_stuck_is_refused_in_classic(table, refused) -> None:
    g = table("classic", you=["2C"], computer=["2D"], centre=["6S", "JD"], you_spit="8C")
    assert "Spit" in refused(g, g.declare_stuck, 0)


def blocked_table(
    table, *, left: int, right: int, mine: int | None = None, seed: int = 5, **extra
) -> Game:
    """Nobody can play and no spit card is left; the centre piles hold ``left`` and
    ``right`` cards; the rest of the deck lies face down under your 2C (``mine`` of
    them, half by default) and the computer's 2D."""
    rest = others("2C", "2D", "6S", "JD")
    c0, rest = [*rest[: left - 1], "6S"], rest[left - 1 :]
    c1, rest = [*rest[: right - 1], "JD"], rest[right - 1 :]
    mine = len(rest) // 2 if mine is None else mine
    return table(
        "classic",
        you=[[*rest[:mine], "2C"]],
        computer=[[*rest[mine:], "2D"]],
        centre=[c0, c1],
        seed=seed,
        **extra,
    )


def test_with_no_spit_cards_spit_ends_the_round_each_takes_the_pile_on_their_side(
    table,
) -> None:
    g = blocked_table(table, left=15, right=11)
    takes = [{c for pile in g.stock[p] for c in pile} | set(g.centre[p]) for p in (0, 1)]
    g.spit()
    assert g.round == 2 and g.status == "playing"
    assert_whole_deck(g)
    assert held(g, 0) == takes[0] and len(takes[0]) == 13 + 15
    assert held(g, 1) == takes[1] and len(takes[1]) == 13 + 11
    # laid out again: five stock piles of 1..5, the rest a spit pile, an opening spit
    for p in (0, 1):
        assert [len(pile) for pile in g.stock[p]] == [1, 2, 3, 4, 5]
        assert len(g.centre[p]) == 1
    assert g.spit_cards(0) == len(takes[0]) - 16
    assert g.spit_cards(1) == len(takes[1]) - 16
    assert any(e.kind == "round_end" for e in g.events)


def test_the_next_round_layout_is_seeded(table) -> None:
    games = [blocked_table(table, left=15, right=11, seed=s) for s in (5, 5, 6)]
    for g in games:
        g.spit()
    assert games[0].to_dict() == games[1].to_dict()
    assert games[0].to_dict()["players"] != games[2].to_dict()["players"]


# ----------------------------------------------------------- going out, slap


def going_out_table(table, left: int, right: int) -> Game:
    """You hold 7S (fits the 6S on the left) and 4 spit cards; after the 7 the left
    pile has ``left`` cards and the right ``right``; the computer holds the rest."""
    rest = others("7S", "6S")
    spit, rest = rest[:4], rest[4:]
    c0, rest = [*rest[: left - 2], "6S"], rest[left - 2 :]
    c1, rest = rest[:right], rest[right:]
    stock = [rest[:1], rest[1:3], rest[3:6], rest[6:10], rest[10:15]]
    return table(
        "classic",
        you=[["7S"]],
        you_spit=spit,
        computer=stock,
        computer_spit=rest[15:],
        centre=[c0, c1],
        seed=9,
    )


def test_going_out_ends_the_round_and_only_the_player_who_went_out_may_slap(table, refused) -> None:
    g = going_out_table(table, 9, 14)
    g.play(0, "7S", 0)
    assert g.status == "round_over"
    assert g.went_out == 0
    assert g.winner is None
    assert g.legal_plays(1) == []
    assert "Only you" in refused(g, g.slap, 1, 0)
    assert "Only you" in refused(g, g.slap, 1, 1)
    assert "bigger" in refused(g, g.slap, 0, 1)
    assert "round is over" in refused(g, g.spit)
    refused(g, g.play, 1, g.stock_tops(1)[0], 0)
    hint = g.hint(0)
    assert hint.action == Action("slap", 0, None, 0)
    assert g.hint(1).action is None


def test_worked_example_of_the_slap_13_and_39(table) -> None:
    g = going_out_table(table, 9, 14)
    assert g.cards_left(1) == 25
    g.play(0, "7S", 0)
    assert [len(pile) for pile in g.centre] == [9, 14]
    mine = set(g.spit_piles[0]) | set(g.centre[0])
    theirs = {c for pile in g.stock[1] for c in pile} | set(g.spit_piles[1]) | set(g.centre[1])
    g.slap(0, 0)
    assert g.status == "playing" and g.round == 2
    assert_whole_deck(g)
    # "you start the next round with 4 + 9 = 13 cards"; "they start ... with 39"
    assert held(g, 0) == mine and len(mine) == 13
    assert held(g, 1) == theirs and len(theirs) == 39
    assert g.cards_left(0) == 13
    assert g.cards_left(1) + len(g.centre[0]) == 39
    # 13 cards: short of cards, so no spit pile and a single centre pile fed by the computer
    assert g.spit_cards(0) == 0
    assert [len(pile) for pile in g.stock[0]] == [1, 2, 3, 4, 3]
    assert len(g.centre) == 1 and g.spitter == [1]
    slap_at = max(i for i, e in enumerate(g.events) if e.kind == "slap")
    assert [(e.player, e.centre) for e in g.events[slap_at:] if e.kind == "spit"] == [(1, 0)]
    assert "9" in g.events[slap_at].text and "14" in g.events[slap_at].text


@pytest.mark.parametrize("pile", [0, 1])
def test_equal_piles_the_slapper_takes_either(table, pile: int) -> None:
    g = going_out_table(table, 9, 9)
    g.play(0, "7S", 0)
    want = set(g.spit_piles[0]) | set(g.centre[pile])
    g.slap(0, pile)
    assert held(g, 0) == want and len(want) == 13


def test_the_computer_going_out_slaps_too(table, refused) -> None:
    rest = others("7S", "6S")
    g = table(
        "classic",
        you=[rest[:1], rest[1:3], rest[3:6], rest[6:10], rest[10:15]],
        you_spit=rest[15:30],
        computer=[["7S"]],
        computer_spit=rest[30:35],
        centre=[rest[35:45], [*rest[45:], "6S"]],
    )
    g.play(1, "7S", 1)
    assert g.status == "round_over" and g.went_out == 1
    assert "Only the computer" in refused(g, g.slap, 0, 1)
    refused(g, g.slap, 1, 0)  # 10 cards against 6: the bigger one
    g.slap(1, 1)
    assert g.cards_left(1) == 5 + 7  # short next round: no spit pile


def test_slap_refused_while_playing(table, refused) -> None:
    g = table("classic", you=["7S"], computer=["2D"], centre=["6S", "JD"], you_spit="9C")
    assert "gone out" in refused(g, g.slap, 0, 0)


# ------------------------------------------------------------- short rounds


@pytest.mark.parametrize("cards", [15, 16])
def test_fifteen_or_fewer_cards_at_the_start_of_a_round_means_no_spit_pile(
    table, cards: int
) -> None:
    g = blocked_table(table, left=5, right=10, mine=cards - 6)
    assert len({c for pile in g.stock[0] for c in pile} | set(g.centre[0])) == cards
    g.spit()
    assert g.round == 2
    assert_whole_deck(g)
    assert [len(pile) for pile in g.stock[0]] == [1, 2, 3, 4, 5]
    assert g.spit_cards(0) == 0
    if cards == 15:
        # one centre pile, and only the opponent spits onto it
        assert len(g.centre) == 1
        assert g.spitter == [1]
        assert g.cards_left(0) == 15
        assert [e.player for e in g.events[-2:] if e.kind == "spit"] == [1]
        assert g.pile_name(0) == "the centre pile"
        assert "centre pile" in g.events[-1].text
    else:
        # 16: a spit pile of one card, spat to open the round
        assert len(g.centre) == 2
        assert g.cards_left(0) == 15
        assert len(g.centre[0]) == 1 and g.centre[0][0] in held(g, 0)


def short_table(*, short: int, short_stock: list[list[str]], going: list[str], **kw) -> Game:
    """A short round: ``short`` holds only ``short_stock``; the other player holds
    ``going`` as their only stock card(s) and the rest of the deck as spit cards;
    one centre pile topped by 6S."""
    used = {c for pile in short_stock for c in pile} | set(going) | {"6S"}
    rest = [c for c in C.DECK if c not in used]
    centre = [*rest[:7], "6S"]
    players = [
        {"stock": short_stock, "spit": []},
        {"stock": [going], "spit": rest[7:]},
    ]
    if short == 1:
        players.reverse()
    for p in players:
        p["stock"] = [list(x) for x in p["stock"]] + [[] for _ in range(5 - len(p["stock"]))]
    return Game.from_dict(
        {"version": 1, "variant": "classic", "players": players, "centre": [centre], **kw}
    )


@pytest.mark.parametrize("short", [0, 1])
def test_when_the_opponent_of_a_short_player_goes_out_there_is_no_slap(
    table, refused, short: int
) -> None:
    short_stock = [["AH"], ["2H", "3H"], ["4H", "5H", "9H"], ["TH", "JH", "QH", "KH"]]
    g = short_table(short=short, short_stock=short_stock, going=["7S"])
    goer = 1 - short
    assert g.spitter == [goer] and len(g.centre) == 1
    pile = set(g.centre[0]) | {"7S"}
    short_cards = {c for p in short_stock for c in p}
    goer_spit = set(g.spit_piles[goer])
    start = len(g.events)
    g.play(goer, "7S", 0)
    # no round_over, no slap: the goer takes nothing, the short player takes the pile
    assert g.status == "playing" and g.round == 2
    assert_whole_deck(g)
    assert held(g, short) == short_cards | pile
    assert held(g, goer) == goer_spit
    refused(g, g.slap, goer, 0)
    texts = [e.text for e in g.events[start:]]
    assert any("no slap" in t for t in texts)
    assert not any("slap the smaller" in t or "slaps the smaller" in t for t in texts), texts


@pytest.mark.parametrize("short", [0, 1])
def test_a_short_player_who_empties_their_stock_wins_the_game(table, refused, short: int) -> None:
    g = short_table(short=short, short_stock=[["7S"]], going=["2D"])
    g.play(short, "7S", 0)
    assert g.status == "game_over"
    assert g.winner == short
    assert g.outcome is not None and g.outcome.termination == "out_of_cards"
    assert g.cards_left(short) == 0
    refused(g, g.spit)
    refused(g, g.play, 1 - short, "2D", 0)


def test_going_out_with_an_empty_spit_pile_wins_the_game(table) -> None:
    rest = others("7S", "6S", "JD")
    g = table(
        "classic",
        you=[["7S"]],
        computer=[rest[:10], rest[10:20]],
        computer_spit=rest[20:40],
        centre=[[*rest[40:45], "6S"], [*rest[45:], "JD"]],
    )
    g.play(0, "7S", 0)
    assert g.status == "game_over"
    assert g.winner == 0
    assert g.outcome is not None and g.outcome.termination == "out_of_cards"
    assert g.outcome.cards_left == (0, 40)


def test_a_blocked_short_round_gives_the_centre_pile_to_the_player_who_spat_on_it(
    table,
) -> None:
    short_stock = [["AH", "2C"]]
    g = short_table(short=0, short_stock=short_stock, going=["5S", "2D"])
    # the computer spat everything away: move its spit cards under the centre pile
    d = g.to_dict()
    d["centre"][0] = d["players"][1]["spit"] + d["centre"][0]
    d["players"][1]["spit"] = []
    d["spitter"] = [1]
    g = Game.from_dict(d)
    assert g.legal_plays(0) == [] and g.legal_plays(1) == []
    pile = set(g.centre[0])
    computer = {c for p in g.stock[1] for c in p}
    g.spit()
    assert g.round == 2
    assert_whole_deck(g)
    assert held(g, 0) == {"AH", "2C"}
    assert held(g, 1) == computer | pile


# -------------------------------------------------------------- round limit


def test_round_limit_ends_the_game_fewer_cards_wins(table, refused) -> None:
    g = blocked_table(table, left=20, right=6, max_rounds=1)
    g.spit()
    assert g.status == "game_over"
    assert g.outcome is not None
    assert g.outcome.termination == "round_limit"
    # you took 20 + 13, the computer 6 + 13
    assert g.outcome.cards_left == (33, 19)
    assert g.winner == 1
    assert sum(len(p) for p in g.centre) == 0  # nobody spits into a round never played
    assert_whole_deck(g)
    refused(g, g.spit)
    assert g.legal_plays(0) == []


def test_round_limit_not_yet_reached_plays_on(table) -> None:
    g = blocked_table(table, left=20, right=6, max_rounds=2)
    g.spit()
    assert g.status == "playing" and g.round == 2


@pytest.mark.parametrize("rounds", [1, 2, 3])
def test_a_seeded_classic_game_with_max_rounds_stops_after_that_many_rounds(rounds: int) -> None:
    g = Game("classic", seed=rounds, max_rounds=rounds)
    for _ in range(3000):
        if g.status == "game_over":
            break
        acts = [Action("play", p, c, t) for p in (0, 1) for c, t in g.legal_plays(p)]
        acts += [Action("move", p, c, s) for p in (0, 1) for c, s in g.legal_moves_to_empty(p)]
        if g.status == "round_over":
            acts.append(g.hint(g.went_out).action)
        elif not acts:
            acts.append(Action("spit"))
        g.apply(acts[len(g.history) * 7 % len(acts)])
        assert_whole_deck(g)
    assert g.status == "game_over"
    assert g.outcome is not None
    assert g.outcome.termination in ("round_limit", "out_of_cards")
    if g.outcome.termination == "round_limit":
        assert g.round == rounds + 1
        left = g.outcome.cards_left
        assert sum(left) == 52
        assert g.winner == (None if left[0] == left[1] else left.index(min(left)))


def test_a_hand_made_round_with_too_few_cards_for_any_spit_pile_keeps_every_card_once(
    table,
) -> None:
    # cards out of play: after the round neither player could lay out a spit pile
    g = table("classic", you=["AS 2S 3S"], computer=[], centre=["5S", ""])
    g.spit()
    assert g.status == "game_over"
    assert sorted(g.all_cards()) == ["2S", "3S", "5S", "AS"]
    assert Game.from_dict(g.to_dict()).to_dict() == g.to_dict()


def test_slappable_names_the_smaller_pile_or_both_when_equal() -> None:
    def went_out(left: str, right: str) -> Game:
        g = Game.position("classic", you=["TC"], computer=["3D", "8C 4S"],
                          centre=[left, right], you_spit="KD", computer_spit="AS", fill=True)
        assert g.spit_cards_remain
        g.play(0, "TC", 0)
        return g

    g = went_out("9H 8H 9S", "2C 3H 2H 5D 6D")  # 4 cards after the play against 5
    assert g.slappable(0) == [0] and g.slappable(1) == []
    g = went_out("8H 9S", "2C 3H 5D")  # 3 against 3
    assert g.slappable(0) == [0, 1]
