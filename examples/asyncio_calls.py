#!/usr/bin/env python3
"""Calls and fences from asyncio: what call_async returns is awaited for its
results, a fence is awaited while other tasks of the loop run, a failed
fence raises in the awaiting task, and asyncio.wait_for gives a deadline.

    python examples/asyncio_calls.py [PROGRAM.vmfb]

The program is examples/async_fences.py's (compiled the same way, with
--iree-execution-model=async-external); a .vmfb given instead must be
compiled from it with the flags there.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

import numpy as np

import ireec
from ireec.compile import compile_mlir

from async_fences import COMPILE_FLAGS, PROGRAM


async def main(vmfb: Path) -> None:
    instance = ireec.Instance()
    device = ireec.Device(instance, "local-task")
    session = ireec.Session(instance, device)
    session.load_module(vmfb)
    x = np.array([1.0, 2.0, 3.0, 4.0], np.float32)
    twos = np.full(4, 2.0, np.float32)

    # 1. Awaiting call_async gives its results once its signal fence is
    #    reached; the loop's thread is free meanwhile.
    (doubled,) = await session.call_async("pipeline.scale", x, twos)
    print(f"{'awaited call:':<18} {doubled}")

    # 2. A chain on the device, awaited once at its end.
    (a,), fence_a = session.call_async("pipeline.scale", x, twos)
    (b,), fence_b = session.call_async("pipeline.scale", a, twos, wait=fence_a)
    (c,) = await session.call_async("pipeline.add", b, a, wait=fence_b)
    print(f"{'awaited chain:':<18} {c}")

    # 3. Another task of the same loop runs while a fence is awaited: here it
    #    is the one that signals it, after three turns of the loop.
    gate = ireec.Semaphore(device)
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        for _ in range(3):
            ticks += 1
            await asyncio.sleep(0)
        gate.signal(1)

    ticking = asyncio.ensure_future(ticker())
    await gate.fence(1)
    await ticking
    print(f"{'ticks meanwhile:':<18} {ticks == 3}")

    # 4. A failed fence raises its failure in the task awaiting it.
    failed = ireec.Semaphore(device)
    failed.fail("the producer gave up", code=ireec.lib.IREE_STATUS_DATA_LOSS)
    try:
        await failed.fence(1)
    except ireec.DataLossError as error:
        print(f"{'failed fence:':<18} {type(error).__name__}")

    # 5. A deadline is asyncio's: wait_for cancels the wait and raises
    #    TimeoutError.
    try:
        await asyncio.wait_for(ireec.Semaphore(device).fence(1), 0.05)
    except TimeoutError as error:
        print(f"{'wait_for deadline:':<18} {type(error).__name__}")


if __name__ == "__main__":
    if len(sys.argv) > 1:
        asyncio.run(main(Path(sys.argv[1])))
    else:
        with tempfile.TemporaryDirectory() as tmp:
            asyncio.run(main(compile_mlir(PROGRAM, Path(tmp) / "program.vmfb", COMPILE_FLAGS)))
