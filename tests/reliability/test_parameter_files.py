"""Corrupt parameter files, and files swapped while they are loaded: each
case runs in a child process with a bounded time, and its verdict is the
right values or a typed exception naming what was wrong, never a signal, a
hang or a wrong value.

The classes: gguf files that IREE's parser divides by zero on (GGML types 4
and 5), misplaces the tensor data of (general.alignment 0, not a power of
two, past the end) or gives wrong lengths (sizes overflowing 64 bits), in
every load mode and through run-module; a file replaced (atomic rename)
between ireec's check and IREE's parse; a safetensors header nested
10,000 deep. (Bounds of the irpa and safetensors checks:
test_hostile_input.py and test_fuzz.py; the gguf fuzz: test_gguf_fuzz.py.)
"""

from __future__ import annotations

import json
import struct

import numpy as np
import pytest

from child_process import expect_error, returned, run_case, run_ireec
from parameter_files import write_gguf, write_safetensors

CHILD_TIMEOUT = 60
MODES = ["mmap", "file", "preload"]
WEIGHT = np.array([1.0, 2.0, 3.0, 4.0], np.float32)
BIAS = np.array([10.0, 20.0, 30.0, 40.0], np.float32)

# Loads sys.argv[1] in mode sys.argv[2]; the case returns each entry's
# values as float32.
LOAD_SETUP = '''
import sys
import numpy as np
import ireec
path, mode = sys.argv[1], sys.argv[2]
def values(index):
    return {e.key: np.frombuffer(index.read(e.key), np.float32).tolist() for e in index}
'''
LOAD = "return values(ireec.ParameterIndex().load(path, mode=mode))"


def load_case(path, mode, body=LOAD, setup=LOAD_SETUP) -> dict:
    return run_case(setup, body, str(path), mode, timeout=CHILD_TIMEOUT)


def gguf_bytes(tmp_path, alignment: int | None = None) -> bytearray:
    """A gguf file of "weight" then "bias" (f32[4] each) from the gguf
    package, with a general.alignment of 64 when `alignment` is given."""
    import gguf

    path = tmp_path / "source.gguf"
    writer = gguf.GGUFWriter(str(path), "ireec-test")
    if alignment is not None:
        writer.add_custom_alignment(64)
    writer.add_tensor("weight", WEIGHT)
    writer.add_tensor("bias", BIAS)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    data = bytearray(path.read_bytes())
    if alignment is not None:
        at = data.index(b"general.alignment") + len(b"general.alignment")
        assert struct.unpack_from("<II", data, at) == (4, 64)  # uint32 64
        struct.pack_into("<I", data, at + 4, alignment)
    return data


def weight_info(data: bytearray) -> int:
    """Where the "weight" tensor's n_dimensions field is."""
    return data.index(struct.pack("<Q", 6) + b"weight") + 14


def gguf_with(tmp_path, *, alignment=None, ggml_type=None, dimension=None):
    data = gguf_bytes(tmp_path, alignment)
    at = weight_info(data)
    assert struct.unpack_from("<IQI", data, at) == (1, 4, 0)  # rank 1, 4 elements, F32
    if dimension is not None:
        struct.pack_into("<Q", data, at + 4, dimension)
    if ggml_type is not None:
        struct.pack_into("<I", data, at + 12, ggml_type)
    path = tmp_path / "model.gguf"
    path.write_bytes(data)
    return path


# --- gguf -------------------------------------------------------------------------------

@pytest.mark.parametrize("mode", MODES)
def test_gguf_reads_right_values(tmp_path, mode):
    for alignment in (None, 64):
        path = gguf_with(tmp_path, alignment=alignment)
        assert returned(load_case(path, mode)) == {"weight": WEIGHT.tolist(),
                                                   "bias": BIAS.tolist()}


CORRUPT_GGUF = {
    "type 4": ({"ggml_type": 4}, "GGML type 4, which has no block size"),
    "type 5": ({"ggml_type": 5}, "GGML type 5, which has no block size"),
    "alignment 0": ({"alignment": 0}, "general.alignment 0 is not a power of two"),
    "alignment 2**32-1": ({"alignment": 0xFFFFFFFF},
                          "general.alignment 4294967295 is not a power of two"),
    "alignment 48": ({"alignment": 48}, "general.alignment 48 is not a power of two"),
    "alignment 2**31": ({"alignment": 1 << 31}, "past the end of the file"),
    "size overflow": ({"dimension": 1 << 62}, "overflows 64 bits"),
}


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("case", CORRUPT_GGUF)
def test_corrupt_gguf_is_refused(tmp_path, mode, case):
    changes, message = CORRUPT_GGUF[case]
    path = gguf_with(tmp_path, **changes)
    expect_error(load_case(path, mode), "InvalidArgumentError", "corrupt gguf file",
                 message, "loading parameters from")


@pytest.mark.parametrize("uri", ["local-task", "local-sync"])
def test_run_module_refuses_corrupt_gguf(program, tmp_path, uri):
    path = gguf_with(tmp_path, ggml_type=4)
    child = run_ireec("run-module", f"--device={uri}",
                      f"--module={program('parameters')}", "--function=affine",
                      "--input=4xf32=1", f"--parameters=model={path}",
                      cwd=tmp_path, timeout=CHILD_TIMEOUT)
    assert child.returncode == 1, child.report()
    assert "corrupt gguf file" in child.stderr and "GGML type 4" in child.stderr, \
        child.stderr
    assert "Traceback" not in child.stderr


# --- a file replaced between the check and the parse --------------------------------------

# The check of the format is followed, in the child, by an atomic rename of
# a corrupt file (a gguf tensor of GGML type 4) over the path: IREE must
# parse the file that was checked.
SWAP_SETUP = LOAD_SETUP + '''
import os
import ireec.io.parameters as parameters
checked = parameters.check_file_format
def check_then_swap(*args):
    checked(*args)
    os.replace(sys.argv[3], path)
parameters.check_file_format = check_then_swap
'''


@pytest.mark.parametrize("mode", MODES)
def test_file_swapped_after_the_check_is_not_parsed(tmp_path, mode):
    corrupt = gguf_with(tmp_path, ggml_type=4).rename(tmp_path / "corrupt.gguf")
    path = gguf_with(tmp_path)
    outcome = run_case(SWAP_SETUP, LOAD, str(path), mode, str(corrupt),
                       timeout=CHILD_TIMEOUT)
    assert returned(outcome) == {"weight": WEIGHT.tolist(), "bias": BIAS.tolist()}
    assert not corrupt.exists()  # the swap happened


# --- safetensors nested deep --------------------------------------------------------------

@pytest.mark.parametrize("depth", [65, 10_000])
def test_deeply_nested_safetensors_header_is_refused(tmp_path, depth):
    text = b'{"a":' + b"[" * (depth - 1) + b"]" * (depth - 1) + b"}"
    path = tmp_path / "deep.safetensors"
    path.write_bytes(struct.pack("<Q", len(text)) + text)
    for mode in MODES:
        expect_error(load_case(path, mode), "InvalidArgumentError",
                     f"header nests {depth} deep (at most 64)")


def test_nested_metadata_within_the_limit_loads(tmp_path):
    path = write_safetensors(tmp_path / "m.safetensors", {"weight": WEIGHT})
    data = path.read_bytes()
    (length,) = struct.unpack_from("<Q", data)
    header = json.loads(data[8:8 + length])
    nested: object = "x"
    for _ in range(60):
        nested = [nested]
    header["__metadata__"] = {"note": json.dumps(nested)}  # strings do not nest
    text = json.dumps(header).encode()
    text += b" " * (-len(text) % 8)
    path.write_bytes(struct.pack("<Q", len(text)) + text + data[8 + length:])
    assert returned(load_case(path, "mmap")) == {"weight": WEIGHT.tolist()}


def test_run_module_names_a_deep_header(program, tmp_path):
    text = b'{"a":' + b"[" * 10_000 + b"]" * 10_000 + b"}"
    path = tmp_path / "deep.safetensors"
    path.write_bytes(struct.pack("<Q", len(text)) + text)
    child = run_ireec("run-module", f"--module={program('parameters')}",
                      "--function=affine", "--input=4xf32=1", f"--parameters=model={path}",
                      cwd=tmp_path, timeout=CHILD_TIMEOUT)
    assert child.returncode == 1, child.report()
    assert "corrupt safetensors file" in child.stderr and "nests 10001 deep" in child.stderr, \
        child.stderr
    assert "RecursionError" not in child.stderr and "Traceback" not in child.stderr
