"""Reading a live game from another cell: tables of events and card counts.

These return small objects that draw themselves as HTML tables in a notebook
(every text escaped: a name or message never becomes markup) and as plain
lists anywhere else.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import Event, Game

_WHO = {0: "you", 1: "computer", None: ""}


@dataclass(frozen=True)
class Rows:
    """Rows of values with column names; an HTML table in a notebook."""

    columns: tuple[str, ...]
    rows: list[tuple[Any, ...]]

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{html.escape(str(c))}</th>" for c in self.columns)
        body = "".join(
            "<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in row) + "</tr>"
            for row in self.rows)
        return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"

    def __len__(self) -> int:
        return len(self.rows)

    def records(self) -> list[dict[str, Any]]:
        """The rows as dicts, ready for ``pandas.DataFrame(table.records())``."""
        return [dict(zip(self.columns, row, strict=True)) for row in self.rows]


def event_table(events: Sequence[Event], last: int | None = None) -> Rows:
    """The move log as a table (the newest ``last`` events, or all)."""
    chosen = events[-last:] if last else events
    return Rows(("seq", "kind", "who", "card", "centre", "text"),
                 [(e.seq, e.kind, _WHO.get(e.player, ""), e.card or "",
                   "" if e.centre is None else e.centre, e.text) for e in chosen])


def card_counts(game: Game) -> Rows:
    """How many cards lie where: each stock pile, spit piles, centre piles."""
    rows: list[tuple[Any, ...]] = []
    for p in (0, 1):
        for slot, pile in enumerate(game.stock[p]):
            rows.append((_WHO[p], f"stock {slot + 1}", len(pile)))
        rows.append((_WHO[p], "spit pile", len(game.spit_piles[p])))
    for c, pile in enumerate(game.centre):
        rows.append(("table", f"centre {c}", len(pile)))
    rows.append(("", "total", sum(r[2] for r in rows)))
    return Rows(("whose", "place", "cards"), rows)


def reaction_summary(times: Sequence[float]) -> Rows:
    """The computer's reaction times: count, median, fastest, slowest (seconds)."""
    if not times:
        return Rows(("count", "median s", "fastest s", "slowest s"), [(0, "", "", "")])
    ordered = sorted(times)
    median = ordered[len(ordered) // 2]
    return Rows(("count", "median s", "fastest s", "slowest s"),
                 [(len(ordered), round(median, 3), round(ordered[0], 3),
                   round(ordered[-1], 3))])
