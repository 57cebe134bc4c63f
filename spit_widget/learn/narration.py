"""The course's sentences: a refusal that names the rule it enforces, and the
words around a level (success, failure, a wrong puzzle answer).

The engine says why it refused (``IllegalMove.kind`` and its sentence); this
module only chooses the rule of :data:`~.catalogue.RULES` that the refusal
enforces and puts the rule's name in front, so the learner reads which rule
to look up. It never parses the engine's English.
"""

from __future__ import annotations

from ..engine import Game, IllegalMove, RefusalKind
from ..engine import cards as C
from .actions import PublicAction
from .catalogue import RULES

_RULE_OF: dict[RefusalKind, str] = {
    "no_fit": "adjacency",
    "empty_centre": "opening-spit",
    "not_stuck": "stuck",
    "no_stuck_in_classic": "spit-again",
    "no_spit_in_duel": "stuck",
    "no_move_in_duel": "empty-slot-duel",
    "no_slap_in_duel": "goal-duel",
    "spit_too_soon": "spit-again",
    "slot_not_empty": "move-to-empty",
    "nothing_under": "move-to-empty",
    "slap_too_soon": "slap",
    "not_who_went_out": "slap",
    "bigger_pile": "slap",
    "round_over": "slap",
    "not_yours": "top-cards-only",
    "face_down": "top-cards-only",
    "spit_card": "top-cards-only",
    "on_centre": "top-cards-only",
    "hidden": "top-cards-only",
    "not_in_game": "top-cards-only",
}
"""Which rule each engine refusal enforces (``"bad_input"`` and
``"game_over"`` are decided below: no rule, and the variant's goal)."""


def refusal_rule(game: Game, error: IllegalMove, action: PublicAction) -> str | None:
    """The id of the rule ``error`` enforces (None: the action was malformed)."""
    kind = error.kind
    if kind == "game_over":
        return f"goal-{game.variant}"
    return _RULE_OF.get(kind)


def _refusing_piles(game: Game, action: PublicAction) -> list[int]:
    """The centre piles that refuse the card of a misfit ``action``: the pile it
    was sent to, or both when it fits neither (the engine names both then too)."""
    centre = action[3] if action[0] == "play" else None
    if not isinstance(centre, int) or not 0 <= centre < len(game.centre) \
            or not game.centre[centre]:
        return []
    card = str(action[2])
    others = [c for c, pile in enumerate(game.centre) if c != centre and pile]
    if others and not any(C.fits(card, game.centre[c][-1]) for c in others):
        return sorted((centre, *others))
    return [centre]


def _needs(game: Game, centre: int) -> str:
    """``"the left pile needs Q or A: the ranks wrap round"``."""
    wrap = ": the ranks wrap round" if game.centre[centre][-1][0] in "AK" else ""
    return f"{game.pile_name(centre)} {game.needs(centre)}{wrap}"


def refusal(game: Game, error: IllegalMove, action: PublicAction) -> tuple[str | None, str]:
    """The rule id and the learner's sentence for a refused ``action``: the rule's
    name, then what is wrong (``"Adjacency: 9♥ is not one rank from K♦ (the left
    pile needs Q or A)."``; a card that fits neither pile names both). ``game``
    is the state the action was refused in."""
    rule = refusal_rule(game, error, action)
    if rule is None:
        return None, f"That is not a move here: {error}"
    name = RULES[rule].name
    piles = _refusing_piles(game, action) if error.kind == "no_fit" else []
    if piles:
        tops = " or ".join(C.label(game.centre[c][-1]) for c in piles)
        clauses = [_needs(game, c) for c in piles]
        needs = ("; " if any(":" in clause for clause in clauses) else ", ").join(clauses)
        return rule, f"{name}: {C.label(str(action[2]))} is not one rank from {tops} ({needs})."
    return rule, f"{name}: {error}"


def cards(count: int) -> str:
    """``count`` cards with their noun: "no card", "1 card", "4 cards"."""
    return "no card" if count == 0 else "1 card" if count == 1 else f"{count} cards"


def not_your_move(action: PublicAction) -> str:
    """A learner's attempt to act for the computer's seat."""
    return f"That is the computer's move ({action!r:.40}); you play as player 0."


SPIT_CARDS_DO_NOT_COUNT = "your spit cards do not count, only your five stock piles"
"""Said in a goal that speaks of your last stock card, before the learner wonders
why the table still counts cards left: the spit pile is apart."""

LEVEL_OVER = "This level is over: press Retry to play it again, or Next."


def ended_early(text: str) -> str:
    """The failure when the game ends before the goal is reached."""
    return f"The game ended before the goal: {text}"


def off_solution(best: str, reason: str) -> str:
    """A puzzle answered with a move that is not the proven best one."""
    return f"Not the best answer: {reason} The best is to {best}."
