"""Reading positions from plain dicts, writing teaching positions briefly, and
drawing a game as text.

``Game.from_dict`` accepts positions typed by hand in a notebook cell, so the
checks here are strict and every complaint says what to fix: a teacher with a
typo should learn which pile is wrong, not get a KeyError. Beyond the shape,
a position must be one that play can reach (see :func:`check_reachable`): a
game that starts from a state no deal leads to may refuse every action forever.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import cards as C
from .rules import STOCK_PILES, Variant, variant
from .types import STATUSES, TERMINATIONS

if TYPE_CHECKING:
    from .tableau import Tableau


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
    outcome: Mapping[str, Any] | None
    fragment: bool


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


def _is_player(value: object) -> bool:
    return value in (0, 1) and not isinstance(value, bool)


def _players(data: Mapping[str, Any]) -> tuple[list[list[list[str]]], list[list[str]]]:
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
    return stock, spit


def _centre(data: Mapping[str, Any], rules: Variant) -> list[list[str]]:
    centre_data = data.get("centre")
    if not isinstance(centre_data, (list, tuple)) or len(centre_data) not in (1, 2):
        raise _fail("centre should be a list of two centre piles (or one, in a short round).")
    centre = [_card_list(pile, f"centre pile {i}") for i, pile in enumerate(centre_data)]
    if len(centre) == 1 and not rules.rounds:
        raise _fail("a duel always has two centre piles.")
    return centre


def _check_deck(cards: list[str], fragment: bool) -> None:
    missing, repeated = C.missing_and_repeated(cards)
    if repeated:
        raise _fail(f"these cards appear more than once: {', '.join(sorted(repeated))}.")
    if missing and not fragment:
        shown = ", ".join(sorted(missing)[:8]) + (", ..." if len(missing) > 8 else "")
        raise _fail(f"{len(missing)} cards are missing ({shown}); a position with part of "
                    "the deck must say \"fragment\": true.")


def _spitter(data: Mapping[str, Any], spit: list[list[str]], centre: list[list[str]]) -> list[int]:
    """Who feeds each centre pile: recorded, or told by the cards."""
    spitter = data.get("spitter")
    if spitter is None:
        if len(centre) == 2:
            return [0, 1]
        feeders = [p for p in (0, 1) if spit[p]]
        if len(feeders) != 1:
            raise _fail("with one centre pile, say who feeds it (\"spitter\": [0] or [1]): "
                        "the spit piles don't tell, since "
                        + ("both players have one." if feeders else "neither player has one."))
        return feeders
    if (not isinstance(spitter, (list, tuple)) or len(spitter) != len(centre)
            or not all(_is_player(s) for s in spitter)):
        raise _fail("spitter should list, for each centre pile, the player (0 or 1) who feeds it.")
    if len(centre) == 2 and list(spitter) != [0, 1]:
        raise _fail("with two centre piles you feed the left one and the computer the right: "
                    "spitter is [0, 1].")
    return list(spitter)


def _stuck(data: Mapping[str, Any]) -> list[bool]:
    stuck = data.get("stuck", [False, False])
    if (not isinstance(stuck, (list, tuple)) or len(stuck) != 2
            or any(not isinstance(s, bool) for s in stuck)):
        raise _fail("stuck should be two true/false flags.")
    return list(stuck)


def _status(
    data: Mapping[str, Any], rules: Variant, centre: list[list[str]]
) -> tuple[str, int | None]:
    status = data.get("status", "playing")
    if status not in STATUSES:
        raise _fail(f"status should be one of {', '.join(STATUSES)}, not {status!r:.40}.")
    if status != "round_over":
        return status, None
    went_out = data.get("went_out")
    if not rules.rounds:
        raise _fail("a duel is a single round: its status is playing or game_over.")
    if not _is_player(went_out) or len(centre) != 2:
        raise _fail("a round_over position needs went_out (0 or 1) and two centre piles.")
    return status, went_out


def _outcome(data: Mapping[str, Any], status: str) -> Mapping[str, Any] | None:
    outcome = data.get("outcome")
    if status != "game_over":
        return None
    if not isinstance(outcome, Mapping) or not {
            "termination", "winner", "cards_left", "text"} <= set(outcome):
        raise _fail("a game_over position needs an outcome with termination, winner, "
                    "cards_left and text.")
    winner, left = outcome["winner"], outcome["cards_left"]
    if (
        outcome["termination"] not in TERMINATIONS
        or not isinstance(outcome["text"], str)
        or (winner is not None and not _is_player(winner))
        or not isinstance(left, (list, tuple))
        or len(left) != 2
        or any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in left)
    ):
        raise _fail("the outcome needs a termination (one of "
                    f"{', '.join(TERMINATIONS)}) and a text (words), a winner (0, 1 or "
                    "None) and cards_left (two counts).")
    return outcome


def _seed(data: Mapping[str, Any]) -> int | None:
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise _fail(f"seed should be a whole number, not {seed!r:.40}.")
    return seed


def _fragment(data: Mapping[str, Any]) -> bool:
    # Absent: a position typed by hand (or a snapshot from before the key),
    # which may leave cards out. ``to_dict`` always writes it.
    fragment = data.get("fragment", True)
    if not isinstance(fragment, bool):
        raise _fail(f"fragment should be true or false, not {fragment!r:.40}.")
    return fragment


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
    stock, spit = _players(data)
    centre = _centre(data, rules)
    fragment = _fragment(data)
    everything = [c for piles in stock for pile in piles for c in pile]
    everything += [c for pile in spit for c in pile] + [c for pile in centre for c in pile]
    _check_deck(everything, fragment)
    status, went_out = _status(data, rules, centre)
    pos = Position(
        variant=rules.name, stock=stock, spit=spit, centre=centre,
        spitter=_spitter(data, spit, centre), stuck=_stuck(data),
        round=_int(data, "round", 1, 1), fruitless_spits=_int(data, "fruitless_spits", 0, 0),
        went_out=went_out, status=status, seed=_seed(data), max_rounds=data.get("max_rounds"),
        outcome=_outcome(data, status), fragment=fragment,
    )
    check_reachable(pos, rules)
    return pos


def _has_play(pos: Position, p: int) -> str | None:
    """A card ``p`` could play now, if any."""
    tops = [pile[-1] for pile in pos.centre if pile]
    for pile in pos.stock[p]:
        if pile and any(pile[-1] in C.ADJACENT[top] for top in tops):
            return pile[-1]
    return None


def check_reachable(pos: Position, rules: Variant) -> None:
    """Refuse what no game reaches: a state in which the rules contradict
    themselves, or from which every action is refused forever."""
    if not rules.rounds and pos.round != 1:
        raise _fail(f"a duel is a single round, so round is 1, not {pos.round}.")
    if pos.status == "game_over":
        return
    if any(pos.stuck) and not rules.declare_stuck:
        raise _fail("nobody declares stuck in classic Spit: stuck is [false, false].")
    for p in (0, 1):
        card = _has_play(pos, p) if pos.stuck[p] else None
        if card is not None:
            who = "you are" if p == 0 else "the computer is"
            raise _fail(f"stuck says {who} stuck, but {card} can be played.")
    if all(pos.stuck):
        raise _fail("both players are stuck: the spit would already have happened.")
    limit = rules.fruitless_spit_limit
    if limit is not None and pos.fruitless_spits > limit:
        raise _fail(f"the game ends when both are stuck after {limit} spits in a row with no "
                    f"play, so fruitless_spits is at most {limit} while playing.")
    if pos.status == "round_over":
        assert pos.went_out is not None
        if any(pos.stock[pos.went_out]):
            raise _fail("went_out names a player who still has stock cards.")


def teaching_position(
    variant: str,
    piles: Mapping[str, str | Sequence[str | Sequence[str]]],
    fill: bool,
    seed: int,
) -> dict[str, Any]:
    """The snapshot ``Game.position`` builds: ``piles`` has ``you``,
    ``computer`` and ``centre`` (lists of piles) and ``you_spit`` and
    ``computer_spit``, each pile a string of cards bottom to top."""

    def pile(spec: str | Sequence[str]) -> list[str]:
        return spec.split() if isinstance(spec, str) else [str(c) for c in spec]

    def stock(spec: str | Sequence[str | Sequence[str]]) -> list[list[str]]:
        if len(spec) > STOCK_PILES:
            raise ValueError(f"A player has at most {STOCK_PILES} stock piles.")
        return [pile(p) for p in spec] + [[] for _ in range(STOCK_PILES - len(spec))]

    stocks = [stock(piles["you"]), stock(piles["computer"])]
    spits = [pile(piles["you_spit"]), pile(piles["computer_spit"])]  # type: ignore[arg-type]
    centres = [pile(c) for c in piles["centre"]]
    if fill:
        named = {c for group in [*stocks, spits, centres] for p in group for c in p}
        rest = [c for c in C.DECK if c not in named]
        random.Random(seed).shuffle(rest)
        takers = [spit for spit in spits if spit] or spits
        for i, card in enumerate(rest):
            takers[i % len(takers)].insert(0, card)
    players = [{"stock": stocks[p], "spit": spits[p]} for p in (0, 1)]
    return {"variant": variant, "players": players, "centre": centres, "seed": seed,
            "fragment": not fill}


def _pile_text(pile: list[str]) -> str:
    if not pile:
        return "[  ]"
    hidden = len(pile) - 1
    return f"[{'#' * min(hidden, 4)}{C.label(pile[-1])}]"


def describe(game: Tableau) -> str:
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
