"""IREE's own cuda driver in ireec. Tests marked `cuda` run where there is a
CUDA device (an NVIDIA GPU and libcuda); `no_cuda` ones check what a user
gets where there is none. The others are deselected by tests/conftest.py:
a run on either kind of machine reports them as deselected. (The whole CUDA
path on a GPU machine without network: scripts/gpu_check.py.)"""

from __future__ import annotations

import numpy as np
import pytest

import ireec
from ireec.hal import MemoryType

from child_process import run_ireec, run_python
from cli_support import one_line_error
from gpu_support import CUDA_FLAGS
from locations import EXAMPLES_DIR

A = np.array([1.0, 2.0, 3.0, 4.0], np.float32)
B = np.array([10.0, 20.0, 30.0, 40.0], np.float32)


@pytest.fixture(scope="module")
def cuda_program(compile_mlir):
    def get(name: str, *flags: str):
        from locations import PROGRAMS_DIR
        return compile_mlir(PROGRAMS_DIR / f"{name}.mlir", *flags, target_flags=CUDA_FLAGS)
    return get


# --- where there is no CUDA device --------------------------------------------


@pytest.mark.no_cuda
def test_the_cuda_driver_is_registered_and_refuses_naming_libcuda(instance):
    assert "cuda" in [d.name for d in instance.query_drivers()]
    with pytest.raises(ireec.UnavailableError) as raised:
        instance.create_device("cuda")
    message = str(raised.value)
    assert "libcuda.so" in message
    assert "an NVIDIA GPU and its driver" in message


@pytest.mark.no_cuda
def test_tools_refuse_in_one_line_naming_libcuda(program):
    result = run_ireec("run-module", f"--module={program('simple_mul')}", "--device=cuda",
                       "--input=4xf32=1", "--input=4xf32=2")
    assert result.returncode == 1
    one_line_error(result.stderr, "run-module", "UNAVAILABLE", "libcuda.so",
                   "IREE's cuda driver (lent by iree-base-runtime 3.9.0) needs")
    dump = run_ireec("dump-devices").check().stdout
    cuda_part = dump.split("# Enumerated devices for driver 'cuda'")[1].split(
        "# Enumerated devices for driver 'hip'")[0]
    assert "libcuda.so" in cuda_part


@pytest.mark.no_cuda
def test_the_template_sample_exits_with_the_status_code(compile_mlir):
    vmfb = compile_mlir(EXAMPLES_DIR / "jit_mul.mlir", target_flags=CUDA_FLAGS)
    result = run_python(EXAMPLES_DIR / "hello_world.py", "cuda", vmfb)
    assert result.returncode == 14  # IREE_STATUS_UNAVAILABLE
    assert "libcuda.so" in result.stderr
    assert result.stdout == ""


# --- on a CUDA device -------------------------------------------------------------


@pytest.fixture(scope="module")
def cuda_session(instance, cuda_program):
    with instance.create_device("cuda") as device, ireec.Session(instance, device) as session:
        for name in ("simple_mul", "matmul"):
            session.load_module(cuda_program(name))
        yield session


@pytest.mark.cuda
def test_calls_on_cuda_match_numpy(cuda_session):
    (product,) = cuda_session.call("module.simple_mul", A, B)
    assert product.to_numpy().tolist() == [10, 40, 90, 160]
    # Device memory the host cannot map, read back by the device.
    assert product.buffer.memory_type & MemoryType.DEVICE_LOCAL
    rng = np.random.default_rng(3)
    a = rng.standard_normal((512, 512), dtype=np.float32)
    b = rng.standard_normal((512, 512), dtype=np.float32)
    (c,) = cuda_session.call("matmul.matmul", a, b)
    np.testing.assert_allclose(c.to_numpy(), a @ b, rtol=1e-4, atol=1e-3)


@pytest.mark.cuda
def test_async_calls_on_cuda(instance, cuda_program):
    with instance.create_device("cuda") as device, ireec.Session(instance, device) as session:
        session.load_module(cuda_program("async_ops", "--iree-execution-model=async-external"))
        mul = session.function("async_ops.async_mul")
        (p1,), f1 = mul.call_async(A, B)
        (p2,), f2 = mul.call_async(p1, np.full(4, 2, np.float32), wait=f1)
        f2.wait()
        assert p2.to_numpy().tolist() == [20, 80, 180, 320]


@pytest.mark.cuda
def test_the_template_sample_runs_on_cuda(compile_mlir):
    # DEVICE_LOCAL inputs and result the host cannot map: what the C sample
    # prints on a GPU (docs/non_mappable.md).
    vmfb = compile_mlir(EXAMPLES_DIR / "jit_mul.mlir", target_flags=CUDA_FLAGS)
    result = run_python(EXAMPLES_DIR / "hello_world.py", "cuda", vmfb)
    assert result.returncode == 7
    assert result.stdout == "\n * \n\n = \n"
