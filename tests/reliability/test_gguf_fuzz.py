"""A fuzz of gguf parameter files: real files written by the gguf package,
mutated (bytes and fields overwritten, spans cut or inserted, the file cut
short or extended), each loaded in every load mode and, when it loads, used
by a program on both CPU drivers.

The verdict for each mutation: a typed ireec error, or the right values:
every entry is the range the gguf package's reader (an independent parser)
finds for its tensor, when that reader parses the file, and in any case lies
inside the file's tensor data; reading an entry returns the file's bytes
there; the program computes x * weight + bias from those bytes. Never a
signal, a hang or another exception. The mutations come from fixed seeds
(the same every run); they run in child processes in batches with a bounded
time, each case announced before it runs, so a crash names its case."""

from __future__ import annotations

import json

import numpy as np
import pytest

from child_process import run_python

MUTATIONS = 2048
BATCHES = 4
CHILD_TIMEOUT = 600   # a guard against a hang, not a measurement

CHILD = r'''
import json, os, random, struct, sys
import numpy as np
import gguf
import ireec
from ireec.errors import IreeError

bases = [open(p, "rb").read() for p in sys.argv[1].split(os.pathsep)]
vmfb, work, start, stop = sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
X = np.array([1.0, -1.0, 0.5, 2.0], np.float32)
MODES = ("mmap", "file", "preload")
instance = ireec.Instance()
devices = {uri: instance.create_device(uri) for uri in ("local-task", "local-sync")}
INTERESTING = [0, 1, 2, 3, 4, 5, 6, 7, 8, 16, 18, 19, 31, 32, 33, 63, 64, 255, 4096,
               0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 1 << 32, 1 << 62, (1 << 63) - 1,
               1 << 63, (1 << 64) - 1]

def write(data, name):
    path = os.path.join(work, name + ".gguf")
    with open(path, "wb") as f:
        f.write(data)
    return path

def mutate(i):
    rng = random.Random(f"gguf-fuzz-{i}")
    data = bytearray(bases[i % len(bases)])
    header = headers[i % len(bases)]
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        kind = rng.randrange(6)
        where = rng.randrange(header if rng.random() < 0.85 else len(data))
        if kind == 0:      # bytes overwritten
            for k in range(rng.randint(1, 4)):
                if where + k < len(data):
                    data[where + k] = rng.randrange(256)
        elif kind in (1, 2):   # a 32- or 64-bit field overwritten
            size = 4 if kind == 1 else 8
            value = rng.choice(INTERESTING) & ((1 << 8 * size) - 1)
            if rng.random() < 0.3:
                value = rng.getrandbits(8 * size)
            data[where:where + size] = value.to_bytes(size, "little")[:len(data) - where]
        elif kind == 3:    # cut short
            del data[rng.randrange(len(data)):]
        elif kind == 4:    # a span cut out
            del data[where:where + rng.randint(1, 16)]
        else:              # bytes inserted, or the file extended
            at = where if rng.random() < 0.7 else len(data)
            data[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 64)))
        if not data:
            data = bytearray(b"G")
    return bytes(data)

# Where each base file's tensor data starts: most mutations go before it.
headers = [gguf.GGUFReader(write(base, "base")).data_offset for base in bases]

def reference(path):
    """(key, offset, length) of each tensor, by the gguf package; None when
    it cannot parse the file. (Only for files ireec loaded: on some that
    IREE refuses, the reader runs for minutes and takes gigabytes.)"""
    try:
        reader = gguf.GGUFReader(path)
        return [(t.name, int(t.data_offset), int(t.n_bytes)) for t in reader.tensors]
    except Exception:
        return None

def judge(data, path, index, ref):
    """What is wrong with a loaded index, or None."""
    entries = [(e.key, e.offset, e.length) for e in index.entries()]
    if ref is not None and entries != ref:
        return f"entries {entries} != the reader's {ref}"
    for key, offset, length in entries:
        # (A gguf header is at least 24 bytes.)
        if offset is None or offset + length > len(data) or offset < 24:
            return f"entry {key!r} at {offset}+{length} outside the data"
        if index.read(key) != data[offset:offset + length]:
            return f"entry {key!r} reads other bytes than the file's"
    return None

def flushed(values):
    return np.where(np.abs(values) < np.finfo(np.float32).tiny, np.float32(0), values)

def run_program(index, device, data):
    first = {}
    for e in index.entries():
        first.setdefault(e.key, e)
    session = ireec.Session(instance, device)
    session.load_parameters(index, "model")
    try:
        session.load_module(vmfb)
        (y,) = session.call("params.affine", X)
        got = y.to_numpy()
    except IreeError as error:
        ok = any(k not in first or first[k].length != 16 for k in ("weight", "bias"))
        return None if ok else f"program failed: {type(error).__name__}: {error}"
    finally:
        session.close()
    w, b = (np.frombuffer(data[first[k].offset:first[k].offset + 16], np.float32)
            for k in ("weight", "bias"))
    with np.errstate(all="ignore"):
        expected = flushed(flushed(X * flushed(w)) + flushed(b))
    # The program's CPU code flushes subnormal floats to zero.
    if not np.allclose(flushed(got), flushed(expected), rtol=1e-6, atol=0, equal_nan=True):
        return f"program returned {got.tolist()}, not {expected.tolist()}"
    return None

for i in range(start, stop):
    data = mutate(i)
    path = write(data, f"m{i}")
    ref = ...
    for mode in MODES:
        print(json.dumps({"case": i, "mode": mode}), flush=True)
        result = {"case": i, "mode": mode}
        try:
            index = ireec.ParameterIndex().load(path, mode=mode)
        except IreeError as error:
            result["refused"] = type(error).__name__
        except Exception as error:
            result["wrong"] = f"untyped {type(error).__name__}: {error}"
        else:
            try:
                if ref is ...:
                    ref = reference(path)
                result["wrong"] = judge(data, path, index, ref)
                for uri, device in devices.items():
                    if result["wrong"] is None:
                        result["wrong"] = run_program(index, device, data)
                result["loaded"] = len(index)
            except Exception as error:
                result["wrong"] = f"untyped {type(error).__name__}: {error}"
            index.close()
        print(json.dumps(result), flush=True)
    os.unlink(path)
print(json.dumps({"done": stop}), flush=True)
'''


@pytest.fixture(scope="module")
def bases(tmp_path_factory):
    """Real gguf files: two f32 tensors with the default alignment; and with
    general.alignment 64, metadata of every kind, f16 and q8_0 tensors."""
    import gguf

    folder = tmp_path_factory.mktemp("gguf-bases")
    weight = np.array([1.0, 2.0, 3.0, 4.0], np.float32)
    bias = np.array([10.0, 20.0, 30.0, 40.0], np.float32)
    plain = gguf.GGUFWriter(str(folder / "plain.gguf"), "ireec-test")
    rich = gguf.GGUFWriter(str(folder / "rich.gguf"), "ireec-test")
    rich.add_custom_alignment(64)
    rich.add_string("general.name", "fuzz base")
    rich.add_array("tokenizer.tokens", ["a", "bc", "def"])
    rich.add_array("some.ints", [1, 2, 3])
    rich.add_float32("some.float", 1.5)
    for writer in (plain, rich):
        writer.add_tensor("weight", weight)
        writer.add_tensor("bias", bias)
    rich.add_tensor("half", np.arange(4, dtype=np.float16))
    rich.add_tensor("q8", np.arange(34, dtype=np.uint8),
                    raw_dtype=gguf.GGMLQuantizationType.Q8_0)
    for writer in (plain, rich):
        writer.write_header_to_file()
        writer.write_kv_data_to_file()
        writer.write_tensors_to_file()
        writer.close()
    return [folder / "plain.gguf", folder / "rich.gguf"]


@pytest.mark.parametrize("batch", range(BATCHES))
def test_gguf_mutations(bases, program, tmp_path, batch):
    per_batch = MUTATIONS // BATCHES
    start, stop = batch * per_batch, (batch + 1) * per_batch
    child = run_python("-c", CHILD, ":".join(map(str, bases)), program("parameters"),
                       tmp_path, start, stop, timeout=CHILD_TIMEOUT)
    lines = [json.loads(line) for line in child.stdout.splitlines()]
    announced = [line for line in lines if "mode" in line and len(line) == 2]
    assert child.returncode == 0, (
        f"{child.report()}\nlast case started: {announced[-1] if announced else None}")
    results = [line for line in lines if len(line) > 2]
    assert len(results) == 3 * per_batch and lines[-1] == {"done": stop}
    wrong = [r for r in results if r.get("wrong")]
    assert not wrong, wrong[:10]
    loaded = sum("loaded" in r for r in results)
    # The mutations reach both outcomes (a fuzz whose files all fail, or all
    # load, tests little).
    assert 0 < loaded < len(results), (loaded, len(results))
