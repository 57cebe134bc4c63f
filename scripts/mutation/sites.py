"""Where a file can be mutated, and how: one `Site` per mutant, found by walking the AST.

Operators: flipped comparisons and boolean/arithmetic operators, changed constants, negated
conditions, `return None`, deleted statements, `break`/`continue` swapped, `not` removed.
Left alone: docstrings, annotations, `if TYPE_CHECKING:` blocks, `TypeVar`/`cast` calls,
`Literal[...]`, `__all__`, asserts, and module or class level statements other than constants
(deleting an import only proves the module imports).
Enumeration is deterministic, so a mutant is named by (file, index) between processes.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

COMPARE_FLIPS: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Lt: ast.LtE, ast.LtE: ast.Lt,
    ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.In: ast.NotIn, ast.NotIn: ast.In,
    ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}
BINOP_FLIPS: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Add, ast.FloorDiv: ast.Mult,
    ast.Div: ast.Mult, ast.Mod: ast.FloorDiv,
}
BOOL_FLIPS: dict[type[ast.boolop], type[ast.boolop]] = {ast.And: ast.Or, ast.Or: ast.And}
SYMBOLS: dict[type[ast.AST], str] = {
    ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=",
    ast.In: "in", ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not", ast.Add: "+",
    ast.Sub: "-", ast.Mult: "*", ast.FloorDiv: "//", ast.Div: "/", ast.Mod: "%",
    ast.And: "and", ast.Or: "or",
}
DELETABLE = (ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Raise, ast.Delete)
SNIPPET = 70


@dataclass
class Site:
    """One mutant: where it is, what it does, and `apply` to do it to the parsed tree."""

    line: int
    qualname: str
    description: str
    apply: Callable[[], None] = field(repr=False)
    cover: tuple[int, ...] | None = None  # lines that must run for the mutant to matter
    key: str = ""

    @property
    def label(self) -> str:
        return f"{self.qualname}: {self.description}"


def snippet(node: ast.AST) -> str:
    text = " ".join(ast.unparse(node).split())
    return text if len(text) <= SNIPPET else text[: SNIPPET - 3] + "..."


def statement_lines(stmt: ast.stmt) -> tuple[int, ...]:
    """The lines a tracer reports when `stmt` starts: a compound statement's header only."""
    end = stmt.end_lineno or stmt.lineno
    body = getattr(stmt, "body", None)
    if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
        end = max(stmt.lineno, body[0].lineno - 1)
    return tuple(range(stmt.lineno, end + 1))


def is_docstring(stmt: ast.stmt) -> bool:
    return (
        isinstance(stmt, ast.Expr)
        and isinstance(stmt.value, ast.Constant)
        and isinstance(stmt.value.value, str)
    )


def is_type_checking(stmt: ast.stmt) -> bool:
    return isinstance(stmt, ast.If) and "TYPE_CHECKING" in ast.unparse(stmt.test)


def is_dunder_all(stmt: ast.stmt) -> bool:
    targets = stmt.targets if isinstance(stmt, ast.Assign) else []
    return any(isinstance(t, ast.Name) and t.id in {"__all__", "__slots__"} for t in targets)


def is_typing_call(node: ast.expr) -> bool:
    """`TypeVar("R")`, `NewType(...)`, `cast(...)`, `Literal[...]`: for the type checker only."""
    if isinstance(node, ast.Subscript):
        base = node.value
        return (base.id if isinstance(base, ast.Name) else getattr(base, "attr", None)) == "Literal"
    func = node.func if isinstance(node, ast.Call) else None
    name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
    return name in {"TypeVar", "NewType", "cast"}


def assigned_name(stmt: ast.stmt) -> str | None:
    """`X` for a module or class level `X = ...`: it names the constants inside in a key."""
    targets = stmt.targets if isinstance(stmt, ast.Assign) else []
    if isinstance(stmt, ast.AnnAssign):
        targets = [stmt.target]
    names = [t.id for t in targets if isinstance(t, ast.Name)]
    return names[0] if names else None


class Finder:
    """Walks one module and collects its sites in a fixed order."""

    def __init__(self) -> None:
        self.sites: list[Site] = []
        self.qual: list[str] = []
        self.stmt: ast.stmt | None = None
        self.in_function = False

    def add(self, node: ast.AST, description: str, apply: Callable[[], None]) -> None:
        cover = statement_lines(self.stmt) if self.in_function and self.stmt else None
        line = getattr(node, "lineno", self.stmt.lineno if self.stmt else 0)
        qual = ".".join(self.qual) or "<module>"
        self.sites.append(Site(line, qual, description, apply, cover))

    # ------------------------------------------------------------- statements

    def body(self, stmts: list[ast.stmt], deletable: bool) -> None:
        for i, stmt in enumerate(stmts):
            if is_docstring(stmt) or is_type_checking(stmt) or is_dunder_all(stmt):
                continue
            if isinstance(stmt, ast.Assert):
                continue
            self.statement(stmts, i, deletable)

    def statement(self, stmts: list[ast.stmt], i: int, deletable: bool) -> None:
        stmt, outer = stmts[i], self.stmt
        self.stmt = stmt
        named = assigned_name(stmt) if not self.in_function else None
        self.qual.extend([named] if named else [])
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            self.definition(stmt)
        else:
            self.simple(stmts, i, deletable)
        del self.qual[len(self.qual) - (1 if named else 0) :]
        self.stmt = outer

    def definition(self, stmt: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> None:
        self.qual.append(stmt.name)  # decorators and defaults run on import, named by the def
        for deco in stmt.decorator_list:
            self.expression(deco)
        if not isinstance(stmt, ast.ClassDef):
            for default in [*stmt.args.defaults, *stmt.args.kw_defaults]:
                if default is not None:
                    self.expression(default)
        was = self.in_function
        self.in_function = not isinstance(stmt, ast.ClassDef) or was
        self.body(stmt.body, deletable=self.in_function)
        self.in_function = was
        self.qual.pop()

    def simple(self, stmts: list[ast.stmt], i: int, deletable: bool) -> None:
        stmt = stmts[i]
        if deletable and isinstance(stmt, DELETABLE):
            self.deletion(stmts, i)
        if isinstance(stmt, (ast.Break, ast.Continue)):
            self.loop_jump(stmts, i)
        if isinstance(stmt, ast.Return) and self.returns_value(stmt):
            self.return_none(stmt)
        if isinstance(stmt, (ast.If, ast.While)):
            self.negation(stmt)
        if isinstance(stmt, ast.AugAssign) and type(stmt.op) in BINOP_FLIPS:
            self.operator(stmt, stmt, BINOP_FLIPS)
        for name, value in ast.iter_fields(stmt):
            if name in {"annotation", "returns", "type_comment"}:
                continue
            self.field(value)

    def field(self, value: object) -> None:
        if isinstance(value, list) and value and isinstance(value[0], ast.stmt):
            self.body(value, deletable=self.in_function)
        elif isinstance(value, list):
            for item in value:
                self.field(item)
        elif isinstance(value, (ast.ExceptHandler, ast.match_case)):
            self.body(value.body, deletable=self.in_function)
        elif isinstance(value, ast.expr):
            self.expression(value)
        elif isinstance(value, (ast.withitem, ast.keyword, ast.comprehension)):
            for _, sub in ast.iter_fields(value):
                self.field(sub)

    def deletion(self, stmts: list[ast.stmt], i: int) -> None:
        stmt = stmts[i]

        def apply() -> None:
            stmts[i] = ast.copy_location(ast.Pass(), stmt)

        self.add(stmt, f"deleted `{snippet(stmt)}`", apply)

    def loop_jump(self, stmts: list[ast.stmt], i: int) -> None:
        stmt = stmts[i]
        other: type[ast.stmt] = ast.Continue if isinstance(stmt, ast.Break) else ast.Break

        def apply() -> None:
            stmts[i] = ast.copy_location(other(), stmt)

        self.add(stmt, f"`{snippet(stmt)}` -> `{snippet(other())}`", apply)

    def returns_value(self, stmt: ast.Return) -> bool:
        value = stmt.value
        return value is not None and not (isinstance(value, ast.Constant) and value.value is None)

    def return_none(self, stmt: ast.Return) -> None:
        def apply() -> None:
            stmt.value = ast.copy_location(ast.Constant(None), stmt)

        self.add(stmt, f"`{snippet(stmt)}` -> `return None`", apply)

    def negation(self, stmt: ast.If | ast.While | ast.IfExp) -> None:
        test = stmt.test

        def apply() -> None:
            stmt.test = ast.copy_location(ast.UnaryOp(ast.Not(), test), test)

        self.add(test, f"negated `{snippet(test)}`", apply)

    # ------------------------------------------------------------ expressions

    def expression(self, node: ast.expr) -> None:
        if is_typing_call(node):
            return
        if isinstance(node, ast.JoinedStr):
            for value in node.values:
                if isinstance(value, ast.FormattedValue):
                    self.expression(value.value)
            return
        self.expression_sites(node)
        for _, value in ast.iter_fields(node):
            if isinstance(value, ast.expr):
                self.expression(value)
            elif isinstance(value, list):
                for item in value:
                    self.field(item)
            elif isinstance(value, (ast.comprehension, ast.keyword)):
                self.field(value)

    def expression_sites(self, node: ast.expr) -> None:
        if isinstance(node, ast.Compare):
            self.comparison(node)
        elif isinstance(node, ast.BoolOp):
            self.operator(node, node, BOOL_FLIPS)
        elif isinstance(node, ast.BinOp) and type(node.op) in BINOP_FLIPS:
            self.operator(node, node, BINOP_FLIPS)
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.Not, ast.USub)):
            self.unary(node)
        elif isinstance(node, ast.IfExp):
            self.negation(node)
        elif isinstance(node, ast.Constant):
            self.constant(node)

    def comparison(self, node: ast.Compare) -> None:
        for j, op in enumerate(node.ops):
            new = COMPARE_FLIPS[type(op)]

            def apply(j: int = j, new: type[ast.cmpop] = new) -> None:
                node.ops[j] = new()

            desc = f"`{SYMBOLS[type(op)]}` -> `{SYMBOLS[new]}` in `{snippet(node)}`"
            self.add(node, desc, apply)

    def operator(self, holder: ast.AST, node: ast.AST, flips: dict[type, type]) -> None:
        op = holder.op  # type: ignore[attr-defined]
        new = flips[type(op)]

        def apply() -> None:
            holder.op = new()  # type: ignore[attr-defined]

        desc = f"`{SYMBOLS[type(op)]}` -> `{SYMBOLS[new]}` in `{snippet(node)}`"
        self.add(node, desc, apply)

    def unary(self, node: ast.UnaryOp) -> None:
        negation = isinstance(node.op, ast.Not)
        operand = node.operand

        def apply() -> None:
            # In place: `not x` becomes `not not x` (the truth of x), `-x` becomes `+x`.
            if negation:
                node.operand = ast.copy_location(ast.UnaryOp(ast.Not(), operand), operand)
            else:
                node.op = ast.UAdd()

        word = "not " if negation else "-"
        self.add(node, f"removed `{word}` in `{snippet(node)}`", apply)

    def constant(self, node: ast.Constant) -> None:
        value = node.value
        if isinstance(value, bool):
            new: bool | int | float | str = not value
        elif isinstance(value, int):
            new = value + 1
        elif isinstance(value, float):
            new = value * 2 if value else 1.0
        elif isinstance(value, str):
            new = f"XX{value}XX"
        else:
            return

        def apply() -> None:
            node.value = new

        self.add(node, f"`{snippet(node)}` -> `{snippet(ast.Constant(new))}`", apply)


def find_sites(tree: ast.Module) -> list[Site]:
    """Every mutant of a module, in a fixed order, each with its stable key."""
    finder = Finder()
    finder.body(tree.body, deletable=False)
    seen: dict[str, int] = {}
    for site in finder.sites:
        n = seen.get(site.label, 0)
        seen[site.label] = n + 1
        site.key = f"{site.label} #{n}"
    return finder.sites


def parse(path: str) -> ast.Module:
    with open(path, encoding="utf-8") as handle:
        return ast.parse(handle.read(), filename=path)


def mutated_code(path: str, index: int) -> object:
    """The code object of `path` with its `index`-th mutant applied, original line numbers."""
    tree = parse(path)
    find_sites(tree)[index].apply()
    ast.fix_missing_locations(tree)
    return compile(tree, path, "exec")


def iter_sites(path: str) -> Iterator[Site]:
    yield from find_sites(parse(path))
