"""What call_async returns: the pair (results, signal_fence), which unpacks
as a tuple, and which asyncio code may await instead: `results = await
session.call_async(...)` waits for the signal fence without blocking the
event loop's thread (ireec.hal.fence_await) and gives the results."""

from __future__ import annotations

from typing import Any, Generator

from ..hal.fence import Fence


class AsyncResults(tuple):
    """`(results, signal_fence)` of a call started by call_async; awaiting
    it gives `results` once the fence is reached, or raises the call's
    failure."""

    __slots__ = ()

    @property
    def results(self) -> list[Any]:
        """The call's results (read them once `fence` is reached)."""
        return self[0]

    @property
    def fence(self) -> Fence:
        """The signal fence, reached when the results are ready."""
        return self[1]

    def __await__(self) -> Generator[Any, None, list[Any]]:
        return self._wait_for_results().__await__()

    async def _wait_for_results(self) -> list[Any]:
        await self[1]
        return self[0]


__all__ = ["AsyncResults"]
