"""A Jupyter server extension that switches Nagle's algorithm off for kernel
websockets, so a click's small message is sent at once instead of waiting for
the browser's delayed acknowledgement (tens of milliseconds per round trip).

``python -m spit_widget play`` enables it for the server it starts; enable it
elsewhere with ``--ServerApp.jpserver_extensions='{"spit_widget.nodelay": True}'``.
"""

from __future__ import annotations

from typing import Any


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "spit_widget.nodelay"}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    from jupyter_server.services.kernels.websocket import KernelWebsocketHandler

    if getattr(KernelWebsocketHandler, "_spit_nodelay", False):
        return
    original = KernelWebsocketHandler.open

    async def open_without_nagle(self: Any, *args: Any, **kwargs: Any) -> None:
        self.set_nodelay(True)
        await original(self, *args, **kwargs)  # type: ignore[no-untyped-call]

    setattr(KernelWebsocketHandler, "open", open_without_nagle)  # noqa: B010
    setattr(KernelWebsocketHandler, "_spit_nodelay", True)  # noqa: B010
    serverapp.log.info("spit_widget: TCP_NODELAY on for kernel websockets")
