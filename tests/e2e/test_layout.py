"""The table on real screens: it fits a laptop, grows on a big screen, bends to
a narrow output, and its touch targets are big enough.

"Fits" means: once the widget's top is scrolled to the top of the notebook's
visible area, the computer's row, the centre piles, your row and the Stuck /
Spit! button are all inside that area, with no scrolling. Screenshots at each
size go to tests/e2e/artifacts/; the guide's pictures (docs/table-*.png) are
written when missing or when SPIT_E2E_UPDATE_DOCS=1.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import pytest
from spit_e2e import ARTIFACTS, MakeNotebook, Notebook, expect, new_page
from test_screenshots import DOCS, MAX_DOC_BYTES, save_small

from tools.harness import TOKEN, Lab, wait_kernel_idle

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

pytestmark = pytest.mark.e2e

TABLE = "w = SpitWidget(seed=25)\nw.pause()  # the computer a newcomer meets, waiting\nw"
NARROW = """import ipywidgets
narrow = SpitWidget(seed=25, ai=None)
ipywidgets.Box([narrow], layout=ipywidgets.Layout(width="520px"))"""

# The parts a player must see at once, by selector.
PARTS = {
    "computer's row": '.spit-stocks[data-player="1"]',
    "centre": ".spit-middle",
    "your row": '.spit-stocks[data-player="0"]',
    "Stuck": ".spit-btn-stuck",
}

MEASURE_JS = """(root, parts) => {
  const area = root.closest('.jp-WindowedPanel-outer, .jp-Notebook, .jp-NotebookPanel-notebook');
  const a = area.getBoundingClientRect();
  const visible = {top: Math.max(a.top, 0), bottom: Math.min(a.bottom, innerHeight),
                   left: Math.max(a.left, 0), right: Math.min(a.right, innerWidth)};
  const box = (e) => { const r = e.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width,
            height: r.height}; };
  const out = {};
  for (const [name, sel] of Object.entries(parts)) out[name] = box(root.querySelector(sel));
  const card = root.querySelector('.spit-stock[data-player="0"] .spit-slotbtn');
  return {visible, parts: out, root: box(root), card: box(card)};
}"""


def scroll_to_top_of(view: Locator) -> None:
    """Scroll the notebook so the widget's top is at the top of its visible area."""
    view.evaluate("(root) => root.scrollIntoView({block: 'start'})")
    view.page.wait_for_timeout(0)


def open_file_browser(page: Page) -> None:
    """The left sidebar open on the file browser, as JupyterLab starts for most people."""
    browser = page.locator("#filebrowser")
    if not browser.is_visible():
        page.evaluate("() => window.jupyterapp.commands.execute('filebrowser:activate')")
    expect(browser).to_be_visible()


def measure(view: Locator) -> dict[str, Any]:
    scroll_to_top_of(view)
    result: dict[str, Any] = view.evaluate(MEASURE_JS, PARTS)  # type: ignore[arg-type]
    return result


def assert_fits(m: dict[str, Any], where: str) -> None:
    v = m["visible"]
    for name, b in m["parts"].items():
        assert b["height"] > 0, f"{where}: {name} is not shown"
        inside = (b["top"] >= v["top"] - 1 and b["bottom"] <= v["bottom"] + 1
                  and b["left"] >= v["left"] - 1 and b["right"] <= v["right"] + 1)
        assert inside, f"{where}: {name} {b} is outside the visible notebook area {v}"


def save_doc_picture(page: Page, name: str, target: Locator | None = None) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / f"{name}.png"
    page.mouse.move(0, 0)
    if target is None:
        page.screenshot(path=str(shot), animations="disabled")
    else:
        target.screenshot(path=str(shot), animations="disabled")
    doc = DOCS / f"{name}.png"
    if os.environ.get("SPIT_E2E_UPDATE_DOCS") == "1" or not doc.exists():
        save_small(shot, doc)
    assert doc.stat().st_size < MAX_DOC_BYTES, f"{doc} is {doc.stat().st_size} bytes"


def test_fits_a_laptop_and_grows_on_a_big_screen(page: Page, lab: Lab,
                                                 notebook: MakeNotebook) -> None:
    notebook("layout.ipynb", [TABLE], "w=w")
    page.set_viewport_size({"width": 1280, "height": 720})
    nb = Notebook(page, lab, "layout.ipynb", 3).open()
    open_file_browser(page)
    nb.run_all(views=1)
    view = nb.view()
    widths = {}
    for width, height in ((1280, 720), (1366, 768), (1920, 1080)):
        page.set_viewport_size({"width": width, "height": height})
        open_file_browser(page)
        m = measure(view)
        where = f"JupyterLab {width}x{height}, file browser open"
        print(f"\n[layout] {where}: card {m['card']['width']:.0f}x{m['card']['height']:.0f},"
              f" table {m['root']['width']:.0f}x{m['root']['height']:.0f},"
              f" visible {m['visible']}")
        assert_fits(m, where)
        widths[width] = m["card"]["width"]
        if width in (1280, 1920):
            save_doc_picture(page, f"table-{width}x{height}")
    # A big screen gets bigger cards, not a small table in a sea of green.
    assert widths[1920] >= widths[1280] * 1.3, widths


# Notebook 7's own front end, served by the tests' hermetic JupyterLab server,
# reports these while it starts (its settings, a file-browser command it lacks);
# the widget runs no commands and reads no settings.
NOTEBOOK7_NOISE = {
    "Cannot read properties of undefined (reading 'schema')",
    "Command 'filebrowser:open-path' not registered.",
}


def test_fits_notebook_7_at_1280x720(browser: Browser, lab: Lab,
                                     notebook: MakeNotebook) -> None:
    notebook("nb7.ipynb", [TABLE], "w=w")
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page, errors = new_page(context)
    try:
        fits_in_notebook_7(page, lab)
    except BaseException:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "failed-notebook-7.png"))
        raise
    finally:
        context.close()
        lab.shutdown_kernels()
    assert [e for e in errors if e not in NOTEBOOK7_NOISE] == []


def fits_in_notebook_7(page: Page, lab: Lab) -> None:
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{lab.base}/notebooks/nb7.ipynb?token={TOKEN}")  # Notebook 7, same server
    page.locator(".jp-Notebook .jp-Cell").nth(2).wait_for(timeout=60_000)
    wait_kernel_idle(page)  # the app's word: Notebook 7 exposes it too
    page.locator(".jp-Notebook .jp-Cell").first.locator(".jp-InputPrompt").click()
    for _ in range(3):
        page.keyboard.press("Shift+Enter")
    view = page.locator(".spit-root")
    expect(view).to_have_count(1, timeout=60_000)
    m = measure(view)
    card = m["card"]
    print(f"\n[layout] Notebook 7 1280x720: card {card['width']:.0f}x{card['height']:.0f},"
          f" table {m['root']['width']:.0f}x{m['root']['height']:.0f}, visible {m['visible']}")
    assert_fits(m, "Notebook 7 at 1280x720")


def test_bends_to_a_narrow_output(page: Page, lab: Lab, notebook: MakeNotebook) -> None:
    notebook("narrow.ipynb", [NARROW], "narrow=narrow")
    page.set_viewport_size({"width": 1280, "height": 1300})  # the whole column in the picture
    nb = Notebook(page, lab, "narrow.ipynb", 3).open()
    nb.run_all(views=1)
    view = nb.view()
    overflow = view.evaluate("""(root) => {
      const r = root.getBoundingClientRect();
      const out = root.closest('.jp-OutputArea-output');
      const bad = [...root.querySelectorAll('*')].filter((e) => {
        const b = e.getBoundingClientRect();
        return b.width > 0 && (b.right > r.right + 1 || b.left < r.left - 1)
          && !e.closest('.spit-fx, .spit-sr-only');
      }).map((e) => e.className);
      return {width: r.width, scroll: root.scrollWidth, client: root.clientWidth,
              outScroll: out.scrollWidth, outClient: out.clientWidth, bad};
    }""")
    print(f"\n[layout] 520 px output: {overflow}")
    assert 500 <= overflow["width"] <= 521, overflow  # fills the Box, and no more
    assert overflow["scroll"] <= overflow["client"], overflow
    assert overflow["outScroll"] <= overflow["outClient"], overflow
    assert not overflow["bad"], overflow
    # The log and key legend sit under the table, not beside it.
    table = view.locator(".spit-table").bounding_box()
    log = view.locator(".spit-panel").bounding_box()
    assert table and log and log["y"] >= table["y"] + table["height"], (table, log)
    save_doc_picture(page, "table-520px", view)


def test_touch_targets_at_1024x768(page: Page, lab: Lab, notebook: MakeNotebook) -> None:
    notebook("targets.ipynb", [TABLE], "w=w")
    page.set_viewport_size({"width": 1024, "height": 768})
    nb = Notebook(page, lab, "targets.ipynb", 3).open()
    nb.run_all(views=1)
    small = nb.view().evaluate("""(root) => [...root.querySelectorAll(
        '.spit-slotbtn, .spit-centre-btn, .spit-btn, .spit-pace')]
      .filter((e) => e.offsetParent !== null)
      .map((e) => { const r = e.getBoundingClientRect();
        return {cls: e.className, w: r.width, h: r.height}; })
      .filter((b) => b.w < 44 || b.h < 44)""")
    assert not small, f"targets under 44x44 CSS px: {small}"
