"""Properties of the engine under random play (hypothesis), in both variants.

Whatever is done to a game, legal or malformed: every card is somewhere exactly once;
a refusal is an IllegalMove that changes nothing; an action is accepted exactly when
the game listed it as legal; the snapshot round-trips; hints are legal; and whole games
played at random end.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from spit_widget import Action, Game, IllegalMove
from spit_widget.engine import cards as C

VARIANTS = ("duel", "classic")
KINDS = ("play", "stuck", "spit", "move", "slap")
TERMINATIONS = {
    "duel": {"stock_emptied", "stalemate", "spits_nowhere"},
    "classic": {"out_of_cards", "round_limit"},
}
DECK = sorted(C.DECK)


def legal_actions(g: Game) -> list[Action]:
    return g.legal_actions()


def plausible_actions(g: Game) -> list[Action]:
    """Well-formed actions naming real cards and places, legal or not."""
    cards = [c for p in (0, 1) for c in g.stock_tops(p) if c]
    cards += [c for c in g.centre_tops() if c]
    cards += [pile[0] for p in (0, 1) for pile in g.stock[p] if len(pile) > 1]  # face down
    cards += [pile[0] for pile in g.spit_piles if pile]
    acts = [Action("spit")]
    for p in (0, 1):
        acts += [Action("stuck", p), Action("slap", p, None, 0), Action("slap", p, None, 1)]
        acts += [Action("play", p, card, c) for card in cards for c in (0, 1)]
        acts += [Action("move", p, card, s) for card in cards[:6] for s in range(5)]
    return acts


HUGE = 10**5000
junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(-2, 6),
    st.floats(),
    st.complex_numbers(),
    st.text(max_size=12),
    st.binary(max_size=4),
    st.sampled_from(["XX", "1S", "10H", "7s", "", " 7S", "7S" * 5000, "play", "spit"]),
    st.sampled_from(C.DECK),
    st.just(HUGE),
    st.lists(st.integers(), max_size=3),
    st.tuples(st.text(max_size=2)),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
    st.builds(object),
)
junk_call = st.one_of(
    st.tuples(st.just("apply"), junk),
    st.tuples(st.just("apply"), st.lists(junk, max_size=6)),
    st.tuples(st.just("apply"), st.tuples(st.sampled_from(KINDS), junk, junk, junk)),
    st.tuples(st.just("apply"), st.tuples(st.sampled_from(KINDS), junk)),
    st.tuples(st.just("play"), junk, junk, junk),
    st.tuples(st.just("declare_stuck"), junk),
    st.tuples(st.just("move_to_empty"), junk, junk, junk),
    st.tuples(st.just("slap"), junk, junk),
)
# Queries that refuse a bad argument too, and must never raise anything else.
junk_query = st.tuples(
    st.sampled_from(
        ["legal_plays", "legal_moves_to_empty", "cards_left", "stock_tops", "needs", "hint"]
    ),
    junk,
)


def check_invariants(g: Game, deck: list[str], events_before: int) -> None:
    assert sorted(g.all_cards()) == deck
    d = g.to_dict()
    assert Game.from_dict(d).to_dict() == d
    assert g.status in ("playing", "round_over", "game_over")
    assert (g.status == "game_over") == (g.outcome is not None)
    for e in g.events[events_before:]:
        assert e.text.strip()
        if e.card is not None:
            assert C.label(e.card) in e.text
    for p in (0, 1):
        assert len(g.stock[p]) == 5
        hint = g.hint(p)
        assert hint.text.strip()
        if hint.action is not None:
            assert hint.action in legal_actions(g), (hint, legal_actions(g))


def repeats_a_declaration(g: Game, action: Any) -> bool:
    """A stuck player saying it again: accepted as a no-op (issue 12), never listed."""
    return (isinstance(action, tuple) and len(action) >= 2 and action[0] == "stuck"
            and g.status == "playing" and action[1] in (0, 1) and type(action[1]) is int
            and g.stuck[action[1]])


def try_call(g: Game, call: tuple[Any, ...]) -> bool:
    """Run a possibly malformed call; True if accepted. A refusal must be an
    IllegalMove with a sentence that left the game untouched."""
    name, *args = call
    before, events = g.to_dict(), len(g.events)
    no_op = (name == "apply" and repeats_a_declaration(g, args[0])) or (
        name == "declare_stuck" and repeats_a_declaration(g, ("stuck", *args)))
    try:
        getattr(g, name)(*args)
    except IllegalMove as refusal:
        assert str(refusal).strip()
        assert g.to_dict() == before
        assert len(g.events) == events
        return False
    if no_op:  # accepted, and nothing changed: no event, no history
        assert g.to_dict() == before and len(g.events) == events
        return False
    return True


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_random_legal_and_malformed_actions_keep_every_invariant(
    variant: str, seed: int, data: st.DataObject
) -> None:
    g = Game(variant, seed=seed, max_rounds=2 if variant == "classic" else None)
    check_invariants(g, DECK, 0)
    for _ in range(80):
        legal = legal_actions(g)
        assert legal or g.status == "game_over", "a game in progress always has a way on"
        kind = data.draw(st.sampled_from(["legal"] * 5 + ["plausible", "junk", "query"]))
        events = len(g.events)
        if kind == "legal" and legal:
            g.apply(data.draw(st.sampled_from(legal)))
        elif kind == "plausible":
            action = data.draw(st.sampled_from(plausible_actions(g)))
            assert g.is_legal(action) == (action in legal), (action, legal)
            accepted = try_call(g, ("apply", action))  # False for a repeat: a no-op
            assert accepted == (action in legal), (action, legal)
        elif kind == "query":
            name, arg = data.draw(junk_query)
            before = g.to_dict()
            try:
                getattr(g, name)(arg)
            except IllegalMove as refusal:
                assert str(refusal).strip()
            assert g.to_dict() == before
        else:
            call = data.draw(junk_call)
            if try_call(g, call):
                # junk that happened to be well formed: it must have been legal
                assert legal
        check_invariants(g, DECK, events)
    for kind in sorted({e.kind for e in g.events}):
        event(f"{variant}: {kind}")
    event(f"{variant}: ended {g.status}, round {g.round}")


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rng=st.randoms(use_true_random=False))
def test_every_duel_played_by_random_legal_actions_ends(seed: int, rng: Any) -> None:
    g = Game("duel", seed=seed)
    # at most 30 plays; at most 20 spits; two declarations between plays and spits
    bound = 30 + 2 * (30 + 20 + 1)
    for _ in range(bound):
        if g.status == "game_over":
            break
        g.apply(rng.choice(legal_actions(g)))
        assert sorted(g.all_cards()) == DECK
    assert g.status == "game_over"
    out = g.outcome
    assert out is not None and out.termination in TERMINATIONS["duel"]
    assert out.cards_left == (g.cards_left(0), g.cards_left(1))
    assert out.text.strip() and g.events[-1].kind == "game_end"
    if out.termination == "stock_emptied":
        assert not any(g.stock[out.winner])
        assert any(g.stock[1 - out.winner])
    else:
        left = out.cards_left
        assert out.winner == (0 if left[0] <= left[1] else 1)
        if out.termination == "stalemate":
            assert not any(g.spit_piles)
    assert legal_actions(g) == []


def expected_stock(n: int) -> list[int]:
    """Stock pile sizes when ``n`` cards are laid out in piles of 1..5."""
    sizes = []
    for size in range(1, 6):
        sizes.append(max(0, min(size, n)))
        n -= sizes[-1]
    return sizes


def held_at_deal(g: Game, p: int) -> int:
    spat = sum(len(g.centre[c]) for c, s in enumerate(g.spitter) if s == p)
    return g.cards_left(p) + spat


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    rounds=st.sampled_from([1, 2, 3, 8, 12]),
    choices=st.integers(0, 2**32 - 1),
)
def test_classic_games_with_a_round_limit_end_and_every_round_is_laid_out_by_the_rules(
    seed: int, rounds: int, choices: int
) -> None:
    g = Game("classic", seed=seed, max_rounds=rounds)
    rng = random.Random(choices)
    seen_round = 1
    for _ in range(250 * rounds):
        if g.status == "game_over":
            break
        g.apply(rng.choice(legal_actions(g)))
        assert sorted(g.all_cards()) == DECK
        if g.round != seen_round and g.status == "playing":
            seen_round = g.round
            # a new round: piles of 1..5, a spit pile only above 15 cards, and a
            # single centre pile fed by the other player when someone is short
            held = [held_at_deal(g, p) for p in (0, 1)]
            assert sum(held) == 52
            assert all(len(pile) <= 1 for pile in g.centre)
            for p in (0, 1):
                assert [len(pile) for pile in g.stock[p]] == expected_stock(held[p])
                if held[p] <= 15:
                    assert g.spit_cards(p) == 0
                    assert g.spitter == [1 - p] and len(g.centre) == 1
            if min(held) > 15:
                assert g.spitter == [0, 1] and [len(c) for c in g.centre] == [1, 1]
    assert g.status == "game_over"
    out = g.outcome
    assert out is not None and out.termination in TERMINATIONS["classic"]
    event(out.termination)
    for kind in sorted({e.kind for e in g.events}):
        event(kind)
    assert g.round <= rounds + 1
    if out.termination == "round_limit":
        assert g.round == rounds + 1
        left = out.cards_left
        assert sum(left) == 52
        assert out.winner == (None if left[0] == left[1] else left.index(min(left)))
    else:
        assert g.cards_left(out.winner) == 0


@st.composite
def positions(draw: st.DrawFn) -> dict[str, Any]:
    """Any position a teacher might type: part of the deck, dealt anywhere."""
    variant = draw(st.sampled_from(VARIANTS))
    cards = draw(st.permutations(C.DECK))[: draw(st.integers(4, 52))]
    centres = 1 if variant == "classic" and draw(st.booleans()) else 2
    places = 10 + 2 + centres  # 10 stock piles, 2 spit piles, the centre piles
    where = draw(st.lists(st.integers(0, places - 1), min_size=len(cards), max_size=len(cards)))
    piles: list[list[str]] = [[] for _ in range(places)]
    for card, place in zip(cards, where, strict=True):
        piles[place].append(card)
    # one centre pile: say who feeds it, as play always knows (issue 12)
    feeder = {"spitter": [draw(st.sampled_from([0, 1]))]} if centres == 1 else {}
    return {
        **feeder,
        "version": 1,
        "variant": variant,
        "players": [
            {"stock": piles[0:5], "spit": piles[10]},
            {"stock": piles[5:10], "spit": piles[11]},
        ],
        "centre": piles[12:],
        "seed": draw(st.integers(0, 1000)),
    }


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(position=positions(), data=st.data())
def test_hand_made_positions_keep_every_invariant(position: dict[str, Any], data: Any) -> None:
    g = Game.from_dict(position)
    deck = sorted(g.all_cards())
    check_invariants(g, deck, 0)
    for _ in range(25):
        legal = legal_actions(g)
        events = len(g.events)
        assert all(g.is_legal(action) for action in legal)
        if legal and data.draw(st.booleans()):
            g.apply(data.draw(st.sampled_from(legal)))
        else:
            action = data.draw(st.sampled_from(plausible_actions(g)))
            assert g.is_legal(action) == (action in legal), (action, legal)
            assert try_call(g, ("apply", action)) == (action in legal), (action, legal)
        check_invariants(g, deck, events)


def every_candidate(g: Game) -> list[Action]:
    """Every action of the right shape a player could try now, legal or not."""
    candidates: list[Action] = [Action("spit")]
    for p in (0, 1):
        tops = [t for t in g.stock_tops(p) if t]
        candidates += [Action("play", p, card, c) for card in tops for c in range(len(g.centre))]
        candidates += [Action("move", p, card, s) for card in tops for s in range(5)]
        candidates += [Action("stuck", p)]
        candidates += [Action("slap", p, None, c) for c in range(len(g.centre))]
    return candidates


@settings(max_examples=60, deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 2**32 - 1),
       steps=st.integers(0, 120))
def test_legal_actions_are_exactly_the_actions_the_engine_accepts(
    variant: str, seed: int, steps: int
) -> None:
    g = Game(variant, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.status == "game_over":
            break
        g.apply(rng.choice(g.legal_actions()))
    legal = set(g.legal_actions())
    for action in every_candidate(g):
        assert g.is_legal(action) == (action in legal), action
        trial = Game.from_dict(g.to_dict())
        if action in legal:
            trial.apply(action)
        else:
            before = trial.to_dict()
            try:
                trial.apply(action)
            except IllegalMove:
                continue
            if repeats_a_declaration(g, action) and trial.to_dict() == before:
                continue  # a stuck player saying it again: a no-op, not an action
            raise AssertionError(f"{action} was accepted but is not in legal_actions()")
