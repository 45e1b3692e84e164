"""Errors that say what to do (ireec/advice.py): each everyday mistake, made
for real against the runtime, and the content and length of what it says."""

from __future__ import annotations

import struct

import numpy as np
import pytest

import ireec
from locations import PROGRAMS_DIR

A = np.arange(4, dtype=np.float32)


def _newer_bytecode(vmfb: bytes) -> bytes:
    """The module with its bytecode version's major bumped, as a newer
    iree-compile's output is: field 13 (bytecode_version, major << 16 | minor)
    of the root table of the FlatBuffer that follows "IREE" in the archive."""
    data = bytearray(vmfb)
    base = data.find(b"IREE") - 4  # the root offset precedes the identifier
    root = base + struct.unpack_from("<I", data, base)[0]
    vtable = root - struct.unpack_from("<i", data, root)[0]
    field = struct.unpack_from("<H", data, vtable + 4 + 2 * 13)[0]
    version = struct.unpack_from("<I", data, root + field)[0]
    assert 10 <= version >> 16 <= 40, hex(version)  # it is the version field
    struct.pack_into("<I", data, root + field, version + (1 << 16))
    return bytes(data)


@pytest.mark.parametrize("as_file", [True, False])
def test_module_from_another_compiler_names_the_one_needed(session_with, program, tmp_path,
                                                           as_file):
    newer = _newer_bytecode(program("simple_mul").read_bytes())
    source = newer
    if as_file:
        source = tmp_path / "newer.vmfb"
        source.write_bytes(newer)
    session = session_with()
    with pytest.raises(ireec.InvalidArgumentError) as raised:
        session.load_module(source)
    message = str(raised.value)
    # IREE's cause first, kept whole, then what to do.
    assert "bytecode version mismatch; runtime supports" in message
    assert message.index("runtime supports") < message.index(
        "compiled by a different iree-compile")
    assert "this runtime needs iree-base-compiler==3.9.0" in message
    assert raised.value.code == ireec.lib.IREE_STATUS_INVALID_ARGUMENT
    assert str(raised.value.__cause__) in message
    assert session.modules == ["hal"]


def test_module_for_another_device_names_driver_devices_and_flags(session_with, compile_mlir):
    cuda = compile_mlir(PROGRAMS_DIR / "simple_mul.mlir",
                        target_flags=("--iree-hal-target-device=cuda",))
    session = session_with()
    with pytest.raises(ireec.IncompatibleError) as raised:
        session.load_module(cuda)
    message = str(raised.value)
    assert "'cuda' (HAL driver 'cuda')" in message
    assert f"this session has {[d.id for d in session.devices]}" in message
    assert ("iree-compile --iree-hal-target-device=local "
            "--iree-hal-local-target-device-backends=llvm-cpu") in message
    # IREE's cause is kept whole: the device symbol and the target.
    assert "HAL device `__device_0` not found or unavailable" in message
    assert '#hal.device.target<"cuda"' in message
    assert str(raised.value.__cause__).rstrip("; ") in message


@pytest.mark.parametrize("as_file", [True, False])
def test_second_module_of_the_same_name_is_refused(session_with, program, as_file):
    session = session_with("simple_mul")
    path = program("simple_mul")
    with pytest.raises(ireec.AlreadyExistsError) as raised:
        session.load_module(path if as_file else path.read_bytes())
    message = str(raised.value)
    assert "a module named 'module' is already loaded" in message
    assert len(message) < 400
    assert session.modules == ["hal", "module"]
    (result,) = session.call("module.simple_mul", A, A)
    assert result.to_numpy().tolist() == [0.0, 1.0, 4.0, 9.0]


def test_call_before_any_module_says_to_load_one(session_with):
    session = session_with()
    with pytest.raises(ireec.NotFoundError) as raised:
        session.call("module.simple_mul", A, A)
    message = str(raised.value)
    assert "no module is loaded yet (only IREE's 'hal')" in message
    assert "session.load_module(path)" in message
    assert len(message) < 400


def test_unknown_module_lists_the_loaded_ones(session_with):
    session = session_with("simple_mul")
    with pytest.raises(ireec.NotFoundError) as raised:
        session.function("modle.simple_mul")
    assert "no module 'modle': the loaded modules are 'module'" in str(raised.value)


def test_unknown_function_lists_the_module_exports(session_with):
    session = session_with("simple_mul")
    with pytest.raises(ireec.NotFoundError) as raised:
        session.call("module.simple_mull", A, A)
    message = str(raised.value)
    assert "module 'module' has no function 'simple_mull'; it exports: simple_mul" in message
    assert len(message) < 400
    with pytest.raises(ireec.InvalidArgumentError, match="e.g. 'module.simple_mul'"):
        session.function("simple_mul")


def test_modules_list_their_functions_with_signatures(session_with):
    session = session_with("simple_mul")
    modules = session.modules
    assert modules == ["hal", "module"] and modules[1] == "module"
    functions = modules["module"].functions
    assert list(functions) == ["simple_mul"]
    simple_mul = functions["simple_mul"]
    assert simple_mul.name == "simple_mul" and simple_mul.signature == "0rr_r"
    assert simple_mul.declaration.startswith("sync func @simple_mul(%input0: tensor<4xf32>")
    assert str(simple_mul) == simple_mul.declaration
    assert "buffer_view.create" in modules["hal"].functions  # IREE's HAL module
    with pytest.raises(KeyError, match="no module named 'nope' is loaded"):
        modules["nope"]


def test_module_for_more_devices_says_so(session_with, compile_mlir):
    two = compile_mlir(PROGRAMS_DIR / "two_devices.mlir",
                       target_flags=("--iree-hal-target-device=device_a=local[0]",
                                     "--iree-hal-target-device=device_b=local[1]",
                                     "--iree-hal-local-target-device-backends=llvm-cpu",
                                     "--iree-llvmcpu-target-cpu=host"))
    session = session_with()
    with pytest.raises(ireec.IncompatibleError) as raised:
        session.load_module(two)
    message = str(raised.value)
    assert "INCOMPATIBLE; HAL device `device_b` not found or unavailable: " in message
    assert ("the module was compiled for more devices than this session has "
            f"({[d.id for d in session.devices]})") in message
    assert "devices=[d0, d1, ...]" in message
    assert str(raised.value.__cause__).rstrip("; ") in message


# A program whose locations have empty names (`loc(""(...))`), as jax >= 0.7
# exports them: iree-compile 3.9 writes a source map IREE's verifier refuses.
EMPTY_NAME_LOCATIONS = """
#file = loc("model.py":3:7)
#named = loc(""(#file))
func.func @main(%a: tensor<4xf32> loc(#named), %b: tensor<4xf32> loc(#named)) -> tensor<4xf32> {
  %0 = arith.mulf %a, %b : tensor<4xf32> loc(#named)
  return %0 : tensor<4xf32> loc(#named)
} loc(#named)
"""


def test_module_with_unnamed_locations_names_the_flag(session_with, compile_mlir):
    refused = compile_mlir(EMPTY_NAME_LOCATIONS)
    session = session_with()
    with pytest.raises(ireec.InvalidArgumentError) as raised:
        session.load_module(refused)
    message = str(raised.value)
    assert "FlatBuffer verification failed: union element absent without type NONE" in message
    assert "recompile with --iree-vm-bytecode-module-strip-source-map=true" in message
    assert session.modules == ["hal"]
    # The advice works: the same program with that flag loads and runs.
    fixed = compile_mlir(EMPTY_NAME_LOCATIONS,
                         "--iree-vm-bytecode-module-strip-source-map=true")
    session.load_module(fixed)
    (result,) = session.call("module.main", A, A)
    assert result.to_numpy().tolist() == [0, 1, 4, 9]
