"""The two-browser soak: whole duels at one two-person table, played by clicks
in two browser contexts (two people on one Jupyter server), and after every
action what each view draws compared with the kernel's game.

A hermetic JupyterLab (:mod:`.harness`) serves one notebook; context A runs
it and sits at seat 1, context B shows the same widget and sits at seat 2.
Each step one seat clicks a card it may play (a card that fits both piles is
picked up, then a pile is clicked), or Stuck when it has none; now and then
both seats click a card for the same pile at the same wall-clock instant
(a timer in each page), so the kernel takes one and refuses the other.

After each step the kernel's table is read over the page's own kernel
connection and both views must draw it within :data:`SETTLE_MS`: every stock
pile's top card and count, both spit piles, the centre piles and the status,
in seat order (seat 2's view draws its own side at the bottom, so its rows are
turned round first). A view that does not is a *desync*; the run goes on.
The line printed at the end names ``games N``, ``actions M`` and
``desyncs D`` and a hash over every table compared.

Two timings come with it: a refreshed tab getting its seat back (the page
keeps its view id for the tab) and a third view opened mid-game drawing the
right table.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import shutil
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .harness import (
    CHROME_ARGS,
    CHROMIUM,
    Lab,
    execute,
    jupyter_lab,
    open_notebook,
    run_all,
    write_notebook,
)

try:
    from playwright.sync_api import Error as PlaywrightError
except ImportError:  # the command says so when it starts a browser
    PlaywrightError = RuntimeError  # type: ignore[assignment,misc]

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

SETTLE_MS = 5000
"""How long a view may take to draw the kernel's table before it counts as a desync."""
RACE_EVERY = 7
"""One action in this many (on average) is a same-instant click by both seats:
the next step at which both can play, once one is due."""
MAX_STEPS = 1500
"""A game longer than this (in steps) is stopped and counted as stuck."""

SETUP = '''import hashlib, json
from spit_widget import SpitWidget

def drawn(w):
    """The table as a view draws it, in seat order (the soak compares it)."""
    g = w.game.to_dict()
    return json.dumps({
        "stock": [[[p[-1] if p else None, len(p)] for p in pl["stock"]] for pl in g["players"]],
        "spit": [len(pl["spit"]) for pl in g["players"]],
        "centre": [[c[-1] if c else None, len(c)] for c in g["centre"]],
        "status": g["status"]}, sort_keys=True)
'''
TABLE = 'w = SpitWidget(opponent="human", names=("Ann", "Bob"), seed={seed}, grace=20)'

DRAWN_JS = """(root) => {
  const flip = root.dataset.seat === '1';
  const side = (p) => [...root.querySelectorAll(`.spit-stock[data-player="${p}"]`)]
    .sort((a, b) => Number(a.dataset.slot) - Number(b.dataset.slot))
    .map((s) => { const c = s.querySelector('.spit-slotbtn, .spit-slotcard');
                  return [(c && c.dataset.card) || null, Number(s.dataset.count)]; });
  const spit = (p) => Number(
    root.querySelector(`.spit-spitpile[data-player="${p}"]`).dataset.count);
  const order = flip ? [1, 0] : [0, 1];
  const sorted = (o) => Object.keys(o).sort().reduce((a, k) => (a[k] = o[k], a), {});
  return JSON.stringify(sorted({
    stock: order.map(side), spit: order.map(spit),
    centre: [...root.querySelectorAll('.spit-centre')].map((c) =>
      [c.dataset.top || null, Number(c.dataset.count)]),
    status: root.dataset.status}));
}"""
"""What a view draws, as the kernel's ``drawn(w)`` writes it (same keys, same order)."""

WAIT_DRAWN_JS = f"""([root, want]) => ({DRAWN_JS})(root).replace(/ /g, '') === want"""

CLICK_AT_JS = """([el, at]) => { window.__raced = null; setTimeout(() => {
  window.__raced = el.classList.contains('spit-playable'); el.click(); }, at - Date.now()); }"""


@dataclass
class SeatSoakTally:
    """What the soak did and found."""

    games: int = 0
    actions: int = 0
    races: int = 0
    desyncs: int = 0
    stuck_games: int = 0
    missed: int = 0
    digest: Any = field(default_factory=hashlib.sha256)
    notes: list[str] = field(default_factory=list)
    rejoin_ms: list[float] = field(default_factory=list)
    rejoin_total_ms: list[float] = field(default_factory=list)
    join_ms: list[float] = field(default_factory=list)
    join_total_ms: list[float] = field(default_factory=list)
    play_seconds: float = 0.0

    def line(self) -> str:
        """The summary line."""
        return (f"games {self.games}, actions {self.actions}, desyncs {self.desyncs}, "
                f"same-instant races {self.races}, hash {self.digest.hexdigest()[:16]}")


class BrowserSeat:
    """One browser context at the table: a person at their own screen."""

    def __init__(self, browser: Browser, lab: Lab, name: str, *, shared: bool = False) -> None:
        self.context = browser.new_context(viewport={"width": 1300, "height": 950})
        self.page = self.context.new_page()
        self.lab, self.name = lab, name
        self.shared = shared
        """Outputs shared (real-time collaboration): the table is drawn on opening."""

    @property
    def view(self) -> Locator:
        """The table in this context's notebook."""
        return self.page.locator(".spit-root").first

    def open(self, *, run: bool) -> None:
        """Open (or reload) the notebook; run it all, or only show the table
        (with shared outputs it is there already)."""
        open_notebook(self.page, self.lab, self.name, 3)
        if run:
            run_all(self.page)
        elif not self.shared:
            self.show()

    def show(self) -> None:
        """Run the cell that displays ``w`` (the widget lives in the kernel already)."""
        self.page.locator(".jp-Notebook .jp-Cell").nth(2).locator(".jp-InputPrompt").click()
        self.page.keyboard.press("Control+Enter")

    def seated(self, seat: str, timeout: float = 60_000) -> None:
        """Until the view holds ``seat`` (the page's word: "0", "1", "watching")."""
        self.page.wait_for_selector(f'.spit-root[data-seat="{seat}"]', timeout=timeout)

    def drawn(self) -> str:
        """What the view draws now (see :data:`DRAWN_JS`)."""
        text: str = self.view.evaluate(DRAWN_JS)
        return text

    def draws(self, want: str, timeout: float = SETTLE_MS) -> bool:
        """Whether the view draws ``want`` within ``timeout`` ms."""
        try:
            self.page.wait_for_function(WAIT_DRAWN_JS, arg=[self.view.element_handle(), want],
                                        timeout=timeout)
        except Exception:  # playwright's TimeoutError: the view did not draw it
            return False
        return True


@dataclass
class Room:
    """A seated :func:`table`: the browser, the server, the notebook's name, the seats."""

    browser: Browser
    lab: Lab
    name: str
    seats: list[BrowserSeat]


def kernel_table(page: Page) -> str:
    """The kernel's table, as ``drawn(w)`` writes it (spaces dropped, as the page's JSON)."""
    return execute(page, "print(drawn(w))").strip().replace(" ", "")


def _playable(seat: BrowserSeat) -> list[Locator]:
    """This view's own cards that it may play now (one locator per stock slot)."""
    slots: list[str] = seat.view.evaluate(
        """(root) => [...root.querySelectorAll('.spit-stock[data-player="0"]')]
             .filter((s) => s.querySelector('.spit-slotbtn.spit-playable'))
             .map((s) => s.dataset.slot)""")
    return [seat.view.locator(f'.spit-stock[data-player="0"][data-slot="{slot}"] .spit-slotbtn')
            for slot in slots]


def _click_card(seat: BrowserSeat, card: Locator) -> None:
    """Click ``card``; when it fits both piles it is picked up: then click a pile."""
    handle = card.element_handle(timeout=5000)
    handle.click(timeout=5000)
    if "spit-selected" in (handle.get_attribute("class") or ""):
        pile = seat.view.locator(".spit-centre.spit-fits")
        if pile.count():
            pile.first.click(timeout=5000)


def _step(seats: list[BrowserSeat], rng: random.Random, tally: SeatSoakTally) -> bool:
    """One action (or a same-instant pair); False when nobody could act."""
    cards = [_playable(s) for s in seats]
    due = tally.actions >= RACE_EVERY * (tally.races + 1)  # until one happens
    if due and all(cards):
        at = time.time() * 1000 + 300
        for seat, mine in zip(seats, cards, strict=True):
            seat.page.evaluate(CLICK_AT_JS, [mine[0].element_handle(timeout=5000), at])
        for seat in seats:
            seat.page.wait_for_function("() => window.__raced !== null", timeout=5000)
        tally.races += 1
        return True
    order = rng.sample(range(len(seats)), len(seats))
    for i in order:
        if cards[i]:
            _click_card(seats[i], rng.choice(cards[i]))
            return True
    for i in order:
        stuck = seats[i].view.locator(".spit-btn-stuck")
        if stuck.is_visible() and stuck.is_enabled():
            stuck.click(timeout=5000)
            return True
    return False


def _step_or_look_again(seats: list[BrowserSeat], rng: random.Random,
                        tally: SeatSoakTally) -> bool:
    """:func:`_step`, where a click the table changed under (a Stuck button disabled
    between reading it and clicking it, a card covered) is counted as missed, not
    raised: the next step looks again."""
    try:
        return _step(seats, rng, tally)
    except PlaywrightError as exc:
        tally.missed += 1
        tally.notes.append(f"a click that could not land: {str(exc).splitlines()[0]}")
        return False


def _check(seats: list[BrowserSeat], tally: SeatSoakTally) -> None:
    """Both views draw the kernel's table (read again once if a click landed late)."""
    for attempt in range(2):
        want = kernel_table(seats[0].page)
        drawn = [s.draws(want, SETTLE_MS if attempt else 1500) for s in seats]
        if all(drawn):
            tally.digest.update(want.encode())
            return
    tally.desyncs += 1
    tally.notes.append(f"game {tally.games + 1}, action {tally.actions}: kernel {want}, "
                       + "; ".join(f"view {i + 1} {s.drawn()}" for i, s in enumerate(seats)))


def play_game(seats: list[BrowserSeat], rng: random.Random, tally: SeatSoakTally) -> None:
    """One duel to its end, checked after every action."""
    for _ in range(MAX_STEPS):
        if seats[0].view.get_attribute("data-status") == "game_over":
            tally.games += 1
            return
        if _step_or_look_again(seats, rng, tally):
            tally.actions += 1
        _check(seats, tally)
    tally.stuck_games += 1
    tally.games += 1


def _timed_rejoin(seat: BrowserSeat, tally: SeatSoakTally) -> None:
    """Reload seat 2's tab and show the table again: its seat comes back (the
    page kept its view id for the tab). Timed from the view appearing to the
    seat regained, and in total from the reload."""
    started = time.perf_counter()
    seat.open(run=False)
    seat.page.wait_for_selector(".spit-root", state="attached", timeout=30_000)
    shown = time.perf_counter()
    seat.seated("1", timeout=30_000)
    done = time.perf_counter()
    tally.rejoin_ms.append((done - shown) * 1000)
    tally.rejoin_total_ms.append((done - started) * 1000)


def _timed_join(browser: Browser, lab: Lab, name: str, seats: list[BrowserSeat],
                tally: SeatSoakTally) -> None:
    """A third view opens mid-game: from its view appearing on the page (the
    display cell's output) to drawing the kernel's table, and in total from
    running the display cell (with shared outputs: from opening the notebook)."""
    third = BrowserSeat(browser, lab, name, shared=seats[0].shared)
    if not third.shared:
        open_notebook(third.page, lab, name, 3)
    want = kernel_table(seats[0].page)  # nobody plays while the third view joins
    started = time.perf_counter()
    if third.shared:
        third.open(run=False)
    else:
        third.show()
    third.page.wait_for_selector(".spit-root", state="attached", timeout=30_000)
    shown = time.perf_counter()
    drew = third.draws(want, timeout=30_000)
    done = time.perf_counter()
    tally.join_ms.append((done - shown) * 1000)
    tally.join_total_ms.append((done - started) * 1000)
    if not drew:
        tally.desyncs += 1
        tally.notes.append(f"third view: kernel {want}, view {third.drawn()}")
    third.context.close()


@contextmanager
def _server(work: Path, rtc_python: str | None, lab: Lab | None) -> Iterator[Lab]:
    """``lab`` if given (a test's running JupyterLab, autosave off), else a hermetic
    one of the soak's own, autosaving only with real-time collaboration (see
    :func:`~tools.harness.jupyter_lab`)."""
    if lab is not None:
        try:
            yield lab
        finally:
            lab.shutdown_kernels()
        return
    root = work / "root"
    root.mkdir()
    with jupyter_lab(work, root, nodelay=True, python=rtc_python,
                     autosave=rtc_python is not None) as own:
        yield own


@contextmanager
def table(seed: int, rtc_python: str | None = None, lab: Lab | None = None) -> Iterator[Room]:
    """One notebook on a hermetic JupyterLab, run by seat 1's context and shown
    by seat 2's, each seated. ``rtc_python``: the server runs from this Python,
    one with real-time collaboration (:mod:`.rtc_env`): the outputs are shared,
    so seat 2 only opens the notebook, and autosave stays on (nobody is asked
    "File Changed ...?" there). ``lab``: seat the table on this running server
    (the browser tests share one) instead of starting one; its kernel keeps its
    stats in a folder of its own."""
    from playwright.sync_api import sync_playwright

    work = Path(tempfile.mkdtemp(prefix="spit-seat-soak-"))
    try:
        with _server(work, rtc_python, lab) as server, sync_playwright() as pw:
            name = f"seats-{seed}.ipynb"
            setup = SETUP if lab is None else (
                f"import os\nos.environ['SPIT_WIDGET_HOME'] = {str(work / 'home')!r}\n{SETUP}")
            write_notebook(server.root / name, [setup, TABLE.format(seed=seed), "w"])
            shared = rtc_python is not None
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=list(CHROME_ARGS))
            seats = [BrowserSeat(browser, server, name, shared=shared) for _ in range(2)]
            seats[0].open(run=True)
            seats[0].seated("0")
            seats[1].open(run=False)
            seats[1].seated("1")
            try:
                yield Room(browser, server, name, seats)
            finally:
                browser.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)


def soak(games: int, seed: int = 0, time_limit: float | None = None,
         progress: bool = True, lab: Lab | None = None) -> SeatSoakTally:
    """Play ``games`` duels (fewer if ``time_limit`` seconds run out); the tally.
    ``lab``: at a table on this running JupyterLab (see :func:`table`)."""
    with table(seed, lab=lab) as room:
        return play_games(room, games, seed, time_limit, progress)


def play_games(room: Room, games: int, seed: int = 0, time_limit: float | None = None,
               progress: bool = True) -> SeatSoakTally:
    """The soak at a seated :func:`table`: ``games`` duels, seat 2's tab
    reloaded after the first, a third view opened mid-game twice; the tally."""
    rng = random.Random(seed)
    tally = SeatSoakTally()
    deadline = None if time_limit is None else time.monotonic() + time_limit
    seats = room.seats
    for n in range(games):
        if deadline is not None and time.monotonic() > deadline:
            tally.notes.append(f"the time limit came after {tally.games} games")
            break
        if n:
            execute(seats[0].page, f"w.new_game(seed={seed * 1000 + n})")
            _check(seats, tally)
        started = time.perf_counter()
        play_game(seats, rng, tally)
        tally.play_seconds += time.perf_counter() - started
        if n == 0:
            _timed_rejoin(seats[1], tally)
        if n in (0, games // 2):
            execute(seats[0].page, f"w.new_game(seed={seed * 1000 + 500 + n})")
            for _ in range(10):
                _step_or_look_again(seats, rng, tally)
            _timed_join(room.browser, room.lab, room.name, seats, tally)
        if progress:
            print(f"  game {tally.games}: {tally.line()}", flush=True)
    return tally


def report(tally: SeatSoakTally, seconds: float, *, shared: bool = False) -> str:
    """The summary line, the timings, and any desync seen (``shared``: under
    real-time collaboration, where a third view is timed from opening the notebook)."""
    def ms(xs: list[float]) -> str:
        return ", ".join(f"{x:.0f} ms" for x in xs) or "not measured"

    per_action = tally.play_seconds / max(1, tally.actions) * 1000
    lines = [tally.line() + f" ({seconds:.0f} s; {per_action:.0f} ms a checked action)",
             f"refreshed tab, view drawn -> its seat back: {ms(tally.rejoin_ms)} "
             f"(from the reload, JupyterLab loading included: {ms(tally.rejoin_total_ms)})",
             f"third view mid-game, view drawn -> the kernel's table: {ms(tally.join_ms)} "
             f"(from {'opening the notebook' if shared else 'running the display cell'}: "
             f"{ms(tally.join_total_ms)})"]
    if tally.stuck_games:
        lines.append(f"games stopped after {MAX_STEPS} steps: {tally.stuck_games}")
    if tally.missed:
        lines.append(f"clicks that could not land (the table changed first): {tally.missed}")
    lines += tally.notes[:20]
    return "\n".join(lines)


def run(games: int, seed: int = 0, time_limit: float | None = None) -> int:
    """The command: the report on stdout; exit status 1 on any desync."""
    started = time.perf_counter()
    tally = soak(games, seed, time_limit)
    print(report(tally, time.perf_counter() - started))
    print(json.dumps({"games": tally.games, "actions": tally.actions,
                      "desyncs": tally.desyncs, "races": tally.races}))
    return 1 if tally.desyncs or tally.stuck_games else 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m tools.seat_soak``: read the command line, run the soak."""
    cmd = argparse.ArgumentParser(prog="python -m tools.seat_soak",
                                  description="two browsers, one two-person table: no desync")
    cmd.add_argument("--games", type=int, default=100, help="whole duels")
    cmd.add_argument("--seed", type=int, default=0, help="the same seed repeats the deals")
    cmd.add_argument("--time-limit", type=float, default=None, metavar="SECONDS",
                     help="start no new game after this long")
    args = cmd.parse_args(argv)
    return run(args.games, seed=args.seed, time_limit=args.time_limit)


if __name__ == "__main__":
    sys.exit(main())
