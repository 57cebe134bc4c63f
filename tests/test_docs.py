"""The documentation site builds --strict, and holds what a reader comes for.

Built once for the module through ``python -m spit_widget docs --build`` (the
command a contributor runs): mkdocs-material, the API reference from the
docstrings (mkdocstrings), the example notebooks with their stored outputs
(mkdocs-jupyter), the pictures, the protocol and the snapshot format. In
strict mode a broken link, a missing page or an API name that is gone fails
the build, and with it this module.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest

from spit_widget.commands import docs as docs_command

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples").glob("*.ipynb"))
STORED = ROOT / "docs" / "examples"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "spit_widget", "docs", "--build", str(out)],
                          capture_output=True, text=True, timeout=900, check=False)
    seconds = time.perf_counter() - start
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-6000:]
    pages = len(list(out.rglob("index.html")))
    print(f"docs: {pages} pages in {seconds:.1f} s")
    return out


def _page(site: Path, path: str) -> str:
    return (site / path / "index.html").read_text(encoding="utf-8")


def test_every_page_of_the_nav_is_built_and_searchable(site: Path) -> None:
    for page in ("", "api/engine", "api/computer", "api/widget", "api/rl", "api/vec",
                 "api/learn", "api/stats", "course", "snapshot", "protocol", "reliability",
                 "guide", "benchmarks", "architecture", "changelog", "contributing", "test-suite",
                 *(f"examples/{p.stem}" for p in EXAMPLES)):
        assert (site / page / "index.html").is_file(), page
    index = json.loads((site / "search" / "search_index.json").read_text())
    titles = {re.sub(r"<[^>]+>", "", doc["title"]) for doc in index["docs"]}
    assert "Snapshot format: Game.to_dict(), Game.from_dict() and Game.record()" in titles


def _source_docstring(path: str, cls: str, method: str) -> str:
    tree = ast.parse((Path(__file__).resolve().parent.parent / path).read_text())
    found = next(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == cls)
    function = next(n for n in found.body
                    if isinstance(n, ast.FunctionDef) and n.name == method)
    return ast.get_docstring(function) or ""


def test_the_api_reference_comes_from_the_docstrings(site: Path) -> None:
    engine = _page(site, "api/engine")
    for name in ("spit_widget.engine.Game", "spit_widget.engine.Game.legal_plays",
                 "spit_widget.engine.Game.play", "spit_widget.engine.IllegalMove"):
        assert f'id="{name}"' in engine, name
    # The docstring as written in the source: the compiled engine (mypyc) keeps none,
    # and the site is read from the source (mkdocs.yml: allow_inspection: false).
    first_line = _source_docstring("spit_widget/engine/game.py", "Game", "play").splitlines()[0]
    assert re.sub(r"``?", "", first_line).split(" (")[0][:40] in re.sub(r"<[^>]+>", "", engine)
    assert 'id="spit_widget.widget.SpitWidget"' in _page(site, "api/widget")
    for name in ("expert", "greedy", "random_strategy", "View", "tournament.tournament",
                 "pace.pace"):
        assert f'id="spit_widget.computer.{name}"' in _page(site, "api/computer"), name
    assert 'id="spit_widget.rl.SpitEnv"' in _page(site, "api/rl")
    assert 'id="spit_widget.vec.SpitVecEnv"' in _page(site, "api/vec")
    assert 'id="spit_widget.learn.Rule"' in _page(site, "api/learn")
    assert 'id="spit_widget.stats.StatsStore.versions"' in _page(site, "api/stats")
    assert 'id="spit_widget.engine.Game.legal_plays"' in engine  # inherited from Table
    # Sphinx roles in the docstrings read as code, not as ":class:`Game`" (docs/griffe_roles.py)
    for page in ("engine", "computer", "widget", "rl", "vec", "learn", "stats"):
        assert not re.search(r":(class|mod|func|meth|attr|data):", _page(site, f"api/{page}"))


def test_the_notebooks_show_their_outputs(site: Path) -> None:
    tutorial = _page(site, "examples/rules_tutorial")
    assert "the left pile needs Q or A" in tutorial  # a refusal the notebook prints
    assert "spit-live-table" in tutorial  # where the live table would be, said in words
    curve = _page(site, "examples/train_an_agent")
    assert "data:image/png;base64," in curve  # the learning curve, drawn


def test_the_pictures_and_the_changelog_are_on_the_site(site: Path) -> None:
    home = _page(site, "")
    for picture in re.findall(r'src="([^"]+\.png)"', home):
        assert (site / picture).is_file(), picture
    assert "screenshot-duel.png" in home
    assert "Keep a Changelog" in _page(site, "changelog")
    assert "Releasing" in _page(site, "contributing")


def test_each_stored_notebook_is_its_example_run_to_the_end() -> None:
    # Stored so a docs build need not run them for minutes; an edited example must be
    # run again: python scripts/docs_notebooks.py NAME
    assert sorted(p.name for p in STORED.glob("*.ipynb")) == [p.name for p in EXAMPLES]
    for example in EXAMPLES:
        ours = nbformat.read(example, as_version=4)
        stored = nbformat.read(STORED / example.name, as_version=4)
        assert [c.source for c in stored.cells] == [c.source for c in ours.cells], (
            f"{example.name} changed: python scripts/docs_notebooks.py {example.stem}")
        code = [c for c in stored.cells if c.cell_type == "code"]
        assert all(c.execution_count for c in code), example.name
        assert not [o for c in code for o in c.outputs if o.output_type == "error"]


def test_a_broken_link_fails_the_strict_build(tmp_path: Path) -> None:
    # The same settings on one page with a link to nowhere: the build must stop.
    config = (ROOT / "mkdocs.yml").read_text()
    config = re.sub(r"\nnav:\n(  .*\n)+", "\nnav:\n  - Home: index.md\n", config)
    config = re.sub(r"  - mkdocs-jupyter:\n(      .*\n)+", "", config)
    config = config.replace("  - mkdocstrings:", "  - autorefs\n  - mkdocstrings:")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Home\n\nSee [the rules](rules.md).\n")
    (tmp_path / "mkdocs.yml").write_text(config)
    (tmp_path / "CHANGELOG.md").write_text("")
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f",
                           str(tmp_path / "mkdocs.yml"), "-d", str(tmp_path / "site")],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode != 0
    assert "a link 'rules.md', but the target is not found" in done.stderr


def test_outside_a_checkout_the_command_says_where_the_docs_come_from(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(docs_command, "find_config", lambda start=None: None)
    with pytest.raises(SystemExit, match="built from a checkout of spit-widget"):
        docs_command.run(build_to=None, port=8000, open_browser=False, start=tmp_path)


def test_a_port_in_use_is_named_before_anything_is_built() -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert not docs_command.port_free(port)
        with pytest.raises(SystemExit, match=f"Port {port} is in use on 127.0.0.1"):
            docs_command.run(build_to=None, port=port, open_browser=False)


def test_serving_is_strict_on_loopback() -> None:
    config = ROOT / "mkdocs.yml"
    assert docs_command.find_config() == config
    command = docs_command.mkdocs_command(config, build_to=None, port=8123, open_browser=False)
    assert command == [sys.executable, "-m", "mkdocs", "serve", "--strict", "-f", str(config),
                       "-a", "127.0.0.1:8123"]


def _section(text: str, heading: str) -> str:
    """The section under ``heading`` (a ``## `` line), up to the next one."""
    start = text.index(heading + "\n") + len(heading) + 1
    end = text.find("\n## ", start)
    return text[start:] if end < 0 else text[start:end]


def test_the_docs_front_doors_say_what_the_readme_says_about_learning() -> None:
    """The docs' home page and guide carry the README's two learning sections (the
    course, and learning from your games): a reader who comes in by either door
    finds them, in the same words (links made relative to docs/)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for page in ("index.md", "guide.md"):
        text = (ROOT / "docs" / page).read_text(encoding="utf-8")
        for heading in ("## Learning", "## Learning from your games"):
            ours = _section(readme, heading).replace("](docs/", "](")
            assert _section(text, heading) == ours, (page, heading)
        assert "review.of(w)" in text and "learn.show()" in text


def test_the_benchmarks_page_gives_the_suites_current_figures_and_the_diary_moved() -> None:
    """Only the current figures and how to measure them again on the benchmarks page;
    the dated runs and the reverted attempts on a page for contributors, in the nav."""
    current = _section((ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8"),
                       "## The test suite")
    assert ".ci/run" in current and "tools.cpu_profile" in current and "576 s" in current
    assert not re.search(r"\d+ December|reverted|before, \d|\*\*after\*\*", current)
    assert "(test-suite.md)" in current
    diary = (ROOT / "docs" / "test-suite.md").read_text(encoding="utf-8")
    assert "reverted" in diary and "3 December" in diary
    assert "test-suite.md" in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
