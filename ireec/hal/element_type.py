"""numpy dtypes and IREE element types (`iree_hal_element_type_t`).

Every element type numpy can hold maps both ways:

| numpy | IREE | text |
| --- | --- | --- |
| bool | BOOL_8 (what iree-compile uses for `i1` tensors) | i1 |
| int8 ... int64 | INT_8 ... INT_64 (signless, what iree-compile uses for `iN`) | i8 ... i64 |
| uint8 ... uint64 | UINT_8 ... UINT_64 | ui8 ... ui64 |
| float16, float32, float64 | FLOAT_16, FLOAT_32, FLOAT_64 | f16, f32, f64 |
| complex64, complex128 | COMPLEX_FLOAT_64, COMPLEX_FLOAT_128 | cf64, cf128 |
| ml_dtypes.bfloat16 | BFLOAT_16 | bf16 |
| ml_dtypes.float8_e5m2 | FLOAT_8_E5M2 | f8E5M2 |
| ml_dtypes.float8_e4m3fn | FLOAT_8_E4M3_FN | f8E4M3FN |
| ml_dtypes.float8_e5m2fnuz | FLOAT_8_E5M2_FNUZ | f8E5M2FNUZ |
| ml_dtypes.float8_e4m3fnuz | FLOAT_8_E4M3_FNUZ | f8E4M3FNUZ |
| ml_dtypes.float8_e8m0fnu | FLOAT_8_E8M0_FNU | f8E8M0FNU |

Reading back, IREE's signed integers (SINT_N) also become numpy's intN.
`ml_dtypes` is optional and only the bf16 and fp8 types need it. It is
imported lazily (importing it costs about a second): an array of an ml_dtypes
type implies it is already imported, and reading back a bf16/fp8 buffer
imports it then. Everything else (IREE's packed 4-bit integers,
opaque types; numpy's object, string, datetime, structured and long double
dtypes) raises a TypeError naming the type.
"""

from __future__ import annotations

import sys
import threading
from typing import Any

import numpy as np
from numpy.typing import DTypeLike

from ._library import ffi, lib
from .errors import check_status

ml_dtypes: Any = None  # the module, once _load_ml_dtypes found it
_ml_dtypes_lock = threading.Lock()
_ml_dtypes_loaded = False

_NUMPY_TYPES = {
    np.dtype(np.bool_): lib.IREE_HAL_ELEMENT_TYPE_BOOL_8,
    np.dtype(np.int8): lib.IREE_HAL_ELEMENT_TYPE_INT_8,
    np.dtype(np.int16): lib.IREE_HAL_ELEMENT_TYPE_INT_16,
    np.dtype(np.int32): lib.IREE_HAL_ELEMENT_TYPE_INT_32,
    np.dtype(np.int64): lib.IREE_HAL_ELEMENT_TYPE_INT_64,
    np.dtype(np.uint8): lib.IREE_HAL_ELEMENT_TYPE_UINT_8,
    np.dtype(np.uint16): lib.IREE_HAL_ELEMENT_TYPE_UINT_16,
    np.dtype(np.uint32): lib.IREE_HAL_ELEMENT_TYPE_UINT_32,
    np.dtype(np.uint64): lib.IREE_HAL_ELEMENT_TYPE_UINT_64,
    np.dtype(np.float16): lib.IREE_HAL_ELEMENT_TYPE_FLOAT_16,
    np.dtype(np.float32): lib.IREE_HAL_ELEMENT_TYPE_FLOAT_32,
    np.dtype(np.float64): lib.IREE_HAL_ELEMENT_TYPE_FLOAT_64,
    np.dtype(np.complex64): lib.IREE_HAL_ELEMENT_TYPE_COMPLEX_FLOAT_64,
    np.dtype(np.complex128): lib.IREE_HAL_ELEMENT_TYPE_COMPLEX_FLOAT_128,
}

# IREE element type -> the ml_dtypes attribute holding its numpy type.
_ML_DTYPES_NAMES = {
    lib.IREE_HAL_ELEMENT_TYPE_BFLOAT_16: "bfloat16",
    lib.IREE_HAL_ELEMENT_TYPE_FLOAT_8_E5M2: "float8_e5m2",
    lib.IREE_HAL_ELEMENT_TYPE_FLOAT_8_E4M3_FN: "float8_e4m3fn",
    lib.IREE_HAL_ELEMENT_TYPE_FLOAT_8_E5M2_FNUZ: "float8_e5m2fnuz",
    lib.IREE_HAL_ELEMENT_TYPE_FLOAT_8_E4M3_FNUZ: "float8_e4m3fnuz",
    lib.IREE_HAL_ELEMENT_TYPE_FLOAT_8_E8M0_FNU: "float8_e8m0fnu",
}

_ELEMENT_TYPES = {element_type: dtype for dtype, element_type in _NUMPY_TYPES.items()}
# Signed integers read back as numpy's signed integers too.
_ELEMENT_TYPES.update({
    lib.IREE_HAL_ELEMENT_TYPE_SINT_8: np.dtype(np.int8),
    lib.IREE_HAL_ELEMENT_TYPE_SINT_16: np.dtype(np.int16),
    lib.IREE_HAL_ELEMENT_TYPE_SINT_32: np.dtype(np.int32),
    lib.IREE_HAL_ELEMENT_TYPE_SINT_64: np.dtype(np.int64),
})



def _load_ml_dtypes(import_if_missing: bool) -> None:
    """Adds ml_dtypes' types to the tables, once ml_dtypes is (or, if asked,
    can be) imported."""
    global ml_dtypes, _ml_dtypes_loaded
    if _ml_dtypes_loaded:
        return
    module = sys.modules.get("ml_dtypes")
    if module is None and import_if_missing:
        try:
            import ml_dtypes as module
        except ImportError:
            module = None
    if module is None:
        return
    with _ml_dtypes_lock:
        if _ml_dtypes_loaded:
            return
        for element_type, name in _ML_DTYPES_NAMES.items():
            if hasattr(module, name):  # older ml_dtypes lack some fp8 types
                dtype = np.dtype(getattr(module, name))
                _NUMPY_TYPES[dtype] = element_type
                _ELEMENT_TYPES[element_type] = dtype
        ml_dtypes = module
        _ml_dtypes_loaded = True


_PACKED_4_BIT = {lib.IREE_HAL_ELEMENT_TYPE_INT_4, lib.IREE_HAL_ELEMENT_TYPE_SINT_4,
                 lib.IREE_HAL_ELEMENT_TYPE_UINT_4}


def element_type_name(element_type: int) -> str:
    """IREE's spelling of an element type ("f32", "i8", "bf16", ...):
    iree_hal_format_element_type."""
    buffer = ffi.new("char[64]")
    length = ffi.new("iree_host_size_t*")
    status = lib.iree_hal_format_element_type(element_type, len(buffer), buffer, length)
    if not lib.iree_status_is_ok(status):
        lib.iree_status_ignore(status)
        return f"element type {element_type:#x}"
    return ffi.unpack(buffer, length[0]).decode()


def element_type_from_dtype(dtype: DTypeLike) -> int:
    """The IREE element type holding numpy `dtype`'s values (byte order aside:
    buffers are always in native order, and ireec converts on the way in)."""
    if isinstance(dtype, np.dtype):
        # The common case, a native-order dtype, in one lookup.
        element_type = _NUMPY_TYPES.get(dtype)
        if element_type is not None:
            return element_type
    try:
        dtype = np.dtype(dtype)
    except TypeError as e:
        raise TypeError(f"{dtype!r} is not a numpy dtype") from e
    native = dtype.newbyteorder("=") if dtype.byteorder not in ("=", "|") else dtype
    element_type = _NUMPY_TYPES.get(native)
    if element_type is None:
        # A dtype from ml_dtypes means ml_dtypes is already imported.
        _load_ml_dtypes(import_if_missing=False)
        element_type = _NUMPY_TYPES.get(native)
    if element_type is not None:
        return element_type
    if getattr(ml_dtypes, "int4", None) is not None and native in (
            np.dtype(ml_dtypes.int4), np.dtype(ml_dtypes.uint4)):
        raise TypeError(f"dtype {dtype} has no IREE element type: ml_dtypes "
                        f"stores one 4-bit value per byte, IREE packs two")
    raise TypeError(f"dtype {dtype} has no IREE element type (supported: bool, "
                    f"int8-64, uint8-64, float16/32/64, complex64/128, and "
                    f"with ml_dtypes bfloat16 and the float8 types)")


def dtype_from_element_type(element_type: int) -> np.dtype:
    """The numpy dtype for an IREE element type."""
    dtype = _ELEMENT_TYPES.get(element_type)
    if dtype is None and element_type in _ML_DTYPES_NAMES:
        _load_ml_dtypes(import_if_missing=True)
        dtype = _ELEMENT_TYPES.get(element_type)
    if dtype is not None:
        return dtype
    name = element_type_name(element_type)
    if element_type in _ML_DTYPES_NAMES:
        attribute = _ML_DTYPES_NAMES[element_type]
        if ml_dtypes is None:
            raise TypeError(f"IREE element type {name} needs the ml_dtypes package "
                            f"(pip install ml_dtypes) to become a numpy array")
        raise TypeError(f"IREE element type {name} needs ml_dtypes.{attribute}, "
                        f"which this ml_dtypes {ml_dtypes.__version__} lacks")
    if element_type in _PACKED_4_BIT:
        raise TypeError(f"IREE element type {name} packs two values per byte; "
                        f"numpy has no such dtype")
    raise TypeError(f"IREE element type {name} has no numpy dtype")


def parse_element_type(text: str) -> int:
    """iree_hal_parse_element_type: "f32" -> IREE_HAL_ELEMENT_TYPE_FLOAT_32."""
    data = text.encode()
    owner = ffi.new("char[]", data)
    out = ffi.new("iree_hal_element_type_t*")
    check_status(lib.iree_hal_parse_element_type(
        lib.iree_make_string_view(owner, len(data)), out))
    return out[0]
