"""asyncio: a Fence and what call_async returns are awaitable without
blocking the event loop's thread; a failed fence raises its failure in the
awaiting task; cancelling the task (asyncio.wait_for's deadline too) stops
the wait; and examples/asyncio_calls.py."""

from __future__ import annotations

import asyncio
import threading

import numpy as np
import pytest

import ireec

from child_process import run_python
from locations import EXAMPLES_DIR, PROGRAMS_DIR

A = np.array([1.0, 2.0, 3.0, 4.0], np.float32)
B = np.array([10.0, 20.0, 30.0, 40.0], np.float32)

# Only a guard against a hang failing the test: every case ends on its own
# long before.
HANG_GUARD_S = 120


@pytest.fixture(scope="module")
def async_vmfb(compile_mlir):
    return compile_mlir(PROGRAMS_DIR / "async_ops.mlir", "--iree-execution-model=async-external")


@pytest.fixture
def session(instance, device, async_vmfb):
    with ireec.Session(instance, device) as session:
        session.load_module(async_vmfb)
        yield session


def run_on_a_loop(coroutine):
    """asyncio.run(coroutine) in a thread of its own, so a blocked loop
    fails the test instead of hanging it."""
    outcome = {}

    def body():
        try:
            outcome["value"] = asyncio.run(coroutine)
        except BaseException as error:  # noqa: BLE001 - re-raised below
            outcome["error"] = error

    thread = threading.Thread(target=body, daemon=True)
    thread.start()
    thread.join(HANG_GUARD_S)
    assert not thread.is_alive(), "the event loop never finished"
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


def test_awaiting_a_fence_leaves_the_loop_running(device):
    # The fence is signalled by another task of the same loop: had awaiting
    # it blocked the loop's thread, that task could never run.
    semaphore = ireec.Semaphore(device)

    async def main():
        order = []

        async def signal_later():
            order.append("signaller ran")
            semaphore.signal(1)

        waiter = asyncio.ensure_future(semaphore.fence(1).wait_async())
        await asyncio.sleep(0)
        asyncio.ensure_future(signal_later())
        await waiter
        order.append("fence reached")
        await semaphore.fence(1)  # reached already: `await fence` answers at once
        return order

    assert run_on_a_loop(main()) == ["signaller ran", "fence reached"]
    assert semaphore.query() == 1


def test_awaiting_call_async_gives_the_results(session, device):
    gate = ireec.Semaphore(device)

    async def main():
        gate.signal(1)
        await gate.fence(1)
        results = await session.call_async("async_ops.async_mul", A, B, wait=gate.fence(1))
        chained = session.call_async("async_ops.async_mul", results[0], B)
        (again,), fence = chained  # still unpacks as (results, fence)
        assert chained.fence is fence and chained.results == [again]
        await chained
        return results[0].to_numpy().tolist(), again.to_numpy().tolist()

    assert run_on_a_loop(main()) == ([10, 40, 90, 160], [100, 800, 2700, 6400])


def test_a_failed_fence_raises_its_failure_in_the_awaiting_task(device):
    semaphore = ireec.Semaphore(device)

    async def main():
        waiter = asyncio.ensure_future(semaphore.fence(1))
        await asyncio.sleep(0)
        semaphore.fail("the producer gave up", code=ireec.lib.IREE_STATUS_DATA_LOSS)
        await waiter

    with pytest.raises(ireec.DataLossError, match="the producer gave up"):
        run_on_a_loop(main())


def test_a_python_exception_failing_the_fence_is_raised_itself(device):
    fence = ireec.Semaphore(device).fence(1)

    class ProducerError(Exception):
        pass

    async def main():
        waiter = asyncio.ensure_future(fence.wait_async())
        await asyncio.sleep(0)
        fence.fail(ProducerError("no data"))
        await waiter

    with pytest.raises(ProducerError, match="no data"):
        run_on_a_loop(main())


def test_cancelling_the_task_stops_the_wait(device):
    never = ireec.Semaphore(device).fence(1)

    async def main():
        waiter = asyncio.ensure_future(never.wait_async())
        await asyncio.sleep(0)
        waiter.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiter
        # A deadline is asyncio's own: wait_for cancels the wait.
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(never, 0.01)
        return threading.enumerate()

    run_on_a_loop(main())
    # The waiting threads end within a slice of their cancellation.
    for thread in threading.enumerate():
        if thread.name == "ireec fence waiter":
            thread.join(HANG_GUARD_S)
            assert not thread.is_alive()
    assert not never.query()


def test_example_asyncio_calls():
    run = run_python(EXAMPLES_DIR / "asyncio_calls.py").check()
    assert run.stdout.splitlines() == [
        "awaited call:      4xf32=2 4 6 8",
        "awaited chain:     4xf32=6 12 18 24",
        "ticks meanwhile:   True",
        "failed fence:      DataLossError",
        "wait_for deadline: TimeoutError",
    ]
