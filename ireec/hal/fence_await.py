"""Awaiting a fence from asyncio without blocking the event loop's thread.

A fence that is already reached (or failed) answers at once. Otherwise one
thread of its own waits for it in short slices (the GIL released in each)
and hands the outcome to the loop with call_soon_threadsafe: the loop keeps
running meanwhile. Cancelling the awaiting task (asyncio.wait_for's timeout
among others) stops that thread within one slice; a failed fence raises its
failure in the awaiting task, as Fence.wait raises it.
"""

from __future__ import annotations

import asyncio
import threading
from typing import TYPE_CHECKING

from ..errors import DeadlineExceededError
from ._wait import WAIT_SLICE_SECONDS

if TYPE_CHECKING:
    from .fence import Fence


async def wait_async(fence: "Fence") -> None:
    """Returns when `fence` is reached; raises its failure if a semaphore
    of it failed. For a deadline, `asyncio.wait_for(fence, seconds)` (a
    TimeoutError, as asyncio gives)."""
    if fence.query():  # reached, or raises its failure
        return
    loop = asyncio.get_running_loop()
    outcome: asyncio.Future[None] = loop.create_future()
    stop = threading.Event()
    threading.Thread(target=_wait_in_thread, args=(fence, loop, outcome, stop),
                     name="ireec fence waiter", daemon=True).start()
    try:
        await outcome
    finally:
        stop.set()  # the waiting thread ends within one slice


def _wait_in_thread(fence: "Fence", loop: asyncio.AbstractEventLoop,
                    outcome: asyncio.Future[None], stop: threading.Event) -> None:
    error: BaseException | None = None
    while not stop.is_set():
        try:
            fence.wait(WAIT_SLICE_SECONDS)
        except DeadlineExceededError:
            continue  # this slice only: look whether the awaiting task stopped
        except BaseException as failure:  # noqa: BLE001 - handed to the awaiting task
            error = failure
        break
    else:
        return  # the awaiting task was cancelled: nobody to tell
    try:
        loop.call_soon_threadsafe(_settle, outcome, error)
    except RuntimeError:
        pass  # the loop closed meanwhile: nobody to tell


def _settle(outcome: asyncio.Future[None], error: BaseException | None) -> None:
    if outcome.done():  # cancelled meanwhile
        return
    if error is None:
        outcome.set_result(None)
    else:
        outcome.set_exception(error)


__all__ = ["wait_async"]
