"""The stats file kept in the browser, for the static site (Pyodide).

Pyodide's file system lives in memory: a file written there is gone when the
page reloads, and with it a student's record and course stars. Pyodide's own
IDBFS keeps a folder in the browser's IndexedDB instead: mounted over the
stats folder, read back once when the page starts, and written out after every
write a store commits (:func:`~spit_widget.stats.connection.on_saved`). It
needs no special headers from the host, and the data never leaves this
browser. The site's **Forget me** deletes the IndexedDB database, named
after the folder (:data:`HOME`).
"""

from __future__ import annotations

import asyncio
import os
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .connection import ENV_HOME, on_saved

HOME = "/home/pyodide/spit-widget"
"""The stats folder in the browser; IDBFS names its IndexedDB database after it."""


class Saver:
    """Writes the mounted folder out to IndexedDB (``FS.syncfs(false)``), one
    write at a time: a save asked for while one runs is made once it ends, so
    the last commit always reaches the browser's storage."""

    def __init__(self, fs: Any, once: Callable[[Callable[..., None]], Any], home: str) -> None:
        self._fs, self._once, self._home = fs, once, Path(home)
        self.running = self.again = False
        self.errors: list[str] = []

    def __call__(self, path: Path | None = None) -> None:
        """Save now, or once the save under way ends (an :func:`on_saved` hook)."""
        if path is not None and not Path(path).is_relative_to(self._home):
            return  # a file of someone's own (StatsStore(path)): not the browser's folder
        if self.running:
            self.again = True
            return
        self.running, self.again = True, False
        self._fs.syncfs(False, self._once(self._done))

    def _done(self, error: Any = None) -> None:
        self.running = False
        if error:
            self.errors.append(str(error))
        if self.again:
            self()


async def keep_in_browser(home: str = HOME) -> bool:
    """Mount IDBFS at ``home``, read back what this browser kept, point the
    stats at it (``SPIT_WIDGET_HOME``) and save after each write. Call it before
    the first table is made. False when the browser keeps nothing for this site
    (storage blocked), with a RuntimeWarning that says so over the table: the
    stats then last this visit only."""
    import pyodide_js  # type: ignore[import-not-found]  # Pyodide's own module, in the browser only
    from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

    fs = pyodide_js.FS
    os.makedirs(home, exist_ok=True)
    fs.mount(fs.filesystems.IDBFS, {}, home)
    loaded: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
    fs.syncfs(True, create_once_callable(lambda error=None: loaded.set_result(error)))
    if await loaded:
        warnings.warn(f"this browser keeps no storage for this site ({loaded.result()}): "
                      "your record and stars last this visit only", RuntimeWarning, stacklevel=2)
        return False
    os.environ[ENV_HOME] = home
    on_saved(Saver(fs, create_once_callable, home))
    return True
