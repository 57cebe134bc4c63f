"""What the site shows: the entry pages, the read-only notebooks, the settings.

The game's pages (``index.html`` the duel, ``classic.html``, ``course.html``)
are fast pages (:mod:`.play`): Pyodide in a worker runs the page's code, and
the widget's own front end draws the table in the page, with no JupyterLab.
``prompt.html`` is the duel in JupyterLite's REPL app (its cell's output alone,
with a Python prompt under it). Every page has the same bar of links to the
others and to the tutorial notebooks, JupyterLite pages: copies of the
examples with outputs cleared and cells locked (``editable: false``), each
starting with the cell that installs the game from the site's wheels.
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import NamedTuple
from urllib.parse import urlencode

from .play import FOLDER

KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
INSTALL = "%pip install -q spit-widget"
"""piplite's ``%pip``: installs the game from the site's own wheels."""
KEEP = "from spit_widget.stats.browser import keep_in_browser\nawait keep_in_browser()"
"""Before any table: the stats folder kept in this browser's storage (IDBFS)."""
PRELUDE = f"{KEEP}\nfrom spit_widget import SpitWidget"
"""What every page's Python runs before its own code (the game is installed
already on a fast page: its wheels are in the worker's lock file)."""
BROWSER_HOME = "/home/pyodide/spit-widget"
"""The folder ``keep_in_browser`` mounts: IDBFS names its IndexedDB database so,
and **Forget me** deletes that database (a test holds the two equal)."""

NOTEBOOKS = {
    "rules_tutorial.ipynb": "The rules, one at a time",
    "inspect_live_game.ipynb": "Inspect a live game",
}
"""Examples that run in the browser (the others need numpy, gymnasium, matplotlib)."""


class GamePage(NamedTuple):
    """A game's page: its name in the bar, the code its Python runs (the last
    line is the widget to show), and the front end that draws that widget
    (``static/<front_end>.js`` and ``.css``)."""

    title: str
    code: str
    front_end: str = "widget"


GAMES = {
    "index.html": GamePage("Duel", "table = SpitWidget()\ntable"),
    "classic.html": GamePage("Classic", 'table = SpitWidget(variant="classic")\ntable'),
}
"""The fast pages of the two rule sets. The table is named, so on the prompt
page its game can be read from the prompt under it (``table.game``)."""
PROMPT = "prompt.html"
PROMPT_LINK = "Duel with a Python prompt"
"""The duel in JupyterLite's REPL app, a Python prompt under the table: slower
to start (JupyterLab's application and IPython), for those who look inside."""

LEVELS = "levels/class-levels.json"
"""Where a class's level file is served from (``site --levels``)."""
PAGE_WORKER = f"/{FOLDER}/"
"""Where a fast page's Python runs (:mod:`.play`'s worker), under the site."""


def course_code(levels: bool = False) -> str:
    """The course page's code: the whole course, or the class's level file
    (:data:`LEVELS`) fetched from the site by the Python side (its worker lives
    under :data:`PAGE_WORKER`, so the site is the address before that) and read
    with ``learn.load_levels``, which validates every level."""
    if not levels:
        return "from spit_widget import learn\ncourse = learn.show()\ncourse"
    return ("from spit_widget import learn\nimport js\nfrom pyodide.http import pyfetch\n"
            f'site = js.location.href.rsplit("{PAGE_WORKER}", 1)[0]\n'
            f'got = await pyfetch(f"{{site}}/{LEVELS}")\n'
            'open("/tmp/class-levels.json", "wb").write(await got.bytes())\n'
            'course = learn.show(learn.load_levels("/tmp/class-levels.json"))\ncourse')


STATS_NOTE = "Your record and stars stay in this browser only."
"""Where the data lives; the page's title attribute on it says more (:data:`STATS_MORE`)."""
STATS_MORE = ("Kept in this browser's storage for this site (IndexedDB), on this computer only: "
              "nothing is sent anywhere, another browser starts afresh, and Forget me "
              "clears it.")
FORGET_ASK = "Forget your record and course stars in this browser?"
STARTING = "Starting Python in your browser…"
"""A fast page's words until its table is drawn."""
NOT_STARTED = "The game could not start in this browser:"
"""A fast page's words when Python fails before the table is shown (the reason follows)."""

FORGET_JS = """document.getElementById("spit-forget").addEventListener("click", () => {
  if (!confirm(%s)) return;
  document.getElementById("spit-app").remove();  // its kernel holds the database open
  const asked = indexedDB.deleteDatabase(%s);
  asked.onsuccess = asked.onerror = () => location.reload();
});"""
"""**Forget me** on the prompt page: stop the app, delete the IndexedDB database
the stats live in (it waits for the app's kernel to let go of it), and start
afresh. A fast page's own script does the same with its worker."""


def app_url(code: str) -> str:
    """The REPL app running ``code`` at once and showing only its output."""
    query = {"kernel": "python", "toolbar": "0", "showBanner": "0", "hideCodeInput": "1",
             "code": f"{INSTALL}\n{PRELUDE}\n{code}"}
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


LANGUAGE_MENU = ('<select id="spit-language" aria-label="Language">'
                 '<option value="">Language of the browser</option>'
                 '<option value="en">English</option><option value="fr">Français</option>'
                 '<option value="es">Español</option><option value="de">Deutsch</option>'
                 '</select>')
"""A fast page's choice of the table's language (page.mjs keeps it in the browser):
each language named in itself. Unchosen, the table follows the browser's."""


def _page(title: str, links: dict[str, str], app: str, script: str, menu: str = "") -> str:
    """A page of the site: the bar of links over ``app``, which fills the window.
    Its ``<html lang>`` is the table's language (page.mjs sets it), else English."""
    bar = " · ".join(f'<a href="{html.escape(href)}">{html.escape(text)}</a>'
                     for href, text in links.items())
    return f"""<!doctype html>
<html lang="{"" if menu else "en"}"><head><meta charset="utf-8">
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
nav button, nav select {{ margin-left: .5em; font: inherit; }}
iframe {{ flex: 1; border: 0; width: 100%; }}
#spit-app:not(iframe) {{ flex: 1; overflow: auto; }}
#spit-warning {{ margin: 0; padding: 6px 12px; background: #fff3cd; }}
</style></head>
<body data-forget-ask="{html.escape(FORGET_ASK)}" data-database="{BROWSER_HOME}"
  data-not-started="{html.escape(NOT_STARTED)}">
<nav><b>Spit: {html.escape(title)}</b> {bar}
<small id="spit-stats-note" title="{STATS_MORE}">{STATS_NOTE}</small>
<button id="spit-forget" type="button">Forget me</button>{menu}</nav>
{app}
{script}
</body></html>
"""


def prompt_page(code: str, links: dict[str, str]) -> str:
    """The prompt page: the bar of links over the REPL app running ``code``."""
    forget = FORGET_JS % (json.dumps(FORGET_ASK), json.dumps(BROWSER_HOME))
    app = f'<iframe id="spit-app" title="The game" src="{html.escape(app_url(code))}"></iframe>'
    return _page(PROMPT_LINK, links, app, f"<script>{forget}</script>")


def fast_page(game: GamePage, links: dict[str, str]) -> str:
    """A game's page: the bar of links over the widget its code makes, drawn
    by its own front end while Python runs in a worker (:mod:`.play`)."""
    code = html.escape(f"{PRELUDE}\n{game.code}")
    app = (f'<div id="spit-app" data-code="{code}" data-front-end="{game.front_end}">'
           f"{html.escape(STARTING)}</div>")
    return _page(game.title, links, app,
                 f'<link rel="stylesheet" href="{FOLDER}/{game.front_end}.css">\n'
                 f'<script type="module" src="{FOLDER}/page.mjs"></script>', LANGUAGE_MENU)


def site_games(course: bool = False, levels: bool = False) -> dict[str, GamePage]:
    """The game's pages: :data:`GAMES`, and ``course.html`` (the whole course,
    or the class's level file when ``levels``) when the tree has the course."""
    return {**GAMES, **({"course.html": GamePage("Course", course_code(levels), "course")}
                        if course else {})}


def _links(page: str, games: dict[str, GamePage], notes: dict[str, str]) -> dict[str, str]:
    """The bar of ``page``: every other game's page, the prompt page, the notebooks."""
    links = {other: f"Play {game.title.lower()}" if other in GAMES else f"The {game.title.lower()}"
             for other, game in games.items() if other != page}
    return {**links, **({PROMPT: PROMPT_LINK} if page != PROMPT else {}), **notes}


def write_entry_pages(out: Path, notebooks: dict[str, str], course: bool = False,
                      levels: bool = False) -> None:
    """The game's pages (:func:`site_games`) and :data:`PROMPT`, each linking
    to the rest and to the ``notebooks`` (file name -> link text)."""
    games = site_games(course, levels)
    notes = {f"notebooks/index.html?path={name}": text for name, text in notebooks.items()}
    for page, game in games.items():
        (out / page).write_text(fast_page(game, _links(page, games, notes)), encoding="utf-8")
    prompt = prompt_page(GAMES["index.html"].code, _links(PROMPT, games, notes))
    (out / PROMPT).write_text(prompt, encoding="utf-8")


def lite_settings() -> dict[str, object]:
    """``jupyter-lite.json``: the kernel never falls back to a package index."""
    return {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "Spit", "litePluginSettings": {KERNEL_PLUGIN: {"disablePyPIFallback": True}}}}
