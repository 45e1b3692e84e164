"""ireec.load_module(path, device=...): a module in one line, functions as
attributes returning one result or a tuple."""

from __future__ import annotations

import numpy as np
import pytest

import ireec


def test_one_result_is_a_buffer_view(program):
    m = ireec.load_module(program("simple_mul"))
    assert m.name == "module" and list(m.functions) == ["simple_mul"]
    assert m.functions["simple_mul"].signature == "0rr_r"
    a = np.array([1, 2, 3, 4], np.float32)
    result = m.simple_mul(a, np.full(4, 2, np.float32))
    assert isinstance(result, ireec.BufferView)
    assert result.to_numpy().tolist() == [2.0, 4.0, 6.0, 8.0]
    out = np.empty(4, np.float32)
    m.simple_mul(a, a, out=out)
    assert out.tolist() == [1.0, 4.0, 9.0, 16.0]
    assert "simple_mul" in dir(m) and m.simple_mul.signature == "0rr_r"
    m.close()
    with pytest.raises(ireec.ClosedError):
        m.simple_mul(a, a)


def test_several_results_are_a_tuple(program, device):
    m = ireec.load_module(program("two_results").read_bytes(), device=device)
    assert m.session.device.handle == device.handle
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    total, product = m.sum_and_product(a, a)
    assert total.to_numpy().tolist() == (a + a).tolist()
    assert product.to_numpy().tolist() == (a * a).tolist()


def test_unknown_function_and_device(program):
    m = ireec.load_module(program("simple_mul"))
    with pytest.raises(AttributeError, match="module 'module' has no function "
                                             "'simple_mull'; it exports: simple_mul"):
        m.simple_mull
    with pytest.raises(ireec.NotFoundError, match="no HAL driver 'metal'"):
        ireec.load_module(program("simple_mul"), device="metal")
    with pytest.raises(TypeError, match="device must be a URI"):
        ireec.load_module(program("simple_mul"), device=3)  # type: ignore[arg-type]
