"""Reading positions from plain dicts, and drawing a game as text.

``Game.from_dict`` accepts positions typed by hand in a notebook cell, so the
checks here are strict and every complaint says what to fix: a teacher with a
typo should learn which pile is wrong, not get a KeyError.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import cards as C
from .rules import STOCK_PILES, variant

if TYPE_CHECKING:
    from .game import Game

STATUSES = ("playing", "round_over", "game_over")


@dataclass
class Position:
    """A checked position, ready to become a Game."""

    variant: str
    stock: list[list[list[str]]]
    spit: list[list[str]]
    centre: list[list[str]]
    spitter: list[int]
    stuck: list[bool]
    round: int
    fruitless_spits: int
    went_out: int | None
    status: str
    seed: int | None
    max_rounds: int | None
    outcome: dict[str, Any] | None


def _fail(why: str) -> ValueError:
    return ValueError(f"Not a valid position: {why}")


def _card_list(value: object, where: str) -> list[str]:
    if not isinstance(value, (list, tuple)):
        raise _fail(f"{where} should be a list of cards, not {value!r:.60}.")
    for card in value:
        if not C.is_card(card):
            raise _fail(f"{where} holds {card!r:.40}, which is not a card like '7S'.")
    return list(value)


def _int(data: Mapping[str, Any], key: str, default: int, low: int) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise _fail(f"{key} should be a whole number of at least {low}, not {value!r:.40}.")
    return value


def parse_position(data: Mapping[str, Any]) -> Position:
    """Check a snapshot (or a hand-made position) and return its parts."""
    if not isinstance(data, Mapping):
        raise _fail(f"expected a dict, got {type(data).__name__}.")
    if data.get("version", 1) != 1:
        raise _fail(f"snapshot version {data.get('version')!r} is not supported (only 1).")
    try:
        rules = variant(data.get("variant"))
    except ValueError as exc:
        raise _fail(str(exc)) from None
    players = data.get("players")
    if not isinstance(players, (list, tuple)) or len(players) != 2:
        raise _fail("players should be a list of two players (you first, then the computer).")
    stock: list[list[list[str]]] = []
    spit: list[list[str]] = []
    for p, player in enumerate(players):
        if not isinstance(player, Mapping):
            raise _fail(f"player {p} should be a dict with 'stock' and 'spit'.")
        piles = player.get("stock")
        if not isinstance(piles, (list, tuple)) or len(piles) != STOCK_PILES:
            raise _fail(f"player {p} should have a list of exactly {STOCK_PILES} stock piles.")
        stock.append(
            [_card_list(pile, f"player {p} stock pile {i}") for i, pile in enumerate(piles)]
        )
        spit.append(_card_list(player.get("spit", []), f"player {p} spit pile"))
    centre_data = data.get("centre")
    if not isinstance(centre_data, (list, tuple)) or len(centre_data) not in (1, 2):
        raise _fail("centre should be a list of two centre piles (or one, in a short round).")
    centre = [_card_list(pile, f"centre pile {i}") for i, pile in enumerate(centre_data)]
    if len(centre) == 1 and not rules.rounds:
        raise _fail("a duel always has two centre piles.")

    everything = [c for piles in stock for pile in piles for c in pile]
    everything += [c for pile in spit for c in pile] + [c for pile in centre for c in pile]
    _, repeated = C.missing_and_repeated(everything)
    if repeated:
        raise _fail(f"these cards appear more than once: {', '.join(sorted(repeated))}.")

    spitter = data.get("spitter")
    if spitter is None:
        # A single centre pile is fed by the player who still has spit cards.
        spitter = [0, 1] if len(centre) == 2 else [0 if len(spit[0]) > len(spit[1]) else 1]
    if (
        not isinstance(spitter, (list, tuple))
        or len(spitter) != len(centre)
        or any(s not in (0, 1) or isinstance(s, bool) for s in spitter)
    ):
        raise _fail("spitter should list, for each centre pile, the player (0 or 1) who feeds it.")

    stuck = data.get("stuck", [False, False])
    if (
        not isinstance(stuck, (list, tuple))
        or len(stuck) != 2
        or any(not isinstance(s, bool) for s in stuck)
    ):
        raise _fail("stuck should be two true/false flags.")
    status = data.get("status", "playing")
    if status not in STATUSES:
        raise _fail(f"status should be one of {', '.join(STATUSES)}, not {status!r:.40}.")
    went_out = data.get("went_out")
    if status == "round_over":
        if not rules.rounds:
            raise _fail("a duel is a single round: its status is playing or game_over.")
        if went_out not in (0, 1) or isinstance(went_out, bool) or len(centre) != 2:
            raise _fail("a round_over position needs went_out (0 or 1) and two centre piles.")
    else:
        went_out = None
    outcome = data.get("outcome")
    if status == "game_over":
        if not isinstance(outcome, Mapping) or not {
            "termination",
            "winner",
            "cards_left",
            "text",
        } <= set(outcome):
            raise _fail(
                "a game_over position needs an outcome with termination, winner, "
                "cards_left and text."
            )
        outcome = dict(outcome)
        winner, left = outcome["winner"], outcome["cards_left"]
        if (
            not isinstance(outcome["termination"], str)
            or not isinstance(outcome["text"], str)
            or (winner is not None and (winner not in (0, 1) or isinstance(winner, bool)))
            or not isinstance(left, (list, tuple))
            or len(left) != 2
            or any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in left)
        ):
            raise _fail(
                "the outcome needs a termination and a text (words), a winner (0, 1 or "
                "None) and cards_left (two counts)."
            )
    else:
        outcome = None
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise _fail(f"seed should be a whole number, not {seed!r:.40}.")
    max_rounds = data.get("max_rounds")
    return Position(
        variant=rules.name,
        stock=stock,
        spit=spit,
        centre=centre,
        spitter=list(spitter),
        stuck=list(stuck),
        round=_int(data, "round", 1, 1),
        fruitless_spits=_int(data, "fruitless_spits", 0, 0),
        went_out=went_out,
        status=status,
        seed=seed,
        max_rounds=max_rounds,
        outcome=outcome,
    )


def _pile_text(pile: list[str]) -> str:
    if not pile:
        return "[  ]"
    hidden = len(pile) - 1
    return f"[{'#' * min(hidden, 4)}{C.label(pile[-1])}]"


def describe(game: Game) -> str:
    """A few lines that show the table, for ``repr`` in a notebook or a log."""
    head = f"<Game {game.variant} {game.status}"
    if game.rules.rounds:
        head += f" round {game.round}"
    lines = [head + f" seed={game.seed}>"]
    for p, name in ((1, "computer"), (0, "you")):
        stock = " ".join(_pile_text(pile) for pile in game.stock[p])
        lines.append(
            f"  {name:8s} {stock}  spit {len(game.spit_piles[p])}, {game.cards_left(p)} cards left"
        )
        if p == 1:
            centre = "   ".join(
                f"{C.label(pile[-1]) if pile else '--'} ({len(pile)}, {game.needs(i)})"
                for i, pile in enumerate(game.centre)
            )
            lines.append(f"  {'centre':8s} {centre}")
    if game.outcome:
        lines.append(f"  {game.outcome.text}")
    return "\n".join(lines)
