"""ireec.vm.NativeModule: a VM module whose functions are Python callables,
called by a compiled program through its imports (and by Session.call):
each kind of calling convention, refs arriving as ireec objects, results of
the wrong type or number, exceptions reaching the caller as themselves, one
module in several sessions and threads, its lifetime; and
Session.append_module for modules made in C (a native C module, a bytecode
module) adopted with ireec.vm.Module.from_handle."""

from __future__ import annotations

import gc
import threading

import numpy as np
import pytest

import ireec
from ireec import ffi, lib
from ireec.vm import List, Module, NativeModule
from ireec.vm import native_module as native_modules

from locations import PROGRAMS_DIR

KEEP_F64 = "--iree-input-demote-f64-to-f32=false"


@pytest.fixture(scope="module")
def imports(compile_mlir):
    return compile_mlir(PROGRAMS_DIR / "python_imports.mlir", KEEP_F64)


class Recorder:
    """The Python side of the module "py" python_imports.mlir imports: each
    function records what it got."""

    def __init__(self) -> None:
        self.got: list[tuple] = []
        self.ticks = 0

    def functions(self, **overrides) -> dict:
        functions = {
            "add": ("0ii_i", self.add),
            "scale": ("0IfF_IfF", lambda a, b, c: (a * 2, b * 2, c * 2)),
            "note": ("0i_v", lambda x: self.got.append(("note", x))),
            "tick": ("0v_i", self.tick),
            "nothing": ("0v_v", lambda: self.got.append(("nothing",))),
            "size": ("0r_I", self.size),
            "range": ("0i_r", lambda n: list(range(n))),
            "reverse": ("0r_r", lambda buffer: bytes(buffer)[::-1]),
            "negate": ("0r_r", self.negate),
        }
        functions.update(overrides)
        return functions

    def add(self, a, b):
        self.got.append(("add", a, b))
        return a + b

    def tick(self):
        self.ticks += 1
        return self.ticks

    def size(self, items):
        self.got.append(("size", type(items), items.to_list()))
        return len(items)

    def negate(self, view):
        self.got.append(("negate", type(view), view.device))
        return ireec.BufferView(view.device, -view.to_numpy())


def session_with(instance, device, imports, module) -> ireec.Session:
    session = ireec.Session(instance, device)
    session.append_module(module)
    session.load_module(imports)
    return session


@pytest.fixture
def recorder():
    return Recorder()


@pytest.fixture
def session(instance, device, imports, recorder):
    return session_with(instance, device, imports, NativeModule("py", recorder.functions()))


# ---------------------------------------------------------------------------
# Calling conventions
# ---------------------------------------------------------------------------

def test_scalars_of_each_width_in_and_out(session, recorder):
    assert session.call("imports.add", 2, 3) == [5]
    assert session.call("imports.add", 2**31 - 1, 1) == [-(2**31)]  # i32 wraps, as in C
    assert recorder.got == [("add", 2, 3), ("add", 2**31 - 1, 1)]
    i64, f32, f64 = session.call("imports.scale", 2**40, 1.5, 0.1)
    assert (i64, f32, f64) == (2**41, 3.0, 0.2)


def test_void_conventions(session, recorder):
    assert session.call("imports.note_and_tick", 9) == [2]
    assert recorder.got == [("note", 9), ("nothing",)]
    assert session.call("imports.note_and_tick", 10) == [4]


def test_refs_arrive_as_ireec_objects_and_results_convert(session, recorder, device):
    assert session.call("imports.size", [1, 2.5, [3]]) == [3]
    assert recorder.got == [("size", List, [1, 2.5, [3]])]
    (made,) = session.call("imports.range", 4)
    assert isinstance(made, List) and made.to_list() == [0, 1, 2, 3]
    assert made.type_at(0) == "i64"  # a Python int in a list of variants
    (reversed_,) = session.call("imports.reverse", b"abc")
    assert type(reversed_) is ireec.vm.Buffer and bytes(reversed_) == b"cba"
    (negated,) = session.call("imports.negate", np.array([1.0, 2.0], np.float32))
    assert negated.to_numpy().tolist() == [-1.0, -3.0]
    assert recorder.got[-1] == ("negate", ireec.BufferView, session.device)


def test_a_numpy_array_result_is_copied_to_the_sessions_device(instance, device, imports):
    module = NativeModule("py", Recorder().functions(
        negate=("0r_r", lambda view: -view.to_numpy())))
    session = session_with(instance, device, imports, module)
    (negated,) = session.call("imports.negate", np.array([2.0], np.float32))
    assert negated.to_numpy().tolist() == [-3.0]


def test_the_functions_are_callable_directly(session):
    assert session.call("py.add", 40, 2) == [42]
    assert session.call("py.scale", 1, 2.0, 3.0) == [2, 4.0, 6.0]
    assert session.modules["py"].functions["add"].signature == "0ii_i"


# ---------------------------------------------------------------------------
# Failures reach the caller; the session keeps working
# ---------------------------------------------------------------------------

class Refused(Exception):
    pass


@pytest.mark.parametrize("make_error", [lambda: ValueError("bad sum"),
                                        lambda: Refused("not today"), lambda: KeyError("k"),
                                        lambda: ireec.OutOfRangeError("far", 11)],
                         ids=["ValueError", "own class", "KeyError", "IreeError"])
def test_what_the_function_raises_is_what_the_call_raises(instance, device, imports,
                                                          make_error):
    error = make_error()

    def add(a, b):
        raise error

    session = session_with(instance, device, imports, NativeModule(
        "py", Recorder().functions(add=("0ii_i", add))))
    with pytest.raises(type(error)) as raised:
        session.call("imports.add", 1, 2)
    assert raised.value is error
    (note,) = raised.value.__notes__
    # IREE's frames: the import and where the program called it.
    assert "while invoking native function py.add" in note
    assert "bytecode imports.add" in note
    assert any(entry.name == "add" for entry in raised.traceback)
    # The session keeps working, the same function too.
    assert session.call("imports.scale", 1, 1.0, 1.0) == [2, 2.0, 2.0]
    with pytest.raises(type(error)):
        session.call("imports.add", 1, 2)


@pytest.mark.parametrize("name, cconv, returned, match", [
    ("add", "0ii_i", "three", r"result 0 of py.add \(calling convention '0ii_i'\) is an "
                              r"i32; the Python function returned str 'three'"),
    ("add", "0ii_i", 2**40, r"result 0 of py.add .* is an i32; the Python function "
                            r"returned int 1099511627776"),
    ("scale", "0IfF_IfF", (1, 2.0), r"py.scale \(calling convention '0IfF_IfF'\) returns "
                                    r"3 results: the Python function must return a tuple "
                                    r"of 3, not 2 values"),
    ("scale", "0IfF_IfF", 5, r"returns 3 results: .* not int"),
    ("note", "0i_v", 5, r"py.note \(calling convention '0i_v'\) returns nothing, but the "
                        r"Python function returned int"),
    ("range", "0i_r", 5, r"result 0 of py.range .* is a ref; the Python function returned "
                         r"int 5"),
    ("range", "0i_r", (1, 2), r"result 0 of py.range .* is one ref; the Python function "
                              r"returned a tuple"),
    ("range", "0i_r", object(), r"result 0 of py.range .* takes a ref"),
])
def test_a_wrong_result_raises_a_typed_error_naming_function_and_convention(
        instance, device, imports, name, cconv, returned, match):
    functions = Recorder().functions(**{name: (cconv, lambda *args: returned)})
    session = session_with(instance, device, imports, NativeModule("py", functions))
    call = {"add": ("imports.add", 1, 2), "scale": ("imports.scale", 1, 1.0, 1.0),
            "note": ("imports.note_and_tick", 1), "range": ("imports.range", 3)}[name]
    error = ireec.InvalidArgumentError if isinstance(returned, int) and returned > 2**32 else TypeError
    with pytest.raises(error, match=match):
        session.call(*call)
    assert session.call("imports.size", [1]) == [1]


def test_bad_modules_are_refused_when_made():
    with pytest.raises(ValueError, match="'0ii' is not a calling convention"):
        NativeModule("py", {"add": ("0ii", lambda a, b: a + b)})
    with pytest.raises(ValueError, match="not a calling convention"):
        NativeModule("py", {"f": ("0CiD_v", print)})  # a variadic span
    with pytest.raises(TypeError, match="is not callable"):
        NativeModule("py", {"add": ("0ii_i", 5)})
    with pytest.raises(TypeError, match=r"give \(calling convention, callable\)"):
        NativeModule("py", {"add": print})
    with pytest.raises(ValueError, match="without '.'"):
        NativeModule("p.y", {})
    with pytest.raises(TypeError, match="must map each name"):
        NativeModule("py", [("add", ("0ii_i", print))])


def test_a_module_loaded_before_what_it_imports_says_what_to_do(instance, device, imports):
    session = ireec.Session(instance, device)
    with pytest.raises(ireec.NotFoundError, match="required module 'py' not registered") \
            as raised:
        session.load_module(imports)
    assert "append it (Session.append_module" in raised.value.__notes__[-1]
    module = NativeModule("py", Recorder().functions())
    session.append_module(module)
    session.load_module(imports)
    assert session.call("imports.add", 1, 1) == [2]
    with pytest.raises(ireec.AlreadyExistsError, match="named 'py' is already loaded"):
        session.append_module(module)
    with pytest.raises(TypeError, match="takes an ireec.vm.Module"):
        session.append_module("py")


def test_a_missing_or_mismatched_function_fails_the_load(instance, device, imports):
    functions = Recorder().functions()
    del functions["tick"]
    session = ireec.Session(instance, device)
    session.append_module(NativeModule("py", functions))
    with pytest.raises(ireec.NotFoundError, match="no function `tick` exported by module `py`"):
        session.load_module(imports)
    session = ireec.Session(instance, device)
    session.append_module(NativeModule("py", Recorder().functions(add=("0ii_I", print))))
    with pytest.raises(ireec.IreeError, match="expected 0ii_i but got 0ii_I"):
        session.load_module(imports)


# ---------------------------------------------------------------------------
# Sessions, threads, lifetime
# ---------------------------------------------------------------------------

def test_one_module_serves_two_sessions_each_with_its_own_device(instance, imports):
    recorder = Recorder()
    module = NativeModule("py", recorder.functions())
    with instance.create_device("local-task") as task, \
            instance.create_device("local-sync") as sync:
        first = session_with(instance, task, imports, module)
        second = session_with(instance, sync, imports, module)
        for session, device in ((first, task), (second, sync)):
            (negated,) = session.call("imports.negate", np.array([1.0], np.float32))
            assert negated.to_numpy().tolist() == [-1.0]
            assert recorder.got[-1] == ("negate", ireec.BufferView, session.device)
            assert session.device.handle == device.handle
        first.close()
        assert second.call("imports.add", 5, 6) == [11]


def test_calls_from_several_threads(instance, imports):
    lock = threading.Lock()
    seen: list[int] = []

    def add(a, b):
        with lock:
            seen.append(a)
        return a + b

    module = NativeModule("py", Recorder().functions(add=("0ii_i", add)))
    errors: list[BaseException] = []
    sessions = [session_with(instance, instance.create_device(uri), imports, module)
                for uri in ("local-task", "local-sync", "local-task")]
    # Two threads on one session (its lock serializes them), one on another.
    assignments = [sessions[0], sessions[0], sessions[1], sessions[2]]

    def work(session, base):
        try:
            for i in range(50):
                assert session.call("imports.add", base + i, 1) == [base + i + 1]
        except BaseException as error:  # reported below
            errors.append(error)

    threads = [threading.Thread(target=work, args=(s, 1000 * n))
               for n, s in enumerate(assignments)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert sorted(seen) == sorted(1000 * n + i for n in range(4) for i in range(50))


def test_the_module_lives_while_a_session_uses_it(instance, device, imports):
    calls = []
    module = NativeModule("py", Recorder().functions(add=("0ii_i", lambda a, b: calls.append(a)
                                                          or a + b)))
    number = module._state.number
    session = session_with(instance, device, imports, module)
    module.close()  # the session's context keeps its own reference
    del module
    gc.collect()
    assert session.call("imports.add", 3, 4) == [7] and calls == [3]
    assert number in native_modules._modules
    session.close()
    assert number not in native_modules._modules  # destroyed: its Python side went


def test_a_module_never_appended_goes_when_closed():
    module = NativeModule("py", {"add": ("0ii_i", lambda a, b: a + b)})
    number = module._state.number
    assert number in native_modules._modules
    assert module.name == "py" and list(module.functions) == ["add"]
    module.close()
    assert number not in native_modules._modules
    assert repr(module) == "<ireec.vm.NativeModule closed>"


# ---------------------------------------------------------------------------
# Modules made in C, adopted
# ---------------------------------------------------------------------------

def test_a_native_c_module_adopted_with_from_handle(instance, device):
    # IREE's VMVX module, a native module written in C.
    out = ffi.new("iree_vm_module_t**")
    ireec.check_status(lib.iree_vmvx_module_create(
        instance.vm_instance, lib.iree_allocator_system(), out))
    module = Module.from_handle(out[0])
    assert module.name == "vmvx" and len(module.functions) > 0
    session = ireec.Session(instance, device)
    session.append_module(module)
    assert session.modules == ["hal", "vmvx"]
    assert session.modules["vmvx"].functions.keys() == module.functions.keys()


def test_a_bytecode_module_adopted_with_from_handle(instance, device, program):
    data = program("simple_mul").read_bytes()
    storage = ireec.empty_aligned(len(data), np.uint8, 64)
    storage[:] = np.frombuffer(data, np.uint8)
    out = ffi.new("iree_vm_module_t**")
    ireec.check_status(lib.iree_vm_bytecode_module_create(
        instance.vm_instance, lib.iree_make_const_byte_span(ffi.from_buffer(storage), len(data)),
        lib.iree_allocator_null(), lib.iree_allocator_system(), out))
    # The module reads `storage` in place: keep it while the module lives.
    module = Module.from_handle(out[0])
    session = ireec.Session(instance, device)
    session.append_module(module)
    a = np.array([1, 2, 3, 4], np.float32)
    assert session.call("module.simple_mul", a, a)[0].to_numpy().tolist() == [1, 4, 9, 16]
    session.close()
    module.close()
    del storage
