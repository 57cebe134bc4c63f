"""Pyodide, served from the site itself.

The ``pyodide`` npm package carries the runtime (the WebAssembly interpreter,
the standard library, the lock file) but none of the packages the lock file
lists. The kernel loads two of them by name (micropip, which installs the
rest, and packaging, which micropip imports); they come from PyPI at the
versions the lock names. The lock file the site serves lists exactly the
files the site has, with their own digests, so a package the site lacks is a
clear "no known package", never a request to a host that is not there.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import tarfile
from pathlib import Path

from .tools import run, this_python

LOCK = "pyodide-lock.json"
FROM_PYPI = ("micropip", "packaging")
"""The lock's packages the kernel needs before piplite can install anything."""

_RUNTIME = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.mjs",
            "pyodide.asm.wasm", "python_stdlib.zip", "package.json", LOCK)


def npm_runtime(version: str, cache: Path) -> Path:
    """The unpacked ``pyodide`` npm package of ``version`` (fetched once)."""
    folder = cache / f"pyodide-{version}"
    unpacked = folder / "package"
    if not unpacked.is_dir():
        # Unpacked aside and renamed at the end: a build stopped halfway leaves no
        # half a package that a later build would take for whole.
        aside = folder / "unpacking"
        shutil.rmtree(aside, ignore_errors=True)
        aside.mkdir(parents=True)
        run(["npm", "pack", f"pyodide@{version}", "--silent", "--pack-destination",
             str(aside)])
        with tarfile.open(aside / f"pyodide-{version}.tgz") as tar:
            tar.extractall(aside, filter="data")
        (aside / "package").rename(unpacked)
        shutil.rmtree(aside)
    return unpacked


def install_runtime(unpacked: Path, python_version: str, into: Path) -> list[str]:
    """Copy the runtime into ``into``, add :data:`FROM_PYPI`, write the lock;
    return the lock's package names."""
    into.mkdir(parents=True, exist_ok=True)
    for name in _RUNTIME:
        if (unpacked / name).exists():
            shutil.copy2(unpacked / name, into / name)
    lock = json.loads((unpacked / LOCK).read_text())
    entries = {name: lock["packages"][name] for name in FROM_PYPI}
    run([this_python(), "-m", "pip", "download", "-q", "--disable-pip-version-check",
         "--no-deps", "--only-binary=:all:", "--python-version", python_version,
         "-d", str(into), *(f"{n}=={e['version']}" for n, e in entries.items())])
    for entry in entries.values():
        wheel = into / entry["file_name"]
        if not wheel.exists():
            raise RuntimeError(f"PyPI's wheel is not named {entry['file_name']} as the lock says")
        entry["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    lock["packages"] = entries
    (into / LOCK).write_text(json.dumps(lock, indent=1))
    return sorted(entries)
