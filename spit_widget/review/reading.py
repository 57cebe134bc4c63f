"""What a review reads: a game's record, from whatever the user hands over.

``review.of`` takes a record (a dict, or the path of a file ``save_game``
wrote), a :class:`~spit_widget.engine.Game` (its record has no times: the
engine keeps no clock), or a table: anything with a ``last_record()`` method
(its last finished game, else the game on it) or a ``record()`` method, read
by duck typing so the review never imports the widget. The record's shape is
checked here; its actions are checked as they are replayed
(:mod:`.stretches`). Every refusal is a ValueError that says what is wrong.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..computer.match import record_times
from ..engine import Game
from ..engine.rules import VARIANTS
from . import narration as N


def record_of(source: object) -> dict[str, Any]:
    """The record ``source`` stands for (see the module docstring)."""
    if isinstance(source, Game):
        return source.record()
    if isinstance(source, (str, os.PathLike)):
        return _load(Path(source))
    if isinstance(source, Mapping):
        return dict(source)
    last = getattr(source, "last_record", None)
    if callable(last):
        found = last()
        if found is not None:
            return dict(found)
    made = getattr(source, "record", None)
    if callable(made):
        found = made()
        if found is None:
            raise ValueError(N.said(N.NO_GAME_YET))
        return dict(found)
    raise TypeError(N.not_a_record(source))


def _load(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text())
    except OSError as exc:  # no such file, a folder, unreadable: say what of() reads
        raise type(exc)(N.no_file(path, exc.strerror or type(exc).__name__)) from None
    except json.JSONDecodeError as exc:
        raise ValueError(N.not_json(path, exc.msg, exc.lineno)) from None
    if not isinstance(data, dict):
        raise ValueError(N.not_a_dict(path, data))
    return data


def checked(record: Mapping[str, Any]) -> list[float] | None:
    """Check the record's shape; its times (None when it has none)."""
    actions = record.get("actions")
    if not isinstance(actions, list):
        raise ValueError(N.said(N.NO_ACTIONS))
    for i, action in enumerate(actions):
        if (not isinstance(action, list) or not 1 <= len(action) <= 4
                or not isinstance(action[0], str)):
            raise ValueError(N.not_an_action(i, action))
    if record.get("position") is None:
        if record.get("variant") not in VARIANTS:
            raise ValueError(N.bad_variant(record.get("variant"), tuple(VARIANTS)))
        seed = record.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(N.bad_seed(seed))
    try:
        return record_times(record)
    except ValueError as exc:
        raise ValueError(N.damaged(str(exc))) from None
