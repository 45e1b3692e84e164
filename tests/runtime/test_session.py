"""ireec.Session, Function and PreparedCall on real programs: loading modules,
calls with tensors and scalars, reflection, errors and lifetimes. (Threads:
tests/reliability/test_threads.py; VM lists as results: tests/vm.)"""

from __future__ import annotations

import gc
import mmap
import weakref

import numpy as np
import pytest

import ireec
from ireec import lib

from locations import PROGRAMS_DIR

F64_FLAGS = ("--iree-input-demote-f64-to-f32=false",)


@pytest.fixture
def session(instance, device):
    with ireec.Session(instance, device) as session:
        yield session


def loaded(instance, device, *vmfbs) -> ireec.Session:
    session = ireec.Session(instance, device)
    for vmfb in vmfbs:
        session.load_module(vmfb)
    return session


# --- calls ----------------------------------------------------------------


@pytest.mark.parametrize("uri", ["local-task", "local-sync"])
def test_simple_call(instance, program, uri):
    session = loaded(instance, instance.create_device(uri), program("simple_mul"))
    a = np.array([1.0, 1.1, 1.2, 1.3], np.float32)
    b = np.array([10.0, 100.0, 1000.0, 10000.0], np.float32)
    results = session.call("module.simple_mul", a, b)
    assert len(results) == 1
    (view,) = results
    assert isinstance(view, ireec.BufferView)
    assert view.shape == (4,) and view.dtype == np.float32
    np.testing.assert_array_equal(view.to_numpy(), a * b)
    assert str(view) == "4xf32=10 110 1200 13000"


def test_buffer_view_arguments_and_results_feed_back(session, device, program):
    session.load_module(program("simple_mul"))
    a = ireec.BufferView.from_numpy(device, np.array([1, 2, 3, 4], np.float32))
    (square,) = session.call("module.simple_mul", a, a)
    # A result goes straight back in as an argument, without a host round trip.
    (fourth,) = session.call("module.simple_mul", square, square)
    assert fourth.to_numpy().tolist() == [1, 16, 81, 256]


@pytest.mark.parametrize("shape", [(1, 1), (2, 3), (5, 17), (64, 2)])
def test_dynamic_shapes(session, compile_mlir, shape):
    session.load_module(compile_mlir(PROGRAMS_DIR / "dynamic.mlir"))
    a = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
    b = np.full(shape, 0.5, np.float32)
    (result,) = session.call("dynamic.dyn_add", a, b)
    assert result.shape == shape
    np.testing.assert_array_equal(result.to_numpy(), a + b)


@pytest.mark.parametrize("length", [1, 3, 100])
def test_dynamic_tensor_and_scalar_results(session, compile_mlir, length):
    session.load_module(compile_mlir(PROGRAMS_DIR / "dynamic.mlir"))
    a = np.arange(length, dtype=np.float32) + 0.25
    doubled, total = session.call("dynamic.double_and_sum", a)
    assert doubled.shape == (length,)
    np.testing.assert_array_equal(doubled.to_numpy(), 2 * a)
    assert isinstance(total, float)
    assert total == pytest.approx(float(a.sum()))


def test_two_results(session, program):
    session.load_module(program("two_results"))
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = np.full((2, 3), 3.0, np.float32)
    total, product = session.call("module.sum_and_product", a, b)
    np.testing.assert_array_equal(total.to_numpy(), a + b)
    np.testing.assert_array_equal(product.to_numpy(), a * b)


def test_i32_scalar_arguments_and_result(session, program):
    session.load_module(program("int_ops"))
    assert session.call("module.add_scalars", 40, 2) == [42]
    assert session.call("module.add_scalars", -50, 8) == [-42]
    # numpy integers and 0-d integer arrays are scalars too.
    assert session.call("module.add_scalars", np.int32(7), np.array(5, np.int64)) == [12]


def test_i64_f32_f64_scalars(session, compile_mlir):
    session.load_module(compile_mlir(PROGRAMS_DIR / "scalars.mlir", *F64_FLAGS))
    fn = session.function("scalars.scalar_ops")
    assert fn.signature == "0IfF_IfF"
    big = 3 * 10**12  # does not fit in i32
    i, f, d = fn(big, 5.0, 0.1)
    assert (type(i), type(f), type(d)) == (int, float, float)
    assert i == 3 * big
    assert f == 2.5
    # f64 all the way: 0.1 + 0.1 in double precision, which f32 would not give.
    assert d == 0.1 + 0.1
    # ints where a float is taken, 0-d arrays where a scalar is taken.
    assert fn(np.array(2), 3, np.array(1.25)) == [6, 1.5, 2.5]


def test_i32_is_signless(session, compile_mlir):
    session.load_module(compile_mlir(PROGRAMS_DIR / "scalars.mlir", *F64_FLAGS))
    fn = session.function("scalars.identity_i32")
    assert fn(2**31 - 1) == [2**31 - 1]
    assert fn(-(2**31)) == [-(2**31)]
    # An unsigned value goes in as its bit pattern; results read back signed.
    assert fn(2**32 - 1) == [-1]
    with pytest.raises(ireec.InvalidArgumentError,
                       match=r"argument 1 of scalars.identity_i32: 4294967296 does not fit in i32"):
        fn(2**32)
    with pytest.raises(ireec.InvalidArgumentError, match="does not fit in i32"):
        fn(-(2**31) - 1)


def test_zero_d_tensor_argument(session, compile_mlir):
    session.load_module(compile_mlir(PROGRAMS_DIR / "scalars.mlir", *F64_FLAGS))
    fn = session.function("scalars.add_to_0d")
    assert fn.signature == "0rf_r"
    # The cconv says ref then f32: a 0-d array or numpy scalar becomes a 0-d
    # buffer view, a Python float the f32 value; a Python float for the
    # tensor a 0-d tensor of its declared type (tensor<f32>).
    for tensor in (np.array(1.5, np.float32), np.float32(1.5), 1.5):
        (result,) = fn(tensor, 2.0)
        assert result.shape == ()
        assert result.to_numpy().item() == 3.5
        assert result.dtype == np.float32


# --- argument errors --------------------------------------------------------


def test_wrong_argument_count(session, program):
    session.load_module(program("simple_mul"))
    a = np.ones(4, np.float32)
    with pytest.raises(TypeError, match=r"module.simple_mul takes 2 arguments \(ref, ref\), got 1"):
        session.call("module.simple_mul", a)
    with pytest.raises(TypeError, match="takes 2 arguments .*got 3"):
        session.call("module.simple_mul", a, a, a)
    # The session still works after refusing.
    assert session.call("module.simple_mul", a, a)[0].to_numpy().tolist() == [1, 1, 1, 1]


@pytest.mark.parametrize("bad, message", [
    ("seven", r"argument 2 of module.add_scalars takes an i32 \(an int\); got str"),
    (2.5, r"argument 2 of module.add_scalars takes an i32 \(an int\); got float 2.5"),
    (np.ones(3, np.int32), r"argument 2 of module.add_scalars takes an i32 scalar; got a numpy array of shape \(3,\)"),
    (np.array(2.0), r"argument 2 of module.add_scalars takes an i32 scalar; got a 0-d array of dtype float64"),
    (None, r"argument 2 of module.add_scalars takes an i32 \(an int\); got NoneType"),
])
def test_wrong_scalar_argument_type_names_the_argument(session, program, bad, message):
    session.load_module(program("int_ops"))
    with pytest.raises(TypeError, match=message):
        session.call("module.add_scalars", 1, bad)


@pytest.mark.parametrize("bad, error, message", [
    (3, ValueError, r"argument 1 of module.simple_mul is declared tensor<4xf32>; it was "
                    r"given a scalar"),
    ("abc", TypeError, r"argument 1 of module.simple_mul takes a tensor \(a buffer view\): "
                       r"pass a numpy array.*got str"),
    ([1.0, [2.0], 3.0, 4.0], ValueError, r"argument 1 of module.simple_mul \(tensor<4xf32>\) "
                                         r"is not rectangular"),
])
def test_wrong_tensor_argument_type_names_the_argument(session, program, bad, error, message):
    session.load_module(program("simple_mul"))
    with pytest.raises(error, match=message):
        session.call("module.simple_mul", bad, np.ones(4, np.float32))


def test_wrong_element_type_and_shape_are_iree_errors(session, program):
    session.load_module(program("simple_mul"))
    f32 = np.ones(4, np.float32)
    with pytest.raises(ireec.InvalidArgumentError, match="input0 element type mismatch; expected f32"):
        session.call("module.simple_mul", np.ones(4, np.int32), f32)
    with pytest.raises(ireec.InvalidArgumentError, match="input1 shape dimension 0 mismatch; expected 4 but have 5"):
        session.call("module.simple_mul", f32, np.ones(5, np.float32))


def test_unknown_function(session, program):
    session.load_module(program("simple_mul"))
    with pytest.raises(ireec.NotFoundError):
        session.function("module.no_such_function")
    with pytest.raises(TypeError, match="function name must be a str"):
        session.function(b"module.simple_mul")


# --- reflection --------------------------------------------------------------


def test_reflection(session, program):
    session.load_module(program("simple_mul"))
    fn = session.function("module.simple_mul")
    assert isinstance(fn, ireec.Function)
    assert fn.name == "module.simple_mul"
    assert fn.signature == "0rr_r"
    assert fn.arg_kinds == "rr" and fn.result_kinds == "r"
    assert fn.attributes == {
        "iree.abi.declaration":
            "sync func @simple_mul(%input0: tensor<4xf32>, %input1: tensor<4xf32>) -> (%output0: tensor<4xf32>)",
    }
    assert fn.model is None and not fn.uses_fences
    # Looked up once: the same object every time.
    assert session.function("module.simple_mul") is fn
    # The handle is the iree_vm_function_t C sees.
    name = lib.iree_vm_function_name(fn.handle)
    assert ireec.ffi.unpack(name.data, name.size) == b"simple_mul"


def test_scalar_signatures_in_reflection(session, program):
    session.load_module(program("int_ops"))
    fn = session.function("module.add_scalars")
    assert fn.signature == "0ii_i"
    assert "%input0: i32, %input1: i32" in fn.attributes["iree.abi.declaration"]


# --- prepared calls ------------------------------------------------------------


def test_prepared_call_reused_with_new_inputs(session, program):
    session.load_module(program("simple_mul"))
    prepared = session.function("module.simple_mul").prepare()
    assert isinstance(prepared, ireec.PreparedCall)
    rng = np.random.default_rng(7)
    for _ in range(300):
        a = rng.standard_normal(4).astype(np.float32)
        b = rng.standard_normal(4).astype(np.float32)
        (result,) = prepared(a, b)
        np.testing.assert_array_equal(result.to_numpy(), a * b)


def test_prepared_scalar_call_reused(session, program):
    session.load_module(program("int_ops"))
    prepared = session.function("module.add_scalars").prepare()
    assert [prepared(i, 2 * i)[0] for i in range(500)] == [3 * i for i in range(500)]


def test_prepared_call_keeps_nothing_alive(session, program):
    session.load_module(program("simple_mul"))
    with session.function("module.simple_mul").prepare() as prepared:
        prepared(np.ones(4, np.float32), np.ones(4, np.float32))
        # Both VM lists are emptied after the call, so neither the arguments
        # nor the results stay referenced by the prepared call.
        assert lib.iree_vm_list_size(prepared._inputs) == 0
        assert lib.iree_vm_list_size(prepared._outputs) == 0
    with pytest.raises(ireec.ClosedError):
        prepared(np.ones(4, np.float32), np.ones(4, np.float32))


def test_prepared_call_after_an_error_still_works(session, program):
    session.load_module(program("simple_mul"))
    prepared = session.function("module.simple_mul").prepare()
    ok = np.full(4, 2.0, np.float32)
    with pytest.raises(TypeError, match="argument 2 of"):
        prepared(ok, "not an array")
    with pytest.raises(ireec.InvalidArgumentError):
        prepared(ok, np.ones(3, np.float32))
    assert prepared(ok, ok)[0].to_numpy().tolist() == [4, 4, 4, 4]


# --- modules ---------------------------------------------------------------------


def test_load_module_sources(instance, device, program):
    vmfb = program("simple_mul")
    data = vmfb.read_bytes()
    with open(vmfb, "rb") as f, mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as mapped:
        sources = [str(vmfb), vmfb, data, bytearray(data), memoryview(data),
                   memoryview(b"\0" + data)[1:], mapped]
        for source in sources:
            session = loaded(instance, device, source)
            assert session.modules == ["hal", "module"]
            a = np.array([1, 2, 3, 4], np.float32)
            assert session.call("module.simple_mul", a, a)[0].to_numpy().tolist() == [1, 4, 9, 16]
            session.close()


def test_module_bytes_lent_in_place_stay_alive_until_the_session_goes(instance, device, program):
    # Immutable (a read-only mapping) and page-aligned: used in place, not
    # copied.
    with open(program("simple_mul"), "rb") as f:
        lent = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
    alive = weakref.ref(lent)
    session = loaded(instance, device, lent)
    del lent
    gc.collect()
    assert alive() is not None  # the session holds the bytes the module reads
    a = np.array([1, 2, 3, 4], np.float32)
    assert session.call("module.simple_mul", a, a)[0].to_numpy().tolist() == [1, 4, 9, 16]
    session.close()
    gc.collect()
    assert alive() is None  # released with the session


def test_writable_module_bytes_are_copied(instance, device, program):
    data = bytearray(program("simple_mul").read_bytes())
    session = loaded(instance, device, data)
    # The session took a private copy: changing or freeing the caller's
    # buffer afterwards cannot reach the module.
    data[:] = bytes(len(data))
    del data
    gc.collect()
    a = np.array([1, 2, 3, 4], np.float32)
    assert session.call("module.simple_mul", a, a)[0].to_numpy().tolist() == [1, 4, 9, 16]


def test_load_module_errors(session, tmp_path):
    with pytest.raises(ireec.NotFoundError, match="no_such.vmfb"):
        session.load_module(tmp_path / "no_such.vmfb")
    with pytest.raises(ireec.InvalidArgumentError):
        session.load_module(b"this is not a module, just some bytes")
    with pytest.raises(ValueError, match="no bytes"):
        session.load_module(b"")
    with pytest.raises(TypeError, match="path .* or a bytes-like object, not int"):
        session.load_module(42)
    assert session.modules == ["hal"]


def test_two_modules_in_one_session(session, program, compile_mlir):
    session.load_module(program("simple_mul"))
    session.load_module(compile_mlir(PROGRAMS_DIR / "dynamic.mlir"))
    assert session.modules == ["hal", "module", "dynamic"]
    a = np.array([[1.0, 2.0]], np.float32)
    (total,) = session.call("dynamic.dyn_add", a, a)
    (product,) = session.call("module.simple_mul", np.ones(4, np.float32), np.ones(4, np.float32))
    assert total.to_numpy().tolist() == [[2, 4]]
    assert product.to_numpy().tolist() == [1, 1, 1, 1]


# --- sessions, lifetimes ---------------------------------------------------------


def test_session_constructor_errors(instance, device):
    with pytest.raises(TypeError, match="either device= or devices="):
        ireec.Session(instance)
    with pytest.raises(TypeError, match="either device= or devices="):
        ireec.Session(instance, device, devices=[device])
    with pytest.raises(ValueError, match="at least one device"):
        ireec.Session(instance, devices=[])
    with pytest.raises(TypeError, match=r"devices\[1\] must be an ireec.Device, not str"):
        ireec.Session(instance, devices=[device, "local-task"])
    with pytest.raises(TypeError, match="instance must be an ireec.Instance"):
        ireec.Session(None, device)


def test_session_device_and_handle(session, device, cpu_driver):
    assert session.devices == (session.device,)
    assert session.device.id == cpu_driver
    # The session's own Device wrapper around the same C device.
    assert session.device.handle == device.handle
    assert lib.iree_runtime_session_device(session.handle) == device.handle


def test_use_after_close(instance, device, program):
    session = loaded(instance, device, program("simple_mul"))
    fn = session.function("module.simple_mul")
    prepared = fn.prepare()
    a = np.ones(4, np.float32)
    session.close()
    session.close()  # harmless
    assert session.closed
    for use in (lambda: session.call("module.simple_mul", a, a),
                lambda: session.call_async("module.simple_mul", a, a),
                lambda: session.function("module.simple_mul"),
                lambda: session.load_module(program("simple_mul")),
                lambda: session.modules,
                lambda: session.device,
                lambda: fn(a, a),
                lambda: fn.handle,
                lambda: prepared(a, a)):
        with pytest.raises(ireec.ClosedError):
            use()
    with pytest.raises(ireec.ClosedError):
        with session:
            pass


def test_results_outlive_the_session(instance, device, program):
    with loaded(instance, device, program("simple_mul")) as session:
        (result,) = session.call("module.simple_mul", np.full(4, 3.0, np.float32),
                                 np.full(4, 2.0, np.float32))
    assert session.closed
    assert result.to_numpy().tolist() == [6, 6, 6, 6]


def test_closing_instance_and_device_first_is_safe(program):
    instance = ireec.Instance()
    device = instance.create_device("local-task")
    session = loaded(instance, device, program("simple_mul"))
    device.close()
    instance.close()
    gc.collect()
    a = np.array([1, 2, 3, 4], np.float32)
    (result,) = session.call("module.simple_mul", a, a)
    assert result.to_numpy().tolist() == [1, 4, 9, 16]
    session.close()
    # The result still holds its buffer (and the session's device wrapper).
    assert result.to_numpy().tolist() == [1, 4, 9, 16]


def test_sessions_collected_without_close(instance, device, program):
    vmfb = program("simple_mul")
    data = vmfb.read_bytes()
    a = np.ones(4, np.float32)
    for i in range(50):
        session = loaded(instance, device, data if i % 2 else vmfb)
        prepared = session.function("module.simple_mul").prepare()
        assert prepared(a, a)[0].to_numpy().tolist() == [1, 1, 1, 1]
        del session, prepared
    gc.collect()
