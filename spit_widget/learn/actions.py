"""The public action tuples a level's solution and script are written in.

A teacher writes what they would call on a game: ``("play", 0, "AS", 1)`` is
``game.play(0, "AS", 1)``. The engine's own history keeps :class:`Action`
records with shorter kinds; this module turns one into the other, so a level
can tell which of the history's actions were the learner's and whether they
follow the solution.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine import Action, ActionKind, Game, IllegalMove
from ..engine import cards as C

PublicAction = tuple[Any, ...]
"""``("play", p, card, centre)``, ``("declare_stuck", p)``, ``("spit",)``,
``("move_to_empty", p, card, slot)`` or ``("slap", p, centre)``."""

_ARITY = {"play": 4, "declare_stuck": 2, "spit": 1, "move_to_empty": 4, "slap": 3}
PUBLIC_NAMES: dict[ActionKind, str] = {"play": "play", "stuck": "declare_stuck", "spit": "spit",
                                       "move": "move_to_empty", "slap": "slap"}
"""Each engine action kind and its public name (the game's method): the one mapping."""
_KINDS: dict[str, ActionKind] = {name: kind for kind, name in PUBLIC_NAMES.items()}


def normalise(action: object) -> PublicAction:
    """``action`` as a public tuple (engine kinds ``"stuck"``/``"move"`` and
    :class:`Action` records are accepted too), or ValueError saying what is wrong."""
    if isinstance(action, Action):
        action = from_engine(action)
    if not isinstance(action, (tuple, list)) or not action:
        raise ValueError(f"An action is a tuple like ('play', 0, 'AS', 0), not {action!r:.60}.")
    name = PUBLIC_NAMES.get(action[0], action[0])
    if name not in _ARITY:
        raise ValueError(f"Unknown action {action[0]!r:.30}: use play, declare_stuck, spit, "
                         "move_to_empty or slap.")
    if len(action) != _ARITY[name]:
        raise ValueError(f"{name} takes {_ARITY[name] - 1} values after its name: "
                         f"{action!r:.60}.")
    return (name, *action[1:])


def from_engine(action: Action) -> PublicAction:
    """The public tuple for an engine action (a history entry, a click): the
    engine's kinds ``"stuck"`` and ``"move"`` get their public names; a public
    name is kept as it is."""
    kind, player, card, target = action
    name = PUBLIC_NAMES.get(kind, kind)
    if name == "spit":
        return (name,)
    if name == "declare_stuck":
        return (name, player)
    if name == "slap":
        return (name, player, target)
    return (name, player, card, target)


def to_engine(action: PublicAction) -> Action:
    """The engine :class:`Action` for a public tuple (for ``game.is_legal``)."""
    name, *args = action
    kind = _KINDS[name]
    if kind == "spit":
        return Action(kind)
    if kind == "stuck":
        return Action(kind, args[0])
    if kind == "slap":
        return Action(kind, args[0], None, args[1])
    return Action(kind, *args)


def apply(game: Game, action: PublicAction) -> None:
    """Carry out ``action`` with the game's public method (IllegalMove if refused)."""
    name, *args = action
    if name == "play":
        game.play(*args)
    elif name == "declare_stuck":
        game.declare_stuck(*args)
    elif name == "spit":
        game.spit()
    elif name == "move_to_empty":
        game.move_to_empty(*args)
    elif name == "slap":
        game.slap(*args)
    else:  # normalise() keeps this out
        raise IllegalMove(f"Unknown action {name!r:.30}.")


def player_of(action: PublicAction) -> int | None:
    """Who makes ``action`` (None: the table's spit, which the learner presses)."""
    return None if action[0] == "spit" else int(action[1])


def is_learners(action: PublicAction) -> bool:
    """The learner (player 0) makes it, or presses Spit! for the table."""
    return player_of(action) != 1


def learner_actions(game: Game) -> list[PublicAction]:
    """The learner's actions so far, in order, from the game's history."""
    return [a for a in (from_engine(h) for h in game.history) if is_learners(a)]


def legal_actions(game: Game, player: int = 0) -> list[PublicAction]:
    """Everything ``player`` (and the table's spit) may do now, as public tuples."""
    acts = [from_engine(a) for a in game.legal_actions()]
    return [a for a in acts if player_of(a) in (player, None)]


def describe(action: PublicAction) -> str:
    """A few words for an action: ``"play 9♥ on the right pile"`` (a short
    classic round's single pile is the left one here)."""
    name = action[0]
    if player_of(action) == 1:
        return "the computer " + _third_person(describe((name, 0, *action[2:])))
    if name == "play":
        pile = {0: "the left pile", 1: "the right pile"}.get(action[3], f"pile {action[3]}")
        return f"play {C.label(action[2])} on {pile}"
    if name == "move_to_empty":
        return f"move {C.label(action[2])} into slot {action[3] + 1}"
    if name == "slap":
        return "slap the left pile" if action[2] == 0 else "slap the right pile"
    return "press Stuck" if name == "declare_stuck" else "press Spit!"


def _third_person(words: str) -> str:
    """``"play 9♥ on ..."`` -> ``"plays 9♥ on ..."`` (the computer's moves)."""
    verb, _, rest = words.partition(" ")
    return f"{verb}es {rest}" if verb == "press" else f"{verb}s {rest}"


def sequence(actions: Sequence[object]) -> tuple[PublicAction, ...]:
    """Each of ``actions`` normalised."""
    return tuple(normalise(a) for a in actions)
