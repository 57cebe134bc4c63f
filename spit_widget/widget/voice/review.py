"""The review panel's sentences (the end of a game against the computer).

Every sentence is a whole message of the catalogue (:mod:`spit_widget.locale`),
made in the current language when it is said. The constants keep the English
source: :func:`~spit_widget.engine.narration.said` gives one in the current
language where it is read.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.narration import said
from ...locale import N_, _, decimal, ngettext, pgettext

REVIEW_NOTHING = N_("There is no finished game on this table to review yet.")
REVIEW_NOT_OPEN = N_("The review is not open: press Review (V) at the end of a game first.")
REVIEW_SHOWN_ONLY = N_("This is a moment of your game, shown to look at: press Try it (T) to "
                       "play it.")
REVIEW_NO_MOMENTS = N_("This game has no missed moment to choose.")
REVIEW_NOT_TRYING = N_("Retry starts a moment you are trying again: press Try it (T) first.")
REVIEW_LAST = N_("That was the last missed moment: press Play again (G) for a new game.")
REVIEW_NO_LEVEL = N_("This moment cannot be set up as a level (its position is one the "
                     "course cannot deal); the others can.")


def review_unknown(do: object) -> str:
    """A review request the panel does not know."""
    return _("Unknown review request {value} from the page; it was ignored.",
             value=f"{do!r:.30}")


def review_no_moment(moment: object, count: int) -> str:
    """A review request names no moment of this game."""
    return ngettext("This game has {n} missed moment; there is no moment {value}.",
                    "This game has {n} missed moments; there is no moment {value}.", count,
                    value=f"{moment!r:.20}")


def _moments(missed: int, late: int) -> str:
    """The timeline's count of moments to review, split into its two kinds."""
    total = missed + late
    if not total:
        return _("0 moments to review")
    return ngettext("{n} moment to review ({missed}, {late})",
                    "{n} moments to review ({missed}, {late})", total,
                    missed=ngettext("{n} missed play", "{n} missed plays", missed),
                    late=ngettext("{n} late Stuck", "{n} late Stucks", late))


def review_summary(plays: int, missed: int | None, late_stucks: int | None,
                   median: float | None, longest: float | None) -> str:
    """The panel's one line over the timeline: what the review found. The one
    count is the timeline's ("moments to review", as "Moment 1 of 5" counts them),
    split into its two kinds, the two colours of the legend. Each item is a
    message of its own; the line lists them as a list is written (commas)."""
    parts = [ngettext("{n} play", "{n} plays", plays)]
    if missed is not None:
        parts.append(_moments(missed, late_stucks or 0))
    if median is not None:
        parts.append(_("your median reaction {seconds} s", seconds=decimal(median)))
    if longest is not None:
        parts.append(_("your longest wait {seconds} s", seconds=decimal(longest)))
    # The separator is the catalogue's too: a language may list with another mark.
    return _("Your game: {items}.", items=pgettext("between a list's items", ", ").join(parts))


REVIEW_LEGEND = {"missed": N_("missed play: a card of yours fitted, and waited"),
                 "late_stuck": N_("late Stuck: no card fitted, and Stuck came late")}
"""The timeline's two colours, in words (its legend; the summary counts each kind)."""


def review_opens(count: int, threshold: float, nothing: str | None) -> str:
    """Said when the review opens: how many moments, and how to go through them
    (``nothing``: the review's sentence when there is none, or why timing is unknown)."""
    if nothing is not None:
        return _("{nothing} Press Play again (G) for a new game.", nothing=nothing)
    return ngettext("Review of your game: {n} missed moment, where a card of yours fitted for "
                    "{threshold} s or more and you made no move. Choose one on the timeline, "
                    "or press Next moment (N).",
                    "Review of your game: {n} missed moments, where a card of yours fitted for "
                    "{threshold} s or more and you made no move. Choose one on the timeline, "
                    "or press Next moment (N).", count, threshold=decimal(threshold, None))


def review_caption(n: int, count: int, t: float) -> str:
    """The status line while a missed moment is shown."""
    return _("Missed moment {k} of {count}, at {t} s of your game.", k=n, count=count,
             t=decimal(t))


def review_moment(n: int, count: int, t: float, waited: float, why: Sequence[str],
                  late_stuck: bool) -> str:
    """What a shown moment says: when, how long, and why the plays fitted
    (``why``: a whole sentence for each, said after the first)."""
    values = {"k": n, "count": count, "t": decimal(t), "waited": decimal(waited)}
    if late_stuck:
        head = _("Moment {k} of {count}, at {t} s: no card of yours fitted, and Stuck came "
                 "{waited} s later.", **values)
    else:
        head = ngettext("Moment {k} of {count}, at {t} s: a card of yours fitted and waited "
                        "{waited} s.", "Moment {k} of {count}, at {t} s: {n} cards of yours "
                        "fitted and waited {waited} s.", len(why), **values)
    return " ".join((head, *why))


def review_trying(n: int, count: int, goal: str, late_stuck: bool) -> str:
    """Said when a moment is played as a level (one try: a refused card ends it)."""
    if late_stuck:
        return _("Try it, moment {k} of {count}: {goal} Hint (H) says why; a card played ends "
                 "the try.", k=n, count=count, goal=goal)
    return _("Try it, moment {k} of {count}: {goal} Hint (H) lights the card; a card that "
             "does not fit ends the try.", k=n, count=count, goal=goal)


def review_found(why: str, more: bool) -> str:
    """Said when the play is found."""
    if more:
        return _("Found it. {why} Press Next moment (N) for the next one, or Play again (G) "
                 "for a new game.", why=why)
    return _("Found it. {why} That was the last missed moment: press Play again (G) for a "
             "new game.", why=why)


def review_try_over(solved: bool, more: bool) -> str:
    """The table's status line once a try has ended (the panel says the same)."""
    if solved:
        return (_("Found it: Next moment (N) or Play again (G).") if more
                else _("Found it: Play again (G) for a new game."))
    return (_("Not this time: Retry (R), Next moment (N) or Play again (G).") if more
            else _("Not this time: Retry (R) or Play again (G)."))


def review_missed(sentence: str, answer: Sequence[str]) -> str:
    """Said when a try fails: why, and the answer (the plays that fitted, lit)."""
    return _("Not this time: {sentence} The answer, lit on the table: {answer} Press Retry "
             "(R) to try again.", sentence=sentence, answer=" ".join(answer))


def legend(kind: str) -> str:
    """The legend of the timeline's colour ``kind`` in the current language."""
    return said(REVIEW_LEGEND[kind])
