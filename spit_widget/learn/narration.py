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
