"""Build hook: compile the engine's hot modules with mypyc (see spit_widget/engine/compiled.py).

Runs for wheels and editable installs. Without a C compiler (or with
SPIT_WIDGET_PURE_ENGINE=1) it says so and the package stays pure Python: the
same rules, slower. A regular wheel carries the extensions and is tagged for
this platform; an editable install leaves them beside the source, where the
engine's stamp check notices when an edit has made them stale.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

ENGINE = Path("spit_widget", "engine")

_BUILD = """
import sys
from pathlib import Path

from mypyc.build import mypycify
from setuptools import Distribution

engine, hot = sys.argv[1], sys.argv[2:]
# Every engine module is type-checked (the compiled ones use the others' exact
# types); nothing outside the engine is read, as the engine imports nothing else.
sources = sorted(str(path) for path in Path(engine).glob("*.py"))
flags = ["--follow-imports=skip", "--ignore-missing-imports"]
extensions = mypycify([*flags, *sources], only_compile_paths=hot, opt_level="3",
                      target_dir="c")
dist = Distribution({"name": "spit-engine", "ext_modules": extensions,
                     "script_args": ["build_ext", "--build-lib", "out"]})
dist.parse_command_line()
dist.run_commands()
"""
"""Compiles the modules named on its command line (after the engine's folder) into ./out,
laid out by module."""


def _compiled_module(root: Path) -> ModuleType:
    """spit_widget/engine/compiled.py, loaded by path (the package's own
    dependencies are not installed where wheels are built)."""
    spec = importlib.util.spec_from_file_location("_spit_compiled", root / ENGINE / "compiled.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class CompileEngineHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compile the engine before the wheel (or editable wheel) is assembled."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Clear any older build, compile, stamp, and hand the files to the wheel."""
        root = Path(self.root)
        compiled = _compiled_module(root)
        folder = root / ENGINE
        for old in [*compiled.built_extensions(folder), folder / compiled.STAMP,
                    *root.glob("*__mypyc.*")]:
            old.unlink(missing_ok=True)  # never leave a build of older source behind
        if os.environ.get(compiled.PURE_ENGINE, "") not in ("", "0"):
            self.app.display_info(f"{compiled.PURE_ENGINE} is set: the engine stays pure Python")
            return
        sources = [str(folder / f"{name}.py") for name in compiled.MODULES]
        self.app.display_info("compiling the engine with mypyc (about 15 seconds)")
        with tempfile.TemporaryDirectory() as work:
            # Built away from the project folder, whose pyproject.toml setuptools
            # would otherwise take for its own, then copied beside the source.
            done = subprocess.run([sys.executable, "-c", _BUILD, str(folder), *sources],
                                  cwd=work, capture_output=True, text=True, check=False)
            for path in Path(work, "out").rglob("*.*"):
                shutil.copy2(path, root / path.relative_to(Path(work, "out")))
        built = compiled.built_extensions(folder)
        if done.returncode != 0 or len(built) != len(compiled.MODULES):
            self.app.display_warning(
                "the engine could not be compiled, so it stays pure Python (the same games, "
                f"slower):\n{(done.stdout + done.stderr)[-2000:]}")
            for path in [*built, *root.glob("*__mypyc.*")]:
                path.unlink()
            return
        stamp = compiled.write_stamp(folder)
        if version == "editable":
            return  # the project folder is on sys.path: the extensions are found where they lie
        shared = list(root.glob("*__mypyc.*"))
        for path in [*built, stamp, *shared]:
            build_data["force_include"][str(path)] = str(path.relative_to(root))
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
