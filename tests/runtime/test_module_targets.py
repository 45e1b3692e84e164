"""Modules for other CPUs, and bytes that are no module, as the Python API
meets them: a system-ELF module runs; a module for another architecture
names its executable format and this machine's; a module for CPU features
this machine lacks is a MissingCpuFeaturesError before any of its code runs
(in a child process: were it not refused, it would die of SIGILL); a file
that is not a compiled module says what it is and how to compile it. IREE's
own message is kept in each."""

from __future__ import annotations

import numpy as np
import pytest

import ireec
from child_process import run_python
from cpu_targets import (F16_MUL, HOST_ARCH, SYSTEM_ELF_FLAGS, flags_for_missing_feature,
                         missing_cpu_feature, other_architecture)
from locations import PROGRAMS_DIR

MATMUL = PROGRAMS_DIR / "matmul.mlir"


def test_a_system_elf_module_runs(compile_mlir, device):
    # The executables are a shared library IREE's system loader opens, as
    # IREE's tools run them.
    module = compile_mlir(MATMUL, target_flags=SYSTEM_ELF_FLAGS)
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = np.arange(12, dtype=np.float32).reshape(3, 4)
    with ireec.load_module(module, device=device) as m:
        assert np.array_equal(m.matmul(a, b).to_numpy(), a @ b)
    assert device.query_i64("hal.executable.format", f"system-elf-{HOST_ARCH}") == 1


def test_a_module_for_another_architecture_names_both_formats(compile_mlir, session_with):
    arch, flags = other_architecture()
    module = compile_mlir(MATMUL, target_flags=flags)
    session = session_with()
    with pytest.raises(ireec.IncompatibleError) as raised:
        session.load_module(module)
    message = str(raised.value)
    # IREE's cause, kept: the device symbol and the target it was built for.
    assert "HAL device `__device_0` not found or unavailable" in message
    assert f'"embedded-elf-{arch}"' in message
    # What ireec adds: its format, this machine's, and the recompile flags.
    assert f"the module's executables are embedded-elf-{arch}, which this session's " \
           f"devices ({[d.id for d in session.devices]}) cannot load" in message
    assert f"they run embedded-elf-{HOST_ARCH}, system-elf-{HOST_ARCH}, " \
           f"vmvx-bytecode-fb" in message
    assert "Recompile for this machine: iree-compile --iree-hal-target-device=local " \
           "--iree-hal-local-target-device-backends=llvm-cpu " \
           "--iree-llvmcpu-target-cpu=host" in message
    assert "more devices" not in message
    assert session.modules == ["hal"]


def test_a_module_for_cpu_features_this_machine_lacks_is_refused_before_it_runs(
        compile_mlir, tmp_path):
    feature = missing_cpu_feature()
    module = compile_mlir(F16_MUL, target_flags=flags_for_missing_feature(feature))
    # In a child: were it loaded and called, the process would die of SIGILL.
    child = run_python("-c", """
import sys, numpy as np, ireec
for source in (sys.argv[1], open(sys.argv[1], "rb").read()):
    try:
        m = ireec.load_module(source)
        print("loaded;", m.mul(np.ones(64, np.float16), np.ones(64, np.float16)))
    except ireec.MissingCpuFeaturesError as e:
        assert isinstance(e, ireec.IncompatibleError) and e.code == 18
        print(",".join(e.missing_features), "|", e)
""", module)
    child.check(0)
    lines = child.stdout.splitlines()
    assert len(lines) == 2, child.report()
    for line in lines:
        features, message = line.split(" | ", 1)
        assert features == feature
        assert f"executables were compiled for CPU features this machine lacks: " \
               f"{feature} " in message
        assert "Recompile for this machine (--iree-llvmcpu-target-cpu=host)" in message


@pytest.mark.parametrize("name, data, fragments", [
    ("simple_mul.mlir", (PROGRAMS_DIR / "simple_mul.mlir").read_bytes(),
     ["the data is text beginning `func.func @simple_mul(", "MLIR source, not a compiled module: "
      "compile it into a .vmfb first with iree-compile",
      "for this session's devices: iree-compile --iree-hal-target-device=local "
      "--iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host "
      "FILE.mlir -o FILE.vmfb"]),
    ("model.mlirbc", b"ML\xefR" + bytes(range(60)),
     ["the data is MLIR bytecode, not a compiled module"]),
    ("weights.npy", b"\x93NUMPY\x01\x00v\x00{'descr': '<f4'" + b" " * 100,
     ["the data is a numpy .npy file, not a compiled module"]),
    ("weights.irpa", b"IRPA" + bytes(124), ["the data is a parameter file (.irpa or .gguf)"]),
    ("notes.txt", b"hello, module\nsecond line\n" * 8,
     ["the data is text beginning `hello, module`, not a compiled bytecode module"]),
])
def test_a_file_that_is_no_module_says_what_it_is(session_with, tmp_path, name, data,
                                                  fragments):
    path = tmp_path / name
    path.write_bytes(data)
    session = session_with()
    for source in (path, data):
        with pytest.raises(ireec.InvalidArgumentError) as raised:
            session.load_module(source)
        message = str(raised.value)
        assert "FlatBuffer" in message or "archive" in message  # IREE's own cause
        for fragment in fragments:
            assert fragment in message, message
    assert session.modules == ["hal"]


def test_a_tensor_of_another_dtype_names_both_and_the_conversion(session_with):
    session = session_with("simple_mul")
    twos = np.full(4, 2, np.float32)
    for f64 in (np.arange(4.0), ireec.BufferView.from_numpy(session.device, np.arange(4.0))):
        with pytest.raises(ireec.InvalidArgumentError) as raised:
            session.call("module.simple_mul", f64, twos)
        # IREE's own words stay the message.
        assert "input0 element type mismatch; expected f32 (21000020) but have f64 " \
               "(21000040)" in str(raised.value)
        (note,) = [n for n in raised.value.__notes__ if "input0" in n]
        assert note.startswith("input0 is argument 1: it was given f64 elements "
                               "(numpy.float64) where the function declares f32 "
                               "(numpy.float32): convert it first (a numpy array: "
                               "`array.astype(numpy.float32)`)")
    with pytest.raises(ireec.InvalidArgumentError) as raised:
        session.call("module.simple_mul", twos, np.ones(4, np.int32))
    assert any("input1 is argument 2: it was given i32 elements (numpy.int32)" in note
               for note in raised.value.__notes__)
    # What the note says works.
    (result,) = session.call("module.simple_mul", np.arange(4.0).astype(np.float32), twos)
    assert result.to_numpy().tolist() == [0, 2, 4, 6]
