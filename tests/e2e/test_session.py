"""Beyond one game: Play Again and the stats bar across a kernel restart, and one
widget shown twice."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from spit_e2e import (
    Deadline,
    MakeNotebook,
    Notebook,
    assert_table_matches,
    expect,
    take_turn,
    your_card,
)

from tools.harness import Lab

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = pytest.mark.e2e

ONE_CARD_FROM_WINNING = """w = SpitWidget(ai=None, game=position(
    "duel",
    you=[["7H"]], computer=[["KC"], ["4S", "9D"]],
    centre=[["6S"], ["JD"]],
    you_spit=["2C", "3C"], computer_spit=["AH"]))
w"""


# A game the table dealt against a computer, played to its end from Python: it counts.
DEALT_GAME = """real = SpitWidget(seed=11, pace="fast")
real.pause()
while real.game.status != "game_over":
    if real.game.legal_plays(0):
        real.play(*real.game.legal_plays(0)[0])
    elif not real.game.stuck[0]:
        real.stuck()
    else:
        real.step()"""


# The kernel the page is connected to, and whether that connection handles comms: from
# one that does not (a cloned connection), the widget manager restores nothing yet calls
# itself restored, one way to "model not found" in every output.
KERNEL_ID_JS = """() => {
  const k = window.jupyterapp?.shell?.currentWidget?.sessionContext?.session?.kernel;
  return k ? `${k.id} (handles comms: ${k.handleComms})` : null;
}"""


def stat(view: Locator, which: str) -> int:
    """A number from the stats bar: "games" or "wins"."""
    return int(view.locator(f".spit-stats .spit-stat-{which} b").inner_text())


def test_play_again_counts_only_real_games_and_the_stats_survive_a_restart(
        page: Page, lab: Lab, notebook: MakeNotebook) -> None:
    notebook("play_again.ipynb", [ONE_CARD_FROM_WINNING, DEALT_GAME], "w=w, real=real")
    nb = Notebook(page, lab, "play_again.ipynb", 4).open()
    nb.run_all(views=1)
    view = nb.view()
    games, wins = stat(view, "games"), stat(view, "wins")  # read before the dealt game ended
    assert nb.probe()["real"]["stats"]["games"] == games + 1  # the dealt game counted

    your_card(view, 0).click()
    dialog = view.locator(".spit-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator(".spit-dialog-title")).to_have_text("You win!")
    expect(dialog.locator(".spit-dialog-cards")).to_have_text("Cards left: you 2, computer 4")
    # A set position with no computer (a tutorial) is not a game played: not counted.
    expect(view.locator(".spit-stats .spit-stat-wins b")).to_have_text(str(wins))
    assert nb.probe()["real"]["stats"]["games"] == games + 1

    dialog.locator(".spit-dialog-new").click()
    expect(dialog).to_be_hidden()
    expect(view).to_have_attribute("data-status", "playing")
    expect(view.locator(".spit-cards-left")).to_have_text("Cards left: you 25, computer 25")
    table = nb.table()
    assert [[s["count"] for s in table["stock"][p]] for p in (0, 1)] == [[1, 2, 3, 4, 5]] * 2
    assert [c["count"] for c in table["centre"]] == [1, 1]
    assert table["spit"] == [10, 10]
    kernel = nb.probe()["w"]
    assert kernel["game"]["outcome"] is None
    assert_table_matches(table, kernel["game"])

    nb.restart_kernel()
    nb.run_all(views=1)
    view = nb.view()  # made before the dealt game is played again: the stats as they were
    expect(view.locator(".spit-stats .spit-stat-games b")).to_have_text(str(games + 1))
    assert nb.probe()["w"]["stats"]["games"] == games + 1


def without_held_refusal(table: dict[str, Any], other: dict[str, Any]) -> dict[str, Any]:
    """``table`` less a refusal it still holds after the kernel dropped it (the other view
    shows no message): a view keeps the refusal of its own click for a few seconds,
    a view that did not click shows it only while the kernel says it (js/notice.js)."""
    message = table["message"]
    if message and message["kind"] == "refused" and other["message"] is None:
        return {**table, "message": None}
    return table


def test_one_widget_shown_twice_shows_one_table(page: Page, lab: Lab,
                                                notebook: MakeNotebook) -> None:
    notebook("two_views.ipynb", ['w = SpitWidget(seed=14, pace="fast")\nw', "display(w)"],
             "w=w")
    nb = Notebook(page, lab, "two_views.ipynb", 4).open()
    nb.run_all(views=2)
    first, second = nb.view(0), nb.view(1)

    def piles(table: dict[str, Any]) -> list[object]:
        return [table["stock"], table["centre"], table["spit"], table["status"]]

    landed = {0: 0, 1: 0}
    deadline = Deadline(60)
    for i in (0, 0, 0, 1, 1):  # cards played from both views
        target = landed[i] + 1
        while landed[i] < target and first.get_attribute("data-status") == "playing":
            deadline.check(f"landed {landed}")
            if take_turn(nb, i) == "landed":
                landed[i] += 1
                one, two = nb.tables()  # the other view shows the card on its pile too
                assert piles(one) == piles(two)
    assert landed[0] >= 1 and landed[1] >= 1, landed

    second.locator(".spit-btn-pause").click()  # freeze the table to compare it
    expect(first).to_have_attribute("data-paused", "true")
    expect(second).to_have_attribute("data-paused", "true")
    one, two = nb.tables()
    assert without_held_refusal(one, two) == without_held_refusal(two, one), \
        "the two views of one widget differ"
    kernel = nb.probe()["w"]
    assert_table_matches(one, kernel["game"])
    # The log came as it grew (a few events per play), yet both views hold all of it.
    assert len(one["log"]) > 8 and one["log"] == kernel["log"]

    # A reloaded page (the kernel runs on) is given the whole picture again:
    # saved, the notebook's outputs name the widget, whose state comes from the kernel.
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    expect(page.locator(".jp-mod-dirty")).to_have_count(0)
    kernel_before = page.evaluate(KERNEL_ID_JS)
    said: list[str] = []  # the widget manager reports a failed restore on the console only
    page.on("console", lambda m: said.append(f"{m.type}: {m.text[:300]}")
            if m.type in ("error", "warning") else None)
    page.reload()
    try:
        expect(page.locator(".spit-root")).to_have_count(2, timeout=60_000)
    except AssertionError as missing:
        # Say what each widget output shows instead (the widget manager's own
        # "Loading widget..." or "Error displaying widget", or our table), whether
        # the page came back to the same kernel, and what the console said.
        shown = page.locator(".jp-OutputArea-output").evaluate_all(
            "(outs) => outs.map((o) => o.querySelector('.spit-root') ? 'a table'"
            " : o.textContent.trim().slice(0, 200))")
        raise AssertionError(
            f"after the reload the outputs show {shown}; kernel {kernel_before} before, "
            f"{page.evaluate(KERNEL_ID_JS)} after; the console said {said[-12:]}") from missing
    expect(nb.view(0).locator(".spit-log li")).to_have_count(len(kernel["log"]))
    for table in nb.tables():
        assert table["log"] == kernel["log"]
        assert table["stock"] == one["stock"] and table["centre"] == one["centre"]
