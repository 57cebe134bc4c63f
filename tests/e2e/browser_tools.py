"""Whether the browser tests can run here, and what to say when they cannot.

A module of its own, not the e2e conftest: the test files that check tools
themselves import it by name, and ``from conftest import ...`` finds whichever
conftest Python imported first (tests/hardening has one too), so it broke when
pytest was given the folders in another order.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tools.harness import CHROMIUM, PACKAGE_ROOT


def in_ci() -> bool:
    """CI=true (or 1, yes): a missing tool fails the run instead of skipping."""
    return os.environ.get("CI", "").strip().lower() in ("true", "1", "yes")


def unavailable(reason: str) -> None:
    """Skip with `reason`, or fail with it in CI."""
    if in_ci():
        pytest.fail(f"CI=true, and the browser tests cannot run: {reason}", pytrace=False)
    pytest.skip(reason)


def require_browser_tools() -> None:
    """Skip (or, in CI, fail) with a one-line reason when a tool is missing."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        unavailable("playwright is not installed (pip install playwright; "
                    "never `playwright install`)")
    if not Path(CHROMIUM).is_file():
        unavailable(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    for built in ("widget.js", "widget.css"):
        if not (PACKAGE_ROOT / "spit_widget" / "static" / built).is_file():
            unavailable("the front end is not built (npm install && npm run build)")
    _require_fresh_bundle()


def _require_fresh_bundle() -> None:
    """Fail when a source in js/ is newer than the bundle: the tests would drive
    the old front end (a checkout that moved on since the last build)."""
    bundle = min((PACKAGE_ROOT / "spit_widget" / "static" / b).stat().st_mtime
                 for b in ("widget.js", "widget.css"))
    newer = [s.name for s in (PACKAGE_ROOT / "js").glob("*.[jc]s*") if s.stat().st_mtime > bundle]
    if newer:
        pytest.fail(f"the front end's bundle is older than js/{newer[0]}: run "
                    "`npm run build` first", pytrace=False)


def require_app(module: str) -> None:
    """Skip (or, in CI, fail) when the app server ``module`` is not installed."""
    try:
        __import__(module)
    except ImportError:
        unavailable(f"{module} is not installed (pip install -e '.[test]')")
