"""One row of a :class:`~.state.BatchView` as the engine's ``Game.to_dict()``
writes it, so a vector game's position can be compared key for key with the
scalar game's, shown, or loaded with ``Game.from_dict``."""

from __future__ import annotations

from typing import Any

from ..engine import narration as N
from ..engine.types import SNAPSHOT_VERSION, STATUSES, TERMINATIONS
from .deals import card_names
from .rules import OUT_OF_CARDS, ROUND_LIMIT, SPITS_NOWHERE, STALEMATE, STOCK_EMPTIED
from .state import NO_ONE, BatchView


def _outcome(s: BatchView, b: int, left: tuple[int, int]) -> dict[str, Any] | None:
    code = int(s.termination[b])
    if code == NO_ONE:
        return None
    winner = None if s.winner[b] == NO_ONE else int(s.winner[b])
    if code == STOCK_EMPTIED:
        assert winner is not None  # the player who emptied their stock
        text = N.stock_emptied(winner)
    elif code == STALEMATE:
        text = N.stalemate(N.BOTH_STUCK_NO_SPIT, left)
    elif code == SPITS_NOWHERE:
        text = N.stalemate(N.spits_nowhere(int(s.fruitless[b])), left)
    elif code == OUT_OF_CARDS:
        assert winner is not None  # the player who went out with no card left
        text = N.out_of_cards(winner)
    else:
        assert code == ROUND_LIMIT, TERMINATIONS[code]
        text = N.round_limit(int(s.max_rounds[b]), left)
    return {"termination": TERMINATIONS[code], "winner": winner, "cards_left": list(left),
            "text": text}


def to_dict(s: BatchView, b: int, variant: str) -> dict[str, Any]:
    """Game ``b`` as ``Game.to_dict()`` would write it."""
    players = []
    for p in (0, 1):
        stock = [card_names(s.stock[b, p, slot, : s.stock_n[b, p, slot]]) for slot in range(5)]
        players.append({"stock": stock, "spit": card_names(s.spit[b, p, : s.spit_n[b, p]])})
    left = (int(s.stock_n[b, 0].sum()) + int(s.spit_n[b, 0]),
            int(s.stock_n[b, 1].sum()) + int(s.spit_n[b, 1]))
    centres = int(s.centres[b])
    return {
        "version": SNAPSHOT_VERSION,
        "variant": variant,
        "players": players,
        "centre": [card_names(s.centre[b, c, : s.centre_n[b, c]]) for c in range(centres)],
        "spitter": [int(p) for p in s.spitter[b, :centres]],
        "status": STATUSES[int(s.status[b])],
        "stuck": [bool(x) for x in s.stuck[b]],
        "round": int(s.round[b]),
        "went_out": None if s.went_out[b] == NO_ONE else int(s.went_out[b]),
        "fruitless_spits": int(s.fruitless[b]),
        "seed": int(s.deal[b]),
        "max_rounds": int(s.max_rounds[b]) or None,
        "outcome": _outcome(s, b, left),
        "fragment": False,
    }
