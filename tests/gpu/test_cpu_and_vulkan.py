"""A program spanning a CPU device and a Vulkan device (lavapipe in CI):
IREE's own multi-device test program (tests/programs/multi_device_mul.mlir)
on every pair of a CPU device and the Vulkan device, both orders, both
asynchronous execution models, printing through `python -m ireec
run-module` exactly what IREE's iree-run-module prints for it on two CPU
devices; results handed between sessions on either device; failures that
reach the caller typed and named. The two devices share no semaphore and no
memory the other's queue takes (csrc/hal/semaphore_bridge.c,
csrc/hal/stage_set.c)."""

from __future__ import annotations

import threading

import numpy as np
import pytest

import ireec

from child_process import run_ireec
from cli_support import run_iree_tool
from gpu_support import VULKAN_FLAGS
from locations import PROGRAMS_DIR

PROGRAM = PROGRAMS_DIR / "multi_device_mul.mlir"
CPU_DEVICES = ["local-task", "local-sync", "local-task://?memory=discrete"]
VULKAN_MEMORIES = ["", "?memory=discrete"]
MODELS = ["async-external", "async-internal"]
LOCAL = ("--iree-hal-local-target-device-backends=llvm-cpu", "--iree-llvmcpu-target-cpu=host")
X = np.array([10.0, 11.0, 12.0, 13.0], np.float32)
EXPECTED = (X * np.array([0, 1, 2, 3], np.float32)) * np.array([4, 5, 6, 7], np.float32)


def compile_for(compile_mlir, first: str, second: str, model: str):
    return compile_mlir(PROGRAM, f"--iree-execution-model={model}",
                        f"--iree-hal-target-device=device_a={first}",
                        f"--iree-hal-target-device=device_b={second}", *LOCAL,
                        target_flags=())


@pytest.fixture(scope="module")
def iree_on_two_cpus(compile_mlir):
    """What IREE's own tool prints for the program on two CPU devices."""
    vmfb = compile_for(compile_mlir, "local[0]", "local[1]", "async-external")
    result = run_iree_tool("iree-run-module", f"--module={vmfb}",
                           "--function=multi_device_mul", "--input=4xf32=10,11,12,13",
                           "--device=local-task", "--device=local-task")
    assert result.returncode == 0, result.stderr
    assert result.stdout.endswith("4xf32=0 55 144 273\n")
    return result.stdout


@pytest.mark.parametrize("model", MODELS)
@pytest.mark.parametrize("memory", VULKAN_MEMORIES)
@pytest.mark.parametrize("cpu", CPU_DEVICES)
@pytest.mark.parametrize("cpu_first", [True, False], ids=["cpu-vulkan", "vulkan-cpu"])
def test_run_module_prints_what_iree_prints_on_two_cpus(
        compile_mlir, vulkan_uri, iree_on_two_cpus, cpu, memory, model, cpu_first):
    vulkan = f"{vulkan_uri}{memory}"
    first, second = ("local", "vulkan") if cpu_first else ("vulkan", "local")
    devices = (cpu, vulkan) if cpu_first else (vulkan, cpu)
    vmfb = compile_for(compile_mlir, first, second, model)
    result = run_ireec("run-module", f"--module={vmfb}", "--function=multi_device_mul",
                       "--input=4xf32=10,11,12,13", *(f"--device={d}" for d in devices))
    assert result.returncode == 0, result.report()
    assert result.stdout == iree_on_two_cpus
    assert result.stderr == ""


@pytest.mark.parametrize("cpu", CPU_DEVICES)
@pytest.mark.parametrize("memory", VULKAN_MEMORIES)
def test_sessions_over_both_devices_in_python(compile_mlir, instance, vulkan_uri, cpu, memory):
    vulkan = instance.create_device(f"{vulkan_uri}{memory}")
    for first, second, devices in (("local", "vulkan", [instance.create_device(cpu), vulkan]),
                                   ("vulkan", "local", [vulkan, instance.create_device(cpu)])):
        for model in MODELS:
            with ireec.Session(instance, devices=devices) as session:
                session.load_module(compile_for(compile_mlir, first, second, model))
                for _ in range(20):
                    (result,) = session.call("multi.multi_device_mul", X)
                    assert result.to_numpy().tolist() == EXPECTED.tolist()


@pytest.fixture(scope="module")
def cpu_mul(program):
    return program("simple_mul")


@pytest.mark.parametrize("cpu", CPU_DEVICES)
@pytest.mark.parametrize("memory", VULKAN_MEMORIES)
def test_results_handed_between_sessions_both_ways(instance, vulkan_uri, vulkan_program,
                                                   cpu_mul, cpu, memory):
    a = np.array([1, 2, 3, 4], np.float32)
    b = np.array([10, 20, 30, 40], np.float32)
    with ireec.Session(instance, instance.create_device(cpu)) as on_cpu, \
            ireec.Session(instance, instance.create_device(f"{vulkan_uri}{memory}")) as on_gpu:
        on_cpu.load_module(cpu_mul)
        on_gpu.load_module(vulkan_program("simple_mul"))
        (r1,) = on_cpu.call("module.simple_mul", a, b)
        (r2,) = on_gpu.call("module.simple_mul", r1, b)    # a CPU result on Vulkan
        (r3,) = on_cpu.call("module.simple_mul", r2, a)    # a Vulkan result on the CPU
        (r4,) = on_gpu.call("module.simple_mul", r3, r2)   # and back, twice
        assert r2.to_numpy().tolist() == (a * b * b).tolist()
        assert r3.to_numpy().tolist() == (a * b * b * a).tolist()
        assert r4.to_numpy().tolist() == ((a * b * b * a) * (a * b * b)).tolist()


@pytest.mark.parametrize("cpu", CPU_DEVICES)
@pytest.mark.parametrize("waiter_is_gpu", [True, False], ids=["gpu-waits", "cpu-waits"])
def test_work_waiting_across_drivers_runs_or_fails_with_the_root_cause(
        instance, vulkan_uri, cpu, waiter_is_gpu):
    # A queue operation of one device waits on a semaphore of the other
    # device's driver: it runs once that is signalled, and when it fails
    # instead, its signal carries the root cause. Nothing waits for ever.
    # (The upstream semaphore is settled from another thread: IREE's Vulkan
    # queue, like local-sync's, returns from a submission only once its work
    # is done.)
    gpu = instance.create_device(vulkan_uri)
    cpu_device = instance.create_device(cpu)
    waiter, signaller = (gpu, cpu_device) if waiter_is_gpu else (cpu_device, gpu)
    for outcome in ("signalled", "failed"):
        upstream = ireec.Semaphore(signaller, 0)
        downstream = ireec.Semaphore(waiter, 0)
        target = waiter.allocator.allocate_buffer(16)
        settle = ((lambda: upstream.signal(1)) if outcome == "signalled" else
                  (lambda: upstream.fail("the producer broke", ireec.lib.IREE_STATUS_DATA_LOSS)))
        timer = threading.Timer(0.3, settle)
        timer.start()
        waiter.queue_fill(target, 0, 16, np.uint32(7), wait=[(upstream, 1)],
                          signal=[(downstream, 1)])
        timer.join()
        if outcome == "signalled":
            downstream.wait(1, timeout=60)
            view = ireec.BufferView(target, [4], ireec.lib.IREE_HAL_ELEMENT_TYPE_UINT_32)
            assert view.to_numpy().tolist() == [7, 7, 7, 7]
        else:
            with pytest.raises(ireec.IreeError) as raised:
                downstream.wait(1, timeout=60)
            assert "the producer broke" in str(raised.value)


def test_a_failed_wait_fence_reaches_the_caller_named(compile_mlir, instance, vulkan_uri):
    # The caller's wait fence fails while the call waits for it: the call
    # raises the root cause, and no result pretends to be ready.
    devices = [instance.create_device("local-task"), instance.create_device(vulkan_uri)]
    with ireec.Session(instance, devices=devices) as session:
        session.load_module(compile_for(compile_mlir, "local", "vulkan", "async-external"))
        semaphore = ireec.Semaphore(devices[0], 0)
        timer = threading.Timer(0.2, semaphore.fail, ("the input was never made",
                                                      ireec.lib.IREE_STATUS_DATA_LOSS))
        timer.start()
        with pytest.raises(ireec.IreeError) as raised:
            session.function("multi.multi_device_mul").call_async(
                X, wait=ireec.Fence.at(semaphore, 1))
        timer.join()
        assert "the input was never made" in str(raised.value)
