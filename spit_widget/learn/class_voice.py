"""The sentences of a class's side of the course: a pupil's record, its check
by replay, and the teacher's report (:mod:`.record`, :mod:`.handin`,
:mod:`.grading`, :mod:`.classreport`, :mod:`.report_view`).

A voice module of its own, beside the course's (:mod:`.narration`): every
sentence, heading and label is a whole message of the catalogue
(:mod:`spit_widget.locale`), made in the current language when it is said. The
constants keep the English source (the catalogue's key): :func:`said` gives
one in the current language where it is read.
"""

from __future__ import annotations

from ..locale import N_, _, ngettext


def said(message: str) -> str:
    """One of this module's constant sentences in the current language."""
    return _(message)


# ------------------------------------------------------- a pupil's record
def not_a_record_value(kind: str) -> str:
    """check() or a report given something that is no record at all."""
    return _("A record is the path of the file learn.hand_in() wrote, or its dict; not a "
             "{kind}.", kind=kind)


def no_record_file(path: str) -> str:
    """The record's file is not there."""
    return _("There is no record at {path}: run learn.hand_in(\"your name\") in the notebook "
             "to write it.", path=f"{path!r:.80}")


def record_is_folder(path: str) -> str:
    """A folder given where the record's file was expected."""
    return _("{path} is a folder, not a record: give the file learn.hand_in() wrote.",
             path=f"{path!r:.80}")


def record_damaged(name: str) -> str:
    """The file is not JSON."""
    return _("{name} is damaged: it is not the JSON that learn.hand_in() writes.", name=name)


def record_too_big(name: str, most: int) -> str:
    """A file far bigger than any record."""
    return _("{name} is over {mb} MB, far more than a record: it was not read.", name=name,
             mb=most // 1_000_000)


def not_a_record(where: str) -> str:
    """JSON, but not a record."""
    return _("{where} is not a record written by learn.hand_in().", where=where)


def record_version(where: str, found: object, reads: int) -> str:
    """A record of another format version."""
    return _("{where} is a record of version {found}; this spit-widget reads version "
             "{reads}: hand in again with this version.", where=where, found=f"{found!r:.20}",
             reads=reads)


def record_part_wrong(where: str, part: str) -> str:
    """A part of the record (``part``: its key, such as ``"name"``) that is not
    what hand_in writes (edited by hand)."""
    return _("{where} has a {part} that is not what learn.hand_in() writes (edited by hand?).",
             where=where, part=part)


def claim_unknown(level: str) -> str:
    """A claim on a level the teacher did not give."""
    return _("{level} is not one of the levels checked, so it does not count.",
             level=f"{level!r:.60}")


def claim_other_version(level: str) -> str:
    """A claim on another version of the level."""
    return _("{level} was solved on another version of that level (it has changed since): "
             "play it again to count it.", level=f"{level!r:.60}")


def claim_not_solved(level: str, problem: str) -> str:
    """A claim whose moves, replayed, do not solve the level (``problem``: why)."""
    return _("{level} does not count: replayed, {problem}", level=f"{level!r:.60}",
             problem=problem)


NOT_A_MOVE_LIST = N_("its moves are not a list of moves.")


def moves_unreadable(detail: str) -> str:
    """Moves that are not moves (edited by hand)."""
    return _("its moves are not moves ({detail}).", detail=f"{detail:.80}")


def checked_line(name: str, levels: int, stars: int, refused: int) -> str:
    """The first line of a checked record."""
    values = {"who": name or said(NO_NAME), "stars": stars, "refused": refused}
    if refused:
        return ngettext("{who}: {n} level confirmed by replay, {stars} stars; {refused} not "
                        "counted:", "{who}: {n} levels confirmed by replay, {stars} stars; "
                        "{refused} not counted:", levels, **values)
    return ngettext("{who}: {n} level confirmed by replay, {stars} stars.",
                    "{who}: {n} levels confirmed by replay, {stars} stars.", levels, **values)


def handed_in(path: str, levels: int, games: int) -> str:
    """What hand_in wrote."""
    return ngettext("Handed in: {n} solved level and {games} in {path}.",
                    "Handed in: {n} solved levels and {games} in {path}.", levels,
                    games=ngettext("{n} game", "{n} games", games), path=path)


def handed_in_already(path: str) -> str:
    """hand_in run again while nbgrader grades the notebook: the pupil's file stays."""
    return _("Grading: the record handed in ({path}) is read as it is, not written again.",
             path=path)


def nothing_handed_in(path: str) -> str:
    """nbgrader grades a notebook whose pupil never handed the record in."""
    return _("Grading: no record was handed in ({path}), so no level counts.", path=path)


NAME_NEEDED = N_("Type your name in learn.hand_in(\"...\"), so your teacher knows the work is "
                 "yours.")


# ------------------------------------------------------- a teacher's report
def no_class_folder(path: str) -> str:
    """class_report given something that is not a folder."""
    return _("{path} is not a folder: give the folder of the class's records.",
             path=f"{path!r:.80}")


NO_NAME = N_("(no name)")
PUPILS_HEAD = N_("Pupils by level (stars confirmed by replay)")
STUCK_HEAD = N_("Levels most pupils are stuck on")
MISSED_HEAD = N_("Rules the class misses most in its games")
NOT_COUNTED_HEAD = N_("Claims that do not count")
NOT_READ_HEAD = N_("Files that could not be read")
LEVEL_KEY = N_("The levels by number")
NOBODY_STUCK = N_("Nobody is stuck: every pupil has solved every level.")
NO_GAMES_MISSED = N_("No missed moments in the games handed in.")
NO_CHART = N_("(Install matplotlib for the chart.)")
CHART_ALT = N_("Pupils who solved each level, and pupils stuck at it")
CHART_SOLVED = N_("solved it")
CHART_STUCK = N_("stuck at it")
CHART_X = N_("level")
CHART_Y = N_("pupils")
COL_PUPIL = N_("Pupil")
COL_STUDENT = N_("nbgrader id")
COL_LEVELS = N_("Levels")
COL_STARS = N_("Stars")
COL_LAST = N_("Last activity (UTC)")
COL_NOT_COUNTED = N_("Not counted")
MISSED_COLUMNS = (N_("Rule"), N_("Missed moments"), N_("Pupils"), N_("The level that teaches it"))


def pupils(n: int) -> str:
    """``n`` pupils with the noun."""
    return ngettext("{n} pupil", "{n} pupils", n)


def report_line(pupils_count: int, problems: int) -> str:
    """The report's first line."""
    if problems:
        return ngettext("{pupils}, each record checked by replay; {n} file not read.",
                        "{pupils}, each record checked by replay; {n} files not read.",
                        problems, pupils=pupils(pupils_count))
    return _("{pupils}, each record checked by replay.", pupils=pupils(pupils_count))
