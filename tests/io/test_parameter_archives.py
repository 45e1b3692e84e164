"""Parameter archives (.irpa) written by ireec: `ireec.save_parameters`,
`ParameterIndex.save`, and reading an entry's bytes back with
`ParameterIndex.read`. Each archive is checked against IREE itself: run by
iree-run-module --parameters= and by a Session, listed by iree-dump-parameters
as by ireec, and compared byte for byte with what iree-convert-parameters
writes from the same parameters."""

from __future__ import annotations

import os

import numpy as np
import pytest

import ireec
from cli_support import run_iree_tool
from parameter_files import write_gguf, write_irpa, write_safetensors

WEIGHT = np.array([1.0, 2.0, 3.0, 4.0], np.float32)
BIAS = np.array([10.0, 20.0, 30.0, 40.0], np.float32)
X = "4xf32=1,-1,0.5,2"
EXPECTED = WEIGHT * np.array([1, -1, 0.5, 2], np.float32) + BIAS


def iree_run_affine(program, archive, *extra):
    """iree-run-module's printed result of params.affine(X) with `archive`
    as scope "model"."""
    result = run_iree_tool("iree-run-module", f"--module={program('parameters')}",
                           "--device=local-task", "--function=affine",
                           f"--parameters=model={archive}", *extra, f"--input={X}")
    assert result.returncode == 0, result.report()
    return result.stdout


def iree_dump(*archives):
    result = run_iree_tool("iree-dump-parameters",
                           *(f"--parameters={a}" for a in archives))
    assert result.returncode == 0, result.report()
    return result.stdout


def session_affine(instance, device, program, archive):
    with ireec.Session(instance, device) as session:
        session.load_parameters(archive, scope="model")
        session.load_module(program("parameters"))
        (y,) = session.call("params.affine", np.array([1, -1, 0.5, 2], np.float32))
        return y.to_numpy()


def test_saved_archive_runs_under_iree_run_module(program, tmp_path, instance, device):
    archive = tmp_path / "model.irpa"
    ireec.save_parameters(archive, {"weight": WEIGHT, "bias": BIAS})
    assert iree_run_affine(program, archive) == (
        "EXEC @affine\nresult[0]: hal.buffer_view\n4xf32=11 18 31.5 48\n")
    np.testing.assert_array_equal(session_affine(instance, device, program, archive),
                                  EXPECTED)


def test_splats_run_under_iree_run_module(program, tmp_path):
    archive = tmp_path / "splat.irpa"
    ireec.save_parameters(archive, {"weight": ireec.SplatValue(np.float32(2), 4),
                                    "bias": ireec.SplatValue(np.float32(0.5), (2, 2))})
    assert iree_run_affine(program, archive).endswith("4xf32=2.5 -1.5 1.5 4.5\n")
    index = ireec.ParameterIndex().load(archive)
    assert [(e.key, e.storage, e.length) for e in index] == [
        ("weight", "splat", 16), ("bias", "splat", 16)]
    assert np.frombuffer(index.read("bias"), np.float32).tolist() == [0.5] * 4


def test_bytes_identical_to_iree_convert_parameters(tmp_path):
    # The same parameters through IREE's own writer (from safetensors) and
    # through ireec's: the same file, byte for byte.
    tensors = {"a": np.arange(5, dtype=np.float32), "b": np.arange(6, dtype=np.int8),
               "c": np.linspace(0, 1, 33).astype(np.float64).reshape(3, 11)}
    theirs = write_irpa(tmp_path / "theirs.irpa", tensors, tmp_path)
    ours = tmp_path / "ours.irpa"
    ireec.save_parameters(ours, tensors)
    assert ours.read_bytes() == theirs.read_bytes()
    assert iree_dump(ours) == iree_dump(theirs)
    assert ireec.ParameterIndex().load(ours).dump() == iree_dump(ours)


@pytest.mark.parametrize("mode", ["mmap", "file", "preload"])
def test_index_save_rewrites_every_kind_of_entry(tmp_path, mode):
    # An index of a safetensors file, a gguf file, memory and a splat,
    # saved; IREE's converter writes the same archive from the same files.
    st = write_safetensors(tmp_path / "a.safetensors",
                           {"st.w": np.arange(12, dtype=np.int32).reshape(3, 4)})
    gg = write_gguf(tmp_path / "b.gguf", {"gg.w": np.arange(8, dtype=np.float32)})
    index = ireec.ParameterIndex().load(st, mode=mode).load(gg, mode=mode)
    index.add("mem", np.full(3, 7, np.int16))
    index.add_splat("splat", b"\x01\x02", 6)
    saved = tmp_path / "saved.irpa"
    index.save(saved)

    reread = ireec.ParameterIndex().load(saved)
    assert reread.keys() == ["st.w", "gg.w", "mem", "splat"]
    assert np.frombuffer(reread.read("st.w"), np.int32).tolist() == list(range(12))
    assert np.frombuffer(reread.read("gg.w"), np.float32).tolist() == list(range(8))
    assert np.frombuffer(reread.read("mem"), np.int16).tolist() == [7, 7, 7]
    assert reread.read("splat") == b"\x01\x02" * 3
    assert reread["splat"].storage == "splat"

    assert iree_dump(saved) == reread.dump()

    # The files alone, through IREE's converter and through the index: the
    # same archive.
    theirs = tmp_path / "theirs.irpa"
    run_iree_tool("iree-convert-parameters", f"--parameters={st}", f"--parameters={gg}",
                  f"--parameter_mode={'file' if mode == 'mmap' else mode}",
                  f"--output={theirs}", "--quiet").check()
    ours = tmp_path / "ours.irpa"
    ireec.ParameterIndex().load(st, mode=mode).load(gg, mode=mode).save(ours)
    assert ours.read_bytes() == theirs.read_bytes()


def test_read_slices_and_splat_phases(tmp_path):
    data = np.arange(100, dtype=np.uint8)
    archive = tmp_path / "slices.irpa"
    ireec.save_parameters(archive, {"d": data,
                                    "s": ireec.SplatValue(np.uint32(0x04030201), 5)})
    index = ireec.ParameterIndex().load(archive, mode="file")
    assert index.read("d") == data.tobytes()
    assert index.read("d", 10, 5) == bytes(range(10, 15))
    assert index.read("d", 95) == bytes(range(95, 100))
    assert index.read("d", 100) == b""
    assert index.read("s", 3, 6) == bytes([4, 1, 2, 3, 4, 1])
    assert len(index.read("s")) == 20
    with pytest.raises(ireec.OutOfRangeError, match="has 100 bytes"):
        index.read("d", 90, 11)
    with pytest.raises(ireec.OutOfRangeError):
        index.read("d", -1)
    with pytest.raises(KeyError):
        index.read("missing")


def test_read_memory_entry_reflects_later_writes():
    # ParameterIndex.add lends writable memory in place: read sees it now.
    memory = ireec.empty_aligned((4,), np.float32)
    memory[:] = 1
    index = ireec.ParameterIndex()
    index.add("m", memory)
    memory[2] = 5
    assert np.frombuffer(index.read("m"), np.float32).tolist() == [1, 1, 5, 1]


def test_save_replaces_the_file_it_reads_from(tmp_path, program):
    # Saving over the archive an index maps: written aside, then renamed,
    # so the old mapping stays valid and the new file is whole.
    archive = tmp_path / "model.irpa"
    ireec.save_parameters(archive, {"weight": WEIGHT, "bias": BIAS})
    index = ireec.ParameterIndex().load(archive)
    index.add("extra", np.ones(2, np.float64))
    index.save(archive)
    assert ireec.ParameterIndex().load(archive).keys() == ["weight", "bias", "extra"]
    assert np.frombuffer(index.read("weight"), np.float32).tolist() == WEIGHT.tolist()
    assert iree_run_affine(program, archive).endswith("4xf32=11 18 31.5 48\n")
    assert [p.name for p in tmp_path.iterdir()] == ["model.irpa"]


def test_values_of_every_form(tmp_path):
    big_endian = np.arange(3, dtype=">i4")
    strided = np.arange(10, dtype=np.int16)[::2]
    archive = tmp_path / "forms.irpa"
    ireec.save_parameters(archive, {
        "bytes": b"abc", "bytearray": bytearray(b"xyz"), "memoryview": memoryview(b"mv"),
        "big_endian": big_endian, "strided": strided, "matrix": np.eye(2, dtype=np.float16),
        "empty": np.zeros(0, np.float32),
    })
    index = ireec.ParameterIndex().load(archive)
    assert index.read("bytes") == b"abc" and index.read("bytearray") == b"xyz"
    assert index.read("memoryview") == b"mv"
    assert np.frombuffer(index.read("big_endian"), np.int32).tolist() == [0, 1, 2]
    assert np.frombuffer(index.read("strided"), np.int16).tolist() == [0, 2, 4, 6, 8]
    assert np.frombuffer(index.read("matrix"), np.float16).tolist() == [1, 0, 0, 1]
    assert index.read("empty") == b""
    # Each entry's bytes start 64-byte aligned in the file.
    assert all(e.offset % 64 == 0 for e in index if e.storage == "file")


def test_alignment(tmp_path):
    archive = tmp_path / "aligned.irpa"
    ireec.save_parameters(archive, {"a": b"1", "b": b"2"}, alignment=4096)
    offsets = [e.offset for e in ireec.ParameterIndex().load(archive)]
    assert [o % 4096 for o in offsets] == [0, 0] and offsets[1] - offsets[0] == 4096


@pytest.mark.parametrize("parameters, error, message", [
    ({"k": object()}, TypeError, "numpy array, a bytes-like object or an ireec.SplatValue"),
    ({1: b"x"}, TypeError, "parameter key must be a str"),
    ({"": b"x"}, ValueError, "must not be empty"),
    ({"k": memoryview(np.arange(6).reshape(2, 3)[:, ::2])}, ValueError, "C-contiguous"),
    ({"k": ireec.SplatValue(np.arange(2), 3)}, ValueError, "one element"),
    ({"k": ireec.SplatValue(np.float32(1), -1)}, ValueError, "must not be negative"),
    ([("k", b"x")], TypeError, "a mapping"),
])
def test_bad_values(tmp_path, parameters, error, message):
    with pytest.raises(error, match=message):
        ireec.save_parameters(tmp_path / "bad.irpa", parameters)
    assert list(tmp_path.iterdir()) == []


def test_splat_pattern_lengths_ireec_cannot_write(tmp_path):
    index = ireec.ParameterIndex()
    index.add_splat("three", b"abc", 6)  # the index takes it, the format does not
    with pytest.raises(ireec.InvalidArgumentError,
                       match="splat pattern length 3 invalid; must be 1, 2, 4, 8, or 16"):
        index.save(tmp_path / "x.irpa")
    assert list(tmp_path.iterdir()) == []


def test_bad_paths(tmp_path):
    with pytest.raises(ireec.InvalidArgumentError, match="not a regular file"):
        ireec.save_parameters(tmp_path, {"a": b"x"})
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(ireec.InvalidArgumentError, match="not a regular file"):
        ireec.ParameterIndex().save(fifo)
    with pytest.raises(FileNotFoundError):
        ireec.save_parameters(tmp_path / "missing" / "x.irpa", {"a": b"x"})
    with pytest.raises(ireec.ClosedError):
        index = ireec.ParameterIndex()
        index.close()
        index.save(tmp_path / "closed.irpa")
