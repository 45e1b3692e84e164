"""Property tests: damaged module bytes and random argument lists never crash
the process; each gives a result or a Python exception of the kinds the
Pythonic layer documents.

Examples run in one long-lived child process (restarted only after it dies),
so a crash is seen as the child ending with a signal, and hypothesis shrinks
the example that caused it. The child answers one JSON line per example.

What the module mutations cover: truncation anywhere, damage to the archive
header (the FlatBuffer length prefix and identifier IREE checks first) and
trailing junk. Arbitrary byte changes deeper in a module are not fuzzed
here: IREE 3.9 trusts those bytes in places (it applies an embedded ELF
executable's relocations as written, and its bytecode verifier reads past
some damaged instructions), so such a module can crash the process inside
iree_vm_bytecode_module_create; only a module from a trusted compiler should
be loaded.
"""

from __future__ import annotations

import base64
import contextlib
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from child_process import how_it_ended, python_child
from locations import PROGRAMS_DIR

# Exceptions a bad module or bad arguments may raise (IreeError covers every
# IREE status; ClosedError is a ValueError). Anything else (AttributeError,
# KeyError, SystemError, ...) is a bug in ireec.
ALLOWED = {"IreeError", "TypeError", "ValueError", "NotImplementedError"}
FUZZ_SETTINGS = settings(max_examples=300, deadline=None, derandomize=True, database=None,
                         suppress_health_check=[HealthCheck.too_slow,
                                                HealthCheck.function_scoped_fixture])

WORKER = r'''
import base64, json, sys
import numpy as np
import ireec

PROGRAMS = json.loads(sys.argv[1])
instance = ireec.Instance()
device = instance.create_device(PROGRAMS.pop("uri"))
# One session per program: several of them name their module "module".
sessions = {}
for name, path in PROGRAMS.items():
    sessions[name] = ireec.Session(instance, device)
    sessions[name].load_module(path)

def value(spec):
    kind = spec[0]
    if kind == "array":
        _, dtype, shape, fill = spec
        # Cast, not made in the dtype: numpy 2 refuses -1 as a uint8 value.
        return np.full(shape, fill).astype(dtype)
    if kind == "view":
        return ireec.BufferView.from_numpy(device, value(spec[1]))
    if kind == "closed-view":
        view = ireec.BufferView.from_numpy(device, np.ones(4, np.float32))
        view.close()
        return view
    if kind == "fence":
        return ireec.Fence(0)  # empty: already reached, never blocks
    if kind == "none":
        return None
    return spec[1]  # int, float, str, bytes-as-str, list

def convert(result):
    if isinstance(result, ireec.BufferView):
        return {"shape": list(result.shape), "dtype": str(result.dtype),
                "values": result.to_numpy().ravel().tolist()}
    if isinstance(result, list):
        return [convert(r) for r in result]
    if isinstance(result, ireec.Fence):
        return "fence"
    return result

for line in sys.stdin:
    request = json.loads(line)
    try:
        if request["op"] == "load":
            with ireec.Session(instance, device) as scratch:
                scratch.load_module(base64.b64decode(request["data"]))
                answer = {"ok": scratch.modules}
        else:
            args = [value(spec) for spec in request["args"]]
            session = sessions[request["program"]]
            answer = {"ok": convert(session.call(request["name"], *args))}
    except Exception as error:
        answer = {"raised": type(error).__name__,
                  "mro": [c.__name__ for c in type(error).__mro__],
                  "message": str(error)[:300]}
    print(json.dumps(answer), flush=True)
'''


class Worker:
    """The child process the examples run in."""

    def __init__(self, programs: dict):
        self.programs = programs
        self.child = None
        self.running = contextlib.ExitStack()

    def ask(self, request: dict) -> dict:
        if self.child is None or self.child.poll() is not None:
            self.running.close()
            # Unbounded: it lives as long as the examples of a module.
            self.child = self.running.enter_context(python_child(
                "-c", WORKER, json.dumps(self.programs), stdin=True, timeout=None))
        self.child.stdin.write(json.dumps(request) + "\n")
        self.child.stdin.flush()
        line = self.child.stdout.readline()
        if not line:
            code = self.child.wait()
            err = self.child.stderr.read()
            self.running.close()
            self.child = None
            pytest.fail(f"the child died ({how_it_ended(code)}) on {str(request)[:500]}\n"
                        f"{err[-3000:]}")
        return json.loads(line)

    def close(self) -> None:
        if self.child is not None:
            self.child.stdin.close()
            self.child.wait(timeout=60)
        self.running.close()


@pytest.fixture(scope="module")
def worker(program, compile_mlir, cpu_driver):
    # One worker per CPU driver (cpu_driver runs the module on each).
    programs = {name: str(program(name)) for name in
                ("simple_mul", "int_ops", "dynamic", "two_results")}
    programs["uri"] = cpu_driver
    programs["scalars"] = str(compile_mlir(PROGRAMS_DIR / "scalars.mlir",
                                           "--iree-input-demote-f64-to-f32=false"))
    w = Worker(programs)
    yield w
    w.close()


@pytest.fixture(scope="module")
def module_bytes(program):
    return program("simple_mul").read_bytes()


def check(answer: dict) -> dict:
    if "raised" in answer:
        assert ALLOWED & set(answer["mro"]), answer
    return answer


# --- damaged modules ------------------------------------------------------------------

@FUZZ_SETTINGS
@given(data=st.data())
def test_truncated_module(worker, module_bytes, data):
    length = data.draw(st.integers(0, len(module_bytes)))
    answer = check(worker.ask({"op": "load", "data": base64.b64encode(
        module_bytes[:length]).decode()}))
    if length == 0:
        assert answer["raised"] == "ValueError"


@FUZZ_SETTINGS
@given(header=st.binary(min_size=16, max_size=16), keep=st.integers(0, 16))
def test_damaged_archive_header(worker, module_bytes, header, keep):
    damaged = module_bytes[:keep] + header[keep:] + module_bytes[16:]
    answer = check(worker.ask({"op": "load", "data": base64.b64encode(damaged).decode()}))
    if damaged == module_bytes:
        assert answer == {"ok": ["hal", "module"]}


@FUZZ_SETTINGS
@given(junk=st.binary(min_size=1, max_size=4096))
def test_junk_and_junk_appended(worker, module_bytes, junk):
    for data in (junk, module_bytes + junk):
        check(worker.ask({"op": "load", "data": base64.b64encode(data).decode()}))


# --- random argument lists ------------------------------------------------------------

DTYPES = ["float32", "float64", "float16", "int8", "int32", "int64", "uint8", "bool"]
arrays = st.tuples(st.just("array"), st.sampled_from(DTYPES),
                   st.lists(st.integers(0, 6), max_size=3), st.integers(-3, 3))
arguments = st.one_of(
    arrays,
    st.tuples(st.just("view"), arrays),
    st.just(("closed-view",)),
    st.just(("fence",)),
    st.just(("none",)),
    st.tuples(st.just("int"), st.integers(-(1 << 70), 1 << 70)),
    st.tuples(st.just("float"), st.floats(allow_nan=True, allow_infinity=True)),
    st.tuples(st.just("str"), st.text(max_size=5)),
    st.tuples(st.just("list"), st.lists(st.integers(0, 3), max_size=3)),
)
FUNCTIONS = [("simple_mul", "module.simple_mul"), ("int_ops", "module.mul_add"),
             ("int_ops", "module.add_scalars"), ("dynamic", "dynamic.dyn_add"),
             ("dynamic", "dynamic.double_and_sum"), ("two_results", "module.sum_and_product"),
             ("scalars", "scalars.scalar_ops"), ("scalars", "scalars.identity_i32"),
             ("scalars", "scalars.add_to_0d"), ("simple_mul", "module.no_such_function"),
             ("simple_mul", "nomodule.f")]


@settings(FUZZ_SETTINGS, max_examples=1000)
@given(function=st.sampled_from(FUNCTIONS), args=st.lists(arguments, max_size=4))
def test_random_arguments(worker, function, args):
    program, name = function
    answer = check(worker.ask({"op": "call", "program": program, "name": name,
                               "args": [list(a) for a in args]}))
    if name == "module.simple_mul" and "ok" in answer:
        # Only two f32 tensors of 4 elements get past the program's checks.
        (result,) = answer["ok"]
        fills = [a[1][3] if a[0] == "view" else a[3] for a in args]
        assert result["shape"] == [4] and result["dtype"] == "float32"
        assert result["values"] == [float(fills[0] * fills[1])] * 4


@settings(FUZZ_SETTINGS, max_examples=100)
@given(a=st.integers(-(1 << 31), (1 << 32) - 1), b=st.integers(-(1 << 31), (1 << 32) - 1))
def test_random_scalars_give_the_wrapped_sum(worker, a, b):
    answer = check(worker.ask({"op": "call", "program": "int_ops", "name": "module.add_scalars",
                               "args": [["int", a], ["int", b]]}))
    assert answer == {"ok": [(a + b + (1 << 31)) % (1 << 32) - (1 << 31)]}
