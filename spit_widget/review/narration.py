"""The review's sentences: every text a review shows or raises, in one place.

One voice per layer (DESIGN.md): the engine's sentences come from
``engine/narration.py``, the widget's from ``widget/voice.py``, and a review's
from here, so the timeline, the moments' levels and the refusals of a damaged
record speak alike and can be reworded in one module.
"""

from __future__ import annotations

from ..engine import cards as C

TIMING_UNKNOWN = ("This record has no times, so the timing is unknown: the plays are "
                  "counted, but a missed moment needs a clock.")
NO_GAME_YET = "The table has no game to review yet."
A_GAME_HAS_NO_CLOCK = ("A Game keeps no clock (the engine has none): review a table or a "
                       "record it made to see the timing.")

SUMMARY_LABELS = {
    "plays": "your plays",
    "opponent_plays": "the opponent's plays",
    "missed": "missed moments",
    "reaction_median": "your median reaction (s)",
    "opponent_reaction_median": "the opponent's median reaction (s)",
    "late_stucks": "Stuck pressed late",
    "longest_wait": "your longest wait with a play (s)",
    "duration": "length of the game (s)",
}
"""The summary's rows as the timeline's table names them."""

ROW_YOU = "your plays"
ROW_OPPONENT = "the opponent's plays"
ROW_MISSED = "missed moments"
HEADING = "Review"
MOMENTS_HEADING = "Missed moments"
LESSONS_HEADING = "What to practise"
MOMENT_COLUMNS = ("at (s)", "waited (s)", "the plays that fitted", "rules")
LESSON_COLUMNS = ("rule", "this game", "stored games", "the level that teaches it")
BOOK_TITLE = "Missed moments of your game"
"""The title of the stage a table plays the moments in."""


STUCK_BECAUSE = ("No card of yours fitted: press Stuck at once, so the spit comes as soon as "
                 "the other player is stuck too.")
STUCK_LABEL = "Stuck"


def stuck_goal(t: float, waited: float) -> str:
    """The goal of a late Stuck's level."""
    return (f"At {seconds(t)} s in your game no card of yours fitted, and Stuck came "
            f"{seconds(waited)} s later. Say so at once.")


def seconds(t: float) -> str:
    """A time as the review writes it: one decimal."""
    return f"{t:.1f}"


def no_moments(threshold: float) -> str:
    """Nothing was missed for ``threshold`` seconds or more."""
    return f"No missed moment: no card that fitted waited {threshold:g} s or more."


def play_label(card: str, top: str | None, centre: int) -> str:
    """A play in a few words: ``"A♣ on K♥"`` (or on the empty centre pile)."""
    on = C.label(top) if top else f"centre pile {centre + 1}"
    return f"{C.label(card)} on {on}"


def fits_because(card: str, top: str, rule: str) -> str:
    """Why ``card`` fitted on ``top``, by the rule behind it."""
    head = f"{C.label(card)} fits on {C.label(top)}"
    if rule == "wrap":
        return f"{head}: the ranks wrap round, Ace to King."
    if rule == "uncover":
        return f"{head}: it had just turned face up under the card you played."
    if rule == "either-pile":
        return f"{head}: the pile on the other side is yours to play on too."
    return f"{head}: one rank apart, up or down."


def moment_goal(t: float, waited: float) -> str:
    """The goal of a moment's level."""
    return (f"At {seconds(t)} s in your game a card fitted and waited {seconds(waited)} s. "
            "Find a play.")


def timed_mark(t: float, what: str) -> str:
    """A mark's tooltip on the timeline."""
    return f"{seconds(t)} s: {what}"


def action_mark(number: int, what: str) -> str:
    """A mark's tooltip on the timeline of a record without times."""
    return f"action {number}: {what}"


def missed_mark(t: float, waited: float, plays: str) -> str:
    """A moment's tooltip on the timeline (``plays``: what fitted, or Stuck)."""
    return f"{seconds(t)} s: {plays} waited {seconds(waited)} s"


def teaching(level_id: str, goal: str) -> str:
    """The course level that teaches a rule, as the lessons name it."""
    return f"{level_id}: {goal}"


# ------------------------------------------------------------- refusals
def not_a_record(what: object) -> str:
    """``of()`` was handed something that is no record."""
    return (f"Review a record (a dict or the path of a saved game), a Game or a table, "
            f"not {type(what).__name__}.")


def no_file(path: object, why: str) -> str:
    """``of()`` was handed the path of a file it cannot read."""
    return (f"There is no saved game to read at {str(path)!r} ({why}). Review a record (a dict, "
            "or the path of a file save_game wrote), a Game or a table.")


def damaged(problem: str) -> str:
    """A record refused, with what is wrong with it."""
    return f"This game record is damaged: {problem}"


def bad_seat(seat: object) -> str:
    """The seat asked for is not 1 or 2."""
    return f"The seat is 1 or 2 (seat 1 deals first, as at the table), not {seat!r:.20}."


def bad_threshold(threshold: object) -> str:
    """The threshold is not a positive number of seconds."""
    return f"The threshold is a positive number of seconds, not {threshold!r:.20}."


NO_ACTIONS = damaged("it has no list of actions.")


def not_json(path: object, why: str, line: int) -> str:
    """A saved record that is no JSON."""
    return damaged(f"{path} is not JSON ({why}, line {line}).")


def not_a_dict(path: object, data: object) -> str:
    """A saved file that holds JSON but no record."""
    return damaged(f"{path} holds a {type(data).__name__}, not a record.")


def not_an_action(index: int, action: object) -> str:
    """An entry of the actions that is no action."""
    return damaged(f"action {index} is {action!r:.40}, not an action such as "
                   "['play', 0, '7S', 1].")


def bad_variant(variant: object, variants: tuple[str, ...]) -> str:
    """A record of no known variant."""
    return damaged(f"its variant is {variant!r:.20}; the variants are {', '.join(variants)}.")


def bad_seed(seed: object) -> str:
    """A seeded record whose seed is no whole number."""
    return damaged(f"its seed is {seed!r:.20}, not a whole number.")


def bad_start(exc: Exception) -> str:
    """A record whose start (its deal or position) cannot be set up."""
    return damaged(f"its start cannot be set up ({exc}).")


def refused(index: int, action: object, exc: Exception) -> str:
    """An action the engine refuses when the record is replayed."""
    return damaged(f"action {index} ({action!r:.40}) is refused: {exc}")
