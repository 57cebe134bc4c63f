"""A Python environment of its own with real-time collaboration, for the RTC check.

jupyter-collaboration changes every JupyterLab started from the environment it
is installed in (its server extensions and front end load by themselves), so it
stays out of the one the project's tests use. The check builds a virtual
environment once, under the user's cache folder, with the project's
dependencies and the ``rtc`` extra (``jupyter-collaboration``), and runs only
the Jupyter server, and so the kernels, from it, importing ``spit_widget`` from
this tree; the browser and the check itself run here.

It does not see this environment's packages (no ``--system-site-packages``):
such a hybrid has a ``sys.prefix`` of its own, so the server extensions this
environment enables in its ``etc/jupyter`` do not load there while its packages
do (tried: a JupyterLab that nobody runs). A clean one is what a user gets from
``pip install spit-widget jupyter-collaboration``.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from spit_widget.filelock import held

from .harness import PACKAGE_ROOT

EXTRA = "rtc"
"""The extra of ``pyproject.toml`` that names jupyter-collaboration (and JupyterLab)."""
MARKER = "spit-widget-ready"
"""Written into the environment once its install has finished."""
VENV_ENV = "SPIT_WIDGET_RTC_VENV"
"""Names a folder for the environment instead of the cache (kept between runs)."""


def _bin(venv: Path) -> Path:
    return venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def venv_folder(cache: Path | None = None) -> Path:
    """Where the environment for this tree lives: a name that changes with the
    Python version, the tree's place and its ``pyproject.toml`` (its requirements),
    so an edit to them builds a fresh one."""
    if os.environ.get(VENV_ENV):
        return Path(os.environ[VENV_ENV])
    if cache is None:
        import platformdirs

        cache = Path(platformdirs.user_cache_dir("spit-widget"))
    key = hashlib.sha256()
    key.update(f"deps-only|{sys.version_info[0]}.{sys.version_info[1]}|{PACKAGE_ROOT}|".encode())
    key.update((PACKAGE_ROOT / "pyproject.toml").read_bytes())
    return cache / f"rtc-venv-{key.hexdigest()[:12]}"


def ready(venv: Path) -> bool:
    """Whether ``venv`` was built to the end (its marker written after the install)."""
    return (venv / MARKER).is_file() and _bin(venv).exists()


def ensure_venv(cache: Path | None = None,
                say: Callable[[str], None] = print) -> Path:
    """The Python of the RTC environment: reused when built, else built now (a
    few minutes: the packages come from the registry). RuntimeError, with the
    end of pip's log, when the install fails; a half-built one is built again."""
    if not (PACKAGE_ROOT / "pyproject.toml").is_file():
        raise RuntimeError(f"The RTC check installs the source tree, and {PACKAGE_ROOT} "
                           "has no pyproject.toml: run it from a checkout of spit-widget.")
    venv = venv_folder(cache)
    if ready(venv):
        return _bin(venv)
    # One builder at a time (scripts/test builds it in the background while a test may
    # ask for it): the second waits, then finds it ready.
    with held(venv.with_name(venv.name + ".lock")):
        if ready(venv):
            return _bin(venv)
        say(f"building the RTC environment in {venv} (once; a few minutes)")
        shutil.rmtree(venv, ignore_errors=True)  # a build cut short: no marker
        venv.parent.mkdir(parents=True, exist_ok=True)
        _install(venv, venv.with_name(venv.name + ".log"))
        (venv / MARKER).write_text(f"{PACKAGE_ROOT}\n")  # last: a marked environment is whole
    return _bin(venv)


def requirements(pyproject: Path | None = None) -> list[str]:
    """What the environment holds: the project's dependencies and its ``rtc`` extra,
    as ``pyproject.toml`` names them. Not the project itself: its server and kernels
    import it from this tree (the harness puts the tree on ``PYTHONPATH``), because
    installing the tree would run its build hook in the tree, and that hook clears
    the compiled engine the other tests are using."""
    try:
        import tomllib
    except ImportError:  # pragma: no cover (Python 3.10)
        import tomli as tomllib  # type: ignore[no-redef,import-not-found]
    project = tomllib.loads((pyproject or PACKAGE_ROOT / "pyproject.toml").read_text())["project"]
    return [*project["dependencies"], *project["optional-dependencies"][EXTRA]]


def _install(venv: Path, log: Path) -> None:
    """python -m venv, then pip install of :func:`requirements`."""
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1")
    env.pop("PYTHONPATH", None)
    with open(log, "wb") as out:
        done = subprocess.run(
            [str(_bin(venv)), "-m", "pip", "install", *requirements()],
            stdout=out, stderr=subprocess.STDOUT, env=env, check=False)
    if done.returncode:
        tail = "\n".join(log.read_text(errors="replace").splitlines()[-15:])
        raise RuntimeError(f"pip could not build the RTC environment (log: {log}):\n{tail}")
