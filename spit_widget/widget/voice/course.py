"""The course bar's sentences, a replay's caption and the course map's line
from your games.

Every sentence is a whole message of the catalogue (:mod:`spit_widget.locale`),
made in the current language when it is said. The constants keep the English
source: :func:`~spit_widget.engine.narration.said` gives one in the current
language where it is read.
"""

from __future__ import annotations

from ...engine.narration import said
from ...locale import N_, _, ngettext

COURSE_MAP = N_("The course map: choose a level, or Continue.")
LEVEL_SOLVED = N_("Solved: press Next (N) for the next level, or Retry (R).")
LEVEL_NO_HINT = N_("This level has no hint: its goal says it all.")
LEVEL_GAME_ENDED = N_("The game ended before the goal was reached.")
COURSE_FAILED = N_("That could not be done; the course is unchanged.")
NO_RECORD_HERE = N_("This course keeps no record of your work to download.")
NAME_FOR_RECORD = N_("Type your name first, so your teacher knows whose work it is.")
COURSE_BOTTOM_ROW = N_("In the course you play the bottom row; the script plays the top.")
COURSE_GOALS = {"duel": N_("Clear your five stock piles before the computer."),
                "classic": N_("Get rid of all your cards, round after round.")}
"""Each variant's goal in a whole game (English: :func:`course_goal` says it)."""
COURSE_NO_DAILY = N_("This course has no daily deal: its teacher left it out.")
COURSE_NO_GAMES = N_("This course has no whole games: its teacher left them out.")
NEXT_IS_A_GAME = N_("Press Next (N) to play a whole game against the computer.")
NEXT_GOES_ON = N_("Press Next (N) to go on.")
NEXT_IS_THE_MAP = N_("That was the last one here: Next (N) goes back to the map.")
DAILY_WON = N_("You won today's deal!")
DAILY_LOST = N_("The computer won today's deal")
DAILY_DRAW = N_("A draw")
DAILY_FIRST_COUNTS = N_("Only the day's first result counts: Retry deals the same cards "
                        "again, for practice.")
DAILY_PRACTICE = N_("A practice game: only the day's first result counts, and today's is "
                    "kept.")


def course_goal(variant: str) -> str:
    """The goal of a whole game of ``variant``, in the current language."""
    return said(COURSE_GOALS.get(variant, COURSE_GOALS["classic"]))


def level_failed(failure: str) -> str:
    """The level failed (``failure``: the sentence why); the table says how to try again."""
    return _("{failure} Press Retry (R) to try again.", failure=failure)


def course_game_title(variant: str, pace: str) -> str:
    """The course bar's title over a whole game against the computer."""
    if variant == "duel":
        return _("A whole duel game · computer at {pace}", pace=pace)
    return _("A whole classic game · computer at {pace}", pace=pace)


def course_game_start(variant: str, pace: str) -> str:
    """Said when a whole game of the course starts."""
    if variant == "duel":
        return _("A whole duel game against the computer at {pace}. {goal} Good luck!",
                 pace=pace, goal=course_goal(variant))
    return _("A whole classic game against the computer at {pace}. {goal} Good luck!",
             pace=pace, goal=course_goal(variant))


def par_words(par: int) -> str:
    """A level's par in words, not golf's: "in 1 move: 3 stars"."""
    return ngettext("in {n} move: 3 stars", "in {n} moves: 3 stars", par)


def level_solved(moves: int, stars: int, par: int, why: str, more: str) -> str:
    """Said when a level is solved: the moves, the stars, why it works, where
    Next goes (``more``: one of the ``NEXT_`` sentences, in English)."""
    return ngettext("Solved in {n} move: {stars} of 3 stars ({par}). {why} {more}",
                    "Solved in {n} moves: {stars} of 3 stars ({par}). {why} {more}", moves,
                    stars=stars, par=par_words(par), why=why, more=said(more))


def not_this_time(sentence: str) -> str:
    """Said when a level failed."""
    return _("Not this time: {sentence} Press Retry (R) to try again.", sentence=sentence)


def daily_said(title: str, text: str, share: str | None) -> str:
    """Said when the daily deal ends: who won, how, and the line to share."""
    if share:
        return _("{title}. {text} Share: {share}", title=title, text=text, share=share)
    return _("{title}. {text}", title=title, text=text)


def level_opens(section: str, n: int, count: int, goal: str, par: int) -> str:
    """Said when a level opens: where it is, its goal, and its par in words."""
    return _("{section}, level {n} of {count}. Goal: {goal} Solved {par}.", section=section,
             n=n, count=count, goal=goal, par=par_words(par))


def daily_opens(day: object) -> str:
    """Said when the daily deal starts."""
    return _("The daily deal for {day}: the same cards for everyone today, against the "
             "computer at Normal. Clear your five stock piles first. {practice}", day=day,
             practice=said(DAILY_FIRST_COUNTS))


# ------------------------------------------------------------------- replay
def replay_caption(k: int, total: int, last: str) -> str:
    """The status line of a replayed moment (``last``: the last action's sentence)."""
    return ngettext("Replay: after {k} of {n} action. {last}",
                    "Replay: after {k} of {n} actions. {last}", total, k=k, last=last)


# --------------------------------------------- the course map: from your games
def from_your_games(count: int) -> str:
    """A rule's line on the course map: how many missed moments of the stored
    games (the last 50) it was behind."""
    return ngettext("behind {n} missed moment of your recent games",
                    "behind {n} missed moments of your recent games", count)


def record_downloaded(file: str) -> str:
    """Said when the pupil's record was given to the browser to save."""
    return _("Your work is saved as {file} in your downloads: hand that file in.", file=file)
