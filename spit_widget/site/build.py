"""``build_site``: the whole static site from the source tree, into a fresh folder.

Steps, each in its module: the tools environment (:mod:`.tools`), the wheels
(:mod:`.wheels`), the Pyodide runtime (:mod:`.runtime`), the pages and
notebooks (:mod:`.pages`); then ``jupyter lite build`` assembles them, and the
fast pages' files (:mod:`.play`) and the pages are added beside them.
Only the package registries are used (PyPI, npm), and only while building.
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from . import levels as class_levels
from . import pages, play, runtime, tools, wheels

KERNEL_EXTENSION = Path("share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension")


class SiteError(RuntimeError):
    """A step of the build failed; the message says which and why."""


def _unbuilt(source: Path) -> list[str]:
    """The bundled front-end files the wheel must carry that are missing (the
    wheel build would run npm in a copy of the tree, which has no node_modules)."""
    targets: list[str] = []
    if sys.version_info >= (3, 11):  # Python 3.10 has no TOML reader: widget.js alone is checked
        import tomllib

        config = tomllib.loads((source / "pyproject.toml").read_text())
        hook = config.get("tool", {}).get("hatch", {}).get("build", {}).get("hooks", {})
        targets = hook.get("jupyter-builder", {}).get("ensured-targets", [])
    return [t for t in [*targets, "spit_widget/static/widget.js"] if not (source / t).exists()]


def _replaceable(out: Path, source: Path) -> Path:
    """``out``, if it may be replaced: new, empty, or a site built before. Never
    a folder of someone's files, nor the source tree or a folder holding it."""
    if out == source or source.is_relative_to(out):
        raise SiteError(f"{out} holds the source tree: build the site somewhere else")
    if out.exists() and any(out.iterdir()) and not (out / "jupyter-lite.json").exists():
        raise SiteError(f"{out} is not empty and is not a site built before: choose a new "
                        "folder (the build replaces the one it is given)")
    return out


def _lite_config(wheel_dir: Path, tools_env: tools.Tools, out: Path) -> dict[str, object]:
    extension_wheels = [str(w) for w in sorted(wheel_dir.glob("*.whl"))
                        if w.name.startswith(("anywidget-", "jupyterlab_widgets-"))]
    return {"LiteBuildConfig": {
        "apps": ["repl", "notebooks"], "output_dir": str(out), "contents": ["content"],
        "ignore_sys_prefix": True, "no_sourcemaps": True, "no_unused_shared_packages": True,
        "federated_extensions": [*extension_wheels,
                                 str(tools_env.python.parent.parent / KERNEL_EXTENSION)]},
        "PipliteAddon": {"piplite_urls": [str(w) for w in sorted(wheel_dir.glob("*.whl"))]}}


def build_site(source: Path, out: Path, cache: Path,
               step: Callable[[str], None] = print, levels: Path | None = None) -> Path:
    """Build the site from the tree at ``source`` into ``out`` (replaced); its
    course page offers ``levels``, a class's level file, when one is given."""
    if not (source / "pyproject.toml").exists() or not (source / "examples").is_dir():
        raise SiteError(f"{source} is not a spit-widget source tree (the site is built "
                        "from a checkout: it packages the tree's own wheel)")
    unbuilt = _unbuilt(source)
    if unbuilt:
        raise SiteError(f"the front end is not built ({unbuilt[0]} is missing): run "
                        "`npm install && npm run build` first")
    fresh = _replaceable(out.resolve(), source.resolve())
    course = (source / "spit_widget" / "learn").is_dir()
    if levels is not None and not course:
        raise SiteError(f"{source} has no course (spit_widget/learn) to offer {levels} in")
    try:
        if levels is not None:
            step(f"== the class's levels in {levels}")
            step(f"   {class_levels.check_levels(source, levels)} levels, each validated")
        with tempfile.TemporaryDirectory() as tmp:
            lite = Path(tmp)
            step("== the build tools (a virtual environment of their own, made once)")
            with tools.cache_held(cache):
                env = tools.ensure_tools(cache)
                step(f"== Pyodide {env.pyodide_version} from npm, micropip and packaging "
                     "from PyPI")
                unpacked = runtime.npm_runtime(env.pyodide_version, cache)
            runtime.install_runtime(unpacked, env.python_version, lite / "static" / "pyodide")
            step("== the game's pure wheel and the wheels it needs")
            wheel_dir = lite / "wheels"
            project = wheels.project_wheel(source, wheel_dir)
            wheels.dependency_wheels(project, env.python_version, wheel_dir)
            notebooks = pages.write_notebooks(source / "examples", lite / "content")
            (lite / "jupyter-lite.json").write_text(json.dumps(pages.lite_settings()))
            if fresh.exists():
                shutil.rmtree(fresh)
            config = _lite_config(wheel_dir, env, fresh)
            (lite / "jupyter_lite_config.json").write_text(json.dumps(config, indent=1))
            step(f"== jupyter lite build into {fresh}")
            env.run("jupyter", "lite", "build", cwd=lite)
            play.write_play(fresh, source)
            pages.write_entry_pages(fresh, notebooks, course=course, levels=levels is not None)
            if levels is not None:
                class_levels.place_levels(levels, fresh)
    except (RuntimeError, OSError) as exc:
        raise SiteError(str(exc)) from exc
    return fresh
