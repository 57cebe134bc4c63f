"""Pictures of the table in JupyterLab's light and dark themes, duel and classic.

Every run saves them in tests/e2e/artifacts/. The light ones are also the
README's and the docs' pictures, docs/screenshot-duel.png and docs/screenshot-classic.png:
written when missing, or replaced when SPIT_E2E_UPDATE_DOCS=1, in 256 colours
(with Pillow) to stay small.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from spit_e2e import ARTIFACTS, MakeNotebook, Notebook, expect

from tools.harness import Lab

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e

DOCS = Path(__file__).resolve().parents[2] / "docs"
MAX_DOC_BYTES = 200_000

# A few moves made from Python (the computer's through step()), then a hint:
# a table in mid-game, the same on every run. The computer is the one a
# newcomer meets ("vs expert" in the header), paused so that it waits.
DUEL = """duel = SpitWidget(seed=25)
duel.pause()
for _ in range(5):
    if duel.game.legal_plays(0):
        duel.play(*duel.game.legal_plays(0)[0])
    duel.step()
duel.hint()
duel"""

CLASSIC = """classic = SpitWidget(variant="classic", seed=3)
classic.pause()
for _ in range(6):
    if classic.game.legal_plays(0):
        classic.play(*classic.game.legal_plays(0)[0])
    classic.step()
classic"""


def save_small(shot: Path, doc: Path) -> None:
    """Copy ``shot`` to ``doc``, in 256 colours when Pillow is at hand."""
    try:
        from PIL import Image
    except ImportError:
        shutil.copyfile(shot, doc)
        return
    with Image.open(shot) as image:
        small = image.convert("RGB").quantize(
            colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
        small.save(doc, optimize=True)


def luminance(css_colour: str) -> float:
    r, g, b = (int(x) for x in re.findall(r"\d+", css_colour)[:3])
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255


def test_screenshots_in_light_and_dark(page: Page, lab: Lab, notebook: MakeNotebook) -> None:
    notebook("screenshots.ipynb", [DUEL, CLASSIC], "duel=duel, classic=classic")
    nb = Notebook(page, lab, "screenshots.ipynb", 4).open()
    nb.run_all(views=2)
    ARTIFACTS.mkdir(exist_ok=True)
    cells = page.locator(".jp-Notebook .jp-Cell")
    outputs = {name: cells.nth(i + 1).locator(".jp-OutputArea-output")
               for i, name in enumerate(("duel", "classic"))}
    expect(nb.view(1)).to_have_attribute("data-variant", "classic")
    expect(nb.view(0).locator(".spit-message")).to_have_attribute("data-kind", "hint")
    page.mouse.move(0, 0)  # no hover effect in the pictures

    text = {}
    try:
        for theme, light in (("JupyterLab Light", True), ("JupyterLab Dark", False)):
            page.evaluate("(theme) => window.jupyterapp.commands.execute("
                          "'apputils:change-theme', {theme})", theme)
            expect(page.locator("body")).to_have_attribute("data-jp-theme-name", theme)
            expect(page.locator("body")).to_have_attribute("data-jp-theme-light",
                                                           str(light).lower())
            page.wait_for_function("() => document.fonts.status === 'loaded'")
            text[light] = nb.view(0).locator(".spit-status").evaluate(
                "(e) => getComputedStyle(e).color")
            for name, output in outputs.items():
                shot = ARTIFACTS / f"{name}-{'light' if light else 'dark'}.png"
                output.screenshot(path=str(shot), animations="disabled")
                doc = DOCS / f"screenshot-{name}.png"
                if light and (os.environ.get("SPIT_E2E_UPDATE_DOCS") == "1" or not doc.exists()):
                    save_small(shot, doc)
    finally:
        page.evaluate("() => window.jupyterapp.commands.execute("
                      "'apputils:change-theme', {theme: 'JupyterLab Light'})")
    # The table's words follow the theme: dark on light, light on dark.
    assert luminance(text[True]) < 0.5 < luminance(text[False]), text
    for name in outputs:
        size = (DOCS / f"screenshot-{name}.png").stat().st_size
        assert size < MAX_DOC_BYTES, f"docs/screenshot-{name}.png is {size} bytes"
