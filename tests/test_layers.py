"""The package's layers, read from its import statements (with ``ast``, so a
module need not be imported to be checked).

engine -> computer -> vec -> rl -> agent -> widget -> commands: each
layer imports only from the layers before it (the course, ``learn``, and the
review of a finished game, ``review``, sit between: see their tests below), and
no module imports (at run time) a module that imports it back. Imports under
``if TYPE_CHECKING:`` are for type checkers only and are left out; imports
inside functions run too, so they count, and so does
``importlib.import_module("spit_widget...")`` with a literal name (a module
loaded by name is imported all the same). The checkout's ``tools/`` (the
workshop, not shipped) is outside the package: nothing in it may import
``tools``, or the installed wheel would break.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "spit_widget"
# vec before rl, as DESIGN.md lists them: the vector engine is the engine as arrays, and
# rl's environments sit over the engine and vec (vec_speed runs both; so does the
# checkout's tools/vec_parity.py). vec once imported rl for two sizes and a space; the
# sizes now live in engine/spaces.py, beside MAX_ACTIONS, the lowest layer both use.
LAYERS = ["engine", "computer", "vec", "rl", "agent", "widget", "commands"]
ABOVE_EVERYTHING = {"stats", "nodelay", "commands", "site", "__main__"}
"""Beside the layers: stats (used by the widget), the server extension and the
command line; nothing in engine or computer may import them."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def is_type_checking_block(node: ast.AST) -> bool:
    if not isinstance(node, ast.If):
        return False
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def runtime_imports(path: Path) -> set[str]:
    """The package modules that ``path`` imports when it runs."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if is_type_checking_block(child):
                assert isinstance(child, ast.If)
                for orelse in child.orelse:
                    visit(orelse)
                continue
            if isinstance(child, ast.Import):
                found.update(a.name for a in child.names if a.name.startswith("spit_widget"))
            elif isinstance(child, ast.ImportFrom):
                found.update(resolve(child, package))
            elif (loaded := imported_by_name(child, package)) is not None:
                found.add(loaded)
            visit(child)

    visit(ast.parse(path.read_text(), str(path)))
    return found


def imported_by_name(node: ast.AST, package: str) -> str | None:
    """``importlib.import_module("spit_widget.x")``, or a relative name anchored at
    the module's own package (``import_module(".x", __package__)``, or ``__name__``
    in an ``__init__``): the package module it loads, if any."""
    if not (isinstance(node, ast.Call) and node.args
            and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
        return None
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    if name != "import_module":
        return None
    target: str = node.args[0].value
    if target.startswith("."):
        dots = len(target) - len(target.lstrip("."))
        base = package.split(".")
        target = ".".join([*base[: len(base) - (dots - 1)], target.lstrip(".")])
    return target if target.startswith("spit_widget") else None


def resolve(node: ast.ImportFrom, package: str) -> set[str]:
    """``from .x import y`` in ``package``: the module x, or x.y when y is a module."""
    if node.level:
        base = package.split(".")
        base = base[: len(base) - (node.level - 1)]
        target = ".".join(base + ([node.module] if node.module else []))
    else:
        target = node.module or ""
    if not target.startswith("spit_widget"):
        return set()
    out = set()
    for alias in node.names:
        sub = f"{target}.{alias.name}"
        out.add(sub if sub in MODULES else target)
    return out


MODULES = {module_name(p) for p in PACKAGE.rglob("*.py")}
GRAPH = {module_name(p): runtime_imports(p) for p in PACKAGE.rglob("*.py")}


def layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "spit_widget"


def forbidden_for(module: str) -> set[str]:
    """The layers and side modules ``module`` must not import."""
    own = layer(module)
    if own not in LAYERS:
        return set()
    above = set(LAYERS[LAYERS.index(own) + 1:])
    if own in ("engine", "computer", "rl", "vec", "agent"):
        above |= ABOVE_EVERYTHING
    return above | ({"spit_widget"} if own != "commands" else set())


def test_the_graph_sees_the_known_imports() -> None:
    # a check of the checker: these edges exist, and a TYPE_CHECKING import does not count
    assert "spit_widget.engine.types" in GRAPH["spit_widget.engine.game"]
    assert "spit_widget.computer" in GRAPH["spit_widget.widget.table"]
    assert "spit_widget.engine.game" not in GRAPH["spit_widget.engine.hints"]
    assert "spit_widget.engine.cards" in GRAPH["spit_widget.engine.narration"]
    # a module loaded by name is an import too (spit_widget/__init__.py loads the widgets so)
    assert "spit_widget.widget" in GRAPH["spit_widget"]


def test_a_module_loaded_by_name_counts_as_an_import(tmp_path: Path) -> None:
    source = tmp_path / "spit_widget" / "learn" / "x.py"
    source.parent.mkdir(parents=True)
    source.write_text("import importlib\n\ndef f():\n"
                      "    importlib.import_module('spit_widget.widget.table')\n"
                      "    importlib.import_module('.daily', __package__)\n"
                      "    importlib.import_module('json')\n")
    tree = ast.parse(source.read_text())
    found = {m for node in ast.walk(tree)
             if (m := imported_by_name(node, "spit_widget.learn")) is not None}
    assert found == {"spit_widget.widget.table", "spit_widget.learn.daily"}


@pytest.mark.parametrize("module", sorted(GRAPH))
def test_no_layer_imports_from_a_layer_above_it(module: str) -> None:
    upward = {m for m in GRAPH[module] if layer(m) in forbidden_for(module)
              or m == "spit_widget"}
    assert not upward, f"{module} imports {sorted(upward)} from above its layer"


def test_types_is_a_leaf() -> None:
    assert GRAPH["spit_widget.engine.types"] == set()


def test_the_catalogue_is_below_every_layer() -> None:
    """Every layer speaks through spit_widget.locale (the engine's narration
    first), so it imports nothing of the package but its own modules."""
    assert "spit_widget.locale" in GRAPH["spit_widget.engine.narration"]
    for module in (m for m in GRAPH if layer(m) == "locale"):
        assert {layer(m) for m in GRAPH[module]} <= {"locale"}, module


def find_cycle() -> list[str] | None:
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(GRAPH.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        path.pop()
        state[node] = 2
        return None

    for start in sorted(GRAPH):
        if start not in state and (cycle := visit(start)):
            return cycle
    return None


def test_there_is_no_runtime_import_cycle() -> None:
    cycle = find_cycle()
    assert cycle is None, " -> ".join(cycle or [])


def test_the_cycle_finder_finds_a_planted_cycle() -> None:
    GRAPH["spit_widget.engine.types"].add("spit_widget.engine.game")
    try:
        assert find_cycle() is not None
    finally:
        GRAPH["spit_widget.engine.types"].discard("spit_widget.engine.game")


LEARN_MAY_IMPORT = {"engine", "learn", "stats", "keywords", "locale"}
"""The course is engine-only: the rules, its own modules, stats for the
progress, and the keyword check (``learn.show``'s, a leaf: see below); never the
computer, the widget or the commands (but for the one edge below)."""


def test_the_keyword_check_is_a_leaf() -> None:
    # every layer may call it (the course's learn.show, the table, the environments)
    assert GRAPH["spit_widget.keywords"] == set()

DECLARED_EDGES = {
    ("spit_widget.learn", "spit_widget.widget.course"):
        "learn.show(), the course's entry point, makes the course table: it imports the "
        "widget inside the function, so `import spit_widget.learn` loads no widget library, "
        "and hands the table the course (its book, progress, daily deal), so the widget "
        "never imports learn back.",
    ("spit_widget.learn.handin", "spit_widget.review.review"):
        "learn.hand_in() puts each stored game's review summary in the pupil's record: the "
        "review sits above the course (it makes course levels of missed moments), so it is "
        "imported inside the function, when a pupil hands in, never when the course loads.",
}
"""Imports against the layers that are there on purpose, each with its reason."""


@pytest.mark.parametrize("module", sorted(m for m in GRAPH if layer(m) == "learn"))
def test_learn_imports_only_the_engine_and_stats(module: str) -> None:
    outside = {m for m in GRAPH[module] if layer(m) not in LEARN_MAY_IMPORT
               and (module, m) not in DECLARED_EDGES}
    assert not outside, f"{module} imports {sorted(outside)}"


REVIEW_MAY_IMPORT = {"engine", "computer", "learn", "stats", "review", "locale"}
"""The review (a finished game read back) sits above the course and below the
widget (DESIGN.md): it replays with the engine, reads times with the computer's
match, makes course levels and reads the stored games; it never imports the
widget (a table is read by duck typing), so the widget may import it."""
BELOW_THE_REVIEW = {"engine", "computer", "vec", "rl", "agent", "learn", "stats"}


@pytest.mark.parametrize("module", sorted(m for m in GRAPH if layer(m) == "review"))
def test_the_review_imports_only_the_layers_below_it(module: str) -> None:
    outside = {m for m in GRAPH[module] if layer(m) not in REVIEW_MAY_IMPORT}
    assert not outside, f"{module} imports {sorted(outside)}"


def test_nothing_below_the_review_imports_it() -> None:
    assert any(layer(m) == "review" for m in GRAPH), "a check of the check: the review is there"
    upward = {m: sorted(i for i in imports if layer(i) == "review"
                        and (m, i) not in DECLARED_EDGES)
              for m, imports in GRAPH.items() if layer(m) in BELOW_THE_REVIEW}
    assert not any(upward.values()), {m: i for m, i in upward.items() if i}


def test_every_declared_edge_is_there_and_there_is_no_other() -> None:
    for (importer, imported), reason in DECLARED_EDGES.items():
        assert imported in GRAPH[importer], f"{importer} no longer imports {imported}: {reason}"
    crossing = {(m, i) for m, imports in GRAPH.items() if layer(m) == "learn"
                for i in imports if layer(i) not in LEARN_MAY_IMPORT}
    assert crossing == set(DECLARED_EDGES)


def test_the_widget_never_imports_the_course_back() -> None:
    """``learn.show`` imports the widget's course table, so a widget module that
    imported ``learn`` (even inside a function) would close a circle."""
    back = {m: sorted(i for i in imports if layer(i) == "learn")
            for m, imports in GRAPH.items() if layer(m) == "widget"}
    assert not any(back.values()), {m: i for m, i in back.items() if i}
    GRAPH["spit_widget.widget.course.lesson"].add("spit_widget.learn")
    try:
        assert find_cycle() is not None  # and the cycle test would fail
    finally:
        GRAPH["spit_widget.widget.course.lesson"].discard("spit_widget.learn")


SITE_MAY_USE = {"spit_widget.filelock"}
"""The one module outside ``site`` the site builder takes: the cache lock, a leaf."""


def test_the_site_builder_imports_nothing_of_the_game() -> None:
    # a build tool: it packages the tree, so it must run without the game importing
    for module, imports in GRAPH.items():
        if layer(module) == "site":
            outside = {m for m in imports if layer(m) != "site"}
            assert outside <= SITE_MAY_USE, f"{module} imports {outside}"
    for leaf in SITE_MAY_USE:
        assert GRAPH[leaf] == set(), f"{leaf} imports {GRAPH[leaf]}"


def imports_of_tools(path: Path) -> list[str]:
    """Every mention of the ``tools`` package in ``path``: an import of any kind (under
    ``TYPE_CHECKING`` too) or a string naming one of its modules (``import_module``)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            names = [node.module or ""]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            names = [node.value] if node.value.startswith("tools.") else []
        else:
            continue
        found += [n for n in names if n == "tools" or n.startswith("tools.")]
    return found


def test_nothing_in_the_package_imports_the_workshop() -> None:
    # tools/ stays in the checkout (the release check proves no wheel holds it)
    planted = PACKAGE.parent / "tests" / "commands" / "test_soak.py"
    assert imports_of_tools(planted), "a check of the check: this test file imports tools"
    offenders = {module_name(p): found for p in PACKAGE.rglob("*.py")
                 if (found := imports_of_tools(p))}
    assert offenders == {}
