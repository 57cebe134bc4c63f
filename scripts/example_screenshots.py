"""Pictures of the example notebooks for the docs: docs/example-<name>.png.

Runs each notebook in a hermetic JupyterLab (the same one the browser tests
start) with Debian's Chromium, and photographs one telling output of each.

    python scripts/example_screenshots.py
"""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from tools.harness import (
    CHROME_ARGS,
    CHROMIUM,
    jupyter_lab,
    open_notebook,
    run_all,
    wait_kernel_idle,
)

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

# notebook -> (index among its code cells whose output is shown, what must be in that output)
SHOTS = {
    "rules_tutorial.ipynb": (1, ".spit-root"),
    "inspect_live_game.ipynb": (8, ".spit-root"),
    "write_your_own_ai.ipynb": (4, "img"),
}


def save_small(shot: Path, doc: Path) -> None:
    """256 colours: a table picture stays well under 200 KB."""
    from PIL import Image

    with Image.open(shot) as image:
        image.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT,
                                      dither=Image.Dither.NONE).save(doc, optimize=True)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        root = work / "root"
        shutil.copytree(ROOT / "examples", root)
        with jupyter_lab(work, root) as lab, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=list(CHROME_ARGS))
            page = browser.new_page(viewport={"width": 1280, "height": 1000})
            for name, (index, inside) in SHOTS.items():
                cells = json.loads((root / name).read_text())["cells"]
                code = [i for i, c in enumerate(cells) if c["cell_type"] == "code"]
                open_notebook(page, lab, name, len(cells))
                run_all(page)
                cell = page.locator(".jp-Notebook .jp-Cell").nth(code[index])
                output = cell.locator(".jp-OutputArea-output").filter(has=page.locator(inside))
                output.first.wait_for(timeout=120_000)
                wait_kernel_idle(page, timeout=120_000)
                output.first.scroll_into_view_if_needed()
                page.mouse.move(0, 0)
                shot = work / f"{name}.png"
                output.first.screenshot(path=str(shot), animations="disabled")
                doc = DOCS / f"example-{Path(name).stem}.png"
                save_small(shot, doc)
                print(f"{doc.relative_to(ROOT)}: {doc.stat().st_size // 1024} KB")
                lab.shutdown_kernels()
            browser.close()


if __name__ == "__main__":
    main()
