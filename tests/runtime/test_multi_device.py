"""Sessions over two devices: a program compiled for device_a and device_b
computes on each, moving tensors between them with flow.tensor.transfer."""

from __future__ import annotations

import gc

import numpy as np
import pytest

import ireec
from ireec import lib

from child_process import run_python
from locations import EXAMPLES_DIR, PROGRAMS_DIR

TWO_LOCAL_DEVICES = (
    "--iree-hal-target-device=device_a=local[0]",
    "--iree-hal-target-device=device_b=local[1]",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=host",
)

X = np.array([10.0, 11.0, 12.0, 13.0], np.float32)
# (x * [0, 1, 2, 3]) on device_a, then * [4, 5, 6, 7] on device_b.
EXPECTED = [0.0, 55.0, 144.0, 273.0]


@pytest.fixture(scope="module", params=["sync", "async-external"])
def vmfb(request, compile_mlir):
    flags = () if request.param == "sync" else ("--iree-execution-model=async-external",)
    return compile_mlir(PROGRAMS_DIR / "two_devices.mlir", *flags, target_flags=TWO_LOCAL_DEVICES)


@pytest.fixture(scope="module")
def instance():
    return ireec.Instance()


# Two devices of one CPU driver, the two drivers mixed (each device waiting
# in its queue on the other's semaphores), and devices with a discrete GPU's
# memory, the second with an executor of its own (docs/devices.md).
DEVICE_PAIRS = [("local-task", "local-task"), ("local-sync", "local-sync"),
                ("local-task", "local-sync"), ("local-sync", "local-task"),
                ("local-task://?memory=discrete",
                 "local-task://?memory=discrete&topology_group_count=1"),
                ("local-sync://?memory=discrete", "local-task://?memory=discrete")]


@pytest.fixture(params=DEVICE_PAIRS, ids="+".join)
def devices(instance, request):
    return [instance.create_device(uri) for uri in request.param]


@pytest.fixture
def session(instance, devices, vmfb):
    with ireec.Session(instance, devices=devices) as session:
        session.load_module(vmfb)
        yield session


def test_session_holds_both_devices_in_order(session, devices):
    assert [d.handle for d in session.devices] == [d.handle for d in devices]
    assert session.device.handle == devices[0].handle
    assert lib.iree_runtime_session_device(session.handle) == devices[0].handle


def test_input_on_the_first_device(session):
    (result,) = session.call("two_devices.two_device_mul", X)
    assert result.to_numpy().tolist() == EXPECTED


def test_input_on_the_second_device(session, devices):
    # Numpy arguments copied to device_b instead of device_a.
    (result,) = session.call("two_devices.two_device_mul", X, device=session.devices[1])
    assert result.to_numpy().tolist() == EXPECTED
    # A buffer view made on device_b by the caller.
    on_b = ireec.BufferView.from_numpy(devices[1], X)
    (result,) = session.call("two_devices.two_device_mul", on_b)
    assert result.to_numpy().tolist() == EXPECTED


def test_prepared_call_on_the_second_device(session):
    prepared = session.function("two_devices.two_device_mul").prepare(device=session.devices[1])
    for scale in range(1, 30):
        (result,) = prepared(X * scale)
        assert result.to_numpy().tolist() == [v * scale for v in EXPECTED]


def test_async_forms(session):
    fn = session.function("two_devices.two_device_mul")
    (first,), f1 = fn.call_async(X)
    (second,), f2 = fn.call_async(X * 2, wait=f1, device=session.devices[1])
    f2.wait()
    assert first.to_numpy().tolist() == EXPECTED
    assert second.to_numpy().tolist() == [2 * v for v in EXPECTED]
    if fn.uses_fences:
        assert fn.signature == "0rrr_r"
    else:
        assert fn.signature == "0r_r" and f1.timepoint_count == 0


def test_one_device_is_not_enough(instance, vmfb):
    with ireec.Session(instance, instance.create_device("local-task")) as session:
        # The HAL module initializes the program's devices when it loads.
        with pytest.raises(ireec.IncompatibleError, match="HAL device `device_b` not found"):
            session.load_module(vmfb)


@pytest.mark.parametrize("uris", DEVICE_PAIRS, ids="+".join)
def test_closing_the_callers_devices_first_is_safe(vmfb, uris):
    instance = ireec.Instance()
    devices = [instance.create_device(uri) for uri in uris]
    session = ireec.Session(instance, devices=devices)
    session.load_module(vmfb)
    for device in devices:
        device.close()
    instance.close()
    gc.collect()
    (result,) = session.call("two_devices.two_device_mul", X, device=session.devices[1])
    session.close()
    assert result.to_numpy().tolist() == EXPECTED


def test_example_two_devices():
    run = run_python(EXAMPLES_DIR / "two_devices.py").check()
    lines = [line.split(":", 1) for line in run.stdout.splitlines()]
    assert [(label, value.strip()) for label, value in lines] == [
        ("x", "[10. 11. 12. 13.]"),
        ("input on device_a", "4xf32=0 55 144 273"),
        ("input on device_b", "4xf32=0 55 144 273"),
        ("buffer view on device_b", "4xf32=0 55 144 273"),
        ("one device only", "IncompatibleError: HAL device `device_b` not found or unavailable"),
    ]
