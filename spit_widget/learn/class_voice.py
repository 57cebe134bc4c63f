"""The sentences of a class's side of the course: a pupil's record, its check
by replay, and the teacher's report (:mod:`.record`, :mod:`.handin`,
:mod:`.grading`, :mod:`.classreport`, :mod:`.report_view`).

A voice module of its own: these speak English only for now. The rest of the
course's voice (:mod:`.narration`) speaks through the catalogue; bringing these
into it, with their French, Spanish and German, is issue 48's next step.
"""

from __future__ import annotations


# ------------------------------------------------------- a pupil's record
def not_a_record_value(kind: str) -> str:
    """check() or a report given something that is no record at all."""
    return f"A record is the path of the file learn.hand_in() wrote, or its dict; not a {kind}."


def no_record_file(path: str) -> str:
    """The record's file is not there."""
    return (f"There is no record at {path!r:.80}: run learn.hand_in(\"your name\") in the "
            "notebook to write it.")


def record_is_folder(path: str) -> str:
    """A folder given where the record's file was expected."""
    return f"{path!r:.80} is a folder, not a record: give the file learn.hand_in() wrote."


def record_damaged(name: str) -> str:
    """The file is not JSON."""
    return f"{name} is damaged: it is not the JSON that learn.hand_in() writes."


def record_too_big(name: str, most: int) -> str:
    """A file far bigger than any record."""
    return f"{name} is over {most // 1_000_000} MB, far more than a record: it was not read."


def not_a_record(where: str) -> str:
    """JSON, but not a record."""
    return f"{where} is not a record written by learn.hand_in()."


def record_version(where: str, found: object, reads: int) -> str:
    """A record of another format version."""
    return (f"{where} is a record of version {found!r:.20}; this spit-widget reads version "
            f"{reads}: hand in again with this version.")


def record_part_wrong(where: str, part: str) -> str:
    """A part of the record that is not what hand_in writes (edited by hand)."""
    return f"{where} has a {part} that is not what learn.hand_in() writes (edited by hand?)."


def claim_unknown(level: str) -> str:
    """A claim on a level the teacher did not give."""
    return f"{level!r:.60} is not one of the levels checked, so it does not count."


def claim_other_version(level: str) -> str:
    """A claim on another version of the level."""
    return (f"{level!r:.60} was solved on another version of that level (it has changed "
            "since): play it again to count it.")


def claim_not_solved(level: str, problem: str) -> str:
    """A claim whose moves, replayed, do not solve the level."""
    return f"{level!r:.60} does not count: replayed, {problem}"


NOT_A_MOVE_LIST = "its moves are not a list of moves."


def moves_unreadable(detail: str) -> str:
    """Moves that are not moves (edited by hand)."""
    return f"its moves are not moves ({detail:.80})."


def checked_line(name: str, levels: int, stars: int, refused: int) -> str:
    """The first line of a checked record."""
    who = name or "(no name)"
    line = f"{who}: {levels} level{'s' if levels != 1 else ''} confirmed by replay, {stars} stars"
    return line + (f"; {refused} not counted:" if refused else ".")


def handed_in(path: str, levels: int, games: int) -> str:
    """What hand_in wrote."""
    return (f"Handed in: {levels} solved level{'s' if levels != 1 else ''} and {games} "
            f"game{'s' if games != 1 else ''} in {path}.")


def handed_in_already(path: str) -> str:
    """hand_in run again while nbgrader grades the notebook: the pupil's file stays."""
    return f"Grading: the record handed in ({path}) is read as it is, not written again."


def nothing_handed_in(path: str) -> str:
    """nbgrader grades a notebook whose pupil never handed the record in."""
    return f"Grading: no record was handed in ({path}), so no level counts."


NAME_NEEDED = "Type your name in learn.hand_in(\"...\"), so your teacher knows the work is yours."


# ------------------------------------------------------- a teacher's report
def no_class_folder(path: str) -> str:
    """class_report given something that is not a folder."""
    return f"{path!r:.80} is not a folder: give the folder of the class's records."


NO_NAME = "(no name)"
PUPILS_HEAD = "Pupils by level (stars confirmed by replay)"
STUCK_HEAD = "Levels most pupils are stuck on"
MISSED_HEAD = "Rules the class misses most in its games"
NOT_COUNTED_HEAD = "Claims that do not count"
NOT_READ_HEAD = "Files that could not be read"
LEVEL_KEY = "The levels by number"
NOBODY_STUCK = "Nobody is stuck: every pupil has solved every level."
NO_GAMES_MISSED = "No missed moments in the games handed in."
NO_CHART = "(Install matplotlib for the chart.)"
CHART_ALT = "Pupils who solved each level, and pupils stuck at it"
CHART_SOLVED = "solved it"
CHART_STUCK = "stuck at it"
CHART_X = "level"
CHART_Y = "pupils"
COL_PUPIL = "Pupil"
COL_STUDENT = "nbgrader id"
COL_LEVELS = "Levels"
COL_STARS = "Stars"
COL_LAST = "Last activity (UTC)"
COL_NOT_COUNTED = "Not counted"
MISSED_COLUMNS = ("Rule", "Missed moments", "Pupils", "The level that teaches it")


def pupils(n: int) -> str:
    """``n`` pupils with the noun."""
    return "1 pupil" if n == 1 else f"{n} pupils"


def report_line(pupils_count: int, problems: int) -> str:
    """The report's first line."""
    line = f"{pupils(pupils_count)}, each record checked by replay"
    return line + (f"; {problems} file{'s' if problems != 1 else ''} not read." if problems
                   else ".")
