"""The record a pupil hands in: a small JSON file beside the notebook.

A teacher on a hub collects the pupils' assignment folders (nbgrader's collect
takes the whole folder), so the work travels as one file there: for each level
solved, its id, a fingerprint of the level's version
(:func:`~.levelfile.fingerprint`), the moves that solved it (both players',
as the level's ``solution`` is written) and when; for each finished game, its
review's summary and its missed moments by rule; and the name the pupil typed.
Nothing else: no user name of the machine, no path, no stats.

The file claims; it does not prove. :func:`~.grading.check` replays every
claimed solution with the engine, so nothing here is trusted, and this module
only reads the file's shape, refusing a file that is not a record with a
sentence (:class:`RecordError`) rather than a traceback.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from . import class_voice as N

FORMAT = "spit-widget record"
VERSION = 1
FILENAME = "spit-record.json"
"""The record's name beside the notebook (``learn.hand_in()`` writes it there)."""
MOST_BYTES = 2_000_000
"""A record is a few kilobytes; a file far past this is not one (and is not read)."""


class RecordError(ValueError):
    """A file or value that is not a pupil's record; the message says why."""


def stamp(seconds: float | None = None) -> str:
    """``seconds`` since the epoch (now by default) as UTC ISO 8601, to the second."""
    moment = datetime.fromtimestamp(time.time() if seconds is None else seconds, timezone.utc)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def seconds_of(text: object) -> float | None:
    """The seconds since the epoch of a :func:`stamp` (None when it is not one)."""
    if not isinstance(text, str):
        return None
    try:
        return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(
            tzinfo=timezone.utc).timestamp()
    except ValueError:
        return None


def make(name: str, levels: Sequence[Mapping[str, Any]],
         games: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """A record: ``name`` as typed, ``levels`` (``id``, ``fingerprint``, ``moves``,
    ``at``) and ``games`` (``finished_at``, ``variant``, ``summary``,
    ``missed_by_rule``)."""
    return {"format": FORMAT, "version": VERSION, "name": str(name), "written_at": stamp(),
            "levels": [dict(level) for level in levels], "games": [dict(g) for g in games]}


def write(record: Mapping[str, Any], path: str | Path) -> Path:
    """Write ``record`` to ``path`` whole (a reader never meets half a file)."""
    target = Path(path)
    text = json.dumps(record, indent=1, ensure_ascii=False, allow_nan=False) + "\n"
    partial = target.with_name(f".{target.name}.partial")
    partial.write_text(text, encoding="utf-8")
    partial.replace(target)
    return target


def load(source: object) -> dict[str, Any]:
    """The record in ``source`` (a path, or the dict itself), its shape checked:
    RecordError with a sentence for a missing, damaged or foreign file."""
    if isinstance(source, (str, Path)):
        data = _read(Path(source))
        where = Path(source).name
    elif isinstance(source, Mapping):
        data, where = dict(source), "the record"
    else:
        raise RecordError(N.not_a_record_value(type(source).__name__))
    return _shaped(data, where)


def _read(path: Path) -> Any:
    try:
        if path.stat().st_size > MOST_BYTES:
            raise RecordError(N.record_too_big(path.name, MOST_BYTES))
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RecordError(N.no_record_file(str(path))) from None
    except IsADirectoryError:
        raise RecordError(N.record_is_folder(str(path))) from None
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise RecordError(N.record_damaged(path.name)) from None


def _shaped(data: Any, where: str) -> dict[str, Any]:
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise RecordError(N.not_a_record(where))
    if data.get("version") != VERSION:
        raise RecordError(N.record_version(where, data.get("version"), VERSION))
    if not isinstance(data.get("name", ""), str):
        raise RecordError(N.record_part_wrong(where, "name"))
    for part in ("levels", "games"):
        items = data.get(part, [])
        if not isinstance(items, list) or not all(isinstance(i, Mapping) for i in items):
            raise RecordError(N.record_part_wrong(where, part))
    return {"name": data.get("name", ""), "written_at": data.get("written_at"),
            "levels": list(data.get("levels", [])),
            "games": [g for g in data.get("games", []) if _game_ok(g)]}


def _game_ok(game: Mapping[str, Any]) -> bool:
    """A game's entry a report can count: its misses by rule are counts."""
    missed = game.get("missed_by_rule", {})
    return isinstance(missed, Mapping) and all(
        isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 10_000
        for k, v in missed.items())

