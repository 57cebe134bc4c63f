"""What a newcomer sees at 1280x720 in JupyterLab (issue 24, items 1 and 5):
the table a cell has just made is in view without scrolling, and every table
(duel, classic, two people with a two-line header) fits the notebook's
visible area whole: the message line, the pile counts and "Cards left" too."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from spit_e2e import MakeNotebook, Notebook, expect
from test_layout import open_file_browser

from tools.harness import Lab, wait_kernel_idle

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = pytest.mark.e2e


# Everything a player reads or clicks, by selector (those not shown are skipped).
WHOLE = {
    "header": ".spit-header",
    "computer's row": '.spit-stocks[data-player="1"]',
    "centre": ".spit-middle",
    "pile counts": ".spit-centre-count, .spit-count",
    "your row": '.spit-stocks[data-player="0"]',
    "Stuck / Spit!": ".spit-btn-stuck, .spit-btn-spit",
    "status": ".spit-status",
    "message": ".spit-message",
    "cards left": ".spit-cards-left",
    "seats": ".spit-seats",
    "table": ".spit-root",
}

OUTSIDE_JS = """(root, parts) => {
  const area = root.closest('.jp-WindowedPanel-outer, .jp-Notebook');
  const a = area.getBoundingClientRect();
  const v = {top: Math.max(a.top, 0), bottom: Math.min(a.bottom, innerHeight)};
  const out = [];
  for (const [name, sel] of Object.entries(parts)) {
    for (const e of root.matches(sel) ? [root] : root.querySelectorAll(sel)) {
      const b = e.getBoundingClientRect();
      if (b.height === 0 || getComputedStyle(e).visibility === 'hidden') continue;
      if (b.top < v.top - 1 || b.bottom > v.bottom + 1)
        out.push(`${name} ${Math.round(b.top)}-${Math.round(b.bottom)}`);
    }
  }
  return {outside: out, visible: [v.top, v.bottom], table: root.getBoundingClientRect().height};
}"""


def outside(view: Locator, parts: dict[str, str]) -> dict[str, Any]:
    """What of ``parts`` lies outside the notebook's visible area, as it is scrolled now."""
    result: dict[str, Any] = view.evaluate(OUTSIDE_JS, parts)
    return result


def wait_in_view(view: Locator, parts: dict[str, str], where: str) -> dict[str, Any]:
    """Until all of ``parts`` is in view without the test scrolling (the page may take
    a moment to lay out): fail with what is still outside."""
    try:
        view.page.wait_for_function(
            f"([root, parts]) => ({OUTSIDE_JS})(root, parts).outside.length === 0",
            arg=[view.element_handle(), parts], timeout=10_000)
    except Exception:
        pytest.fail(f"{where}: not in view: {outside(view, parts)}")
    return outside(view, parts)


def test_the_table_is_in_view_after_shift_enter_in_the_play_notebook(page: Page,
                                                                      lab: Lab) -> None:
    page.set_viewport_size({"width": 1280, "height": 720})
    nb = Notebook(page, lab, "play.ipynb", 2).open()
    open_file_browser(page)
    page.locator(".jp-Notebook .jp-Cell").first.click()
    page.keyboard.press("Escape")  # command mode, as after opening
    page.keyboard.press("Shift+Enter")  # the text cell
    page.keyboard.press("Shift+Enter")  # the cell that makes the table
    view = nb.view()
    expect(view).to_have_count(1, timeout=60_000)
    m = wait_in_view(view, {k: WHOLE[k] for k in ("computer's row", "centre", "your row",
                                                   "Stuck / Spit!")}, "play.ipynb")
    print(f"\n[in view] play.ipynb after Shift+Enter: {m}")


def test_a_classic_table_made_in_a_new_cell_below_is_in_view(page: Page, lab: Lab,
                                                              notebook: MakeNotebook) -> None:
    above = "# Some work above the game\n" + "\n".join(f"x{i} = {i}" for i in range(25))
    notebook("below.ipynb", [above, 'SpitWidget(variant="classic", ai=None)'], "")
    page.set_viewport_size({"width": 1280, "height": 720})
    nb = Notebook(page, lab, "below.ipynb", 4).open()
    open_file_browser(page)
    cells = page.locator(".jp-Notebook .jp-Cell")
    for i in range(2):
        cells.nth(i).locator(".jp-InputPrompt").click()
        page.keyboard.press("Shift+Enter")
    cells.nth(2).locator(".jp-InputPrompt").click()
    page.keyboard.press("Shift+Enter")  # JupyterLab goes on to the next cell
    view = nb.view()
    expect(view).to_have_count(1, timeout=60_000)
    m = wait_in_view(view, {k: WHOLE[k] for k in ("computer's row", "centre", "your row",
                                                   "Stuck / Spit!")}, "a classic cell")
    print(f"\n[in view] classic in a cell below: {m}")


def whole_table_fits(page: Page, view: Locator, where: str) -> None:
    view.evaluate("(root) => root.scrollIntoView({block: 'start'})")
    m = outside(view, WHOLE)
    print(f"\n[heights] {where}: table {m['table']:.0f} px, visible {m['visible']}, "
          f"outside: {m['outside']}")
    assert not m["outside"], f"{where}: cut off: {m}"


@pytest.mark.parametrize("variant", ["duel", "classic"])
def test_the_whole_table_fits_at_1280x720(page: Page, lab: Lab, notebook: MakeNotebook,
                                          variant: str) -> None:
    # A refusal in the message line and a won game in the stats: the header on
    # two lines, the status box at its tallest.
    cell = (f'w = SpitWidget(variant="{variant}", seed=3, ai=None)\n'
            'w.say("7♠ doesn\'t fit on 9♣: the left pile needs 8 or 10.", "refused")\nw')
    notebook(f"heights_{variant}.ipynb", [cell], "w=w")
    page.set_viewport_size({"width": 1280, "height": 720})
    nb = Notebook(page, lab, f"heights_{variant}.ipynb", 3).open()
    open_file_browser(page)
    nb.run_all(views=1)
    view = nb.view()
    expect(view.locator(".spit-message")).to_be_visible()
    whole_table_fits(page, view, f"{variant}, file browser open")


def test_a_two_person_table_with_a_two_line_header_fits_at_1280x720(
    page: Page, lab: Lab, notebook: MakeNotebook,
) -> None:
    # Games on record for the first seat's name: its stats join the header,
    # which then takes two lines.
    cell = ('from spit_widget.stats import GameResult, StatsStore\n'
            'names = ("Annabelle Fitzgerald", "Bartholomew Okonkwo")\n'
            'with StatsStore() as store:\n'
            '    for i in range(12):\n'
            '        store.record(GameResult("classic", i % 2, "stock_emptied", (0, 9), 1, 60.0,'
            ' 0.0, "human", "normal", names=names))\n'
            'w = SpitWidget(opponent="human", variant="classic", seed=3, names=names)\nw')
    notebook("heights_people.ipynb", [cell], "w=w")
    page.set_viewport_size({"width": 1280, "height": 720})
    nb = Notebook(page, lab, "heights_people.ipynb", 3).open()
    open_file_browser(page)
    nb.run_all(views=1)
    wait_kernel_idle(page)
    view = nb.view()
    expect(view.locator(".spit-seats")).to_be_visible()
    expect(view.locator(".spit-stats")).to_contain_text("12")
    lines = view.locator(".spit-header").evaluate(
        "(h) => new Set([...h.children].filter((c) => c.offsetHeight)"
        ".map((c) => Math.round(c.getBoundingClientRect().top))).size")
    print(f"\n[heights] two people: header on {lines} line(s)")
    assert lines >= 2, "the header should wrap here: the test would not test the wrap"
    whole_table_fits(page, view, "two people, classic, file browser open")
