"""``python -m tools.latency``: how quickly a click shows, in a real browser.

A benchmark, not a test: it prints figures and asserts nothing. It starts a
hermetic JupyterLab on the loopback (the same harness the browser tests in
``tests/e2e`` use, :func:`jupyter_lab`), opens a notebook in headless Chromium
through Playwright, and times with ``performance.now()`` in the page:

(a) click -> feedback: from the trusted click (a capture listener on the
    document, which runs before the widget's own handler) until the clicked
    card has the class ``spit-in-flight`` (it lifts and starts to travel).
(b) click -> confirmed: until the centre pile's ``data-top`` is the card, which
    happens only when the kernel's snapshot has come back. Beside it, the
    floor of the stack: a bare anywidget button whose kernel echoes each click
    (a custom message in, one synced trait out, as the game does), clicked in
    turn with the game's cards so that both see the same load.
(c) computer -> on the pile: the kernel stamps ``time.time()`` just before
    the engine applies each of the computer's plays (a wrapper around
    ``match.act`` installed from a notebook cell); the page stamps
    ``performance.timeOrigin + performance.now()`` when the centre pile's
    ``data-top`` becomes that card, and again when the flying card has landed
    and the pile's face shows it. Both are the machine's wall clock; a ping
    from the page (minimum round trip of ten) checks their offset, which is
    printed, not subtracted.

"DOM" times are taken in a MutationObserver, "frame" times in the first
``requestAnimationFrame`` after it (the frame that paints the change).

Each figure is the median and 95th percentile of ``--plays`` samples (100 by
default). The plays come from positions made with ``Game.from_dict``: one
stock pile holding a run of the whole deck, so every click has a card to play
(a widget per 50 plays, at least two, for the human and for the computer).
Everything runs twice: with the ``spit_widget.nodelay`` server extension
(TCP_NODELAY on the kernel websockets) and without it.
"""

from __future__ import annotations

import argparse
import json
import math
import shutil
import statistics
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

from .harness import (
    CHROME_ARGS,
    CHROMIUM,
    PACKAGE_ROOT,
    Lab,
    execute,
    jupyter_lab,
    open_notebook,
    run_all,
    wait_kernel_idle,
    write_notebook,
)

# ------------------------------------------------------- the benchmark

COUNTER_CELL = '''import anywidget, traitlets

class EchoCounter(anywidget.AnyWidget):
    """The floor: a button whose click goes to the kernel and comes back."""
    _esm = """
    export default { render({ model, el }) {
      const btn = document.createElement("button");
      btn.className = "echo-btn";
      btn.textContent = "echo";
      btn.dataset.echo = String(model.get("echo"));
      let sent = 0;
      btn.addEventListener("click", () => { sent += 1; model.send({ n: sent }); });
      model.on("change:echo", () => { btn.dataset.echo = String(model.get("echo")); });
      el.append(btn);
    } };
    """
    echo = traitlets.Int(0).tag(sync=True)

    def __init__(self):
        super().__init__()
        self.on_msg(lambda _w, content, _b: setattr(self, "echo", int(content["n"])))

counter = EchoCounter()
counter'''

SETUP_CELL = '''import json, time
from spit_widget import Game, SpitWidget
from spit_widget.engine.cards import DECK

def run_of_the_deck(player):
    """One stock pile holding the deck as a run (2S on top, then 3S...), the
    ace of spades on the left centre pile: every card plays on the last."""
    piles = [[[], [], [], [], []], [[], [], [], [], []]]
    piles[player][0] = list(reversed(DECK[1:]))
    return Game.from_dict({"variant": "duel", "centre": [[DECK[0]], []],
                           "players": [{"stock": piles[0]}, {"stock": piles[1]}]})

STAMPS = {}

def stamp_computer_plays(w, key):
    """Record time.time() just before the engine applies each computer play."""
    act = w.match.act
    def timed(action):
        t = time.time()
        events = act(action)
        if action[0] == "play" and action[1] == 1:
            STAMPS.setdefault(key, {})[action[2]] = t
        return events
    w.match.act = timed'''

HUMAN_CELL = "{name} = SpitWidget(game=run_of_the_deck(0), ai=None)\n{name}"
COMPUTER_CELL = (
    '{name} = SpitWidget(game=run_of_the_deck(1), ai="greedy", pace="fast")\n'
    '{name}.pause()\nstamp_computer_plays({name}, "{name}")\n{name}'
)
PLAYS_PER_WIDGET = 50  # a run of the deck holds 51 plays

RECORDER_JS = """() => {
  const L = window.__lat = {feedback: [], feedbackFrame: [], confirmed: [], confirmedFrame: [],
                            echo: [], echoFrame: [], computerTop: {}, computerFace: {}};
  const frame = (list, t0) => requestAnimationFrame(() => list.push(performance.now() - t0));
  const wall = () => performance.timeOrigin + performance.now();
  // Human clicks: capture phase on the document runs before the widget's handler.
  document.addEventListener('click', (e) => {
    const t0 = performance.now();
    const t = e.target instanceof Element ? e.target : null;
    const echo = t && t.closest('.echo-btn');
    if (echo) {
      const want = String(Number(echo.dataset.echo) + 1);
      const mo = new MutationObserver(() => {
        if (echo.dataset.echo !== want) return;
        mo.disconnect(); L.echo.push(performance.now() - t0); frame(L.echoFrame, t0);
      });
      mo.observe(echo, {attributes: true, attributeFilter: ['data-echo']});
      return;
    }
    const btn = t && t.closest('.spit-stock[data-player="0"] .spit-slotbtn');
    if (!btn || !btn.dataset.card) return;
    const card = btn.dataset.card;
    const centre = btn.closest('.spit-root').querySelector('.spit-centre[data-centre="0"]');
    const lifted = new MutationObserver(() => {
      if (!btn.classList.contains('spit-in-flight')) return;
      lifted.disconnect(); L.feedback.push(performance.now() - t0); frame(L.feedbackFrame, t0);
    });
    lifted.observe(btn, {attributes: true, attributeFilter: ['class']});
    const landed = new MutationObserver(() => {
      if (centre.dataset.top !== card) return;
      landed.disconnect(); L.confirmed.push(performance.now() - t0); frame(L.confirmedFrame, t0);
    });
    landed.observe(centre, {attributes: true, attributeFilter: ['data-top']});
  }, true);
  // The computer's plays: wall-clock time the pile shows each card.
  for (const root of document.querySelectorAll('.spit-root')) {
    const key = root.closest('.jp-Cell').dataset.benchKey;
    if (!key) continue;
    const centre = root.querySelector('.spit-centre[data-centre="0"]');
    const face = centre.querySelector('.spit-centre-card');
    const top = L.computerTop[key] = {}, landed = L.computerFace[key] = {};
    new MutationObserver(() => {
      const t = wall(); const card = centre.dataset.top;
      if (!card || card in top) return;
      top[card] = [t];
      requestAnimationFrame(() => top[card].push(wall()));
    }).observe(centre, {attributes: true, attributeFilter: ['data-top']});
    new MutationObserver(() => {
      const t = wall(); const card = face.dataset.card;
      if (card && !(card in landed)) landed[card] = t;
    }).observe(face, {attributes: true, attributeFilter: ['data-card']});
  }
}"""

PING_JS = """async () => {
  const k = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const wall = () => performance.timeOrigin + performance.now();
  let best = null;
  for (let i = 0; i < 10; i++) {
    const sent = wall();
    let kernel = null, got = null;
    const future = k.requestExecute({code: 'print(repr(time.time()))', store_history: false});
    future.onIOPub = (msg) => {
      if (msg.header.msg_type !== 'stream' || got !== null) return;
      got = wall();
      kernel = 1000 * parseFloat(msg.content.text);
    };
    await future.done;
    const rtt = got - sent;
    if (best === null || rtt < best.rtt) best = {rtt, offset: kernel - (sent + got) / 2};
  }
  return best;
}"""


@dataclass
class Figures:
    """Samples in milliseconds, by measurement."""

    samples: dict[str, list[float]] = field(default_factory=dict)
    clock_offset_ms: float = math.nan
    clock_rtt_ms: float = math.nan


def percentile(xs: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``xs``, nearest rank."""
    ordered = sorted(xs)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def _mouse_click(page: Page, target: Locator) -> None:
    """Click the middle of ``target`` with the bare mouse, as a person's click comes.

    Not ``Locator.click()``: after its click Playwright still talks to the page
    (its check of what the click hit), and that work landed between the kernel's
    reply and the frame that paints it, with a forced layout of the whole page.
    On the table's bigger layout it cost the game's frame about 11 ms and the
    floor's almost nothing, so the ratio measured the harness as much as the
    widget. Here the element is found and measured before the click, and the
    click itself is only the mouse's events."""
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    assert box, "the element to click is not on the page"
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def _click_through(page: Page, cell: str, plays: int) -> None:
    """Click the top card of the human's run ``plays`` times, each after the last
    landed; before each, click the bare counter and wait for its echo. Taking the
    two in turn keeps their ratio fair on a machine whose load drifts."""
    root = page.locator(f'.jp-Cell[data-bench-key="{cell}"] .spit-root')
    card = root.locator('.spit-stock[data-player="0"][data-slot="0"] .spit-slotbtn')
    centre = root.locator('.spit-centre[data-centre="0"]').element_handle()
    echo = page.locator(".echo-btn")
    for _ in range(plays):
        echoes = page.evaluate("window.__lat.echo.length")
        _mouse_click(page, echo)
        page.wait_for_function(f"window.__lat.echo.length === {echoes + 1}")
        name = card.get_attribute("data-card")
        assert name, "the run ran out"
        _mouse_click(page, card)
        page.wait_for_function("([c, n]) => c.dataset.top === n", arg=[centre, name])


def _open_bench_notebook(page: Page, lab: Lab, humans: list[str], computers: list[str]) -> None:
    """Write and run the notebook: the counter, then the humans' and computers' tables,
    each cell tagged with its key, and the page's recorder installed."""
    names = ("counter", *humans, *computers)
    cells = [SETUP_CELL, COUNTER_CELL]
    cells += [HUMAN_CELL.format(name=n) for n in humans]
    cells += [COMPUTER_CELL.format(name=n) for n in computers]
    write_notebook(lab.root / "latency.ipynb", cells)
    open_notebook(page, lab, "latency.ipynb", len(cells))
    run_all(page)
    page.locator(".spit-root").nth(len(humans) + len(computers) - 1).wait_for(timeout=60_000)
    page.locator(".echo-btn").wait_for()
    wait_kernel_idle(page)
    page.evaluate(
        """(names) => document.querySelectorAll('.jp-Notebook .jp-Cell').forEach((c, i) => {
             if (i > 0) c.dataset.benchKey = names[i - 1]; })""", list(names))
    page.evaluate(RECORDER_JS)


def _computer_samples(stamps: dict[str, dict[str, float]], lat: dict[str, Any],
                      computers: list[str]) -> tuple[list[float], list[float], list[float]]:
    """(on pile, its frame, face landed) for each computer play, kernel stamp to page."""
    computer: list[float] = []
    computer_frame: list[float] = []
    computer_face: list[float] = []
    for name in computers:
        for card, t_kernel in stamps.get(name, {}).items():
            seen = lat["computerTop"][name].get(card)
            if not seen:
                continue
            computer.append(seen[0] - 1000 * t_kernel)
            computer_frame.append(seen[1] - 1000 * t_kernel)
            if card in lat["computerFace"][name]:
                computer_face.append(lat["computerFace"][name][card] - 1000 * t_kernel)
    return computer, computer_frame, computer_face


def _measure(page: Page, lab: Lab, plays: int) -> Figures:
    per_widget = PLAYS_PER_WIDGET
    widgets = max(2, math.ceil(plays / per_widget))
    humans = [f"h{i + 1}" for i in range(widgets)]
    computers = [f"k{i + 1}" for i in range(widgets)]
    _open_bench_notebook(page, lab, humans, computers)

    done = 0
    for name in humans:
        n = min(per_widget, plays - done)
        _click_through(page, name, n)
        done += n
    ping = page.evaluate(PING_JS)

    for name in computers:
        execute(page, f"{name}.resume()")
        page.locator(f'.jp-Cell[data-bench-key="{name}"] .spit-root[data-status="game_over"]') \
            .wait_for(timeout=180_000)
    page.wait_for_function("() => Object.values(window.__lat.computerTop).every("
                           "t => Object.values(t).every(v => v.length === 2))")
    stamps: dict[str, dict[str, float]] = json.loads(execute(page, "print(json.dumps(STAMPS))"))
    lat: dict[str, Any] = page.evaluate("window.__lat")

    figures = Figures(clock_offset_ms=ping["offset"], clock_rtt_ms=ping["rtt"])
    s = figures.samples
    s["feedback"], s["feedback_frame"] = lat["feedback"], lat["feedbackFrame"]
    s["confirmed"], s["confirmed_frame"] = lat["confirmed"], lat["confirmedFrame"]
    s["echo"], s["echo_frame"] = lat["echo"], lat["echoFrame"]
    computer, computer_frame, computer_face = _computer_samples(stamps, lat, computers)
    s["computer"], s["computer_frame"] = computer[:plays], computer_frame[:plays]
    s["computer_face"] = computer_face[:plays]
    return figures

ROWS = (
    ("(a) click -> card lifts (in-flight), DOM", "feedback"),
    ("    ... frame", "feedback_frame"),
    ("(b) click -> kernel-confirmed on pile, DOM", "confirmed"),
    ("    ... frame", "confirmed_frame"),
    ("    floor: counter click -> kernel echo, DOM", "echo"),
    ("    ... frame", "echo_frame"),
    ("(c) computer play -> on pile (data-top), DOM", "computer"),
    ("    ... frame", "computer_frame"),
    ("    ... face landed after its 200 ms flight", "computer_face"),
)


def report(results: dict[str, Figures], plays: int) -> str:
    """The printed table: one row per figure and configuration, then the clock check."""
    configs = list(results)
    head = f"{'':46s}" + "".join(f"{c:>22s}" for c in configs)
    sub = f"{'':46s}" + "".join(f"{'median':>11s}{'p95':>8s} {'n':>2s}" for _ in configs)
    lines = [f"spit-widget latency, milliseconds ({plays} plays each)", head, sub]
    for label, key in ROWS:
        row = f"{label:46s}"
        for c in configs:
            xs = results[c].samples.get(key, [])
            row += (f"{statistics.median(xs):11.1f}{percentile(xs, 0.95):8.1f} {len(xs):>3d}"
                    if xs else f"{'-':>11s}{'-':>8s} {0:>3d}")
        lines.append(row.rstrip())
    for c in configs:
        f = results[c]
        lines.append(f"clock check ({c}): kernel - page = {f.clock_offset_ms:+.1f} ms "
                     f"(+/- {f.clock_rtt_ms / 2:.1f} ms); (c) is not corrected for it")
    return "\n".join(lines)


def run(plays: int = 100, *, configs: Sequence[bool] = (True, False), verbose: bool = True) -> str:
    """Measure with the nodelay extension on and/or off; return the printed report."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise SystemExit("The latency benchmark needs Playwright: pip install playwright "
                         "(the browser is Debian's chromium, not a Playwright download).") from None
    if not Path(CHROMIUM).exists():
        raise SystemExit(f"No Chromium at {CHROMIUM}: apt-get install chromium, or set CHROMIUM.")
    if not (PACKAGE_ROOT / "spit_widget" / "static" / "widget.js").exists():
        raise SystemExit("The front end is not built: run `npm install && npm run build`.")
    results: dict[str, Figures] = {}
    with sync_playwright() as pw:
        browser: Browser = pw.chromium.launch(executable_path=CHROMIUM, args=list(CHROME_ARGS))
        try:
            for nodelay in configs:
                label = "nodelay on" if nodelay else "nodelay off"
                if verbose:
                    print(f"measuring with {label} ...", file=sys.stderr, flush=True)
                with tempfile.TemporaryDirectory(prefix="spit-latency-") as tmp:
                    work = Path(tmp)
                    root = work / "root"
                    root.mkdir()
                    with jupyter_lab(work, root, nodelay=nodelay) as lab:
                        context = browser.new_context(viewport={"width": 1400, "height": 1000})
                        page = context.new_page()
                        page.set_default_timeout(30_000)
                        try:
                            results[label] = _measure(page, lab, plays)
                        finally:
                            context.close()
                    shutil.rmtree(work, ignore_errors=True)
        finally:
            browser.close()
    text = report(results, plays)
    print(text)
    return text


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m tools.latency``: read the command line, print the figures."""
    latency = argparse.ArgumentParser(prog="python -m tools.latency",
                                      description="click-to-paint latency in a real browser")
    latency.add_argument("--plays", type=int, default=100, help="samples per figure")
    latency.add_argument("--nodelay", choices=["both", "on", "off"], default="both",
                         help="the server's TCP_NODELAY extension on, off, or both (default)")
    args = latency.parse_args(argv)
    run(plays=args.plays,
        configs={"both": (True, False), "on": (True,), "off": (False,)}[args.nodelay])


if __name__ == "__main__":
    main()
