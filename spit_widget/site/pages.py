"""What the site shows: the entry pages, the read-only notebooks, the settings.

``index.html`` is the game: JupyterLite's REPL app runs a cell that deals a
duel at once and shows only its output (the table), framed by a bar of links
to the classic game and to the tutorial notebooks. The notebooks are copies
of the examples with outputs cleared and cells locked (``editable: false``),
each starting with the cell that installs the game from the site's wheels.
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from urllib.parse import urlencode

KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
INSTALL = "%pip install -q spit-widget"
"""piplite's ``%pip``: installs the game from the site's own wheels."""
KEEP = "from spit_widget.stats.browser import keep_in_browser\nawait keep_in_browser()"
"""Before any table: the stats folder kept in this browser's storage (IDBFS)."""
BROWSER_HOME = "/home/pyodide/spit-widget"
"""The folder ``keep_in_browser`` mounts: IDBFS names its IndexedDB database so,
and **Forget me** deletes that database (a test holds the two equal)."""

NOTEBOOKS = {
    "rules_tutorial.ipynb": "The rules, one at a time",
    "inspect_live_game.ipynb": "Inspect a live game",
}
"""Examples that run in the browser (the others need numpy, gymnasium, matplotlib)."""

GAMES = {
    "index.html": ("Duel", "table = SpitWidget()\ntable"),
    "classic.html": ("Classic", 'table = SpitWidget(variant="classic")\ntable'),
}
"""Entry page: (its name in the bar, the code its cell runs). The table is
named, so its game can be read from the prompt under it (``table.game``)."""

LEVELS = "levels/class-levels.json"
"""Where a class's level file is served from (``site --levels``)."""


def course_code(levels: bool = False) -> str:
    """The course page's code: the whole course, or the class's level file
    (:data:`LEVELS`) fetched from the site by the kernel (its worker lives under
    ``extensions/``, so the site is the address before that) and read with
    ``learn.load_levels``, which validates every level."""
    if not levels:
        return "from spit_widget import learn\ncourse = learn.show()\ncourse"
    return ("from spit_widget import learn\nimport js\nfrom pyodide.http import pyfetch\n"
            'site = js.location.href.rsplit("/extensions/", 1)[0]\n'
            f'got = await pyfetch(f"{{site}}/{LEVELS}")\n'
            'open("/tmp/class-levels.json", "wb").write(await got.bytes())\n'
            'course = learn.show(learn.load_levels("/tmp/class-levels.json"))\ncourse')


STATS_NOTE = "Your record and stars stay in this browser only."
"""Where the data lives; the page's title attribute on it says more (:data:`STATS_MORE`)."""
STATS_MORE = ("Kept in this browser's storage for this site (IndexedDB), on this computer only: "
              "nothing is sent anywhere, another browser starts afresh, and Forget me "
              "clears it.")
FORGET_ASK = "Forget your record and course stars in this browser?"
NOT_STARTED = "The game could not start in this browser:"
"""The play page's words when Python fails before the table is shown (the reason follows)."""

FORGET_JS = """document.getElementById("spit-forget").addEventListener("click", () => {
  if (!confirm(%s)) return;
  document.getElementById("spit-app").remove();  // its kernel holds the database open
  const asked = indexedDB.deleteDatabase(%s);
  asked.onsuccess = asked.onerror = () => location.reload();
});"""
"""**Forget me**: stop the app, delete the IndexedDB database the stats live in
(it waits for the app's kernel to let go of it), and start afresh."""


def app_url(code: str) -> str:
    """The REPL app running ``code`` at once and showing only its output."""
    query = {"kernel": "python", "toolbar": "0", "showBanner": "0", "hideCodeInput": "1",
             "code": f"{INSTALL}\n{KEEP}\nfrom spit_widget import SpitWidget\n{code}"}
    return f"repl/index.html?{urlencode(query)}"


def read_only(example: Path) -> dict[str, object]:
    """``example`` with outputs cleared, cells locked, and the install cell first."""
    notebook = json.loads(example.read_text(encoding="utf-8"))
    install: dict[str, object] = {"cell_type": "code", "execution_count": None,
                                  "metadata": {}, "outputs": [], "source": INSTALL}
    for cell in [install, *notebook["cells"]]:
        cell["metadata"] = {**cell.get("metadata", {}), "editable": False, "deletable": False}
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
        cell.pop("id", None)
    notebook["cells"].insert(0, install)
    notebook["metadata"]["kernelspec"] = {"name": "python", "display_name": "Python (Pyodide)",
                                          "language": "python"}
    notebook["nbformat_minor"] = 4  # cells without ids
    return dict(notebook)


def write_notebooks(examples: Path, into: Path) -> dict[str, str]:
    """Write the read-only notebooks (:data:`NOTEBOOKS`); return file name ->
    link text for those found."""
    into.mkdir(parents=True, exist_ok=True)
    found = {}
    for name, title in NOTEBOOKS.items():
        if (examples / name).exists():
            (into / name).write_text(json.dumps(read_only(examples / name), indent=1))
            found[name] = title
    return found


def _page(title: str, links: dict[str, str], app: str, script: str) -> str:
    """A page of the site: the bar of links over ``app``, which fills the window."""
    bar = " · ".join(f'<a href="{html.escape(href)}">{html.escape(text)}</a>'
                     for href, text in links.items())
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Spit: {html.escape(title)} in your browser</title>
<!-- JupyterLite's apps read their settings from each index.html above them -->
<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">{{}}</script>
<style>
html, body {{ margin: 0; height: 100%; font: 14px system-ui, sans-serif; }}
body {{ display: flex; flex-direction: column; }}
nav {{ padding: 6px 12px; background: #1f4d36; color: #fff; }}
nav a {{ color: #fff; }} nav b {{ margin-right: 1em; }}
nav small {{ margin-left: 1em; opacity: .8; }}
nav button {{ margin-left: .5em; font: inherit; }}
iframe {{ flex: 1; border: 0; width: 100%; }}
#spit-app:not(iframe) {{ flex: 1; overflow: auto; }}
</style></head>
<body data-forget-ask="{html.escape(FORGET_ASK)}" data-database="{BROWSER_HOME}"
  data-not-started="{html.escape(NOT_STARTED)}">
<nav><b>Spit: {html.escape(title)}</b> {bar}
<small id="spit-stats-note" title="{STATS_MORE}">{STATS_NOTE}</small>
<button id="spit-forget" type="button">Forget me</button></nav>
{app}
{script}
</body></html>
"""


def entry_page(title: str, code: str, links: dict[str, str]) -> str:
    """An entry page: the bar of links over the REPL app running ``code``."""
    forget = FORGET_JS % (json.dumps(FORGET_ASK), json.dumps(BROWSER_HOME))
    app = f'<iframe id="spit-app" title="The game" src="{html.escape(app_url(code))}"></iframe>'
    return _page(title, links, app, f"<script>{forget}</script>")


PLAY = "play.html"
"""The duel without JupyterLab (:mod:`.play`): the table only, no prompt, a
fast start."""


def play_page(links: dict[str, str]) -> str:
    """The play page: the bar of links over the table (:mod:`.play`)."""
    app = '<div id="spit-app">Dealing…</div>'
    return _page("Duel", links, app, '<link rel="stylesheet" href="play/widget.css">\n'
                 '<script type="module" src="play/page.mjs"></script>')


def write_entry_pages(out: Path, notebooks: dict[str, str], course: bool = False,
                      levels: bool = False) -> None:
    """``index.html`` (the duel), ``classic.html`` (and ``course.html``: the
    whole course, or the class's level file when ``levels``), and
    :data:`PLAY`, each linking to the rest."""
    games = {**GAMES, **({"course.html": ("Course", course_code(levels))} if course else {})}
    notes = {f"notebooks/index.html?path={name}": text for name, text in notebooks.items()}
    for page, (title, code) in games.items():
        links = {other: f"Play {name.lower()}" if other in GAMES else f"The {name.lower()}"
                 for other, (name, _) in games.items() if other != page}
        links = {PLAY: "Quick duel", **links, **notes}
        (out / page).write_text(entry_page(title, code, links), encoding="utf-8")
    links = {"index.html": "Duel with a Python prompt",
             **{other: f"Play {name.lower()}" if other in GAMES else f"The {name.lower()}"
                for other, (name, _) in games.items() if other != "index.html"}, **notes}
    (out / PLAY).write_text(play_page(links), encoding="utf-8")


def lite_settings() -> dict[str, object]:
    """``jupyter-lite.json``: the kernel never falls back to a package index."""
    return {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "Spit", "litePluginSettings": {KERNEL_PLUGIN: {"disablePyPIFallback": True}}}}
