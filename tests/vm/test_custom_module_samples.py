"""IREE's three custom_module samples with the module written in Python
(ireec.vm.NativeModule) rather than C++: basic (a ref type of the module's
own, registered with ireec.vm.register_type), sync (an import taking and
returning a tensor, in exactly the form ireec's documentation gives) and
async (a coarse-fences import: it returns at once and signals its fence
from another thread). The programs are the ones the C++ modules of
tests/c_api/test_cxx_modules_and_tools.py run."""

from __future__ import annotations

import shutil
import threading

import numpy as np
import pytest

import ireec
from ireec import ffi, lib
from ireec.vm import ref_type

from child_process import run_python
from locations import EXAMPLES_DIR, PROGRAMS_DIR, doc_blocks

X = np.array([1, 2, 3, 4, 5], np.int32)
# (x * x * 2) squared: the program squares, the import doubles, the program
# squares again.
EXPECTED = [4, 64, 324, 1024, 2500]


# ---------------------------------------------------------------------------
# basic: a ref type of the module's own
# ---------------------------------------------------------------------------

class Message:
    """The Python objects behind the program's `!custom.message` values."""

    def __init__(self, text: str) -> None:
        self.text = text


MESSAGE = ireec.vm.register_type("custom.message", Message)


def test_basic_a_type_of_the_modules_own(instance, device, compile_mlir):
    printed: list[str] = []
    created: list[Message] = []

    def create(buffer):
        assert type(buffer) is ireec.vm.Buffer  # the program's constant
        created.append(Message(bytes(buffer).decode()))
        return created[-1]

    module = ireec.vm.NativeModule("custom", {
        "message.create": ("0r_r", create),
        "message.length": ("0r_I", lambda message: len(message.text)),
        "message.print": ("0r_v", lambda message: printed.append(message.text)),
        "message.repeat": ("0ri_r", lambda message, n: Message(message.text * n)),
    })
    session = ireec.Session(instance, device)
    session.append_module(module)
    session.load_module(compile_mlir(PROGRAMS_DIR / "custom_strings.mlir",
                                     "--iree-execution-model=host-only", target_flags=()))
    live = ref_type.live_object_count()
    assert session.call("strings.main") == [15]
    assert printed == ["ireec", "ireecireecireec"]
    assert [m.text for m in created] == ["ireec"]
    # The program dropped its messages: IREE destroyed them, the objects went.
    assert ref_type.live_object_count() == live


def test_basic_values_of_the_type_in_and_out_of_calls(instance, device, compile_mlir):
    module = ireec.vm.NativeModule("custom", {
        "message.create": ("0r_r", lambda buffer: Message(bytes(buffer).decode())),
        "message.length": ("0r_I", lambda message: len(message.text)),
        "message.print": ("0r_v", lambda message: None),
        "message.repeat": ("0ri_r", lambda message, n: Message(message.text * n)),
    })
    session = ireec.Session(instance, device)
    session.append_module(module)
    session.load_module(compile_mlir(PROGRAMS_DIR / "custom_strings.mlir",
                                     "--iree-execution-model=host-only", target_flags=()))
    # Called directly, a registered object goes in and comes out as itself.
    hello = Message("hi")
    (twice,) = session.call("custom.message.repeat", hello, 2)
    assert type(twice) is Message and twice.text == "hihi"
    assert session.call("custom.message.length", twice) == [4]
    (same,) = session.call("custom.message.repeat", ireec.vm.List([hello])[0], 1)
    assert same.text == "hi"
    with pytest.raises(TypeError, match="argument 1 of custom.message.length takes"):
        session.call("custom.message.length", object())


def test_registering_types(instance):
    assert ireec.vm.register_type("custom.message", Message) is MESSAGE
    assert MESSAGE.name == "custom.message" and MESSAGE.cls is Message
    assert lib.iree_vm_instance_lookup_type(
        instance.vm_instance, lib.iree_make_cstring_view(b"custom.message")) != 0
    with pytest.raises(ValueError, match="registered already, for Message"):
        ireec.vm.register_type("custom.message", dict)
    with pytest.raises(ValueError, match="registered already, as the ref type"):
        ireec.vm.register_type("custom.other", Message)
    with pytest.raises(ValueError, match="exists already in IREE"):
        ireec.vm.register_type("hal.buffer_view", type("View", (), {}))
    # A subclass's objects are values of the type too.
    Loud = type("Loud", (Message,), {})
    assert ireec.vm.List([Loud("x")]).type_at(0) == "custom.message"


# ---------------------------------------------------------------------------
# sync: a tensor in, a tensor out (the form the documentation gives)
# ---------------------------------------------------------------------------

def test_sync_the_documented_form(instance, device, compile_mlir):
    def call_sync(view):                     # refs arrive as ireec objects
        return ireec.BufferView(view.device, view.to_numpy() + 1)

    module = ireec.vm.NativeModule("custom", {
        "call.sync": ("0r_r", call_sync),    # IREE calling conventions: 0<args>_<results>
        "add": ("0ii_i", lambda a, b: a + b),
    })
    session = ireec.Session(instance, device)
    session.append_module(module)            # one module may serve several sessions
    session.load_module(compile_mlir(PROGRAMS_DIR / "custom_sync_call.mlir"))
    (result,) = session.call("sync_call.main", X)
    assert result.to_numpy().tolist() == ((X * X + 1) ** 2).tolist()
    assert session.call("custom.add", 2, 3) == [5]


def test_sync_doubling_as_the_sample(instance, device, compile_mlir):
    module = ireec.vm.NativeModule("custom", {
        "call.sync": ("0r_r", lambda view: view.to_numpy() * 2)})
    session = ireec.Session(instance, device)
    session.append_module(module)
    session.load_module(compile_mlir(PROGRAMS_DIR / "custom_sync_call.mlir"))
    assert session.call("sync_call.main", X)[0].to_numpy().tolist() == EXPECTED


# ---------------------------------------------------------------------------
# async: coarse fences, the work done on another thread
# ---------------------------------------------------------------------------

class AsyncDoubler:
    """call.async as IREE's sample does it: allocate the result, start the
    work (wait for the input's fence, double, signal the result's fence)
    on a thread of its own, return at once."""

    def __init__(self, fail_with: BaseException | None = None) -> None:
        self.threads: list[threading.Thread] = []
        self.fail_with = fail_with
        self.signals: list[ireec.Fence] = []

    def __call__(self, view, wait, signal):
        assert (type(wait), type(signal)) == (ireec.Fence, ireec.Fence)
        result = ireec.BufferView(view.device, np.zeros(view.shape, view.dtype))
        thread = threading.Thread(target=self.work, args=(view, result, wait, signal))
        self.threads.append(thread)
        self.signals.append(signal)
        thread.start()
        return result

    def work(self, view, result, wait, signal):
        try:
            wait.wait()
            if self.fail_with is not None:
                raise self.fail_with
            doubled = np.ascontiguousarray(view.to_numpy() * 2)
            ireec.check_status(lib.iree_hal_buffer_map_write(
                result.buffer.handle, 0, ffi.from_buffer(doubled), doubled.nbytes))
            signal.signal()
        except BaseException as error:
            signal.fail(error)  # the caller's wait raises it

    def join(self) -> None:
        for thread in self.threads:
            thread.join(timeout=60)
            assert not thread.is_alive()


@pytest.fixture(scope="module")
def async_program(compile_mlir):
    return compile_mlir(PROGRAMS_DIR / "custom_async_call.mlir",
                        "--iree-execution-model=async-external")


def test_async_coarse_fences_import(instance, device, async_program):
    doubler = AsyncDoubler()
    module = ireec.vm.NativeModule("custom", {"call.async": ("0rrr_r", doubler)})
    session = ireec.Session(instance, device)
    session.append_module(module)
    session.load_module(async_program)
    for _ in range(3):
        (result,) = session.call("async_call.main", X)
        assert result.to_numpy().tolist() == EXPECTED
    doubler.join()
    assert len(doubler.threads) == 3


def test_async_work_that_fails_fails_the_call_with_its_exception(instance, device,
                                                                 async_program):
    error = RuntimeError("the device library refused")
    doubler = AsyncDoubler(fail_with=error)
    session = ireec.Session(instance, device)
    session.append_module(ireec.vm.NativeModule("custom", {"call.async": ("0rrr_r", doubler)}))
    session.load_module(async_program)
    # The program's work after the import waits on the fence it failed: the
    # call fails with that failure (the exception itself) or, when the
    # program met it inside a queue operation that reports no reason, as
    # ABORTED; which one depends on when the thread failed the fence.
    with pytest.raises((RuntimeError, ireec.AbortedError)) as by_call:
        session.call("async_call.main", X)
    doubler.join()
    # The fence the import failed carries the failure; the exception itself
    # reaches Python once, through the call or through the fence.
    (signal,) = doubler.signals
    with pytest.raises((RuntimeError, ireec.IreeError),
                       match="the device library refused") as by_fence:
        signal.wait()
    assert [by_call.value is error, by_fence.value is error].count(True) == 1
    # The session and its device keep working.
    doubler.fail_with = None
    assert session.call("async_call.main", X)[0].to_numpy().tolist() == EXPECTED
    doubler.join()
    device.check()


def test_example_custom_module():
    run = run_python(EXAMPLES_DIR / "custom_module.py").check()
    assert run.stdout.splitlines() == [
        "<ireec.vm.NativeModule 'custom' functions=['add', 'call.sync']>",
        "main: [4, 25, 100, 289]",
        "offset: [105]",
        "main raised: refusing a tensor of shape (4,)",
        "offset still works: [101]",
    ]


def test_the_guides_custom_module_runs_raw_and_pythonic(compile_mlir, tmp_path):
    # docs/c_to_python.md's custom-module part: its program, and the raw and
    # Pythonic forms of the module, each run as the guide shows them.
    (program,) = doc_blocks("c_to_python.md", "mlir")
    shutil.copy(compile_mlir(program), tmp_path / "offset.vmfb")
    forms = [block for block in doc_blocks("c_to_python.md", "python")
             if "offset.vmfb" in block]
    assert len(forms) == 2
    for form in forms:
        assert run_python("-c", form, cwd=tmp_path).check().stdout == "[105]\n"
