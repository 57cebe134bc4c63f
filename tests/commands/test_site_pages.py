"""The static site's pages and notebooks, checked without building the site
(tests/e2e/test_site.py builds and plays it)."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from spit_widget.site import SiteError, build_site, pages
from spit_widget.site.build import _replaceable

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
    src = page.split('<iframe id="spit-app"', 1)[1].split('src="', 1)[1].split('"', 1)[0]
    query = parse_qs(urlsplit(src.replace("&amp;", "&")).query)
    assert query["kernel"] == ["python"]
    return query["code"][0]


def test_the_first_page_deals_a_duel_and_links_to_the_rest(tmp_path: Path) -> None:
    pages.write_entry_pages(tmp_path, {"rules_tutorial.ipynb": "The rules"})
    index = (tmp_path / "index.html").read_text()
    code = _app_code(index)
    assert code.startswith(pages.INSTALL)
    assert "table = SpitWidget()" in code
    assert 'href="classic.html"' in index
    assert 'href="notebooks/index.html?path=rules_tutorial.ipynb"' in index
    assert 'id="jupyter-config-data"' in index  # JupyterLite's apps read it from above
    assert pages.STATS_NOTE in index
    classic = (tmp_path / "classic.html").read_text()
    assert 'variant="classic"' in _app_code(classic)
    assert 'href="index.html"' in classic


def test_the_kernel_never_falls_back_to_a_package_index() -> None:
    settings = pages.lite_settings()["jupyter-config-data"]
    assert settings["litePluginSettings"][pages.KERNEL_PLUGIN] == {  # type: ignore[index]
        "disablePyPIFallback": True}


def test_the_course_gets_a_page_only_when_it_is_in_the_tree(tmp_path: Path) -> None:
    pages.write_entry_pages(tmp_path, {})
    assert not (tmp_path / "course.html").exists()
    assert "course.html" not in (tmp_path / "index.html").read_text()
    pages.write_entry_pages(tmp_path, {}, course=True)
    assert "learn.show()" in _app_code((tmp_path / "course.html").read_text())
    assert 'href="course.html"' in (tmp_path / "index.html").read_text()


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
