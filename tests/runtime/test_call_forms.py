"""One call path: every form of a call (Session.call, calling a Function, a
PreparedCall, a bound call, out=, call_async) gives the same results and the
same error messages, because all of them go through PreparedCall's call and
one result decoder."""

from __future__ import annotations

import numpy as np
import pytest

import ireec

from locations import PROGRAMS_DIR

F64_FLAGS = ("--iree-input-demote-f64-to-f32=false",)
A = np.array([1, 2, 3, 4], np.float32)
B = np.array([10, 20, 30, 40], np.float32)


@pytest.fixture(scope="module")
def session(instance, device, program, compile_mlir):
    session = ireec.Session(instance, device)
    session.load_module(program("simple_mul"))
    session.load_module(compile_mlir(PROGRAMS_DIR / "scalars.mlir", *F64_FLAGS))
    return session


def call_async(session, name, *args):
    results, fence = session.call_async(name, *args)
    fence.wait()
    return results


FORMS = {
    "session.call": lambda s, name, *args, **kw: s.call(name, *args, **kw),
    "function": lambda s, name, *args, **kw: s.function(name)(*args, **kw),
    "prepared": lambda s, name, *args, **kw: s.function(name).prepare()(*args, **kw),
    "bound": lambda s, name, *args, **kw: s.function(name).prepare().bind(*args, **kw)(),
    "async": lambda s, name, *args, **kw: call_async(s, name, *args, **kw),
}
WITH_OUT = [form for form in FORMS if form != "async"]


def values(results) -> list:
    return [r.to_numpy().tolist() if isinstance(r, ireec.BufferView) else
            r.tolist() if isinstance(r, np.ndarray) else r for r in results]


def outcome(form, session, name, *args, **kw):
    """(the results' values, or None; the error's type and message, or None)."""
    try:
        return values(FORMS[form](session, name, *args, **kw)), None
    except Exception as error:  # noqa: BLE001 -- compared across forms
        return None, (type(error), str(error))


@pytest.mark.parametrize("form", FORMS)
def test_tensor_results_are_the_same(session, form):
    results = FORMS[form](session, "module.simple_mul", A, B)
    assert len(results) == 1 and isinstance(results[0], ireec.BufferView)
    assert values(results) == [[10.0, 40.0, 90.0, 160.0]]


@pytest.mark.parametrize("form", FORMS)
def test_buffer_view_arguments_give_the_same_results(session, device, form):
    a, b = (ireec.BufferView(device, x) for x in (A, B))
    assert values(FORMS[form](session, "module.simple_mul", a, b)) == [[10.0, 40.0, 90.0, 160.0]]


@pytest.mark.parametrize("form", FORMS)
def test_scalar_results_are_the_same(session, form):
    assert values(FORMS[form](session, "scalars.scalar_ops", 7, np.float32(3), 1.25)) == [
        21, 1.5, 2.5]


@pytest.mark.parametrize("form", WITH_OUT)
def test_out_gives_the_same_arrays(session, form):
    out = np.zeros(4, np.float32)
    results = FORMS[form](session, "module.simple_mul", A, B, out=out)
    assert results[0] is out
    assert out.tolist() == [10.0, 40.0, 90.0, 160.0]


@pytest.mark.parametrize("args,kw", [
    ((A,), {}),                                           # too few arguments
    ((A, 2.0), {}),                                       # a float for a tensor
    ((A, "b"), {}),                                       # not a value at all
    ((A, np.zeros((2, 2), np.float32)), {}),              # the program refuses the shape
], ids=["count", "float", "str", "shape"])
def test_argument_errors_are_the_same(session, args, kw):
    outcomes = {form: outcome(form, session, "module.simple_mul", *args, **kw)
                for form in FORMS}
    first = outcomes["session.call"]
    assert first[0] is None and first[1] is not None
    for form, result in outcomes.items():
        assert result == first, form


@pytest.mark.parametrize("out", [
    np.zeros(3, np.float32), np.zeros(4, np.int32), np.zeros(4, np.float32)[::2] * 0,
    [np.zeros(4, np.float32), None], "array"])
def test_out_errors_are_the_same(session, out):
    outcomes = {form: outcome(form, session, "module.simple_mul", A, B, out=out)
                for form in WITH_OUT}
    first = outcomes["session.call"]
    assert first[0] is None and first[1] is not None
    for form, result in outcomes.items():
        assert result == first, form
