"""Calls made in C by ireec._cext (csrc/python/invoke.c, invoker.c,
session.c) and to_numpy (readback.c): which calls run no Python at all
(numpy arrays and BufferViews in, results as BufferViews or read into out=),
that they return what the converted arguments give, which arguments go to
the Python converter (ireec/runtime/_marshal.py), and how failures are
raised."""

from __future__ import annotations

import sys

import numpy as np
import pytest

import ireec
from ireec import _cext, ffi, lib
from ireec.hal.element_type import ELEMENT_TYPES_BY_DTYPE
from ireec.runtime import _marshal as marshal

from device_buffers import device_only_view

A = np.array([1.0, 1.1, 1.2, 1.3], np.float32)
B = np.array([10.0, 100.0, 1000.0, 10000.0], np.float32)
PRODUCT = (A * B).tolist()


@pytest.fixture(scope="module")
def session(session_with):
    return session_with("simple_mul", "dynamic")


@pytest.fixture(scope="module")
def int_session(session_with):
    return session_with("int_ops")  # its module is also named "module"


def _is_session_call(called) -> bool:
    """Whether `called` (what a profiler's c_call event names) is
    Session.call, bound or not."""
    return getattr(called, "__name__", None) == "call" and (
        isinstance(getattr(called, "__self__", None), _cext.SessionHandle)
        or getattr(called, "__objclass__", None) is _cext.SessionHandle)


@pytest.fixture
def taken(request):
    """Per Session.call the test itself makes meanwhile (results or a
    failure): "in C" when every argument was pushed in C, "converted" when
    the Python converter (ireec/runtime/_marshal.py) ran for one."""
    seen: list[str] = []
    test_code = request.function.__code__
    converter = marshal.Packer.push_arg.__code__
    state = {"call": None, "python": False}

    def profile(frame, event, arg):
        if state["call"] is None:
            if event == "c_call" and frame.f_code is test_code and _is_session_call(arg):
                state["call"], state["python"] = arg, False
        # Equal, not identical: CPython 3.12+ hands each event a bound
        # method object of its own.
        elif event in ("c_return", "c_exception") and arg == state["call"]:
            seen.append("converted" if state["python"] else "in C")
            state["call"] = None
        elif event == "call" and frame.f_code is converter:
            state["python"] = True

    sys.setprofile(profile)
    yield seen
    sys.setprofile(None)


def _shared_call(session, name):
    """The PreparedCall Session.call and Function.__call__ make `name`'s
    calls with."""
    return session._prepared_call(session.function(name))


def _list_sizes(call) -> tuple[int, int]:
    return (lib.iree_vm_list_size(call._inputs),
            lib.iree_vm_list_size(call._outputs))


def test_numpy_arguments_are_handled_in_c(session, taken):
    (result,) = session.call("module.simple_mul", A, B)
    assert type(result) is ireec.BufferView
    assert result.to_numpy().tolist() == PRODUCT
    assert (result.shape, result.dtype) == ((4,), np.float32)
    assert taken == ["in C"]


def test_a_result_made_in_c_is_the_buffer_view_python_makes(session, device, taken):
    (made_in_c,) = session.call("module.simple_mul", A, B)
    made_in_python = ireec.BufferView(device, A)
    assert taken == ["in C"]
    users = session.device._users
    for view, its_device in ((made_in_c, session.device), (made_in_python, device)):
        assert type(view) is ireec.BufferView
        assert view.device is its_device
        assert (view.zero_copy, view.zero_copy_fallback) == (False, None)
        assert view.handle == ffi.cast("iree_hal_buffer_view_t*", view._address)
        assert view.handle is view.handle  # cast once
    # The view holds a use of its device until closed, and keeps naming it.
    made_in_c.close()
    assert session.device._users == users - 1
    assert made_in_c.device is session.device
    with pytest.raises(ireec.ClosedError, match="BufferView is closed"):
        made_in_c.handle


def test_read_only_and_integer_arguments_are_handled_in_c(int_session, taken):
    a = np.array([1, -2, 3, 40], np.int32)
    a.setflags(write=False)
    b = np.array([5, 6, -7, 8], np.int32)
    c = np.array([100, 200, 300, 2**31 - 321], np.int32)
    (result,) = int_session.call("module.mul_add", a, b, c)
    assert result.to_numpy().tolist() == [105, 188, 279, 2**31 - 1]
    assert taken == ["in C"]


def test_scalar_results_beside_buffer_views_are_handled_in_c(session, taken):
    doubled, total = session.call("dynamic.double_and_sum",
                                  np.array([1.5, 2.0, 4.0], np.float32))
    assert doubled.to_numpy().tolist() == [3.0, 4.0, 8.0]
    assert total == 7.5
    assert taken == ["in C"]
    prepared = _shared_call(session, "dynamic.double_and_sum")
    assert _list_sizes(prepared) == (0, 0)


@pytest.mark.parametrize("make_arguments, why", [
    (lambda: (np.arange(8, dtype=np.float32)[::2], B), "not contiguous"),
    (lambda: (A.astype(">f4"), B), "not native byte order"),
    (lambda: (np.arange(8, dtype=np.float32)[2:6], B), "a contiguous slice"),
])
def test_arrays_declined_or_handled_give_the_same_values(session, taken, make_arguments, why):
    lhs, rhs = make_arguments()
    (result,) = session.call("module.simple_mul", lhs, rhs)
    assert result.to_numpy().tolist() == (lhs.astype(np.float32) * rhs).tolist()
    expected = "in C" if lhs.flags.c_contiguous and lhs.dtype.isnative else "converted"
    assert taken == [expected]


def test_buffer_view_arguments_are_handled_in_c(session, device, taken):
    view = ireec.BufferView.from_numpy(device, B)
    (result,) = session.call("module.simple_mul", A, view)
    assert result.to_numpy().tolist() == PRODUCT
    # A call's result passed on to the next, staying on the device.
    (squared,) = session.call("module.simple_mul", result, result)
    assert squared.to_numpy().tolist() == (np.array(PRODUCT, np.float32) ** 2).tolist()
    assert taken == ["in C", "in C"]
    # The list holds its own reference while the call runs, none after.
    prepared = _shared_call(session, "module.simple_mul")
    assert _list_sizes(prepared) == (0, 0)


def test_other_arguments_are_converted_in_python(session, int_session, device, taken):
    view = ireec.BufferView.from_numpy(device, B)
    view.close()
    # A closed BufferView is refused in C.
    with pytest.raises(ireec.ClosedError):
        session.call("module.simple_mul", A, view)
    with pytest.raises(TypeError, match="argument 2 of module.simple_mul takes a tensor"):
        session.call("module.simple_mul", A, object())
    # A list converts in Python (typed by the function's declaration).
    assert session.call("module.simple_mul", A, B.tolist())[0].to_numpy().tolist() == PRODUCT
    with pytest.raises(ireec.IreeError):
        session.call("module.simple_mul", A, None)  # a null ref: IREE refuses it
    # Scalar arguments are converted too.
    assert int_session.call("module.add_scalars", 2, 40) == [42]
    assert taken == ["in C", "converted", "converted", "converted", "converted"]


def test_out_is_read_into_in_the_same_crossing(session, taken):
    out = np.full(4, -1.0, np.float32)
    results = session.call("module.simple_mul", A, B, out=out)
    assert results == [out] and results[0] is out
    assert out.tolist() == PRODUCT
    assert taken == ["in C"]


def test_an_out_array_of_another_layout_is_refused_after_the_call(session, taken):
    out = np.zeros(4, np.int32)
    with pytest.raises(ireec.InvalidArgumentError) as caught:
        session.call("module.simple_mul", A, B, out=out)
    assert "the buffer view is 4xf32; the target is 4xi32" in str(caught.value)
    assert "while reading result 0 of module.simple_mul into out entry 0" in caught.value.__notes__
    assert taken == ["in C"]
    assert out.tolist() == [0, 0, 0, 0]
    assert _list_sizes(_shared_call(session, "module.simple_mul")) == (0, 0)


def test_out_not_read_in_the_same_crossing_is_refused_or_read_after(session, taken):
    read_only = np.zeros(4, np.float32)
    read_only.setflags(write=False)
    with pytest.raises(ValueError, match="out entry 0 must be C-contiguous and writeable"):
        session.call("module.simple_mul", A, B, out=read_only)
    # Several results: out is a list, read (in C) once the call is made.
    doubled = np.zeros(2, np.float32)
    _, total = session.call("dynamic.double_and_sum", np.array([1, 2], np.float32),
                            out=[doubled, None])
    assert doubled.tolist() == [2.0, 4.0] and total == 3.0
    assert taken == ["in C", "in C"]


def test_a_failed_call_raises_and_leaves_the_lists_empty(session, taken):
    five = np.ones(5, np.float32)
    with pytest.raises(ireec.IreeError):
        session.call("module.simple_mul", five, five)
    assert taken == ["in C"]
    assert _list_sizes(_shared_call(session, "module.simple_mul")) == (0, 0)
    assert session.call("module.simple_mul", A, B)[0].to_numpy().tolist() == PRODUCT


def test_a_failed_copy_names_the_argument(session, device, taken):
    # An empty array whose other dimension IREE's size check refuses (2^60
    # elements of 32 bits overflow a 64-bit byte size).
    huge_empty = np.empty((2**60, 0), np.float32)
    # Raised from C, as the general path raises it: the status's class and
    # IREE's text, with the same note.
    with pytest.raises(ireec.IreeError) as in_c:
        session.call("module.simple_mul", huge_empty, B)
    assert taken == ["in C"]
    with pytest.raises(ireec.IreeError) as in_python:  # device= is C's too
        session.call("module.simple_mul", huge_empty, B, device=session.device)
    assert taken == ["in C", "in C"]
    for caught in (in_c, in_python):
        assert caught.value.__notes__ == [
            "while copying argument 1 of module.simple_mul to the device"]
        assert type(caught.value) is ireec.InvalidArgumentError
        assert "overflow a 64-bit byte size" in str(caught.value)
    assert str(in_c.value) == str(in_python.value)
    assert _list_sizes(_shared_call(session, "module.simple_mul")) == (0, 0)


def test_a_closed_session_raises_before_any_call(instance, device, program, taken):
    session = ireec.Session(instance, device)
    session.load_module(program("simple_mul"))
    function = session.function("module.simple_mul")
    assert function(A, B)[0].to_numpy().tolist() == PRODUCT
    assert session.call("module.simple_mul", A, B)[0].to_numpy().tolist() == PRODUCT
    session.close()
    with pytest.raises(ireec.ClosedError):
        function(A, B)
    with pytest.raises(ireec.ClosedError):
        session.call("module.simple_mul", A, B)
    assert taken == ["in C", "in C"]


# Functions returning their argument doubled, per MLIR element type.
DOUBLE = "\n".join(f"""
func.func @double_{t}(%a: tensor<4x{t}>) -> tensor<4x{t}> {{
  %b = {op} %a, %a : tensor<4x{t}>
  return %b : tensor<4x{t}>
}}""" for t, op in (("i8", "arith.addi"), ("i16", "arith.addi"), ("i32", "arith.addi"),
                      ("i64", "arith.addi"), ("f16", "arith.addf"), ("f32", "arith.addf")))


@pytest.mark.parametrize("code, mlir_type", [
    ("b", "i8"), ("h", "i16"), ("i", "i32"), ("l", "i64"), ("q", "i64"), ("e", "f16"),
    ("f", "f32")])
def test_arrays_of_each_numpy_type_take_it(instance, device, compile_mlir, taken, code,
                                            mlir_type):
    # The C path reads an array's element type from its dtype's type
    # number: two numbers of one dtype (int64 is "l", longlong "q") both
    # count, as every type code whose dtype has an element type does.
    session = ireec.Session(instance, device)
    session.load_module(compile_mlir(DOUBLE))
    array = np.array([1, 2, 3, -4]).astype(code)
    (result,) = session.call(f"module.double_{mlir_type}", array)
    assert result.to_numpy().dtype == np.dtype(code)
    assert result.to_numpy().tolist() == (array * 2).tolist()
    assert taken == ["in C"]


@pytest.mark.parametrize("dtype", [np.bool_, np.int8, np.uint16, np.int64, np.float16,
                                   np.float64, np.complex64])
def test_small_views_read_back_in_one_step(device, dtype):
    values = np.arange(6).reshape(2, 3).astype(dtype)
    view = ireec.BufferView.from_numpy(device, values)
    read = view._read_mapped()
    assert read.dtype == values.dtype and read.tolist() == values.tolist()
    assert view.to_numpy().tolist() == values.tolist()


def test_the_mapped_read_declines_what_it_does_not_read(device):
    # Large views: the copy lands at the source's offset within a page.
    big = ireec.BufferView.from_numpy(device, np.arange(1 << 18, dtype=np.float32))
    read = big._read_mapped()
    assert read.shape == (1 << 18,) and read.dtype == np.float32
    assert read.flags.c_contiguous and read.flags.writeable
    assert read.tolist() == list(range(1 << 18))
    empty = ireec.BufferView.from_numpy(device, np.zeros((0, 3), np.int32))
    assert empty._read_mapped() is None
    assert empty.to_numpy().shape == (0, 3)
    values = np.array([[1.5, -2.0], [4.0, 0.5]], np.float32)
    unmappable = device_only_view(device, values)
    assert unmappable._read_mapped() is None
    assert unmappable.to_numpy().tolist() == values.tolist()
    unmappable.close()
    with pytest.raises(ireec.ClosedError, match="BufferView is closed"):
        unmappable.to_numpy()
    with pytest.raises(ireec.ClosedError, match="BufferView is closed"):
        unmappable._read_mapped()


def test_the_extension_is_installed_once(session):
    from ireec import _extension as extension

    with pytest.raises(RuntimeError, match="installed already"):
        extension.install()
    with pytest.raises(TypeError, match="every one of its keywords"):
        _cext.install(ffi=ffi)
    with pytest.raises(TypeError, match="buffer_view must subclass BufferViewHandle"):
        _cext.install(**{**extension.installation(), "buffer_view": ireec.Device})
    with pytest.raises(TypeError, match="is not a kind of ireec._cext.Handle"):
        _cext.Handle()
    with pytest.raises(TypeError, match="to_numpy.copy=True. takes one argument"):
        ireec.BufferView.from_numpy(session.device, A).to_numpy(True, copy=True)
    # The installation in use is kept.
    assert session.call("module.simple_mul", A, B)[0].to_numpy().tolist() == PRODUCT


SUM_TO_SCALAR = """
func.func @total(%a: tensor<4xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<f32>
  %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<f32>) -> tensor<f32>
  %sum = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>],
      iterator_types = ["reduction"]}
      ins(%a : tensor<4xf32>) outs(%acc : tensor<f32>) {
  ^bb0(%x: f32, %s: f32):
    %y = arith.addf %x, %s : f32
    linalg.yield %y : f32
  } -> tensor<f32>
  %total = tensor.extract %sum[] : tensor<f32>
  return %total : f32
}
"""


def test_a_scalar_result_is_read_in_c_and_refuses_out(instance, device, compile_mlir, taken):
    session = ireec.Session(instance, device)
    session.load_module(compile_mlir(SUM_TO_SCALAR))
    assert session.call("module.total", A) == [pytest.approx(4.6)]
    with pytest.raises(TypeError, match="result 0 of module.total is not a buffer view"):
        session.call("module.total", A, out=np.zeros((), np.float32))
    assert taken == ["in C", "in C"]
    assert _list_sizes(_shared_call(session, "module.total")) == (0, 0)
    assert session.call("module.total", B) == [11110.0]


def test_a_bound_call_is_made_in_c_and_releases_the_lock_when_it_fails(session):
    import threading

    prepared = session.function("module.simple_mul").prepare()
    out = np.zeros(4, np.float32)
    bound = prepared.bind(A, B, out=out)
    assert isinstance(bound, _cext.Invoker)
    assert bound() == [out] and out.tolist() == PRODUCT
    (view,) = prepared.bind(A, B)()
    assert view.to_numpy().tolist() == PRODUCT
    wrong = prepared.bind(A, B, out=np.zeros(4, np.int32))
    for _ in range(2):
        with pytest.raises(ireec.InvalidArgumentError) as caught:
            wrong()
        assert "while reading result 0 of module.simple_mul into out entry 0" in \
            caught.value.__notes__
    # Another thread can take the session's lock: the failed calls gave it back.
    took = []

    def take_and_give_back():
        took.append(session.lock.acquire(timeout=5))
        if took[-1]:
            session.lock.release()

    thread = threading.Thread(target=take_and_give_back)
    thread.start()
    thread.join()
    assert took == [True]
    bound.close()
    with pytest.raises(ireec.ClosedError):
        bound()
    with pytest.raises(TypeError, match="_bind"):
        bound._bind(1, 2)
    with pytest.raises(TypeError, match="takes no arguments .they were bound., only out="):
        prepared.bind(A, B)(A)


def test_the_invoker_owns_its_lists_until_closed(session):
    prepared = session.function("module.simple_mul").prepare()
    bound = prepared.bind(A, B)
    for call in (prepared, bound):
        assert not call.closed
        for vm_list in (call._inputs, call._outputs):
            assert ffi.typeof(vm_list) is ffi.typeof("iree_vm_list_t*")
            assert vm_list is not None and vm_list != ffi.NULL
        assert call._inputs != call._outputs
        assert call._inputs is call._inputs  # made once
    assert _list_sizes(bound) == (2, 0)  # the bound arguments, pinned
    for call, args in ((prepared, (A, B)), (bound, ())):
        call.close()
        call.close()  # harmless
        assert call.closed and call._inputs is call._outputs is None
        with pytest.raises(ireec.ClosedError):
            call(*args)
    with pytest.raises(ValueError, match="already has its lists"):
        prepared._make_lists(session.lock, session, 1, 1)
