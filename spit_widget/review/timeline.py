"""A review drawn as HTML: a timeline of the game (the seat's plays, the
opponent's, the missed stretches), the summary, the moments and the lessons.

An SVG across the cell's width, each mark with a tooltip; then small tables.
Every text is escaped (``html.escape``): a card label or a sentence never
becomes markup. A record without times is drawn by action number instead of
seconds, with the sentence saying the timing is unknown.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from ..learn.catalogue import RULES
from ..learn.narration import rule_name
from . import narration as N
from .lessons import ReviewLesson
from .moments import Moment
from .stretches import Replay

WIDTH, LEFT, ROW = 1000, 150, 26
COLOURS = {"you": "#2e7d32", "opponent": "#1565c0", "missed": "#e65100",
           "late_stuck": "#6a1b9a"}


def _e(value: object) -> str:
    return html.escape(str(value))


def _table(columns: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    head = "".join(f"<th>{_e(c)}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td>{_e(v)}</td>" for v in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _svg(replayed: Replay, player: int, moments: Sequence[Moment]) -> str:
    timed = replayed.start.t is not None
    span = max(float(replayed.end or 0.0) if timed else float(len(replayed.steps)), 1e-9)
    scale = (WIDTH - LEFT - 10) / span

    def x(at: float) -> float:
        return LEFT + at * scale

    rows = [(N.said(N.ROW_YOU), "you"), (N.said(N.ROW_OPPONENT), "opponent"),
            (N.said(N.ROW_MISSED), "missed")]
    parts = [f'<text x="0" y="{(i + 1) * ROW - 8}" font-size="13">{_e(label)}</text>'
             for i, (label, _) in enumerate(rows)]
    for step in replayed.steps:
        action = step.action
        if action is None or action.kind != "play" or action.card is None:
            continue
        row = 0 if action.player == player else 1
        at = step.t if step.t is not None else step.index + 1
        top = ROW * row + 4
        pile = int(action.target or 0)
        under = replayed.before(step.index).centre_tops
        what = N.play_label(action.card, under[pile] if pile < len(under) else None, pile)
        tip = N.timed_mark(at, what) if timed else N.action_mark(step.index + 1, what)
        parts.append(f'<line x1="{x(at):.1f}" x2="{x(at):.1f}" y1="{top}" y2="{top + ROW - 8}" '
                     f'stroke="{COLOURS[rows[row][1]]}" stroke-width="2">'
                     f"<title>{_e(tip)}</title></line>")
    for m in moments:
        labels = ", ".join(N.play_label(c, None, p) for c, p in m.plays) or N.said(N.STUCK_LABEL)
        tip = N.missed_mark(m.t, m.waited, labels)
        parts.append(f'<rect x="{x(m.t):.1f}" y="{2 * ROW + 4}" '
                     f'width="{max(m.waited * scale, 2.0):.1f}" height="{ROW - 8}" '
                     f'fill="{COLOURS.get(m.kind, COLOURS["missed"])}">'
                     f"<title>{_e(tip)}</title></rect>")
    end = N.seconds(span) + " s" if timed else f"{len(replayed.steps)}"
    parts.append(f'<text x="{LEFT}" y="{3 * ROW + 14}" font-size="11">0</text>'
                 f'<text x="{WIDTH - 10}" y="{3 * ROW + 14}" font-size="11" '
                 f'text-anchor="end">{_e(end)}</text>')
    return (f'<svg viewBox="0 0 {WIDTH} {3 * ROW + 20}" width="100%" role="img" '
            f'aria-label="{_e(N.heading())}">{"".join(parts)}</svg>')


def render(summary: dict[str, Any], moments: Sequence[Moment], replayed: Replay, player: int,
           lessons: Sequence[ReviewLesson], note: str | None) -> str:
    """The whole review as one HTML fragment."""
    rows = [(N.said(label), "" if summary.get(key) is None else summary[key])
            for key, label in N.SUMMARY_LABELS.items()]
    out = [f"<div class=\"spit-review\"><h4>{_e(N.heading())}</h4>",
           _svg(replayed, player, moments)]
    if note:
        out.append(f"<p>{_e(note)}</p>")
    out.append(_table(("", ""), rows))
    if replayed.start.t is not None:
        out.append(f"<h5>{_e(N.said(N.MOMENTS_HEADING))}</h5>")
        if moments:
            out.append(_table([N.said(c) for c in N.MOMENT_COLUMNS], [
                (N.seconds(m.t), N.seconds(m.waited), " ".join(m.why),
                 ", ".join(rule_name(r) if r in RULES else r for r in dict.fromkeys(m.rules)))
                for m in moments]))
        else:
            out.append(f"<p>{_e(N.no_moments(float(summary['threshold'])))}</p>")
    if lessons:
        out.append(f"<h5>{_e(N.said(N.LESSONS_HEADING))}</h5>")
        out.append(_table([N.said(c) for c in N.LESSON_COLUMNS], [
            (lesson.name, lesson.this_game, lesson.stored_games,
             N.teaching(lesson.level, lesson.goal or "") if lesson.level else "")
            for lesson in lessons]))
    out.append("</div>")
    return "".join(out)
