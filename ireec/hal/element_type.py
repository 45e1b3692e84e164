"""IREE element types (`iree_hal_element_type_t`, iree/hal/buffer_view.h) and
what holds the same values elsewhere: numpy dtypes, PEP 3118 buffer formats
and DLPack data types. One table (`_ROWS`); every other use derives from it.

| IREE | numpy | DLPack | text |
| --- | --- | --- | --- |
| BOOL_8 (what iree-compile uses for `i1` tensors) | bool | kDLBool 8 | i1 |
| INT_8 ... INT_64 (signless, what iree-compile uses for `iN`) | int8 ... int64 | kDLInt | i8 ... i64 |
| UINT_8 ... UINT_64 | uint8 ... uint64 | kDLUInt | ui8 ... ui64 |
| FLOAT_16, FLOAT_32, FLOAT_64 | float16, float32, float64 | kDLFloat | f16, f32, f64 |
| COMPLEX_FLOAT_64, COMPLEX_FLOAT_128 | complex64, complex128 | kDLComplex | cf64, cf128 |
| BFLOAT_16 | ml_dtypes.bfloat16 | kDLBfloat 16 | bf16 |
| FLOAT_8_E5M2 | ml_dtypes.float8_e5m2 | kDLFloat8_e5m2 | f8E5M2 |
| FLOAT_8_E4M3_FN | ml_dtypes.float8_e4m3fn | kDLFloat8_e4m3fn | f8E4M3FN |
| FLOAT_8_E5M2_FNUZ | ml_dtypes.float8_e5m2fnuz | kDLFloat8_e5m2fnuz | f8E5M2FNUZ |
| FLOAT_8_E4M3_FNUZ | ml_dtypes.float8_e4m3fnuz | kDLFloat8_e4m3fnuz | f8E4M3FNUZ |
| FLOAT_8_E8M0_FNU | ml_dtypes.float8_e8m0fnu | kDLFloat8_e8m0fnu | f8E8M0FNU |

Reading back, IREE's signed integers (SINT_N) also become numpy's intN.
`ml_dtypes` is optional and only the bf16 and fp8 types need it. It is
imported lazily (importing it costs about a second): an array of an ml_dtypes
type implies it is already imported, and reading back a bf16/fp8 buffer
imports it then. Everything else (IREE's packed 4-bit integers, opaque
types; numpy's object, string, datetime, structured and long double dtypes)
raises a TypeError naming the type.
"""

from __future__ import annotations

import sys
import threading
from typing import Any

import numpy as np
from numpy.typing import DTypeLike

from .._core.library import ffi, lib
from .._core.status import check_status
from .._core.validate import UINT32, checked_int
from ..errors import IreeError

# DLPack's DLDataTypeCode values (dlpack.h, version 1.1).
DL_INT, DL_UINT, DL_FLOAT, DL_BFLOAT, DL_COMPLEX, DL_BOOL = 0, 1, 2, 4, 5, 6
DL_FLOAT8_E4M3FN, DL_FLOAT8_E4M3FNUZ, DL_FLOAT8_E5M2 = 10, 11, 12
DL_FLOAT8_E5M2FNUZ, DL_FLOAT8_E8M0FNU = 13, 14

# The table: (IREE element type, the numpy type holding it — or the name of
# the ml_dtypes attribute that does —, its DLPack (code, bits)).
_ROWS: tuple[tuple[int, Any, tuple[int, int]], ...] = (
    (lib.IREE_HAL_ELEMENT_TYPE_BOOL_8, np.bool_, (DL_BOOL, 8)),
    (lib.IREE_HAL_ELEMENT_TYPE_INT_8, np.int8, (DL_INT, 8)),
    (lib.IREE_HAL_ELEMENT_TYPE_INT_16, np.int16, (DL_INT, 16)),
    (lib.IREE_HAL_ELEMENT_TYPE_INT_32, np.int32, (DL_INT, 32)),
    (lib.IREE_HAL_ELEMENT_TYPE_INT_64, np.int64, (DL_INT, 64)),
    (lib.IREE_HAL_ELEMENT_TYPE_UINT_8, np.uint8, (DL_UINT, 8)),
    (lib.IREE_HAL_ELEMENT_TYPE_UINT_16, np.uint16, (DL_UINT, 16)),
    (lib.IREE_HAL_ELEMENT_TYPE_UINT_32, np.uint32, (DL_UINT, 32)),
    (lib.IREE_HAL_ELEMENT_TYPE_UINT_64, np.uint64, (DL_UINT, 64)),
    (lib.IREE_HAL_ELEMENT_TYPE_FLOAT_16, np.float16, (DL_FLOAT, 16)),
    (lib.IREE_HAL_ELEMENT_TYPE_FLOAT_32, np.float32, (DL_FLOAT, 32)),
    (lib.IREE_HAL_ELEMENT_TYPE_FLOAT_64, np.float64, (DL_FLOAT, 64)),
    (lib.IREE_HAL_ELEMENT_TYPE_COMPLEX_FLOAT_64, np.complex64, (DL_COMPLEX, 64)),
    (lib.IREE_HAL_ELEMENT_TYPE_COMPLEX_FLOAT_128, np.complex128, (DL_COMPLEX, 128)),
    (lib.IREE_HAL_ELEMENT_TYPE_BFLOAT_16, "bfloat16", (DL_BFLOAT, 16)),
    (lib.IREE_HAL_ELEMENT_TYPE_FLOAT_8_E5M2, "float8_e5m2", (DL_FLOAT8_E5M2, 8)),
    (lib.IREE_HAL_ELEMENT_TYPE_FLOAT_8_E4M3_FN, "float8_e4m3fn", (DL_FLOAT8_E4M3FN, 8)),
    (lib.IREE_HAL_ELEMENT_TYPE_FLOAT_8_E5M2_FNUZ, "float8_e5m2fnuz", (DL_FLOAT8_E5M2FNUZ, 8)),
    (lib.IREE_HAL_ELEMENT_TYPE_FLOAT_8_E4M3_FNUZ, "float8_e4m3fnuz", (DL_FLOAT8_E4M3FNUZ, 8)),
    (lib.IREE_HAL_ELEMENT_TYPE_FLOAT_8_E8M0_FNU, "float8_e8m0fnu", (DL_FLOAT8_E8M0FNU, 8)),
)

# IREE element types that read back into a numpy type of another row's
# (signed integers as numpy's signed integers).
_READ_BACK_AS = {
    lib.IREE_HAL_ELEMENT_TYPE_SINT_8: np.int8,
    lib.IREE_HAL_ELEMENT_TYPE_SINT_16: np.int16,
    lib.IREE_HAL_ELEMENT_TYPE_SINT_32: np.int32,
    lib.IREE_HAL_ELEMENT_TYPE_SINT_64: np.int64,
}



class _DtypesByElementType(dict):  # type: ignore[type-arg]
    """{element type: numpy dtype}, which, asked for an element type it
    lacks (`table[element_type]`), learns ml_dtypes' rows first if that is
    one of theirs (importing ml_dtypes), then answers or raises the
    TypeError naming why numpy cannot hold the type. `.get` only reads it."""

    def __missing__(self, element_type: int) -> np.dtype[Any]:
        if element_type in _ML_DTYPES_NAMES and not _ml_dtypes_loaded:
            load_ml_dtypes(import_if_missing=True)
            if element_type in self:
                return self[element_type]
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


# Derived from the table. Both dicts grow by the ml_dtypes rows once
# ml_dtypes is imported (load_ml_dtypes). ireec._cext is given both when it
# is installed: it derives the element types of numpy's builtin type numbers
# from the first, and reads the second (asking it for a row it lacks: the
# table then learns ml_dtypes' or raises).
class _ElementTypesByDtype(dict):  # type: ignore[type-arg]
    """{numpy dtype: element type}, which, asked for a dtype it lacks
    (`table[dtype]`), learns ml_dtypes' rows first if ml_dtypes is imported,
    then answers or raises the TypeError naming why the dtype has no
    element type (element_type_from_dtype). `.get` only reads it."""

    def __missing__(self, dtype: np.dtype[Any]) -> int:
        return element_type_from_dtype(dtype)


ELEMENT_TYPES_BY_DTYPE: dict[np.dtype[Any], int] = _ElementTypesByDtype({
    np.dtype(numpy_type): element_type for element_type, numpy_type, _ in _ROWS
    if not isinstance(numpy_type, str)})
DTYPES_BY_ELEMENT_TYPE: dict[int, np.dtype[Any]] = _DtypesByElementType({
    **{element_type: dtype for dtype, element_type in ELEMENT_TYPES_BY_DTYPE.items()},
    **{element_type: np.dtype(numpy_type) for element_type, numpy_type in _READ_BACK_AS.items()},
})
DLPACK_BY_ELEMENT_TYPE: dict[int, tuple[int, int]] = {
    element_type: dlpack for element_type, _, dlpack in _ROWS}
ELEMENT_TYPES_BY_DLPACK: dict[tuple[int, int], int] = {
    dlpack: element_type for element_type, _, dlpack in _ROWS}
_ML_DTYPES_NAMES: dict[int, str] = {
    element_type: numpy_type for element_type, numpy_type, _ in _ROWS
    if isinstance(numpy_type, str)}

ml_dtypes: Any = None  # the module, once load_ml_dtypes found it
_ml_dtypes_lock = threading.Lock()
_ml_dtypes_loaded = False


def load_ml_dtypes(import_if_missing: bool) -> None:
    """Adds ml_dtypes' rows to the element-type table, once ml_dtypes is
    (or, if asked, can be) imported."""
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
                ELEMENT_TYPES_BY_DTYPE[dtype] = element_type
                DTYPES_BY_ELEMENT_TYPE[element_type] = dtype
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
        element_type = ELEMENT_TYPES_BY_DTYPE.get(dtype)
        if element_type is not None:
            return element_type
    try:
        dtype = np.dtype(dtype)
    except TypeError as e:
        raise TypeError(f"{dtype!r} is not a numpy dtype") from e
    native = dtype.newbyteorder("=") if dtype.byteorder not in ("=", "|") else dtype
    element_type = ELEMENT_TYPES_BY_DTYPE.get(native)
    if element_type is None:
        # A dtype from ml_dtypes means ml_dtypes is already imported.
        load_ml_dtypes(import_if_missing=False)
        element_type = ELEMENT_TYPES_BY_DTYPE.get(native)
    if element_type is not None:
        return element_type
    if getattr(ml_dtypes, "int4", None) is not None and native in (
            np.dtype(ml_dtypes.int4), np.dtype(ml_dtypes.uint4)):
        raise TypeError(f"dtype {dtype} has no IREE element type: ml_dtypes "
                        f"stores one 4-bit value per byte, IREE packs two")
    raise TypeError(f"dtype {dtype} has no IREE element type (supported: bool, "
                    f"int8-64, uint8-64, float16/32/64, complex64/128, and "
                    f"with ml_dtypes bfloat16 and the float8 types)")


def element_type_of(value: int | DTypeLike, what: str = "element_type") -> int:
    """An element type given as IREE's (an int: an iree_hal_element_type_t,
    32 bits, checked) or as a numpy dtype (element_type_from_dtype)."""
    if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)):
        return checked_int(value, UINT32, what)
    return element_type_from_dtype(value)


def dtype_from_element_type(element_type: int) -> np.dtype[Any]:
    """The numpy dtype for an IREE element type."""
    return DTYPES_BY_ELEMENT_TYPE[element_type]


def element_bit_count(element_type: int) -> int:
    """iree_hal_element_bit_count: the bits of one element (its low byte)."""
    return element_type & 0xFF


def element_dense_byte_count(element_type: int) -> int:
    """iree_hal_element_dense_byte_count: the bytes of one element, a
    sub-byte type rounded up to one."""
    return (element_bit_count(element_type) + 7) // 8


# numpy's and ml_dtypes' names of element types, in IREE's spelling: people
# write `float32` where IREE's parsers take only `f32`.
_IREE_SPELLINGS = {
    "bool": "i1", "float16": "f16", "float32": "f32", "float64": "f64",
    "bfloat16": "bf16", "complex64": "cf64", "complex128": "cf128",
    **{f"int{bits}": f"i{bits}" for bits in (8, 16, 32, 64)},
    **{f"uint{bits}": f"ui{bits}" for bits in (8, 16, 32, 64)},
    "float8_e5m2": "f8E5M2", "float8_e4m3fn": "f8E4M3FN", "float8_e5m2fnuz": "f8E5M2FNUZ",
    "float8_e4m3fnuz": "f8E4M3FNUZ", "float8_e8m0fnu": "f8E8M0FNU",
}

# What a wrong spelling is answered with.
ELEMENT_TYPE_SPELLINGS = (
    "element types are spelled as IREE spells them: i1, i8, i16, i32, i64 (si8... "
    "signed, ui8... unsigned), f16, f32, f64, bf16, cf64, cf128, f8E5M2, f8E4M3FN, "
    "f8E5M2FNUZ, f8E4M3FNUZ, f8E8M0FNU, x8... (opaque), or as numpy names them: "
    + ", ".join(_IREE_SPELLINGS))

# IREE's messages for an element type it cannot read.
_UNREADABLE = ("unhandled element type prefix", "out of range bit count")


def iree_element_type_spelling(text: str) -> str:
    """IREE's spelling of the element type written `text` ("float32" ->
    "f32"); any other text as it is."""
    return _IREE_SPELLINGS.get(text, text)


def names_unreadable_element_type(error: IreeError) -> bool:
    """Whether `error` is IREE's for an element type it cannot read."""
    return any(phrase in error.message for phrase in _UNREADABLE)


def parse_element_type(text: str) -> int:
    """iree_hal_parse_element_type: "f32" -> IREE_HAL_ELEMENT_TYPE_FLOAT_32;
    numpy's names ("float32") are understood too. InvalidArgumentError,
    naming the spellings, for any other text."""
    data = iree_element_type_spelling(text).encode()
    owner = ffi.new("char[]", data)
    out = ffi.new("iree_hal_element_type_t*")
    try:
        check_status(lib.iree_hal_parse_element_type(
            lib.iree_make_string_view(owner, len(data)), out))
    except IreeError as error:
        if names_unreadable_element_type(error):
            error.message = f"{error.message}; {ELEMENT_TYPE_SPELLINGS}"
            error.args = (error.message,)
        raise
    return out[0]
