"""The pytest plugin the mutator loads with `-p mutation.plugin` in every test process.

`SPIT_MUTANT=path:index` swaps the module at `path` for its mutant through an import hook, before
the tests' conftest imports anything. `SPIT_MUTATION_TRACE=out.json` instead records which test
files run each line of the mutated files (`SPIT_MUTATION_FILES`, os.pathsep-separated), and how
long each test file takes: the runner uses that to run a mutant against only the files that reach
it, fastest first.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import threading
import time
from collections.abc import Generator, Sequence
from types import CodeType, FrameType, ModuleType
from typing import Any

import pytest

from mutation.sites import mutated_code

COLLECTION = "<collection>"


class MutantLoader(importlib.machinery.SourceFileLoader):
    """Loads the mutant's code in place of the file's (never from or into a .pyc)."""

    def __init__(self, fullname: str, path: str, index: int) -> None:
        super().__init__(fullname, path)
        self.index = index

    def get_code(self, fullname: str) -> CodeType:
        code = mutated_code(self.path, self.index)
        assert isinstance(code, CodeType)
        return code


def source_of(origin: str) -> str:
    """The source file of a module found at ``origin``: itself, or for a compiled
    extension (the engine, built by mypyc) the ``.py`` beside it."""
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        if origin.endswith(suffix):
            return origin[: -len(suffix)] + ".py"
    return origin


class MutantFinder(importlib.abc.MetaPathFinder):
    """Finds modules as usual, but hands the one mutated file to `MutantLoader`
    (also where Python would have taken a compiled extension beside it)."""

    def __init__(self, path: str, index: int) -> None:
        self.path, self.index = os.path.realpath(path), index

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or spec.origin is None:
            return None
        source = source_of(spec.origin)
        if os.path.realpath(source) != self.path:
            return None
        return importlib.util.spec_from_file_location(
            fullname, source, loader=MutantLoader(fullname, source, self.index),
            submodule_search_locations=spec.submodule_search_locations)


class LineTracer:
    """Which test file ran which line of the watched files; lines run on import go to all."""

    def __init__(self, files: list[str]) -> None:
        self.files = {os.path.realpath(f) for f in files}
        self.current = COLLECTION
        self.hits: dict[str, dict[int, set[str]]] = {f: {} for f in self.files}
        self.durations: dict[str, float] = {}
        self.failures: list[str] = []
        self.watched: dict[str, Any] = {}  # co_filename -> its line table, or None: not watched

    def start(self) -> None:
        sys.settrace(self.global_trace)
        threading.settrace(self.global_trace)

    def global_trace(self, frame: FrameType, event: str, arg: Any) -> Any:
        name = frame.f_code.co_filename
        lines = self.watched.get(name, False)
        if lines is False:
            path = os.path.realpath(name)
            lines = self.watched[name] = self.hits[path] if path in self.files else None
        if lines is None:
            return None

        def local(frame: FrameType, event: str, arg: Any) -> Any:
            if event == "line":
                lines.setdefault(frame.f_lineno, set()).add(self.current)
            return local

        lines.setdefault(frame.f_lineno, set()).add(self.current)
        return local

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item) -> Generator[None, None, None]:
        self.current = item.nodeid.split("::")[0]
        if sys.gettrace() is None:  # a test (or hypothesis) may have replaced the tracer
            sys.settrace(self.global_trace)
        started = time.perf_counter()
        yield
        spent = time.perf_counter() - started
        self.durations[self.current] = self.durations.get(self.current, 0.0) + spent

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.failed:
            self.failures.append(report.nodeid)

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        sys.settrace(None)
        threading.settrace(None)
        out = {
            "lines": {
                f: {str(n): sorted(tests) for n, tests in lines.items()}
                for f, lines in self.hits.items()
            },
            "durations": self.durations,
            "failed": self.failures,
        }
        with open(os.environ["SPIT_MUTATION_TRACE"], "w", encoding="utf-8") as handle:
            json.dump(out, handle)


def install() -> LineTracer | None:
    mutant = os.environ.get("SPIT_MUTANT")
    if mutant:
        path, _, index = mutant.rpartition(":")
        sys.meta_path.insert(0, MutantFinder(path, int(index)))
    if os.environ.get("SPIT_MUTATION_TRACE"):
        tracer = LineTracer(os.environ["SPIT_MUTATION_FILES"].split(os.pathsep))
        tracer.start()
        return tracer
    return None


_tracer = install()


def pytest_configure(config: pytest.Config) -> None:
    if _tracer is not None:
        config.pluginmanager.register(_tracer, "mutation-line-tracer")
