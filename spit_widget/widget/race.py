"""The refusal of a play that lost a race for a pile.

A click that was right for the table the player saw can reach the kernel
after the other side has covered the pile. The engine then refuses it as a
card that does not fit, which reads as the player's mistake. The page sends
what it showed of each centre pile (``seen`` in the play message); when the
card fitted the pile as shown and the pile has changed since, the refusal says
who got there first (:func:`~spit_widget.widget.voice.covered_first`),
told in the table's voice like every other refusal.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import PLAYING, Game, IllegalMove
from ..engine import narration as N
from ..engine.cards import ADJACENT
from . import voice as V
from .parsing import Request


def _coverer(game: Game, centre: int) -> int | None:
    """Who put the pile's top card there (the newest play or spit onto it)."""
    for e in reversed(game.events):
        if e.centre == centre and e.kind in ("play", "spit"):
            return e.player
    return None


def race_refusal(game: Game, player: int, card: str, centre: int,
                 seen: Sequence[str | None]) -> IllegalMove | None:
    """The refusal of ``player``'s play of ``card`` (sent to ``centre``) if it
    lost a race for a pile it fitted as ``seen``; else None (the engine's own
    reason stands)."""
    if game.status != PLAYING or card not in game.stock_tops(player):
        return None
    tops = game.centre_tops()
    order = [centre, *(c for c in range(len(tops)) if c != centre)]
    for c in order:
        saw = seen[c] if c < len(seen) else None
        top = tops[c] if c < len(tops) else None
        if saw is None or top is None or saw == top or saw not in ADJACENT:
            continue
        if card in ADJACENT[saw] and card not in ADJACENT[top]:
            return N.refusal("no_fit", V.covered_first, card, saw, top, game.pile_name(c),
                             _coverer(game, c), player)
    return None


def race_of_request(game: Game, request: Request | None) -> IllegalMove | None:
    """:func:`race_refusal` for a refused page message (None unless it is a
    readable play that carries ``seen``)."""
    if request is None or request.kind != "play" or request.seen is None:
        return None
    action = request.action
    if action is None or not isinstance(action.card, str) or not isinstance(action.target, int):
        return None
    return race_refusal(game, request.player, action.card, action.target, request.seen)
