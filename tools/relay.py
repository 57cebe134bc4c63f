"""A delaying relay on the loopback: the network between a browser and a
Jupyter server, made as far away as a test asks.

Every byte that comes in on :attr:`Relay.port` goes on to the server's port
half of ``round_trip`` later, and every byte back half of it later too, in
order, so a page behind the relay sees the server a ``round_trip`` away (a
JupyterHub, Binder or a school's server) on one machine, with no external
tool. :meth:`Relay.cut` drops the kernel's websockets as a network does (the
connections end; JupyterLab reconnects), and with ``outage`` holds new ones
for that long before they go through, so the page is gone for a while. What
is still inside the relay when it cuts (a click on its way, half a trip
long) is lost with the connection, as on a real network; :meth:`Relay.cut_on_reply`
cuts the moment the server's answer holding some bytes reaches it, so that
answer is lost and nothing else (the server's frames are not masked: the
relay can read them).

It runs its own asyncio loop on a thread, so a synchronous test (Playwright's
sync API) drives it from outside.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field

from .harness import free_port

CHUNK = 65_536


@dataclass(eq=False)
class _Pair:
    """One relayed connection: the page's side and the server's."""

    page: asyncio.StreamWriter
    server: asyncio.StreamWriter
    websocket: bool = False
    tasks: list[asyncio.Task[None]] = field(default_factory=list)

    def abort(self) -> None:
        for writer in (self.page, self.server):
            writer.transport.abort()


class Relay:
    """A relay from :attr:`port` to ``target`` on 127.0.0.1 adding ``round_trip``
    seconds (half each way); see the module docstring."""

    def __init__(self, target: int, round_trip: float) -> None:
        self.target = target
        self.round_trip = round_trip
        self.port = free_port()
        self._pairs: set[_Pair] = set()
        self._hold_until = 0.0  # monotonic: new websockets wait until then (an outage)
        self.cuts: list[float] = []
        """When each cut was made (``time.monotonic()``)."""
        self.reconnected: list[float] = []
        """When a kernel websocket went through after a cut (``time.monotonic()``)."""
        self._reply_cut: tuple[bytes, float] | None = None  # cut_on_reply's bytes and outage
        self._held_up = 0.0  # seconds more each page -> server chunk waits (hold_requests)
        self.dropped: list[bytes] = []
        """The server's chunks dropped by :meth:`cut_on_reply` (newest last)."""
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="relay", daemon=True)
        self._thread.start()
        self._ready.wait(10)

    @property
    def base(self) -> str:
        """The address a browser opens instead of the server's."""
        return f"http://127.0.0.1:{self.port}"

    # ------------------------------------------------------------ control
    def cut(self, outage: float = 0.0) -> None:
        """Drop every kernel websocket now; new ones go through only after ``outage`` s."""
        self._hold_until = time.monotonic() + outage
        self.cuts.append(time.monotonic())  # here, not on the relay's thread: the caller reads it

        def run() -> None:
            for pair in [p for p in self._pairs if p.websocket]:
                pair.abort()
        self._loop.call_soon_threadsafe(run)

    def hold_requests(self, seconds: float) -> None:
        """From now, what the pages send waits ``seconds`` more inside the relay
        (a cut then finds a click still inside, however late the test cuts)."""
        self._held_up = seconds

    def cut_on_reply(self, pattern: bytes, outage: float = 0.0) -> None:
        """Cut (as :meth:`cut`) when the server next sends the page a chunk holding
        ``pattern``; that chunk is lost with the connection."""
        self._reply_cut = (pattern, outage)

    def _drops(self, data: bytes) -> bool:
        """Whether ``data``, on its way from the server to a page, is the reply to cut on."""
        armed = self._reply_cut
        if armed is None or armed[0] not in data:
            return False
        self._reply_cut = None
        self.dropped.append(data)
        self._hold_until = time.monotonic() + armed[1]
        self.cuts.append(time.monotonic())
        for pair in [p for p in self._pairs if p.websocket]:
            pair.abort()
        return True

    def close(self) -> None:
        """Stop relaying and end every connection."""
        def stop() -> None:
            for pair in list(self._pairs):
                pair.abort()
            self._loop.stop()
        self._loop.call_soon_threadsafe(stop)
        self._thread.join(10)

    # ----------------------------------------------------------- relaying
    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        server = self._loop.run_until_complete(
            asyncio.start_server(self._accept, "127.0.0.1", self.port))
        self._ready.set()
        try:
            self._loop.run_forever()
        finally:
            server.close()
            # The pipes still open end with the relay, quietly (no task left pending).
            left = asyncio.all_tasks(self._loop)
            for task in left:
                task.cancel()
            with suppress(Exception):
                self._loop.run_until_complete(asyncio.gather(*left, return_exceptions=True))
                self._loop.run_until_complete(server.wait_closed())
            self._loop.close()

    async def _accept(self, page_in: asyncio.StreamReader, page_out: asyncio.StreamWriter) -> None:
        first = await page_in.read(CHUNK)
        websocket = b"upgrade: websocket" in first.lower() and b"/channels" in first
        if websocket and self.cuts:
            wait = self._hold_until - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)  # the network is still down for this page
            self.reconnected.append(time.monotonic())
        try:
            server_in, server_out = await asyncio.open_connection("127.0.0.1", self.target)
        except OSError:
            page_out.transport.abort()
            return
        pair = _Pair(page_out, server_out, websocket)
        self._pairs.add(pair)
        half = self.round_trip / 2
        pair.tasks = [asyncio.create_task(_pipe(page_in, server_out, half, first,
                                                extra=lambda: self._held_up)),
                      asyncio.create_task(_pipe(server_in, page_out, half, b"",
                                                self._drops if websocket else None))]
        await asyncio.gather(*pair.tasks, return_exceptions=True)
        self._pairs.discard(pair)
        pair.abort()


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, delay: float,
                first: bytes, drops: Callable[[bytes], bool] | None = None,
                extra: Callable[[], float] = lambda: 0.0) -> None:
    """Copy ``reader`` to ``writer``, each chunk ``delay`` (and ``extra()``) seconds
    after it came, in order (``drops``: a chunk it says so of is not delivered:
    the link is cut)."""
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

    async def pump() -> None:
        if first:
            queue.put_nowait((loop.time() + delay, first))
        while True:
            try:
                data = await reader.read(CHUNK)
            except OSError:
                data = b""
            queue.put_nowait((loop.time() + delay + extra(), data))
            if not data:
                return

    pumping = asyncio.create_task(pump())
    try:
        while True:
            due, data = await queue.get()
            wait = due - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            if not data or (drops is not None and drops(data)):
                writer.transport.abort()
                return
            writer.write(data)
            await writer.drain()
    except (OSError, ConnectionError):
        writer.transport.abort()
    finally:
        pumping.cancel()


@contextmanager
def relay(target: int, round_trip: float) -> Iterator[Relay]:
    """A :class:`Relay` to ``target`` for the ``with`` block."""
    r = Relay(target, round_trip)
    try:
        yield r
    finally:
        r.close()
