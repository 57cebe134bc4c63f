"""The computer's strategies.

A strategy is any callable from a :class:`~.view.View` to an
:class:`~spit_widget.engine.Action` (or None when there is nothing to do until
the table changes), so a user can write one in a notebook cell and plug it in.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..engine import PLAYING, ROUND_OVER, Action
from ..engine import cards as C
from .view import View

Strategy = Callable[[View], Action | None]
"""A strategy: what to do now, or None to wait for the table to change."""


def when_no_play(view: View) -> Action | None:
    """What every built-in strategy does when it has no play: slap the smaller
    pile after going out, declare stuck (duel), or spit when nobody can play."""
    if view.status == ROUND_OVER:
        choices = view.slappable()
        return Action("slap", view.player, None, choices[0]) if choices else None
    if view.status != PLAYING:
        return None
    if view.declares_stuck:
        return None if view.stuck[view.player] else Action("stuck", view.player)
    if view.both_stuck():
        return Action("spit")
    return None


def random_strategy(rng: random.Random | None = None) -> Strategy:
    """Any legal play, chosen at random."""
    rng = rng or random.Random()

    def choose(view: View) -> Action | None:
        plays = view.legal_plays() if view.status == PLAYING else []
        if plays:
            return view.play(*plays[int(rng.random() * len(plays))])
        return when_no_play(view)

    choose.__name__ = "random"
    return choose


def greedy(view: View) -> Action | None:
    """The first play it sees, slot by slot: fast hands, no thought."""
    plays = view.legal_plays() if view.status == PLAYING else []
    if plays:
        return view.play(*plays[0])
    return when_no_play(view)


def expert(view: View) -> Action | None:
    """Plays that uncover face-down cards first, then runs it can chain with its
    own cards, while avoiding cards that hand the opponent a play; fills empty
    slots in classic; slaps the smaller pile."""
    if view.status != PLAYING:
        return when_no_play(view)
    plays = view.legal_plays()
    if plays:
        return view.play(*max(plays, key=lambda play: _score(view, play)))
    moves = view.legal_moves_to_empty()
    if moves:
        sizes = view.pile_sizes()
        tops = view.tops()
        # Uncover the biggest pile: it hides the most cards.
        return Action("move", view.player, *max(moves, key=lambda m: sizes[tops.index(m[0])]))
    return when_no_play(view)


def _score(view: View, play: tuple[str, int]) -> float:
    """How good a play is for a racer who cannot see face-down cards.

    Uncovering a card is worth most (a new card is a new chance, and bigger
    piles hide more). Then the table it leaves: each of our other face-up cards
    that will fit a centre pile counts for us, each of the opponent's counts
    against, and leaving the opponent with no play at all is a bonus, since a
    stuck opponent cannot race.
    """
    card, centre = play
    tops = view.tops()
    sizes = view.pile_sizes()
    slot = tops.index(card)
    after = view.centre_tops()
    after[centre] = card
    accepting = [C.ADJACENT[top] for top in after if top is not None]

    def fits(t: str | None) -> bool:
        return t is not None and any(t in accepts for accepts in accepting)

    mine = sum(1 for i, t in enumerate(tops) if i != slot and fits(t))
    theirs = sum(1 for t in view.tops(view.opponent) if fits(t))
    score = 4.0 * mine - 4.0 * theirs
    if sizes[slot] > 1:
        score += 8 + 0.5 * sizes[slot]
    if theirs == 0:
        score += 8
    return score


STRATEGIES: dict[str, Callable[[int | None], Strategy]] = {
    "random": lambda seed: random_strategy(random.Random(seed)),
    "greedy": lambda _seed: greedy,
    "expert": lambda _seed: expert,
}
"""The built-in strategies by name, each made from a seed (only random uses it)."""


def strategy(name_or_callable: str | Strategy, seed: int | None = None) -> Strategy:
    """A built-in strategy by name, or the user's own callable as it is."""
    if callable(name_or_callable):
        return name_or_callable
    if name_or_callable in STRATEGIES:
        return STRATEGIES[name_or_callable](seed)
    raise ValueError(
        f"Unknown strategy {name_or_callable!r}; choose one of {', '.join(STRATEGIES)} "
        "or pass a function from a View to an Action.")


def strategy_name(s: str | Strategy) -> str:
    """A strategy's name for tables and stats: the built-in's name or the function's."""
    return s if isinstance(s, str) else getattr(s, "__name__", type(s).__name__)
