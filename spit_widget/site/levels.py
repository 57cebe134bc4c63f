"""A class's own levels on the site (``site --levels FILE``), checked before
anything is built.

The file is read the way the course page will read it, by ``learn.load_levels``
of the source tree being packaged, in a Python of its own (this build tool
imports nothing of the game): a level that does not validate fails the build
with that level's id and the reason, before minutes are spent on the rest.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from .pages import LEVELS
from .tools import this_python

_CHECK = """import sys
from spit_widget.learn import load_levels
try:
    levels = load_levels(sys.argv[1])
except (ValueError, TypeError) as exc:
    sys.exit(str(exc))
print(len(levels))
"""


def check_levels(source: Path, path: Path) -> int:
    """The number of levels in ``path``, read by the source tree's
    ``learn.load_levels``; RuntimeError with its sentence when it refuses them."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(source), *filter(None, [os.environ.get("PYTHONPATH")])])}
    done = subprocess.run([this_python(), "-c", _CHECK, str(path)], cwd=source, env=env,
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        said = done.stderr.strip().splitlines()
        raise RuntimeError(f"the level file {path} cannot be used: "
                           f"{said[-1] if said else 'its check stopped without a word'}")
    return int(done.stdout.split()[-1])


def place_levels(path: Path, out: Path) -> Path:
    """Serve the checked level file at :data:`~.pages.LEVELS` in the site ``out``."""
    target = out / LEVELS
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(path, target)
    return target
