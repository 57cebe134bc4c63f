"""Hints for learners: a good action and, above all, the reason for it.

Kept apart from the engine's rules and from the AI's strategies: a hint must
explain itself in a sentence, which a strategy never needs to do. The
sentences are narration's; this module chooses the action and which to say.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import cards as C
from . import narration as N
from .types import GAME_OVER, ROUND_OVER, Action, Hint

if TYPE_CHECKING:
    from .game import Game


def hint_for(game: Game, p: int) -> Hint:
    """The hint ``Game.hint`` returns."""
    if game.status == GAME_OVER:
        return Hint(None, N.said(N.HINT_GAME_OVER))
    if game.status == ROUND_OVER:
        return _slap_hint(game, p)
    plays = game.legal_plays(p)
    if plays:
        return _best_play(game, p, plays)
    moves = game.legal_moves_to_empty(p)
    if moves:
        card, slot = moves[0]
        return Hint(Action("move", p, card, slot), N.hint_move(card, slot))
    return _no_play_hint(game, p)


def _slap_hint(game: Game, p: int) -> Hint:
    if game.went_out != p:
        return Hint(None, N.said(N.HINT_WAIT_FOR_SLAP))
    sizes = [len(pile) for pile in game.centre]
    c = game.slappable(p)[0]
    return Hint(Action("slap", p, None, c), N.hint_slap(game.pile_name(c), sizes[c]))


def _no_play_hint(game: Game, p: int) -> Hint:
    """Nothing of ``p``'s fits: declare stuck (duel), wait, or spit (classic)."""
    if game.rules.declare_stuck:
        if game.stuck[p]:
            return Hint(None, N.said(N.HINT_STUCK_ALREADY))
        return Hint(Action("stuck", p), N.said(N.HINT_DECLARE_STUCK))
    if game.can_play(1 - p):
        return Hint(None, N.said(N.HINT_WATCH))
    label = N.SPIT_BUTTON if game.spit_cards_remain else N.END_ROUND_BUTTON
    return Hint(Action("spit"), N.hint_spit(label))


def _best_play(game: Game, p: int, plays: list[tuple[str, int]]) -> Hint:
    """Prefer a play that uncovers a face-down card, then one that lets another
    of your cards follow straight on."""
    tops = {pile[-1]: pile for pile in game.stock[p] if pile}

    def score(play: tuple[str, int]) -> tuple[int, int]:
        card, _ = play
        uncovers = len(tops[card]) > 1
        follow = sum(1 for other in tops if other != card and other in C.ADJACENT[card])
        return (int(uncovers), follow)

    card, c = max(plays, key=score)
    uncovers, follow = score((card, c))
    why = N.HINT_UNCOVERS if uncovers else N.HINT_FOLLOWS if follow else ""
    return Hint(Action("play", p, card, c),
                N.hint_play(card, game.pile_name(c), why, game.centre[c][-1]))
