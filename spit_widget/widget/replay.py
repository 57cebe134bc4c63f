"""Finished games kept and replayed: save to JSON, load, step through.

A record is the start (a seed, or a position set up by hand) plus every
action; any moment is rebuilt by replaying the first ``k`` actions, which
takes well under a millisecond, so nothing but the record needs storing.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import ipywidgets

from ..computer.match import record_times
from ..engine import Game
from ..keywords import check_keywords
from . import voice as V
from .cells import replace_earlier_run_of_this_cell
from .table import SpitWidget


def save_game(game: Game | Mapping[str, Any] | SpitWidget, path: str | Path) -> Path:
    """Write a game's record to a JSON file; return the path. ``game`` is a
    :class:`Game`, a table (its game's record, each action's time included) or
    a record already made (``w.record()``, ``w.last_record()``)."""
    path = Path(path)
    record = dict(game) if isinstance(game, Mapping) else game.record()
    path.write_text(json.dumps(record, indent=1))
    return path


def load_record(path: str | Path) -> dict[str, Any]:
    """Read a record written by :func:`save_game` (checked by replaying it; its
    ``"times"``, when it has them, checked too; a record without them loads)."""
    record: dict[str, Any] = json.loads(Path(path).read_text())
    if not isinstance(record, dict) or "actions" not in record:
        raise ValueError(f"{path} does not hold a spit-widget game record.")
    try:
        record_times(record)
    except ValueError as exc:
        raise ValueError(f"{path}: {exc}") from None
    Game.replay(record)  # raises a clear error when the record is damaged
    return record


class ReplayWidget(ipywidgets.VBox):  # type: ignore[misc]
    """A finished (or running) game shown one action at a time.

    Drag the slider or use the buttons to move forward and back; the table
    below shows the game exactly as it stood after that many actions.
    """

    def __init__(self, record: dict[str, Any] | Game, **kwargs: Any) -> None:
        check_keywords("ReplayWidget", kwargs, (), also=self.class_trait_names())
        self.record = record.record() if isinstance(record, Game) else record
        total = len(self.record["actions"])
        self.slider = ipywidgets.IntSlider(
            value=total, min=0, max=total, description="action", continuous_update=True,
            layout=ipywidgets.Layout(width="60%"))
        self.back = ipywidgets.Button(description="◀", tooltip="one action back",
                                      layout=ipywidgets.Layout(width="3em"))
        self.forward = ipywidgets.Button(description="▶", tooltip="one action forward",
                                         layout=ipywidgets.Layout(width="3em"))
        self.table = SpitWidget(game=Game.replay(self.record), readonly=True)
        self.back.on_click(lambda _: self.step(-1))
        self.forward.on_click(lambda _: self.step(1))
        self.slider.observe(lambda change: self.show(change["new"]), names="value")
        super().__init__(
            [ipywidgets.HBox([self.back, self.slider, self.forward]), self.table], **kwargs)
        self.show(total)
        replace_earlier_run_of_this_cell(self)

    @property
    def total(self) -> int:
        """The number of actions in the recorded game."""
        return len(self.record["actions"])

    def game_at(self, k: int) -> Game:
        """The game after its first ``k`` actions."""
        return Game.replay(self.record, upto=k)

    def show(self, k: int) -> None:
        """Show the table as it stood after ``k`` actions."""
        k = max(0, min(self.total, k))
        if self.slider.value != k:
            self.slider.value = k  # its observer comes back here
            return
        game = self.game_at(k)
        last = game.events[-1].text if game.events else ""
        self.table.show(game, caption=V.replay_caption(k, self.total, last))

    def step(self, delta: int) -> None:
        """Move the slider ``delta`` actions forward (or back)."""
        self.show(self.slider.value + delta)

    def close(self) -> None:
        """Close the table, the slider and the buttons (those made: a constructor
        refused on a bad keyword leaves none, and ipywidgets closes it when collected)."""
        parts = [self.__dict__.get(name) for name in ("table", "slider", "back", "forward")]
        for widget in (*parts, *self.children):
            if widget is not None:
                widget.close()
        super().close()
