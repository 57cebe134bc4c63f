"""A fast page's Python side, run in Pyodide's worker before the game is imported.

Three stand-ins for what a Jupyter kernel would give:

- **IPython**: ipywidgets imports ``IPython`` (``get_ipython``, ``display``,
  ``InteractiveShell.initialized``) when it is imported, though a page with no
  notebook displays nothing through it. The real package and its eight
  dependencies cost a download and, on a loaded 2-core machine, some 20 s to
  import; these few names are all ipywidgets touches, each answering "no
  notebook here". ``display`` is a no-op: the page shows the table itself.
- **comm**: ipywidgets opens its comms through ``comm.create_comm``; a
  :class:`PageComm` posts each message to the page (``to_page``), and
  :func:`from_page` hands the page's messages (``update``, ``custom``) to the
  comm they name, as a kernel's comm manager would.
- **warnings**: a kernel shows a warning in the cell's output; here it goes to
  the page, which shows it over the table (``keep_in_browser`` warns so when
  the browser keeps no storage for the site).
"""

import json
import sys
import types
import warnings
from typing import Any

import comm
from comm.base_comm import BaseComm

import js  # type: ignore[import-not-found,unused-ignore]  # Pyodide's: the worker's globals


def _stand_in_ipython() -> None:
    ipython = types.ModuleType("IPython")
    ipython.get_ipython = lambda: None  # type: ignore[attr-defined]
    display = types.ModuleType("IPython.display")
    display.display = lambda *args, **kwargs: None  # type: ignore[attr-defined]
    display.clear_output = lambda *args, **kwargs: None  # type: ignore[attr-defined]
    core = types.ModuleType("IPython.core")
    shell = types.ModuleType("IPython.core.interactiveshell")

    class InteractiveShell:
        @classmethod
        def initialized(cls) -> bool:
            return False

    shell.InteractiveShell = InteractiveShell  # type: ignore[attr-defined]
    ipython.display, ipython.core, core.interactiveshell = display, core, shell  # type: ignore[attr-defined]
    sys.modules.update({"IPython": ipython, "IPython.display": display, "IPython.core": core,
                        "IPython.core.interactiveshell": shell})


class PageComm(BaseComm):
    """A comm whose messages go to the page (``comm_open``, ``comm_msg``, ``comm_close``)."""

    def publish_msg(self, msg_type: str, data: object = None, metadata: object = None,
                    buffers: object = None, **keys: object) -> None:
        """Post the message to the page (buffers dropped: the game sends none)."""
        message = {"kind": msg_type, "id": self.comm_id, "data": data or {}}
        js.to_page(json.dumps(message, default=str))  # type: ignore[attr-defined,unused-ignore]


comms: dict[str, PageComm] = {}


def _create_comm(**keys: Any) -> PageComm:
    made = PageComm(**keys)
    comms[made.comm_id] = made
    return made


def from_page(message: str) -> None:
    """A message from the page's model: ``{"id": comm id, "data": comm data}``."""
    got = json.loads(message)
    comms[got["id"]].handle_msg({"content": {"data": got["data"]}, "buffers": []})


def _show_warning(message: Warning | str, *args: object, **keys: object) -> None:
    """``warnings.showwarning``: the warning's sentence to the page."""
    js.to_page(json.dumps({"kind": "warning", "text": str(message)}))  # type: ignore[attr-defined,unused-ignore]


_stand_in_ipython()
comm.create_comm = _create_comm
warnings.showwarning = _show_warning
