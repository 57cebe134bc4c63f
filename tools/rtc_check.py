"""Two people in one shared notebook under real-time collaboration
(jupyter-collaboration): the two-person table checked as the seat soak
checks it without collaboration.

JupyterLab runs from an environment of its own with jupyter-collaboration
installed (:mod:`.rtc_env`); two browser contexts open the notebook, each
JupyterLab's own anonymous user (two identities, read from the app). Seat 1's
context runs the notebook; seat 2's only opens it: under collaboration the
outputs are shared, so the table is drawn there already and its view sits
down. Then:

- a redraw: seat 2 re-runs the cell that shows the table, which clears and
  redraws the output in *every* view; both must come back in their own seats;
- the seat soak's games (:func:`.seat_soak.play_games`): clicks, Stuck,
  same-instant plays on one pile, both views compared with the kernel after
  every action, seat 2's tab reloaded (its seat back), a third view opened
  mid-game (it watches and draws the table);
- no dialog anywhere at the end (autosave stays on: without collaboration
  two people with one notebook open get "File Changed" dialogs).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from .rtc_env import ensure_venv
from .seat_soak import BrowserSeat, Room, SeatSoakTally, play_games, report, table

USER_JS = "() => window.jupyterapp.serviceManager.user.identity?.username ?? null"
"""The collaboration user this page is (JupyterLab's ``/api/me``, as the app holds it)."""

MARK_OLD_JS = """() => document.querySelectorAll('.spit-root')
  .forEach((r) => { r.dataset.old = '1'; })"""

REDRAWN_JS = """(seat) => {
  const roots = [...document.querySelectorAll('.spit-root')];
  return roots.length === 1 && !roots[0].dataset.old && roots[0].dataset.seat === seat;
}"""
"""One table in the page, drawn after the redraw began, in the given seat."""


@dataclass
class RtcResult:
    """What the check found."""

    collaboration: str = "?"
    users: list[str] = field(default_factory=list)
    redraw_ms: float | None = None
    dialogs: int = 0
    tally: SeatSoakTally = field(default_factory=SeatSoakTally)

    @property
    def ok(self) -> bool:
        """Two users, the redraw kept the seats, no desync, no stuck game, no dialog."""
        t = self.tally
        return (len(set(self.users)) == 2 and None not in self.users
                and self.redraw_ms is not None and t.desyncs == 0 and t.stuck_games == 0
                and t.games > 0 and len(t.rejoin_ms) == 1 and bool(t.join_ms)
                and self.dialogs == 0)

    def line(self) -> str:
        """The one line of results."""
        t = self.tally
        redraw = "lost" if self.redraw_ms is None else f"{self.redraw_ms:.0f} ms"
        return (f"rtc-check: jupyter-collaboration {self.collaboration}, "
                f"users {len(set(self.users))}, games {t.games}, actions {t.actions}, "
                f"desyncs {t.desyncs}, same-instant races {t.races}, "
                f"redraw -> both seats back {redraw}, "
                f"reload -> seat back {_ms(t.rejoin_ms)}, third view -> table {_ms(t.join_ms)}, "
                f"dialogs {self.dialogs}: {'ok' if self.ok else 'FAILED'}")


def _ms(xs: list[float]) -> str:
    return "/".join(f"{x:.0f} ms" for x in xs) or "not measured"


def _version(python: str, dist: str) -> str:
    done = subprocess.run(
        [python, "-c", f"import importlib.metadata as m; print(m.version({dist!r}))"],
        capture_output=True, text=True, check=False)
    return done.stdout.strip() or "not installed"


def redraw(seats: list[BrowserSeat], timeout: float = 30_000) -> float | None:
    """Seat 2 re-runs the cell that shows the table: every view is cleared and
    drawn again. Milliseconds until both views are back in their own seats,
    or None if either is not within ``timeout``."""
    for seat in seats:
        seat.page.evaluate(MARK_OLD_JS)
    started = time.perf_counter()
    seats[1].show()
    try:
        for seat, want in zip(seats, ("0", "1"), strict=True):
            seat.page.wait_for_function(REDRAWN_JS, arg=want, timeout=timeout)
    except Exception:  # playwright's TimeoutError: a seat was lost (or swapped)
        return None
    return (time.perf_counter() - started) * 1000


def check(room: Room, games: int, seed: int, result: RtcResult) -> None:
    """The checks at a seated table (see the module's docstring), into ``result``."""
    result.users = [s.page.evaluate(USER_JS) for s in room.seats]
    result.redraw_ms = redraw(room.seats)
    result.tally = play_games(room, games, seed, progress=False)
    result.dialogs = sum(s.page.locator(".jp-Dialog").count() for s in room.seats)


def run(games: int = 1, seed: int = 0) -> RtcResult:
    """Build (or reuse) the environment, serve the notebook from it, check."""
    python = str(ensure_venv())
    result = RtcResult(collaboration=_version(python, "jupyter-collaboration"))
    with table(seed, rtc_python=python) as room:
        check(room, games, seed, result)
    return result


def check_and_report(games: int, seed: int) -> int:
    """The command's work: the report, then the line; exit status 1 unless it all held."""
    started = time.perf_counter()
    result = run(games, seed)
    print(report(result.tally, time.perf_counter() - started, shared=True))
    print(json.dumps({"users": len(set(result.users)), "redraw_ms": result.redraw_ms,
                      "dialogs": result.dialogs, "games": result.tally.games,
                      "desyncs": result.tally.desyncs}))
    print(result.line())
    return 0 if result.ok else 1


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m tools.rtc_check``: read the command line, run the check."""
    cmd = argparse.ArgumentParser(
        prog="python -m tools.rtc_check",
        description="Two users in one shared notebook under jupyter-collaboration: build "
                    "(once, in the user cache folder; SPIT_WIDGET_RTC_VENV names another) a "
                    "virtual environment with this tree and jupyter-collaboration, serve a "
                    "two-person table from it, and play it from two browser contexts.")
    cmd.add_argument("--games", type=int, default=1, help="whole duels (default 1)")
    cmd.add_argument("--seed", type=int, default=0, help="the same seed repeats the deals")
    args = cmd.parse_args(argv)
    return check_and_report(args.games, seed=args.seed)


if __name__ == "__main__":
    sys.exit(main())
