"""numpy dtypes <-> IREE element types, checked against the runtime: values go
onto a local-task device and come back, IREE formats them, and compiled
programs accept the element types ireec picks for their tensor types."""

from __future__ import annotations

import textwrap

import ml_dtypes
import numpy as np
import pytest

import ireec
from ireec import BufferView, InvalidArgumentError, check_status, ffi, lib
from ireec.hal.element_type import (
    dtype_from_element_type,
    element_type_from_dtype,
    element_type_name,
    parse_element_type,
)

from child_process import run_python
from device_buffers import invoke
from raw_support import runtime_session

# dtype, IREE element type, IREE's spelling of it.
SUPPORTED = [
    (np.bool_, "BOOL_8", "i1"),
    (np.int8, "INT_8", "i8"),
    (np.int16, "INT_16", "i16"),
    (np.int32, "INT_32", "i32"),
    (np.int64, "INT_64", "i64"),
    (np.uint8, "UINT_8", "ui8"),
    (np.uint16, "UINT_16", "ui16"),
    (np.uint32, "UINT_32", "ui32"),
    (np.uint64, "UINT_64", "ui64"),
    (np.float16, "FLOAT_16", "f16"),
    (np.float32, "FLOAT_32", "f32"),
    (np.float64, "FLOAT_64", "f64"),
    (np.complex64, "COMPLEX_FLOAT_64", "cf64"),
    (np.complex128, "COMPLEX_FLOAT_128", "cf128"),
    (ml_dtypes.bfloat16, "BFLOAT_16", "bf16"),
    (ml_dtypes.float8_e5m2, "FLOAT_8_E5M2", "f8E5M2"),
    (ml_dtypes.float8_e4m3fn, "FLOAT_8_E4M3_FN", "f8E4M3FN"),
    (ml_dtypes.float8_e5m2fnuz, "FLOAT_8_E5M2_FNUZ", "f8E5M2FNUZ"),
    (ml_dtypes.float8_e4m3fnuz, "FLOAT_8_E4M3_FNUZ", "f8E4M3FNUZ"),
    (ml_dtypes.float8_e8m0fnu, "FLOAT_8_E8M0_FNU", "f8E8M0FNU"),
]
IDS = [np.dtype(t).name for t, _, _ in SUPPORTED]


@pytest.fixture(scope="module")
def device():
    with ireec.Instance() as instance, instance.create_device("local-task") as device:
        yield device


def sample_values(dtype) -> np.ndarray:
    """Values spanning the type: extremes, zero, and for floats inf and NaN
    where the type has them."""
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return np.array([True, False, True])
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        return np.array([info.min, 0, 1, info.max], dtype)
    if dtype.kind == "c":
        return np.array([1 + 2j, -0.5 - 4j, np.inf + 0j, complex(np.nan, 1)], dtype)
    info = ml_dtypes.finfo(dtype)  # numpy's floats and ml_dtypes' alike
    values = [float(info.max), float(info.tiny), 1.0, 0.5]
    if dtype != ml_dtypes.float8_e8m0fnu:  # unsigned: exponent only
        values += [-1.0, 0.0, float(info.min)]
    array = np.array(values, dtype)
    if np.isnan(np.array(np.nan, dtype).astype(np.float32)):
        array = np.append(array, np.array(np.nan, dtype))
    return array


@pytest.mark.parametrize("dtype,name,text", SUPPORTED, ids=IDS)
def test_mapping_both_ways(dtype, name, text):
    element_type = getattr(lib, f"IREE_HAL_ELEMENT_TYPE_{name}")
    assert element_type_from_dtype(dtype) == element_type
    assert dtype_from_element_type(element_type) == np.dtype(dtype)
    assert element_type_name(element_type) == text
    assert parse_element_type(text) == element_type


@pytest.mark.parametrize("dtype,name,text", SUPPORTED, ids=IDS)
def test_round_trip_through_device_is_bit_exact(device, dtype, name, text):
    values = sample_values(dtype)
    with BufferView.from_numpy(device, values) as view:
        assert view.element_type == getattr(lib, f"IREE_HAL_ELEMENT_TYPE_{name}")
        assert view.dtype == np.dtype(dtype)
        back = view.to_numpy()
    assert back.dtype == np.dtype(dtype)
    assert back.shape == values.shape
    # Bit patterns, so NaN payloads and signed zeros count too.
    assert back.tobytes() == values.tobytes()


@pytest.mark.parametrize("dtype,name,text", SUPPORTED, ids=IDS)
def test_iree_formats_each_type(device, dtype, name, text):
    with BufferView.from_numpy(device, np.array([1, 0, 1], dtype)) as view:
        assert str(view).startswith(f"3x{text}=")


def test_iree_text_of_values(device):
    cases = [
        (np.array([-128, 0, 127], np.int8), "3xi8=-128 0 127"),
        (np.array([0, 65535], np.uint16), "2xui16=0 65535"),
        (np.array([True, False]), "2xi1=01 00"),
        (np.array([1.5, -2], ml_dtypes.bfloat16), "2xbf16=1.5 -2"),
        (np.array([0.5, 2], np.float16), "2xf16=0.5 2"),
        (np.array([[1, 2], [3, 4]], np.float64), "2x2xf64=[1 2][3 4]"),
    ]
    for values, text in cases:
        with BufferView.from_numpy(device, values) as view:
            assert str(view) == text


def test_signed_integers_read_back_as_numpy_signed(device):
    # IREE distinguishes signless (INT_32, what iree-compile uses for i32)
    # from signed (SINT_32); both hold numpy's int32.
    for name, dtype in (("SINT_8", np.int8), ("SINT_16", np.int16),
                        ("SINT_32", np.int32), ("SINT_64", np.int64)):
        assert dtype_from_element_type(getattr(lib, f"IREE_HAL_ELEMENT_TYPE_{name}")) == dtype


def test_big_endian_input_is_converted_not_misread(device):
    values = np.array([1, 256, -2, 70000], ">i4")
    with BufferView.from_numpy(device, values) as view:
        assert str(view) == "4xi32=1 256 -2 70000"
        back = view.to_numpy()
    assert back.dtype == np.dtype("=i4")
    np.testing.assert_array_equal(back, [1, 256, -2, 70000])
    assert element_type_from_dtype(">f8") == lib.IREE_HAL_ELEMENT_TYPE_FLOAT_64


@pytest.mark.parametrize("dtype", [object, "U3", "S2", "M8[s]", "m8[ms]", np.longdouble,
                                   np.clongdouble, [("a", np.int32), ("b", np.float32)], "V4"])
def test_unsupported_dtypes_name_the_dtype(device, dtype):
    dtype = np.dtype(dtype)
    with pytest.raises(TypeError, match="has no IREE element type") as info:
        element_type_from_dtype(dtype)
    assert str(dtype) in str(info.value)
    with pytest.raises(TypeError, match="has no IREE element type"):
        BufferView.from_numpy(device, np.zeros(2, dtype))


def test_ml_dtypes_int4_is_refused_with_the_reason():
    with pytest.raises(TypeError, match="packs two"):
        element_type_from_dtype(ml_dtypes.int4)


def test_not_a_dtype():
    with pytest.raises(TypeError, match="not a numpy dtype"):
        element_type_from_dtype("no-such-type")


@pytest.mark.parametrize("name,match", [
    ("INT_4", "i4 packs two values per byte"),
    ("UINT_4", "ui4 packs two values per byte"),
    ("OPAQUE_8", "has no numpy dtype"),
    ("NONE", "has no numpy dtype"),
])
def test_element_types_numpy_cannot_hold(device, name, match):
    element_type = getattr(lib, f"IREE_HAL_ELEMENT_TYPE_{name}")
    with pytest.raises(TypeError, match=match):
        dtype_from_element_type(element_type)


def test_view_of_unrepresentable_type_raises_on_readback_not_before(device):
    # A buffer view IREE made with i4 elements: its metadata is readable, its
    # values have no numpy form.
    with BufferView.from_numpy(device, np.zeros(4, np.uint8)) as bytes_view:
        dims = ffi.new("iree_hal_dim_t[]", [8])
        out = ffi.new("iree_hal_buffer_view_t**")
        check_status(lib.iree_hal_buffer_view_create(
            bytes_view.buffer.handle, 1, dims, lib.IREE_HAL_ELEMENT_TYPE_INT_4,
            lib.IREE_HAL_ENCODING_TYPE_DENSE_ROW_MAJOR, lib.iree_allocator_system(), out))
        with BufferView.from_handle(out[0], device=device) as view:
            assert view.shape == (8,)
            assert view.element_type == lib.IREE_HAL_ELEMENT_TYPE_INT_4
            assert repr(view) == "<ireec.BufferView 8xi4 on local-task>"
            with pytest.raises(TypeError, match="i4 packs two"):
                view.to_numpy()
            with pytest.raises(TypeError, match="i4 packs two"):
                np.asarray(view)


def test_ml_dtypes_is_optional():
    # With ml_dtypes unimportable, ireec still loads and handles numpy's own
    # types; only bf16/fp8 need it, and the error says so.
    script = textwrap.dedent("""
        import sys
        sys.modules["ml_dtypes"] = None  # makes `import ml_dtypes` fail
        import numpy as np
        import ireec
        from ireec import lib
        from ireec.hal.element_type import dtype_from_element_type
        device = ireec.Instance().create_device("local-task")
        print(str(ireec.BufferView.from_numpy(device, np.arange(3, dtype=np.float32))))
        try:
            dtype_from_element_type(lib.IREE_HAL_ELEMENT_TYPE_BFLOAT_16)
        except TypeError as e:
            print(e)
    """)
    lines = run_python("-c", script).check().stdout.splitlines()
    assert lines[0] == "3xf32=0 1 2"
    assert "bf16 needs the ml_dtypes package" in lines[1]


PROGRAM = """
func.func @not_i1(%a: tensor<4xi1>) -> tensor<4xi1> {
  %t = arith.constant dense<true> : tensor<4xi1>
  %r = arith.xori %a, %t : tensor<4xi1>
  return %r : tensor<4xi1>
}
func.func @neg_bf16(%a: tensor<3xbf16>) -> tensor<3xbf16> {
  %r = arith.negf %a : tensor<3xbf16>
  return %r : tensor<3xbf16>
}
func.func @double_i32(%a: tensor<4xi32>) -> tensor<4xi32> {
  %r = arith.addi %a, %a : tensor<4xi32>
  return %r : tensor<4xi32>
}
func.func @double_ui8(%a: tensor<3xui8>) -> tensor<3xi8> {
  %b = tensor.bitcast %a : tensor<3xui8> to tensor<3xi8>
  %r = arith.addi %b, %b : tensor<3xi8>
  return %r : tensor<3xi8>
}
func.func @half_f16(%a: tensor<2xf16>) -> tensor<2xf16> {
  %h = arith.constant dense<0.5> : tensor<2xf16>
  %r = arith.mulf %a, %h : tensor<2xf16>
  return %r : tensor<2xf16>
}
func.func @sum_f32(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %r = arith.addf %a, %b : tensor<f32>
  return %r : tensor<f32>
}
"""


@pytest.mark.parametrize("function,inputs,expected", [
    ("not_i1", [np.array([True, False, False, True])], np.array([False, True, True, False])),
    ("neg_bf16", [np.array([1.5, -2, 0], ml_dtypes.bfloat16)],
     np.array([-1.5, 2, -0.0], ml_dtypes.bfloat16)),
    ("double_i32", [np.array([1, -2, 2**30 - 1, -(2**30)], np.int32)],
     np.array([2, -4, 2**31 - 2, -(2**31)], np.int32)),
    ("double_ui8", [np.array([1, 100, 200], np.uint8)], np.array([2, -56, -112], np.int8)),
    ("half_f16", [np.array([3, -1], np.float16)], np.array([1.5, -0.5], np.float16)),
    # Rank 0. (f64 is not used: iree-compile demotes it to f32 by default.)
    ("sum_f32", [np.array(1.25, np.float32), np.array(2.5, np.float32)],
     np.array(3.75, np.float32)),
])
def test_compiled_programs_accept_our_element_types(compile_mlir, function, inputs, expected):
    # The program asserts each input's element type: these pass only if ireec
    # picks the type iree-compile gave the tensor (e.g. BOOL_8 for i1, signless
    # INT_32 for i32).
    with runtime_session(compile_mlir(PROGRAM)) as (_, raw_device, session):
        device = ireec.Device.from_handle(raw_device, retain=True)
        views = [BufferView.from_numpy(device, a) for a in inputs]
        (result,) = invoke(session, device, f"module.{function}", *views)
        out = result.to_numpy()
        assert out.dtype == expected.dtype
        assert out.shape == expected.shape
        assert out.tobytes() == expected.tobytes()
        result.close()
        for view in views:
            view.close()
        device.close()


def test_ml_dtypes_is_imported_only_when_needed():
    # Importing ml_dtypes costs about a second; ireec defers it until a bf16 or
    # fp8 buffer has to become a numpy array.
    code = (
        "import sys, numpy as np, ireec\n"
        "assert 'ml_dtypes' not in sys.modules, 'imported by ireec'\n"
        "d = ireec.Instance().create_device('local-task')\n"
        "bv = ireec.BufferView.from_numpy(d, np.arange(3, dtype=np.float32))\n"
        "assert 'ml_dtypes' not in sys.modules, 'imported for f32'\n"
        "et = ireec.lib.IREE_HAL_ELEMENT_TYPE_BFLOAT_16\n"
        "print(ireec.dtype_from_element_type(et), 'ml_dtypes' in sys.modules)\n"
    )
    assert run_python("-c", code).check().stdout.split() == ["bfloat16", "True"]


@pytest.mark.parametrize("dtype,name,text", SUPPORTED, ids=IDS)
def test_numpy_names_of_element_types_are_understood(dtype, name, text):
    # People write numpy's name (`float32`) where IREE spells `f32`.
    assert parse_element_type(np.dtype(dtype).name) == \
        getattr(lib, f"IREE_HAL_ELEMENT_TYPE_{name}")


@pytest.mark.parametrize("text", ["fp32", "float", "double", "int"])
def test_an_unknown_element_type_is_answered_with_the_spellings(text):
    with pytest.raises(InvalidArgumentError) as raised:
        parse_element_type(text)
    message = str(raised.value)
    assert f"in '{text}'; element types are spelled as IREE spells them: i1, " in message
    assert ", f32, " in message and ", float32, " in message
