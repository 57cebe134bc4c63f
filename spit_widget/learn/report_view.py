"""The class report shown in a cell: a readable HTML table and a small chart.

The chart is matplotlib's, drawn on a bare :class:`~matplotlib.figure.Figure`
(as ``w.stats.plot()`` draws its own: no pyplot, so no backend and no window),
and left out, with a sentence, when matplotlib is not installed. Every name
and sentence from a file is escaped: a record is a pupil's file, and a name
typed as ``<script>`` is shown as typed, never run.
"""

from __future__ import annotations

import base64
import io
from html import escape
from typing import TYPE_CHECKING

from . import class_voice as N

if TYPE_CHECKING:
    from .classreport import ClassReport

STYLE = ("<style>.spit-class-report table{border-collapse:collapse;margin:.4em 0}"
         ".spit-class-report th,.spit-class-report td{border:1px solid #ccc;padding:2px 6px;"
         "text-align:left;font-size:13px}.spit-class-report .stars{color:#b8860b;"
         "white-space:nowrap}.spit-class-report .wide{overflow-x:auto;max-width:100%}</style>")


def chart_png(report: ClassReport) -> bytes | None:
    """Pupils who solved each level the class goes through (the course's, or the
    teacher's), and pupils stuck at it (None without matplotlib)."""
    try:
        from matplotlib.figure import Figure
    except ImportError:
        return None
    track = set(report.track)
    levels = [lv for lv in report.levels if lv.id in track]
    solved = [sum(1 for p in report.pupils if lv.id in p.stars) for lv in levels]
    stuck_at = dict(report.stuck)
    stuck = [stuck_at.get(lv.id, 0) for lv in levels]
    fig = Figure(figsize=(max(4.0, min(12.0, 0.28 * len(levels) + 2)), 2.6))
    ax = fig.subplots()
    xs = list(range(1, len(levels) + 1))
    ax.bar(xs, solved, color="#4c9a2a", label=N.said(N.CHART_SOLVED))
    ax.bar(xs, stuck, color="#d9822b", width=0.45, label=N.said(N.CHART_STUCK))
    ax.set(xlabel=N.said(N.CHART_X), ylabel=N.said(N.CHART_Y),
           ylim=(0, max(1, len(report.pupils))),
           xlim=(0.4, len(levels) + 0.6))
    ax.legend(loc="upper right", fontsize=8, frameon=False)
    fig.tight_layout()
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100)
    return buffer.getvalue()


def _stars(n: int) -> str:
    return "\u2605" * n if n else ""


def _pupils(report: ClassReport) -> str:
    nbgrader = any(p.student for p in report.pupils)
    heads = [N.said(h) for h in (N.COL_PUPIL, *([N.COL_STUDENT] if nbgrader else []),
                                 N.COL_LEVELS, N.COL_STARS, N.COL_LAST, N.COL_NOT_COUNTED)]
    head = "".join(f"<th>{escape(h)}</th>" for h in heads)
    head += "".join(f"<th title=\"{escape(lv.id)}: {escape(lv.goal)}\">{n}</th>"
                    for n, lv in enumerate(report.levels, 1))
    body = []
    for row, pupil in zip(report.rows(), report.pupils, strict=True):
        cells = [row["pupil"], *([row["student"]] if nbgrader else []), row["levels"],
                 row["stars"], row["last_activity"] or "", row["not_counted"] or ""]
        tds = "".join(f"<td>{escape(str(c))}</td>" for c in cells)
        tds += "".join(f"<td class=\"stars\">{_stars(pupil.stars.get(lv.id, 0))}</td>"
                       for lv in report.levels)
        body.append(f"<tr>{tds}</tr>")
    return f"<div class=\"wide\"><table><tr>{head}</tr>{''.join(body)}</table></div>"


def _key(report: ClassReport) -> str:
    items = "".join(f"<li>{escape(lv.id)}: {escape(lv.title or lv.goal)}</li>"
                    for lv in report.levels)
    return f"<details><summary>{escape(N.said(N.LEVEL_KEY))}</summary><ol>{items}</ol></details>"


def _stuck(report: ClassReport) -> str:
    if not report.stuck:
        return f"<p>{escape(N.said(N.NOBODY_STUCK))}</p>"
    titles = {lv.id: lv.title or lv.goal for lv in report.levels}
    items = "".join(f"<li>{escape(level)} ({escape(titles.get(level, ''))}): "
                    f"{escape(N.pupils(n))}</li>" for level, n in report.stuck[:5])
    return f"<ol>{items}</ol>"


def _missed(report: ClassReport) -> str:
    if not report.missed:
        return f"<p>{escape(N.said(N.NO_GAMES_MISSED))}</p>"
    head = "".join(f"<th>{escape(h)}</th>" for h in map(N.said, N.MISSED_COLUMNS))
    rows = "".join(
        f"<tr><td>{escape(m.name)}</td><td>{m.moments}</td><td>{m.pupils}</td>"
        f"<td>{escape(m.level or '')}{': ' + escape(m.goal) if m.goal else ''}</td></tr>"
        for m in report.missed[:8])
    return f"<table><tr>{head}</tr>{rows}</table>"


def _notes(report: ClassReport) -> str:
    out = ""
    refused = [(p.label, why) for p in report.pupils for _level, why in p.not_counted]
    if refused:
        items = "".join(f"<li>{escape(who)}: {escape(why)}</li>" for who, why in refused[:50])
        out += f"<h4>{escape(N.said(N.NOT_COUNTED_HEAD))}</h4><ul>{items}</ul>"
    if report.problems:
        items = "".join(f"<li>{escape(where)}: {escape(why)}</li>"
                        for where, why in report.problems[:50])
        out += f"<h4>{escape(N.said(N.NOT_READ_HEAD))}</h4><ul>{items}</ul>"
    return out


def render(report: ClassReport) -> str:
    """The whole report as HTML for a notebook cell."""
    png = chart_png(report)
    chart = (f"<img alt=\"{escape(N.said(N.CHART_ALT))}\" src=\"data:image/png;base64,"
             f"{base64.b64encode(png).decode()}\">" if png
             else f"<p>{escape(N.said(N.NO_CHART))}</p>")
    return (f"{STYLE}<div class=\"spit-class-report\">"
            f"<p><b>{escape(N.report_line(len(report.pupils), len(report.problems)))}</b></p>"
            f"{chart}<h4>{escape(N.said(N.PUPILS_HEAD))}</h4>{_pupils(report)}{_key(report)}"
            f"<h4>{escape(N.said(N.STUCK_HEAD))}</h4>{_stuck(report)}"
            f"<h4>{escape(N.said(N.MISSED_HEAD))}</h4>{_missed(report)}{_notes(report)}</div>")
