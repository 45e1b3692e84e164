"""Calls on IREE's Vulkan driver (lavapipe in CI): every call form ireec
has on CPU devices, on both kinds of memory (lavapipe's device-local memory
is host memory, which ireec's devices map; with `?memory=discrete`, IREE's
own DEVICE_LOCAL memory the host cannot map, read back by the device, as on
a discrete GPU), programs checked against numpy, parameters, and the ported
template sample."""

from __future__ import annotations

import numpy as np
import pytest

import ireec
from ireec.hal import BufferUsage, MemoryType

from child_process import run_python
from gpu_support import VULKAN_FLAGS
from locations import EXAMPLES_DIR, doc_blocks
from parameter_files import write_safetensors

A = np.array([1.0, 2.0, 3.0, 4.0], np.float32)
B = np.array([10.0, 20.0, 30.0, 40.0], np.float32)
ASYNC_FLAGS = ("--iree-execution-model=async-external",)


@pytest.fixture(scope="module", params=["host", "discrete"])
def memory(request):
    return request.param


@pytest.fixture(scope="module")
def device(instance, vulkan_uri, memory):
    """The Vulkan device with each kind of memory in turn."""
    uri = vulkan_uri if memory == "host" else f"{vulkan_uri}?memory=discrete"
    with instance.create_device(uri) as device:
        yield device


@pytest.fixture(scope="module")
def session(instance, device, vulkan_program):
    with ireec.Session(instance, device) as session:
        for name in ("simple_mul", "matmul", "dynamic"):
            session.load_module(vulkan_program(name))
        yield session


def test_a_full_call_matches_numpy(session):
    (product,) = session.call("module.simple_mul", A, B)
    assert product.to_numpy().tolist() == (A * B).tolist()
    assert str(product) == "4xf32=10 40 90 160"


def test_results_are_read_back_on_either_memory(session, memory):
    (product,) = session.call("module.simple_mul", A, B)
    buffer = product.buffer
    assert buffer.memory_type & MemoryType.DEVICE_LOCAL
    if memory == "host":
        # lavapipe's device memory is host memory: mapped, as on a CPU.
        assert buffer.memory_type & MemoryType.HOST_VISIBLE
        with buffer.map_range(byte_length=16) as mapped:
            assert np.frombuffer(mapped, np.float32).tolist() == [10, 40, 90, 160]
    else:
        # A discrete GPU's result memory, which the host cannot map.
        assert not buffer.memory_type & MemoryType.HOST_VISIBLE
        with pytest.raises(ireec.PermissionDeniedError, match="HOST_VISIBLE"):
            buffer.map_range(byte_length=16)
    assert product.to_numpy().tolist() == [10, 40, 90, 160]


def test_out_bound_and_prepared_calls(session):
    out = np.empty(4, np.float32)
    session.call("module.simple_mul", A, B, out=out)
    assert out.tolist() == [10, 40, 90, 160]
    prepared = session.function("module.simple_mul").prepare()
    assert prepared(A, np.ones(4, np.float32))[0].to_numpy().tolist() == A.tolist()
    with prepared.bind(A, np.full(4, 3, np.float32)) as bound:
        for _ in range(50):
            assert bound()[0].to_numpy().tolist() == [3, 6, 9, 12]
        bound(out=out)
        assert out.tolist() == [3, 6, 9, 12]


def test_buffer_views_made_on_the_device_are_arguments(session, device):
    a = ireec.BufferView.from_numpy(device, A)
    b = ireec.BufferView.from_numpy(device, B)
    (product,) = session.call("module.simple_mul", a, b)
    assert product.to_numpy().tolist() == [10, 40, 90, 160]
    # Memory the host maps, made on the device, is an argument too.
    mappable = ireec.BufferView.from_numpy(
        device, B, memory_type=MemoryType.HOST_LOCAL | MemoryType.DEVICE_VISIBLE,
        usage=BufferUsage.DEFAULT | BufferUsage.MAPPING)
    assert session.call("module.simple_mul", a, mappable)[0].to_numpy().tolist() == [
        10, 40, 90, 160]


def test_a_512_matmul_matches_numpy(session):
    rng = np.random.default_rng(7)
    a = rng.standard_normal((512, 512), dtype=np.float32)
    b = rng.standard_normal((512, 512), dtype=np.float32)
    (product,) = session.call("matmul.matmul", a, b)
    assert product.shape == (512, 512)
    np.testing.assert_allclose(product.to_numpy(), a @ b, rtol=1e-4, atol=1e-3)


@pytest.mark.parametrize("rows, cols", [(1, 1), (3, 5), (64, 17), (1, 100003)])
def test_dynamic_shapes_match_numpy(session, rows, cols):
    a = np.arange(rows * cols, dtype=np.float32).reshape(rows, cols)
    b = np.full((rows, cols), 0.5, np.float32)
    (total,) = session.call("dynamic.dyn_add", a, b)
    assert total.shape == (rows, cols)
    assert np.array_equal(total.to_numpy(), a + b)


# (IREE 3.9's SPIR-V for this reduction sums at most 65535 elements on
# lavapipe, whose workgroup count limit is 65535: IREE's own iree-run-module
# prints 65535 for 65536 ones too. docs/gpus.md says so.)
@pytest.mark.parametrize("n", [1, 1000, 65535])
def test_a_dynamic_length_and_a_reduction(session, n):
    x = np.ones(n, np.float32)
    doubled, total = session.call("dynamic.double_and_sum", x)
    assert np.array_equal(doubled.to_numpy(), 2 * x)
    assert total == float(n)


def test_async_calls_with_fences(instance, device, vulkan_program):
    with ireec.Session(instance, device) as session:
        session.load_module(vulkan_program("async_ops", *ASYNC_FLAGS))
        mul = session.function("async_ops.async_mul")
        (p1,), f1 = mul.call_async(A, B)
        # The second call waits on the first's fence on the device's queue.
        (p2,), f2 = mul.call_async(p1, np.full(4, 2, np.float32), wait=f1)
        f2.wait()
        assert f1.query() and f2.query()
        assert p2.to_numpy().tolist() == [20, 80, 180, 320]
        ((semaphore, value),) = f2.timepoints
        assert semaphore.query() >= value
        # Called synchronously, ireec makes the fences and waits.
        (total,) = session.call("async_ops.async_add_dyn", np.arange(5, dtype=np.float32),
                                np.ones(5, np.float32))
        assert total.to_numpy().tolist() == [1, 2, 3, 4, 5]


def test_parameters_are_read_on_the_device(instance, device, vulkan_program, tmp_path):
    weight = np.array([1, 2, 3, 4], np.float32)
    bias = np.array([10, 20, 30, 40], np.float32)
    path = write_safetensors(tmp_path / "model.safetensors", {"weight": weight, "bias": bias})
    with ireec.Session(instance, device) as session:
        session.load_parameters(path, "model")
        session.load_module(vulkan_program("parameters"))
        x = np.array([1, -1, 0.5, 2], np.float32)
        (y,) = session.call("params.affine", x)
        assert y.to_numpy().tolist() == (x * weight + bias).tolist()


def test_many_calls_stay_right(session):
    rng = np.random.default_rng(1)
    for _ in range(400):
        a = rng.standard_normal(4, dtype=np.float32)
        b = rng.standard_normal(4, dtype=np.float32)
        assert np.array_equal(session.call("module.simple_mul", a, b)[0].to_numpy(), a * b)


# --- the template sample ---------------------------------------------------------


def test_the_template_sample_prints_what_the_c_sample_prints(compile_mlir, vulkan_uri):
    # examples/hello_world.py, IREE's template sample, unchanged: its
    # DEVICE_LOCAL inputs and result are host memory on lavapipe, which
    # ireec's device maps, as on a CPU device.
    vmfb = compile_mlir(EXAMPLES_DIR / "jit_mul.mlir", target_flags=VULKAN_FLAGS)
    result = run_python(EXAMPLES_DIR / "hello_world.py", vulkan_uri, vmfb).check()
    assert result.stdout.rstrip("\n") == (
        "4xf32=1 1.1 1.2 1.3\n * \n4xf32=10 100 1000 10000\n = \n4xf32=10 110 1200 13000")
    assert result.stderr == ""


def test_the_template_sample_on_discrete_memory_fails_as_on_a_gpu(compile_mlir, vulkan_uri):
    # With IREE's memory types (?memory=discrete), the C sample prints
    # nothing for its inputs and fails printing its result, as on a discrete
    # GPU (docs/non_mappable.md); so does the port, exactly as on a CPU
    # device with a GPU's memory.
    vmfb = compile_mlir(EXAMPLES_DIR / "jit_mul.mlir", target_flags=VULKAN_FLAGS)
    on_vulkan = run_python(EXAMPLES_DIR / "hello_world.py", f"{vulkan_uri}?memory=discrete",
                           vmfb)
    on_discrete = run_python(EXAMPLES_DIR / "hello_world.py", "local-task://?memory=discrete",
                             compile_mlir(EXAMPLES_DIR / "jit_mul.mlir"))
    assert on_vulkan.returncode == on_discrete.returncode == 7  # PERMISSION_DENIED
    assert on_vulkan.stdout == on_discrete.stdout == "\n * \n\n = \n"
    for result in (on_vulkan, on_discrete):
        assert result.stderr.rstrip().endswith(
            "PERMISSION_DENIED; buffer memory type is not compatible with the requested "
            "operation; buffer has DEVICE_LOCAL, operation requires HOST_VISIBLE")


def test_the_template_sample_prints_mappable_results(compile_mlir, vulkan_uri):
    vmfb = compile_mlir(EXAMPLES_DIR / "jit_mul.mlir", "--iree-hal-external-resources-mappable=true",
                        target_flags=VULKAN_FLAGS)
    result = run_python(EXAMPLES_DIR / "hello_world.py", f"{vulkan_uri}?memory=discrete",
                        vmfb).check()
    assert result.stdout == "\n * \n\n = \n4xf32=10 110 1200 13000"


def test_a_bad_memory_parameter_is_refused(instance, vulkan_uri):
    with pytest.raises(ireec.InvalidArgumentError, match="memory=shared: an accelerator's "
                                                         "memory is host .* or discrete"):
        instance.create_device(f"{vulkan_uri}?memory=shared")


@pytest.mark.parametrize("index, name", [(0, "readback_raw.py"), (1, "readback_pythonic.py")])
def test_the_readback_patterns_print_everything_on_vulkan(compile_mlir, vulkan_uri, tmp_path,
                                                          index, name):
    # docs/non_mappable.md's correct patterns, run as the page runs them on
    # a CPU device with a GPU's memory, print the same on the real thing.
    script = tmp_path / name
    script.write_text(doc_blocks("non_mappable.md", "python")[index])
    on_vulkan = run_python(script, f"{vulkan_uri}?memory=discrete", compile_mlir(
        EXAMPLES_DIR / "jit_mul.mlir", target_flags=VULKAN_FLAGS)).check()
    on_discrete = run_python(script, "local-task://?memory=discrete",
                             compile_mlir(EXAMPLES_DIR / "jit_mul.mlir")).check()
    assert on_vulkan.stdout == on_discrete.stdout
    assert "4xf32=10 110 1200 13000" in on_vulkan.stdout
