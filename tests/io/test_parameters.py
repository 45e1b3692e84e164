"""Parameters: modules whose globals are read from parameter files (irpa,
gguf, safetensors) or from memory, through ireec.ParameterIndex and
Session.load_parameters. Every file is made at test time; every number is
read back from a real call."""

from __future__ import annotations

import gc
import importlib.util

import numpy as np
import pytest

import ireec
from ireec.io.file_handle import lent_memory_count

from child_process import ChildResult, run_python
from locations import EXAMPLES_DIR
from parameter_files import (
    run_tool,
    tool,
    write_gguf,
    write_irpa,
    write_safetensors,
    write_sparse_safetensors,
)

WEIGHT = np.array([1.0, 2.0, 3.0, 4.0], np.float32)
BIAS = np.array([10.0, 20.0, 30.0, 40.0], np.float32)
X = np.array([1.0, -1.0, 0.5, 2.0], np.float32)
AFFINE = X * WEIGHT + BIAS   # tests/programs/parameters.mlir's @affine


@pytest.fixture(scope="module")
def affine(program):
    return program("parameters")


def run_affine(session, x=X):
    (result,) = session.call("params.affine", x)
    return result.to_numpy()


def new_session(instance, device, sources=(), vmfb=None):
    """A session given each (source, scope) in `sources`, then `vmfb`."""
    session = ireec.Session(instance, device)
    for source, scope in sources:
        session.load_parameters(source, scope)
    if vmfb is not None:
        session.load_module(vmfb)
    return session


# ---------------------------------------------------------------------------
# Each format
# ---------------------------------------------------------------------------

def test_safetensors_file(instance, device, affine, tmp_path):
    path = write_safetensors(tmp_path / "model.safetensors",
                             {"weight": WEIGHT, "bias": BIAS})
    index = ireec.ParameterIndex().load(path)
    assert len(index) == 2 and index.keys() == ["weight", "bias"]
    assert index["weight"].length == 16 and index["weight"].storage == "file"
    session = new_session(instance, device, [(path, "model")], affine)
    assert session.modules == ["hal", "io_parameters", "params"]
    np.testing.assert_array_equal(run_affine(session), AFFINE)


def test_irpa_from_iree_create_parameters(instance, device, affine, tmp_path):
    # A splat (stored as its pattern, in no file) and zeroed data on disk.
    path = tmp_path / "model.irpa"
    run_tool(tool("iree-create-parameters"), "--splat=weight=4xf32=3",
             "--data=bias=4xf32", f"--output={path}")
    index = ireec.ParameterIndex().load(path)
    entries = {e.key: e for e in index}
    assert entries["weight"].storage == "splat"
    assert entries["weight"].pattern == np.float32(3).tobytes()
    assert entries["bias"].storage == "file" and entries["bias"].length == 16
    session = new_session(instance, device, [(path, "model")], affine)
    np.testing.assert_array_equal(run_affine(session), X * 3)


def test_irpa_with_data(instance, device, affine, tmp_path):
    path = write_irpa(tmp_path / "model.irpa", {"weight": WEIGHT, "bias": BIAS}, tmp_path)
    session = new_session(instance, device, [(path, "model")], affine)
    np.testing.assert_array_equal(run_affine(session), AFFINE)


def test_gguf_file(instance, device, affine, tmp_path):
    path = write_gguf(tmp_path / "model.gguf", {"weight": WEIGHT, "bias": BIAS})
    assert sorted(ireec.ParameterIndex().load(path).keys()) == ["bias", "weight"]
    session = new_session(instance, device, [(path, "model")], affine)
    np.testing.assert_array_equal(run_affine(session), AFFINE)


def _load_example():
    spec = importlib.util.spec_from_file_location("parameters_example",
                                                  EXAMPLES_DIR / "parameters.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_irpa_from_iree_import_onnx(instance, device, tmp_path):
    example = _load_example()
    vmfb, irpa, weights = example.build(tmp_path)
    index = ireec.ParameterIndex().load(irpa)
    assert sorted(index.keys()) == sorted(weights)
    for key, value in weights.items():
        assert index[key].length == value.nbytes
    session = new_session(instance, device, [(irpa, "model")], vmfb)
    x = np.random.default_rng(7).standard_normal((example.BATCH, example.IN)).astype(np.float32)
    (y,) = session.call("module.mlp", x)
    np.testing.assert_allclose(y.to_numpy(), example.mlp_numpy(x, weights),
                               rtol=1e-5, atol=1e-5)


def test_example_runs():
    result = run_python(EXAMPLES_DIR / "parameters.py", timeout=600).check()
    assert "match: True" in result.stdout
    assert "modules: ['hal', 'io_parameters', 'module']" in result.stdout


@pytest.mark.parametrize("mode", ["mmap", "file", "preload"])
def test_modes_read_the_same_values(instance, device, affine, tmp_path, mode):
    path = write_irpa(tmp_path / "model.irpa", {"weight": WEIGHT, "bias": BIAS}, tmp_path)
    session = ireec.Session(instance, device)
    session.load_parameters(path, "model", mode=mode)
    session.load_module(affine)
    np.testing.assert_array_equal(run_affine(session), AFFINE)


def test_unscoped_parameters(instance, device, program, tmp_path):
    path = write_safetensors(tmp_path / "p.safetensors", {"offset": BIAS})
    session = new_session(instance, device, [(path, "")], program("unscoped_parameter"))
    (y,) = session.call("unscoped.shift", X)
    np.testing.assert_array_equal(y.to_numpy(), X + BIAS)


# ---------------------------------------------------------------------------
# In memory
# ---------------------------------------------------------------------------

def test_in_memory_parameters_stay_alive(instance, device, affine):
    before = lent_memory_count()
    weight = WEIGHT.copy()
    index = ireec.ParameterIndex()
    index.add("weight", weight)              # writable: used in place
    index.add("bias", BIAS.tobytes())        # read-only: copied once
    assert index.keys() == ["weight", "bias"]
    assert [e.length for e in index] == [16, 16]
    assert lent_memory_count() == before + 2
    session = ireec.Session(instance, device)
    session.load_parameters(index, "model")
    # Nothing but IREE refers to the memory any more.
    del weight, index
    gc.collect()
    session.load_module(affine)
    np.testing.assert_array_equal(run_affine(session), AFFINE)
    np.testing.assert_array_equal(run_affine(session, X * 2), X * 2 * WEIGHT + BIAS)
    # Released once nothing in IREE holds the parameters.
    session.close()
    gc.collect()
    assert lent_memory_count() == before


def test_aligned_memory_is_used_in_place(instance, device, affine):
    # On a CPU device a 64-byte aligned, writable parameter is imported, not
    # copied: the program reads it where it is.
    weight = ireec.empty_aligned((4,), np.float32)
    weight[:] = WEIGHT
    index = ireec.ParameterIndex()
    index.add("weight", weight)
    index.add("bias", BIAS.copy())
    session = new_session(instance, device, [(index, "model")], affine)
    np.testing.assert_array_equal(run_affine(session), AFFINE)
    weight[:] = 0.5
    np.testing.assert_array_equal(run_affine(session), X * 0.5 + BIAS)


def test_exit_with_parameters_still_lent(affine, tmp_path):
    # The interpreter exits while IREE still holds memory from add() and a
    # mapped file: no callback may run during finalization, no crash.
    path = write_irpa(tmp_path / "other.irpa", {"weight": WEIGHT, "bias": BIAS}, tmp_path)
    code = f"""
import numpy as np, ireec
instance = ireec.Instance()
session = ireec.Session(instance, instance.create_device("local-task"))
index = ireec.ParameterIndex()
index.add("weight", np.array({WEIGHT.tolist()}, np.float32))
index.add("bias", np.array({BIAS.tolist()}, np.float32).tobytes())
session.load_parameters(index, "model")
session.load_parameters({str(path)!r}, "other")
session.load_module({str(affine)!r})
print(session.call("params.affine", np.ones(4, np.float32))[0])
"""
    result = run_python("-c", code).check()
    assert result.stdout == "4xf32=11 22 33 44\n"


def test_in_memory_splat(instance, device, affine):
    index = ireec.ParameterIndex()
    index.add_splat("weight", np.float32(0.5).tobytes(), 16)
    index.add("bias", BIAS)
    assert index["weight"] == ireec.ParameterEntry("weight", 16, "splat", None,
                                                   np.float32(0.5).tobytes(), b"")
    session = new_session(instance, device, [(index, "model")], affine)
    np.testing.assert_array_equal(run_affine(session), X * 0.5 + BIAS)


def test_add_refuses_bad_data():
    index = ireec.ParameterIndex()
    with pytest.raises(TypeError, match="not int"):
        index.add("k", 5)
    with pytest.raises(TypeError, match="key must be a str"):
        index.add(3, b"abcd")
    with pytest.raises(ValueError, match="empty"):
        index.add("k", b"")
    with pytest.raises(ValueError, match="C-contiguous"):
        index.add("k", np.zeros((4, 4), np.float32)[:, 1])
    index.add("k", b"abcd")
    with pytest.raises(ireec.AlreadyExistsError, match="'k' is already"):
        index.add("k", b"efgh")
    with pytest.raises(ValueError, match="1 to 16 bytes"):
        index.add_splat("s", b"", 4)
    with pytest.raises(ValueError, match="multiple"):
        index.add_splat("s", b"abc", 4)
    assert len(index) == 1 and "k" in index and "s" not in index
    with pytest.raises(KeyError):
        index["s"]


# ---------------------------------------------------------------------------
# Scopes and the order of loads
# ---------------------------------------------------------------------------

def test_two_scopes_in_one_session(instance, device, program, tmp_path):
    # The same key "w" in two scopes, from two formats.
    enc = write_safetensors(tmp_path / "enc.safetensors", {"w": WEIGHT})
    dec = write_irpa(tmp_path / "dec.irpa", {"w": BIAS}, tmp_path)
    session = new_session(instance, device, [(enc, "enc"), (dec, "dec")],
                          program("two_scopes"))
    assert sorted(session.parameters) == ["dec", "enc"]
    assert session.modules.count("io_parameters") == 1
    (y,) = session.call("two_scopes.combine", X)
    np.testing.assert_array_equal(y.to_numpy(), X * WEIGHT + BIAS)


def test_several_files_in_one_scope(instance, device, affine, tmp_path):
    first = write_safetensors(tmp_path / "a.safetensors", {"weight": WEIGHT})
    second = write_gguf(tmp_path / "b.gguf", {"bias": BIAS})
    session = new_session(instance, device, [(first, "model"), (second, "model")], affine)
    assert session.parameters["model"].keys() == ["weight", "bias"]
    # A key already in the scope is refused (IREE would keep both, and the
    # program would read the first), and the file adds nothing.
    third = write_gguf(tmp_path / "c.gguf", {"other": BIAS, "weight": BIAS})
    with pytest.raises(ireec.AlreadyExistsError, match="'weight' is already in the index"):
        session.load_parameters(third, "model")
    assert session.parameters["model"].keys() == ["weight", "bias"]
    np.testing.assert_array_equal(run_affine(session), AFFINE)


def test_parameters_given_after_a_module(instance, device, affine, program, tmp_path):
    model = write_safetensors(tmp_path / "m.safetensors", {"weight": WEIGHT, "bias": BIAS})
    session = new_session(instance, device, [(model, "model")], affine)
    # New scopes after a module is loaded: a new io_parameters module over
    # every scope serves the modules loaded from then on.
    session.load_parameters(write_safetensors(tmp_path / "e.safetensors", {"w": BIAS}), "enc")
    session.load_parameters(write_safetensors(tmp_path / "d.safetensors", {"w": WEIGHT}), "dec")
    session.load_module(program("two_scopes"))
    assert session.modules == ["hal", "io_parameters", "params", "io_parameters",
                               "two_scopes"]
    (y,) = session.call("two_scopes.combine", X)
    np.testing.assert_array_equal(y.to_numpy(), X * BIAS + WEIGHT)
    # The module loaded first kept what it read.
    np.testing.assert_array_equal(run_affine(session), AFFINE)


def test_mutable_global_never_writes_the_mapped_file(instance, device, program, tmp_path):
    path = write_irpa(tmp_path / "state.irpa", {"weight": WEIGHT}, tmp_path)
    contents = path.read_bytes()
    session = new_session(instance, device, [(path, "model")], program("parameter_state"))
    for step in (1, 2, 3):
        (y,) = session.call("state.accumulate", X)
        np.testing.assert_array_equal(y.to_numpy(), WEIGHT + step * X)
    session.close()
    assert path.read_bytes() == contents


# ---------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------

def test_module_without_its_parameters(instance, device, affine):
    session = ireec.Session(instance, device)
    with pytest.raises(ireec.NotFoundError, match="io_parameters") as info:
        session.load_module(affine)
    assert any("load_parameters" in note for note in info.value.__notes__)


def test_missing_scope_is_named(instance, device, affine, tmp_path):
    path = write_safetensors(tmp_path / "p.safetensors", {"weight": WEIGHT, "bias": BIAS})
    session = new_session(instance, device, [(path, "other")])
    with pytest.raises(ireec.NotFoundError, match="scopes like 'model'") as info:
        session.load_module(affine)
    assert any("'other' (2 entries)" in note for note in info.value.__notes__)


def test_missing_key_names_scope_and_key(instance, device, affine, tmp_path):
    path = write_safetensors(tmp_path / "p.safetensors", {"weight": WEIGHT})
    session = new_session(instance, device, [(path, "model")])
    with pytest.raises(ireec.NotFoundError) as info:
        session.load_module(affine)
    assert "parameter 'bias' of scope 'model' is in no parameters" in str(info.value)


def test_size_mismatch(instance, device, affine, tmp_path):
    # The program reads 16 bytes of `weight`; the file has 12.
    path = write_safetensors(tmp_path / "p.safetensors",
                             {"weight": WEIGHT[:3], "bias": BIAS})
    session = new_session(instance, device, [(path, "model")])
    with pytest.raises(ireec.OutOfRangeError,
                       match=r"parameter `weight` range out of bounds .*length=16, size=12"):
        session.load_module(affine)


def test_missing_file(instance, device, tmp_path):
    missing = tmp_path / "absent.irpa"
    with pytest.raises(ireec.NotFoundError, match="failed to open file") as info:
        ireec.ParameterIndex().load(missing)
    assert f"loading parameters from '{missing}'" in info.value.__notes__
    session = ireec.Session(instance, device)
    with pytest.raises(ireec.NotFoundError):
        session.load_parameters(missing, "model")
    assert session.parameters == {}


def test_unknown_extension(tmp_path):
    path = write_safetensors(tmp_path / "weights.bin", {"weight": WEIGHT})
    with pytest.raises(ireec.UnimplementedError, match="unsupported file format `bin`"):
        ireec.ParameterIndex().load(path)


@pytest.mark.parametrize("suffix", [".irpa", ".gguf", ".safetensors"])
@pytest.mark.parametrize("contents", [b"", b"\x00" * 7, b"not a parameter file" * 50])
def test_corrupt_files_raise(tmp_path, suffix, contents):
    path = tmp_path / f"bad{suffix}"
    path.write_bytes(contents)
    for mode in ("mmap", "file", "preload"):
        with pytest.raises(ireec.IreeError):
            ireec.ParameterIndex().load(path, mode=mode)


def test_bad_arguments(instance, device, tmp_path):
    session = ireec.Session(instance, device)
    with pytest.raises(TypeError, match="path .* or an ireec.ParameterIndex"):
        session.load_parameters(42)
    with pytest.raises(TypeError, match="scope must be a str"):
        session.load_parameters(ireec.ParameterIndex(), scope=None)
    with pytest.raises(ValueError, match="mode must be one of"):
        ireec.ParameterIndex().load(tmp_path / "x.irpa", mode="fast")
    closed = ireec.ParameterIndex()
    closed.close()
    with pytest.raises(ireec.ClosedError):
        session.load_parameters(closed)
    session.close()
    with pytest.raises(ireec.ClosedError):
        session.load_parameters(ireec.ParameterIndex())


# ---------------------------------------------------------------------------
# A large file
# ---------------------------------------------------------------------------

def _resident_bytes() -> int:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS in /proc/self/status")


@pytest.mark.parametrize("mode", ["mmap", "file"])
def test_gib_sparse_file_loads_without_reading_it(instance, device, affine, tmp_path, mode):
    padding = 1 << 30
    path = write_sparse_safetensors(tmp_path / "big.safetensors", padding,
                                    {"weight": WEIGHT, "bias": BIAS})
    size = path.stat().st_size
    assert size > padding
    gc.collect()
    before = _resident_bytes()
    session = ireec.Session(instance, device)
    session.load_parameters(path, "model", mode=mode)
    assert session.parameters["model"]["padding"].length == padding
    session.load_module(affine)
    np.testing.assert_array_equal(run_affine(session), AFFINE)
    grown = _resident_bytes() - before
    # Indexing and reading two small tensors past a 1 GiB one touch a few
    # pages, not the file.
    assert grown < size // 8, f"resident memory grew by {grown} bytes for a {size}-byte file"
    session.close()


# ---------------------------------------------------------------------------
# Corrupt files IREE's own parsers would crash on (each load in a child
# process, so a regression fails the test instead of ending the run)
# ---------------------------------------------------------------------------

def _load_in_child(path) -> ChildResult:
    code = ("import ireec, sys\n"
            "try:\n"
            f"    ireec.ParameterIndex().load({str(path)!r})\n"
            "    print('loaded')\n"
            "except ireec.IreeError as e:\n"
            "    print(type(e).__name__, e.message)\n")
    return run_python("-c", code)


def _irpa_variants(tmp_path):
    """A good two-entry archive with one field each made inconsistent."""
    import struct

    good = write_irpa(tmp_path / "good.irpa", {"weight": WEIGHT, "bias": BIAS},
                      tmp_path).read_bytes()
    _, entry_offset, entry_length = struct.unpack_from("<3Q", good, 32)
    variants = {
        # An entry count past the table: IREE's remaining size wraps around.
        "entry count": (32, 1 << 40),
        # An entry table whose offset + length overflows 64 bits.
        "entry table": (40, (1 << 64) - 16),
        # The first entry as long as the whole table (aligned, longer still).
        "entry size": (entry_offset, entry_length),
        # Name and storage references whose offset + length overflows.
        "name reference": (entry_offset + 20, (1 << 64) - 1),
        "storage reference": (entry_offset + 60, (1 << 64) - 8),
    }
    for name, (offset, value) in variants.items():
        data = bytearray(good)
        struct.pack_into("<Q", data, offset, value)
        path = tmp_path / f"{name.replace(' ', '_')}.irpa"
        path.write_bytes(data)
        yield name, path


def test_corrupt_irpa_is_refused_not_crashed_on(tmp_path):
    for name, path in _irpa_variants(tmp_path):
        result = _load_in_child(path)
        assert result.returncode == 0, (name, result.report())
        assert result.stdout.startswith("OutOfRangeError corrupt parameter archive"), \
            (name, result.stdout)


def test_safetensors_header_not_json_is_refused(tmp_path):
    import struct

    good = write_safetensors(tmp_path / "good.safetensors",
                             {"weight": WEIGHT, "bias": BIAS}).read_bytes()
    (length,) = struct.unpack_from("<Q", good)
    header = good[8:8 + length]
    # Quotes lost so strings run into each other (IREE's JSON scanner then
    # crashes), bytes that are not UTF-8, and a header that is not an object.
    for bad in (header.replace(b'data_offsets"', b'data_offsetsX', 1)
                      .replace(b'"bias', b'Ybias', 1),
                header.replace(b'"bias', b'"\xa2bias', 1),
                b"[1, 2]".ljust(length)):
        path = tmp_path / "bad.safetensors"
        path.write_bytes(good[:8] + bad + good[8 + length:])
        result = _load_in_child(path).check()
        assert result.stdout.startswith("InvalidArgumentError corrupt safetensors file"), \
            result.stdout
