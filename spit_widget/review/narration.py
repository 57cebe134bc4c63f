"""The review's sentences: every text a review shows or raises, in one place.

One voice per layer (DESIGN.md): the engine's sentences come from
``engine/narration.py``, the widget's from the ``widget/voice/`` package, and a
review's from here, so the timeline, the moments' levels and the refusals of a
damaged record speak alike and can be reworded in one module.

Every sentence, heading and label is a whole message of the catalogue
(:mod:`spit_widget.locale`), made in the current language when it is said. The
constants keep the English source (the catalogue's key): :func:`said` gives
one in the current language where it is read, ``said(HEADING)``.
"""

from __future__ import annotations

from ..engine import cards as C
from ..engine.narration import said as said
from ..locale import N_, _, decimal, pgettext

TIMING_UNKNOWN = N_("This record has no times, so the timing is unknown: the plays are "
                    "counted, but a missed moment needs a clock.")
NO_GAME_YET = N_("The table has no game to review yet.")
A_GAME_HAS_NO_CLOCK = N_("A Game keeps no clock (the engine has none): review a table or a "
                         "record it made to see the timing.")

SUMMARY_LABELS = {
    "plays": N_("your plays"),
    "opponent_plays": N_("the opponent's plays"),
    "missed": N_("missed moments"),
    "reaction_median": N_("your median reaction (s)"),
    "opponent_reaction_median": N_("the opponent's median reaction (s)"),
    "late_stucks": N_("Stuck pressed late"),
    "longest_wait": N_("your longest wait with a play (s)"),
    "duration": N_("length of the game (s)"),
}
"""The summary's rows as the timeline's table names them (English: ``said`` each)."""

ROW_YOU = N_("your plays")
ROW_OPPONENT = N_("the opponent's plays")
ROW_MISSED = N_("missed moments")
HEADING = N_("Review")


def heading() -> str:
    """The review's heading: a noun ("Revue"), where the button that opens it says a verb."""
    return pgettext("the review's heading", "Review")

MOMENTS_HEADING = N_("Missed moments")
LESSONS_HEADING = N_("What to practise")
MOMENT_COLUMNS = (N_("at (s)"), N_("waited (s)"), N_("the plays that fitted"), N_("rules"))
LESSON_COLUMNS = (N_("rule"), N_("this game"), N_("stored games"),
                  N_("the level that teaches it"))
BOOK_TITLE = N_("Missed moments of your game")
"""The title of the stage a table plays the moments in."""


STUCK_BECAUSE = N_("No card of yours fitted: press Stuck at once, so the spit comes as soon "
                   "as the other player is stuck too.")
STUCK_LABEL = N_("Stuck")


def stuck_goal(t: float, waited: float) -> str:
    """The goal of a late Stuck's level."""
    return _("At {t} s in your game no card of yours fitted, and Stuck came {waited} s later. "
             "Say so at once.", t=seconds(t), waited=seconds(waited))


def seconds(t: float) -> str:
    """A time as the review writes it: one decimal (the language's decimal mark)."""
    return decimal(t)


def no_moments(threshold: float) -> str:
    """Nothing was missed for ``threshold`` seconds or more."""
    return _("No missed moment: no card that fitted waited {threshold} s or more.",
             threshold=decimal(threshold, None))


def play_label(card: str, top: str | None, centre: int) -> str:
    """A play in a few words: ``"A♣ on K♥"`` (or on the empty centre pile)."""
    if top:
        return _("{card} on {top}", card=C.label(card), top=C.label(top))
    return _("{card} on centre pile {n}", card=C.label(card), n=centre + 1)


def fits_because(card: str, top: str, rule: str) -> str:
    """Why ``card`` fitted on ``top``, by the rule behind it."""
    values = {"card": C.label(card), "top": C.label(top)}
    if rule == "wrap":
        return _("{card} fits on {top}: the ranks wrap round, Ace to King.", **values)
    if rule == "uncover":
        return _("{card} fits on {top}: it had just turned face up under the card you played.",
                 **values)
    if rule == "either-pile":
        return _("{card} fits on {top}: the pile on the other side is yours to play on too.",
                 **values)
    return _("{card} fits on {top}: one rank apart, up or down.", **values)


def moment_goal(t: float, waited: float) -> str:
    """The goal of a moment's level."""
    return _("At {t} s in your game a card fitted and waited {waited} s. Find a play.",
             t=seconds(t), waited=seconds(waited))


def timed_mark(t: float, what: str) -> str:
    """A mark's tooltip on the timeline."""
    return _("{t} s: {what}", t=seconds(t), what=what)


def action_mark(number: int, what: str) -> str:
    """A mark's tooltip on the timeline of a record without times."""
    return _("action {n}: {what}", n=number, what=what)


def missed_mark(t: float, waited: float, plays: str) -> str:
    """A moment's tooltip on the timeline (``plays``: what fitted, or Stuck)."""
    return _("{t} s: {plays} waited {waited} s", t=seconds(t), plays=plays,
             waited=seconds(waited))


def teaching(level_id: str, goal: str) -> str:
    """The course level that teaches a rule, as the lessons name it."""
    return f"{level_id}: {goal}"


# ------------------------------------------------------------- refusals
def not_a_record(what: object) -> str:
    """``of()`` was handed something that is no record."""
    return _("Review a record (a dict or the path of a saved game), a Game or a table, not "
             "{kind}.", kind=type(what).__name__)


def no_file(path: object, why: str) -> str:
    """``of()`` was handed the path of a file it cannot read."""
    return _("There is no saved game to read at {path} ({why}). Review a record (a dict, or "
             "the path of a file save_game wrote), a Game or a table.", path=repr(str(path)),
             why=why)


def damaged(problem: str) -> str:
    """A record refused, with what is wrong with it (``problem``: a sentence
    said elsewhere, such as a refusal of the engine)."""
    return _("This game record is damaged: {problem}", problem=problem)


def bad_seat(seat: object) -> str:
    """The seat asked for is not 1 or 2."""
    return _("The seat is 1 or 2 (seat 1 deals first, as at the table), not {value}.",
             value=f"{seat!r:.20}")


def bad_threshold(threshold: object) -> str:
    """The threshold is not a positive number of seconds."""
    return _("The threshold is a positive number of seconds, not {value}.",
             value=f"{threshold!r:.20}")


NO_ACTIONS = N_("This game record is damaged: it has no list of actions.")


def not_json(path: object, why: str, line: int) -> str:
    """A saved record that is no JSON (``why``: the JSON reader's words)."""
    return _("This game record is damaged: {path} is not JSON ({why}, line {line}).",
             path=path, why=why, line=line)


def not_a_dict(path: object, data: object) -> str:
    """A saved file that holds JSON but no record."""
    return _("This game record is damaged: {path} holds a {kind}, not a record.", path=path,
             kind=type(data).__name__)


def not_an_action(index: int, action: object) -> str:
    """An entry of the actions that is no action."""
    return _("This game record is damaged: action {index} is {value}, not an action such as "
             "['play', 0, '7S', 1].", index=index, value=f"{action!r:.40}")


def bad_variant(variant: object, variants: tuple[str, ...]) -> str:
    """A record of no known variant."""
    return _("This game record is damaged: its variant is {value}; the variants are "
             "{variants}.", value=f"{variant!r:.20}", variants=", ".join(variants))


def bad_seed(seed: object) -> str:
    """A seeded record whose seed is no whole number."""
    return _("This game record is damaged: its seed is {value}, not a whole number.",
             value=f"{seed!r:.20}")


def bad_start(exc: Exception) -> str:
    """A record whose start (its deal or position) cannot be set up."""
    return _("This game record is damaged: its start cannot be set up ({problem}).",
             problem=exc)


def refused(index: int, action: object, exc: Exception) -> str:
    """An action the engine refuses when the record is replayed."""
    return _("This game record is damaged: action {index} ({value}) is refused: {problem}",
             index=index, value=f"{action!r:.40}", problem=exc)

