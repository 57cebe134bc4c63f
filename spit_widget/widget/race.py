"""The refusal of a play that lost a race for a pile.

A click that was right for the table the player saw can reach the kernel
after the other side has covered the pile. The engine then refuses it as a
card that does not fit, which reads as the player's mistake. The page sends
what it showed of each centre pile (``seen`` in the play message); when the
card fitted the pile as shown and the pile has changed since, the refusal says
who got there first (:func:`~spit_widget.engine.narration.covered_first`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import PLAYING, Game
from ..engine import narration as N
from ..engine.cards import ADJACENT
from .protocol import BadMessage, parse


def _coverer(game: Game, centre: int) -> int | None:
    """Who put the pile's top card there (the newest play or spit onto it)."""
    for e in reversed(game.events):
        if e.centre == centre and e.kind in ("play", "spit"):
            return e.player
    return None


def race_refusal(game: Game, player: int, card: str, centre: int,
                 seen: Sequence[str | None], names: Sequence[str]) -> str | None:
    """The sentence for ``player``'s refused play of ``card`` (sent to
    ``centre``) if it lost a race for a pile it fitted as ``seen``; else None
    (the engine's own reason stands). ``names``: each player as a sentence
    starts with them ("The computer", "Bob")."""
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
            by = _coverer(game, c)
            who = names[by] if by is not None and by != player else None
            return N.covered_first(card, saw, top, game.pile_name(c), who)
    return None


def race_of_message(game: Game, content: object, player: int,
                    names: Sequence[str]) -> str | None:
    """:func:`race_refusal` for a refused page message (None unless it is a
    readable play that carries ``seen``)."""
    try:
        request = parse(content)
    except BadMessage:
        return None
    action = request.action
    if request.kind != "play" or request.seen is None or action is None:
        return None
    if not isinstance(action.card, str) or not isinstance(action.target, int):
        return None
    return race_refusal(game, player, action.card, action.target, request.seen, names)
