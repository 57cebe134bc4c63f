"""Helpers for tests that run the computer on a real asyncio loop."""

from __future__ import annotations

import asyncio
from typing import Any


async def no_wait(seconds: float, wake: asyncio.Event) -> bool:
    """A fake clock for ``Match(sleep=...)``: every reaction time passes at once."""
    await asyncio.sleep(0)
    return False


async def until(condition: Any, timeout: float = 20.0) -> None:
    """Let the loop run until ``condition()`` holds (fails after ``timeout`` seconds)."""
    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.001)
    await asyncio.wait_for(poll(), timeout)
