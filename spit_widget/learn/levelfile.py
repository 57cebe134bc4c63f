"""A class's own levels in a file: :func:`save_levels` and :func:`load_levels`.

A teacher writes levels in a notebook and hands them on (to the static site's
course page, to a colleague) as one JSON file. The file holds each level as
data: its named checks by class and fields, its script and hint as plain
lists. A function cannot go into a file, so a level with a :class:`~.checks.Custom`
check is refused when it is saved, not when a class opens it.

The file carries a digest of its levels, so a file damaged on the way or
edited by hand is refused with a sentence rather than half read; every level
read back is made with :class:`~.level.Level`, so it is validated exactly as a
course level is (its solution played through the engine).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import fields
from pathlib import Path
from typing import Any

from . import checks as K
from .checks import Check, Fail
from .hint import LevelHint
from .level import Level
from .script import Opponent

FORMAT = "spit-widget levels"
VERSION = 1

_CHECKS: dict[str, type[Any]] = {cls.__name__: cls for cls in (
    K.OnCentre, K.Uncovered, K.Cleared, K.Spat, K.Moved, K.Slapped, K.Won, K.RoundReached,
    K.All, K.AnyOf, K.Made)}
"""The checks a file may hold: every named check (a Custom one is a function)."""


class LevelFileError(ValueError):
    """A level file that cannot be read, or a level that cannot be saved; the
    message says which and why."""


# ------------------------------------------------------------------ to data
def _check_data(check: Check, where: str) -> dict[str, Any]:
    name = type(check).__name__
    if _CHECKS.get(name) is not type(check):
        raise LevelFileError(
            f"{where} is {check.describe()!r:.60}, a check of your own (a function or a "
            f"{name}), which a file cannot hold: use a named check such as "
            "learn.OnCentre('7S') or learn.Won().")
    if name in ("All", "AnyOf"):
        return {"check": name, "checks": [_check_data(c, where) for c in check.checks]}  # type: ignore[attr-defined]
    data: dict[str, Any] = {"check": name}
    for f in fields(check):  # type: ignore[arg-type]
        value = getattr(check, f.name)
        data[f.name] = list(value) if isinstance(value, tuple) else value
    return data


def _level_data(level: Level) -> dict[str, Any]:
    where = f"Level {level.id!r}"
    failures = (level.failure,) if isinstance(level.failure, Fail) else tuple(level.failure)
    return {
        "id": level.id, "title": level.title, "goal": level.goal, "stage": level.stage,
        "variant": level.variant,
        "rules": list(level.rules), "position": level.position,
        "success": _check_data(level.success, f"{where}: its success check"),
        "failure": [{"check": _check_data(f.check, f"{where}: its failure check"),
                     "sentence": f.sentence} for f in failures],
        "opponent": _opponent_data(level.opponent),
        "solution": [list(a) for a in level.solution], "par": level.par,
        "hint": None if level.hint is None else {
            "sentence": level.hint.sentence, "card": level.hint.card, "pile": level.hint.pile},
        "why": level.why, "strict": level.strict, "refute": dict(level.refute),
    }


def _rule_data(check: Check) -> dict[str, Any]:
    """A check as data for a fingerprint: a named check as the file holds it, a
    teacher's own (a function) by its words and the function's name."""
    try:
        return _check_data(check, "")
    except LevelFileError:
        test = getattr(check, "test", None)
        return {"check": type(check).__name__, "words": check.describe(),
                "function": getattr(test, "__qualname__", "")}


def fingerprint(level: Level) -> str:
    """A short digest of what decides how ``level`` plays and scores: its position,
    its success and failure checks, its scripted computer, its par and strictness
    (not its words: a goal reworded is the same level). A record of moves made on
    one version of a level is told apart from another version by it."""
    failures = (level.failure,) if isinstance(level.failure, Fail) else tuple(level.failure)
    data: dict[str, Any] = {"variant": level.variant, "position": level.position,
                            "par": level.par, "strict": level.strict,
                            "opponent": _opponent_data(level.opponent)}
    data["success"] = _rule_data(level.success)
    data["failure"] = [_rule_data(f.check) for f in failures]
    canonical = json.dumps(data, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()[:16]


def _opponent_data(opponent: Opponent | None) -> dict[str, Any] | None:
    if opponent is None:
        return None
    return {"replies": [[w if isinstance(w, int) else list(w), [list(a) for a in acts]]
                        for w, acts in opponent.replies],
            "timed": [[s, list(a)] for s, a in opponent.timed]}


def _digest(levels: list[dict[str, Any]]) -> str:
    canonical = json.dumps(levels, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def save_levels(levels: Sequence[Level], path: str | Path) -> Path:
    """Write ``levels`` (each a :class:`~.level.Level`) to the JSON file ``path``
    for :func:`load_levels` (and ``python -m spit_widget site --levels``);
    returns the path. Refuses, with a sentence and nothing written, anything
    that is not a list of levels, two levels with one id, and a level whose
    check is a function."""
    if isinstance(levels, (str, bytes, Level)) or not isinstance(levels, Sequence):
        raise TypeError(f"save_levels takes a list of learn.Level, not {type(levels).__name__}.")
    if not levels:
        raise LevelFileError("There are no levels to save: the list is empty.")
    data = []
    seen: set[str] = set()
    for n, level in enumerate(levels, 1):
        if not isinstance(level, Level):
            raise TypeError(f"save_levels takes learn.Level objects; item {n} is a "
                            f"{type(level).__name__} ({level!r:.40}).")
        if level.id in seen:
            raise LevelFileError(f"Two levels have the id {level.id!r:.40}; each needs its own "
                                 "(the progress is kept by id).")
        seen.add(level.id)
        data.append(_level_data(level))
    target = Path(path)
    text = json.dumps({"format": FORMAT, "version": VERSION, "levels": data,
                       "digest": _digest(data)}, indent=1, ensure_ascii=False)
    target.write_text(text + "\n", encoding="utf-8")
    return target


# ---------------------------------------------------------------- from data
def _check(data: Any) -> Check:
    if not isinstance(data, Mapping) or data.get("check") not in _CHECKS:
        raise LevelFileError(f"{data!r:.60} is not a check this file format knows.")
    fields_ = {k: v for k, v in data.items() if k != "check"}
    if data["check"] in ("All", "AnyOf"):
        return _CHECKS[data["check"]](tuple(_check(c) for c in fields_.get("checks", ())))  # type: ignore[no-any-return]
    if data["check"] == "Made":
        fields_["action"] = tuple(fields_.get("action", ()))
    return _CHECKS[data["check"]](**fields_)  # type: ignore[no-any-return]


def _level(data: Mapping[str, Any]) -> Level:
    opponent = data.get("opponent")
    hint = data.get("hint")
    return Level(
        id=data["id"], title=data.get("title", ""), goal=data["goal"], stage=data.get("stage", ""),
        variant=data.get("variant", ""), rules=tuple(data["rules"]), position=data["position"],
        success=_check(data["success"]),
        failure=tuple(Fail(_check(f["check"]), f["sentence"]) for f in data.get("failure", ())),
        opponent=None if opponent is None else Opponent(
            replies=[(w if isinstance(w, int) else tuple(w), [tuple(a) for a in acts])
                     for w, acts in opponent.get("replies", ())],
            timed=[(s, tuple(a)) for s, a in opponent.get("timed", ())]),
        solution=tuple(tuple(a) for a in data.get("solution", ())), par=data.get("par"),
        hint=None if hint is None else LevelHint(**hint), why=data.get("why", ""),
        strict=bool(data.get("strict", False)), refute=dict(data.get("refute", {})))


def _read(target: Path) -> list[dict[str, Any]]:
    try:
        whole = json.loads(target.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise LevelFileError(f"There is no level file {str(target)!r:.80}.") from None
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise LevelFileError(f"{target.name} is damaged: it is not the JSON that "
                             "learn.save_levels writes.") from None
    if not isinstance(whole, Mapping) or whole.get("format") != FORMAT:
        raise LevelFileError(f"{target.name} is not a level file written by "
                             "learn.save_levels.")
    if whole.get("version") != VERSION:
        raise LevelFileError(f"{target.name} is a level file of version "
                             f"{whole.get('version')!r:.20}; this spit-widget reads version "
                             f"{VERSION}: save the levels again with this version.")
    levels = whole.get("levels")
    if not isinstance(levels, list) or whole.get("digest") != _digest(levels):
        raise LevelFileError(f"{target.name} was changed after learn.save_levels wrote it "
                             "(damaged, or edited by hand): change the levels in the notebook "
                             "and save them again.")
    return levels


def load_levels(path: str | Path) -> list[Level]:
    """The levels of a file :func:`save_levels` wrote, each validated as the
    course's levels are. LevelFileError (a ValueError) with a sentence for a
    missing, damaged or hand-edited file, or a level that does not validate
    (naming its id and the reason)."""
    target = Path(path)
    made = []
    for n, data in enumerate(_read(target), 1):
        name = data.get("id", f"number {n}") if isinstance(data, Mapping) else f"number {n}"
        try:
            made.append(_level(data))
        except LevelFileError as exc:
            raise LevelFileError(f"Level {name!r:.40} in {target.name}: {exc}") from None
        except ValueError as exc:  # Level's validation names the level itself
            raise LevelFileError(f"{exc} (in {target.name})") from None
        except (KeyError, TypeError, AttributeError) as exc:
            raise LevelFileError(f"Level {name!r:.40} in {target.name} is incomplete "
                                 f"({type(exc).__name__}: {exc}).") from None
    if not made:
        raise LevelFileError(f"{target.name} holds no levels.")
    return made
