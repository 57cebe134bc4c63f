"""The course's sentences: a refusal that names the rule it enforces, and the
words around a level (success, failure, a wrong puzzle answer).

The engine says why it refused (``IllegalMove.kind`` and its sentence); this
module only chooses the rule of :data:`~.catalogue.RULES` that the refusal
enforces and puts the rule's name in front, so the learner reads which rule
to look up. It never parses the engine's English. Every sentence is a whole
message of the catalogue (:mod:`spit_widget.locale`), as in the engine's voice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..engine import Game, IllegalMove, RefusalKind
from ..engine import cards as C
from ..engine import narration as EN
from ..locale import N_, _, ngettext, pgettext
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


def _misfit(game: Game, rule: str, card: str, c: int) -> str:
    """``"Adjacency: 9♥ is not one rank from K♦ (the left pile needs Q or A: the
    ranks wrap round)."``: one pile refuses ``card``."""
    top = game.centre[c][-1]
    low, high = C.neighbour_ranks(top)
    values = {"rule": rule, "card": C.label(card), "top": C.label(top),
              "pile": EN.pile(game.pile_name(c), subject=True),
              "low": C.rank_label(low), "high": C.rank_label(high)}
    if top[0] in "AK":
        return _("{rule}: {card} is not one rank from {top} ({pile} needs {low} or {high}: "
                 "the ranks wrap round).", **values)
    return _("{rule}: {card} is not one rank from {top} ({pile} needs {low} or {high}).",
             **values)


def _misfit_both(game: Game, rule: str, card: str) -> str:
    """Both piles refuse ``card``: each named with what it needs."""
    left, right = game.centre[0][-1], game.centre[1][-1]
    (left_low, left_high), (right_low, right_high) = map(C.neighbour_ranks, (left, right))
    values = {"rule": rule, "card": C.label(card), "left": C.label(left),
              "right": C.label(right), "left_low": C.rank_label(left_low),
              "left_high": C.rank_label(left_high), "right_low": C.rank_label(right_low),
              "right_high": C.rank_label(right_high)}
    wraps = (left[0] in "AK", right[0] in "AK")
    if wraps == (False, False):
        return _("{rule}: {card} is not one rank from {left} or {right} (the left pile needs "
                 "{left_low} or {left_high}, the right pile needs {right_low} or "
                 "{right_high}).", **values)
    if wraps == (True, False):
        return _("{rule}: {card} is not one rank from {left} or {right} (the left pile needs "
                 "{left_low} or {left_high}: the ranks wrap round; the right pile needs "
                 "{right_low} or {right_high}).", **values)
    if wraps == (False, True):
        return _("{rule}: {card} is not one rank from {left} or {right} (the left pile needs "
                 "{left_low} or {left_high}; the right pile needs {right_low} or "
                 "{right_high}: the ranks wrap round).", **values)
    return _("{rule}: {card} is not one rank from {left} or {right} (the left pile needs "
             "{left_low} or {left_high}: the ranks wrap round; the right pile needs "
             "{right_low} or {right_high}: the ranks wrap round).", **values)


def rule_name(rule: str) -> str:
    """The name of the rule ``rule`` (an id of :data:`RULES`) in the current language."""
    return _(RULES[rule].name)


def refusal(game: Game, error: IllegalMove, action: PublicAction) -> tuple[str | None, str]:
    """The rule id and the learner's sentence for a refused ``action``: the rule's
    name, then what is wrong (``"Adjacency: 9♥ is not one rank from K♦ (the left
    pile needs Q or A: the ranks wrap round)."``; a card that fits neither pile
    names both). ``game`` is the state the action was refused in."""
    rule = refusal_rule(game, error, action)
    if rule is None:
        return None, _("That is not a move here: {reason}", reason=str(error))
    name = rule_name(rule)
    piles = _refusing_piles(game, action) if error.kind == "no_fit" else []
    if len(piles) == 1:
        return rule, _misfit(game, name, str(action[2]), piles[0])
    if piles:
        return rule, _misfit_both(game, name, str(action[2]))
    return rule, _("{rule}: {reason}", rule=name, reason=str(error))


def cards(count: int) -> str:
    """``count`` cards with their noun: "no card", "1 card", "4 cards"."""
    if count == 0:
        return _("no card")
    return ngettext("{n} card", "{n} cards", count)


def not_your_move(action: PublicAction) -> str:
    """A learner's attempt to act for the computer's seat."""
    return _("That is the computer's move ({action}); you play as player 0.",
             action=f"{action!r:.40}")


LEVEL_OVER = N_("This level is over: press Retry to play it again, or Next.")


def level_over() -> str:
    """:data:`LEVEL_OVER` in the current language."""
    return _(LEVEL_OVER)


def ended_early(text: str) -> str:
    """The failure when the game ends before the goal is reached."""
    return _("The game ended before the goal: {outcome}", outcome=text)


def off_solution(best: PublicAction | None, reason: str | None) -> str:
    """A puzzle answered with a move that is not the proven best one: why (the
    level's own reason for that move, else the search's), and the best move
    (None: the best was to stop there)."""
    why = reason if reason is not None else _("the search proves another move better.")
    if best is None:
        return _("Not the best answer: {reason} The best is to stop here.", reason=why)
    return _("Not the best answer: {reason} The best is to {best}.", reason=why, best=tell(best))


def _centre(centre: object) -> str:
    """A centre pile an action names, as the object of a verb ("on the left pile")."""
    if isinstance(centre, int) and centre in (0, 1):
        return EN.pile(EN.centre_name(centre, single=False))
    return pgettext("centre pile, as object", "pile {number}", number=centre)


_YOURS: dict[str, Callable[..., str]] = {
    "play": lambda **v: pgettext("a move to make", "play {card} on {pile}", **v),
    "move_to_empty": lambda **v: pgettext("a move to make", "move {card} into slot {slot}", **v),
    "slap": lambda **v: pgettext("a move to make", "slap {pile}", **v),
    "declare_stuck": lambda **v: pgettext("a move to make", "press Stuck", **v),
    "spit": lambda **v: pgettext("a move to make", "press Spit!", **v),
}
_THEIRS: dict[str, Callable[..., str]] = {
    "play": lambda **v: _("the computer plays {card} on {pile}", **v),
    "move_to_empty": lambda **v: _("the computer moves {card} into slot {slot}", **v),
    "slap": lambda **v: _("the computer slaps {pile}", **v),
    "declare_stuck": lambda **v: _("the computer presses Stuck", **v),
}


def tell(action: PublicAction) -> str:
    """An action in a few words, for a line of moves or the best answer: the
    learner's as what to do ("play 9♥ on the right pile"), the computer's as
    what it does ("the computer plays K♦ on the left pile"). :func:`.actions.describe`
    is its English key (a level's ``refute`` is written by it)."""
    name = action[0]
    values: dict[str, object] = {}
    if name in ("play", "move_to_empty"):
        values["card"] = C.label(action[2])
    if name == "play":
        values["pile"] = _centre(action[3])
    elif name == "move_to_empty":
        values["slot"] = action[3] + 1
    elif name == "slap":
        values["pile"] = _centre(action[2])
    theirs = name != "spit" and action[1] == 1
    return (_THEIRS if theirs else _YOURS)[name](**values)


def line(actions: Sequence[PublicAction]) -> str:
    """Moves in order, one after the other: "play 2♥ on the right pile, then
    play 3♠ on the right pile"."""
    said = ""
    for action in actions:
        told = tell(action)
        said = pgettext("moves one after the other", "{moves}, then {move}",
                        moves=said, move=told) if said else told
    return said
