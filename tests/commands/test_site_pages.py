"""The static site's pages and notebooks, checked without building the site
(tests/e2e/test_site.py builds and plays it)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from spit_widget import learn
from spit_widget.site import SiteError, build_site, pages, play
from spit_widget.site.build import _replaceable
from spit_widget.site.levels import check_levels
from spit_widget.stats import browser

ROOT = Path(__file__).resolve().parents[2]


def test_a_notebook_is_served_read_only_with_its_install_cell_first() -> None:
    nb = pages.read_only(ROOT / "examples" / "rules_tutorial.ipynb")
    cells = nb["cells"]
    assert isinstance(cells, list)
    assert cells[0]["source"] == pages.INSTALL
    assert all(c["metadata"]["editable"] is False for c in cells)
    assert all(c.get("outputs", []) == [] for c in cells)
    assert nb["metadata"]["kernelspec"]["name"] == "python"  # type: ignore[index]


def _app_code(page: str) -> str:
    """The code the prompt page's REPL app runs (its iframe's address)."""
    src = page.split('<iframe id="spit-app"', 1)[1].split('src="', 1)[1].split('"', 1)[0]
    query = parse_qs(urlsplit(src.replace("&amp;", "&")).query)
    assert query["kernel"] == ["python"]
    return query["code"][0]


def _fast(page: str) -> tuple[str, str]:
    """A fast page's (code, front end), as its #spit-app carries them to page.mjs."""
    app = page.split('<div id="spit-app"', 1)[1].split(">", 1)[0]
    attrs = dict(re.findall(r'data-([a-z-]+)="([^"]*)"', app))
    return html.unescape(attrs["code"]), attrs["front-end"]


def test_the_first_page_deals_a_duel_fast_and_links_to_the_rest(tmp_path: Path) -> None:
    pages.write_entry_pages(tmp_path, {"rules_tutorial.ipynb": "The rules"})
    index = (tmp_path / "index.html").read_text()
    code, front_end = _fast(index)
    assert code.endswith("table = SpitWidget()\ntable") and front_end == "widget"
    assert "await keep_in_browser()" in code.split("SpitWidget()")[0]  # before the table
    assert f'src="{play.FOLDER}/page.mjs"' in index and "<iframe" not in index
    assert f'href="{play.FOLDER}/widget.css"' in index
    assert 'href="classic.html"' in index
    assert f'href="{pages.PROMPT}">{pages.PROMPT_LINK}</a>' in index
    assert 'href="notebooks/index.html?path=rules_tutorial.ipynb"' in index
    assert pages.STATS_NOTE in index
    assert "in this browser only" in pages.STATS_NOTE
    assert '<button id="spit-forget"' in index
    assert f'data-database="{pages.BROWSER_HOME}"' in index  # what Forget me deletes
    classic = (tmp_path / "classic.html").read_text()
    assert _fast(classic)[0].endswith('table = SpitWidget(variant="classic")\ntable')
    assert 'href="index.html">Play duel</a>' in classic


def test_the_prompt_page_is_the_duel_in_the_repl_with_its_install_first(tmp_path: Path) -> None:
    pages.write_entry_pages(tmp_path, {"rules_tutorial.ipynb": "The rules"})
    prompt = (tmp_path / pages.PROMPT).read_text()
    code = _app_code(prompt)
    assert code.startswith(pages.INSTALL)
    assert code.endswith("table = SpitWidget()\ntable")
    assert "await keep_in_browser()" in code.split("SpitWidget()")[0]
    assert 'id="jupyter-config-data"' in prompt  # JupyterLite's apps read it from above
    assert 'href="index.html">Play duel</a>' in prompt and 'href="classic.html"' in prompt
    assert f'href="{pages.PROMPT}"' not in prompt
    assert '<button id="spit-forget"' in prompt


def test_the_kernel_never_falls_back_to_a_package_index() -> None:
    settings = pages.lite_settings()["jupyter-config-data"]
    assert settings["litePluginSettings"][pages.KERNEL_PLUGIN] == {  # type: ignore[index]
        "disablePyPIFallback": True}


def test_the_course_gets_a_fast_page_only_when_it_is_in_the_tree(tmp_path: Path) -> None:
    pages.write_entry_pages(tmp_path, {})
    assert not (tmp_path / "course.html").exists()
    assert "course.html" not in (tmp_path / "index.html").read_text()
    pages.write_entry_pages(tmp_path, {}, course=True)
    course = (tmp_path / "course.html").read_text()
    code, front_end = _fast(course)
    assert code.endswith("course = learn.show()\ncourse") and front_end == "course"
    assert f'href="{play.FOLDER}/course.css"' in course
    for page in ("index.html", "classic.html", pages.PROMPT):
        assert 'href="course.html">The course</a>' in (tmp_path / page).read_text()
    pages.write_entry_pages(tmp_path, {}, course=True, levels=True)
    code, _ = _fast((tmp_path / "course.html").read_text())
    assert f'rsplit("/{play.FOLDER}/", 1)' in code  # the worker's folder, under the site
    assert f"{{site}}/{pages.LEVELS}" in code
    assert 'learn.show(learn.load_levels("/tmp/class-levels.json"))' in code


def test_forget_me_deletes_the_database_the_stats_are_kept_in(tmp_path: Path) -> None:
    # IDBFS names its IndexedDB database after the folder it is mounted on
    assert pages.BROWSER_HOME == browser.HOME
    pages.write_entry_pages(tmp_path, {}, course=True)
    prompt = (tmp_path / pages.PROMPT).read_text()
    assert f'indexedDB.deleteDatabase("{browser.HOME}")' in prompt
    for page in ("index.html", "classic.html", "course.html"):  # page.mjs reads it
        assert f'data-database="{browser.HOME}"' in (tmp_path / page).read_text()
    script = (play.ASSETS / "page.mjs").read_text()
    assert "indexedDB.deleteDatabase(document.body.dataset.database)" in script


def _level(**changes: object) -> learn.Level:
    fields: dict[str, object] = dict(
        id="class-1", stage="Year 7", rules=["adjacency"], goal="Play 8♥ on the 7♣.",
        position=learn.position("duel", you=["8H", "3S"], computer=["2C", "5D"],
                                centre=["7C", "QD"]),
        success=learn.OnCentre("8H", 0))
    fields.update(changes)
    return learn.Level(**fields)  # type: ignore[arg-type]


def test_a_class_level_file_is_read_as_the_course_page_will_read_it(tmp_path: Path) -> None:
    path = learn.save_levels([_level(), _level(id="class-2")], tmp_path / "year7.json")
    assert check_levels(ROOT, path) == 2


def test_a_level_file_that_does_not_validate_names_the_level_and_why(tmp_path: Path) -> None:
    from spit_widget.learn.levelfile import _digest

    path = learn.save_levels([_level(), _level(id="class-2")], tmp_path / "year7.json")
    whole = json.loads(path.read_text())
    whole["levels"][1]["success"] = {"check": "OnCentre", "card": "8H", "centre": 5}
    whole["digest"] = _digest(whole["levels"])  # sealed, as an older game might have
    path.write_text(json.dumps(whole))
    with pytest.raises(RuntimeError, match=r"Level 'class-2': its success check .* names "
                                           r"centre pile 5"):
        check_levels(ROOT, path)
    path.write_text(path.read_text().replace("Play 8", "Play 9"))
    with pytest.raises(RuntimeError, match=r"changed after learn\.save_levels wrote it"):
        check_levels(ROOT, path)


def test_a_tree_without_the_course_refuses_a_level_file(tmp_path: Path) -> None:
    (tmp_path / "examples").mkdir()
    (tmp_path / "pyproject.toml").write_text("")
    (tmp_path / "spit_widget" / "static").mkdir(parents=True)
    (tmp_path / "spit_widget" / "static" / "widget.js").write_text("")
    with pytest.raises(SiteError, match="has no course"):
        build_site(tmp_path, tmp_path / "out", tmp_path / "cache", levels=tmp_path / "x.json")
    assert not (tmp_path / "cache").exists()


def test_a_folder_that_is_no_source_tree_is_refused_with_a_sentence(tmp_path: Path) -> None:
    with pytest.raises(SiteError, match="not a spit-widget source tree"):
        build_site(tmp_path, tmp_path / "out", tmp_path / "cache")
    assert not (tmp_path / "out").exists()


def test_only_an_empty_folder_or_an_earlier_site_is_replaced(tmp_path: Path) -> None:
    source = tmp_path / "src"
    source.mkdir()
    assert _replaceable(tmp_path / "new", source) == tmp_path / "new"
    with pytest.raises(SiteError, match="holds the source tree"):
        _replaceable(tmp_path, source)
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "thesis.tex").write_text("x")
    with pytest.raises(SiteError, match="not empty and is not a site built before"):
        _replaceable(mine, source)
    (mine / "jupyter-lite.json").write_text("{}")
    assert _replaceable(mine, source) == mine


def test_an_unbuilt_front_end_is_named_before_any_work(tmp_path: Path) -> None:
    (tmp_path / "examples").mkdir()
    (tmp_path / "pyproject.toml").write_text(
        '[tool.hatch.build.hooks.jupyter-builder]\n'
        'ensured-targets = ["spit_widget/static/course.js"]\n')
    with pytest.raises(SiteError, match=r"course\.js is missing"):
        build_site(tmp_path, tmp_path / "out", tmp_path / "cache")
    assert not (tmp_path / "cache").exists()


def _wheel(into: Path, name: str, top: str) -> Path:
    import zipfile

    wheel = into / f"{name}-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as z:
        z.writestr(f"{top}/__init__.py", "")
        z.writestr(f"{name}-1.0.dist-info/METADATA", "")
    return wheel


def test_the_fast_pages_list_the_games_wheels_in_a_pyodide_lock(tmp_path: Path) -> None:
    import hashlib

    for name in play.WHEELS:
        _wheel(tmp_path, name, name)
    runtime_lock = tmp_path / "pyodide-lock.json"
    runtime_lock.write_text(json.dumps({"info": {"python": "3.14.2"}, "packages": {}}))
    lock = play.play_lock(tmp_path, runtime_lock)
    assert lock["info"] == {"python": "3.14.2"}  # the runtime's own: Pyodide checks it
    entries = lock["packages"]
    assert isinstance(entries, dict)
    assert sorted(entries) == sorted(n.replace("_", "-") for n in play.WHEELS)
    game = entries["spit-widget"]
    wheel = tmp_path / game["file_name"]
    assert game["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
    assert game["imports"] == ["spit_widget"]
    assert "ipython" not in entries  # the bridge stands in for it


def test_the_fast_pages_name_a_missing_wheel(tmp_path: Path) -> None:
    (tmp_path / "pyodide-lock.json").write_text(json.dumps({"info": {}, "packages": {}}))
    with pytest.raises(RuntimeError, match="need one spit_widget wheel"):
        play.play_lock(tmp_path, tmp_path / "pyodide-lock.json")


def test_the_fast_pages_files_carry_both_front_ends(tmp_path: Path) -> None:
    (tmp_path / "out" / "pypi").mkdir(parents=True)
    for name in play.WHEELS:
        _wheel(tmp_path / "out" / "pypi", name, name)
    runtime = tmp_path / "out" / "static" / "pyodide"
    runtime.mkdir(parents=True)
    (runtime / "pyodide-lock.json").write_text(json.dumps({"info": {}, "packages": {}}))
    play.write_play(tmp_path / "out", ROOT)
    served = {f.name for f in (tmp_path / "out" / play.FOLDER).iterdir()}
    assert {"widget.js", "widget.css", "course.js", "course.css", "lock.json",
            *play.PAGE_ASSETS} <= served
