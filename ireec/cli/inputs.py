"""`--input=` and `--expected_output=` values, read the way iree-run-module
reads them.

Each flag value is one (or, for `*file.npy`, any number of) function
argument(s), taken in order against the function's calling convention: `r`
arguments are buffer views, `i`/`I` are i32/i64 and `f`/`F` f32/f64 scalars.

| form | meaning |
| --- | --- |
| `4xf32=1 2 3 4`, `4xf32=1,2,3,4`, `2x2xi32=[1 2][3 4]` | a buffer view, parsed by IREE itself (iree_hal_buffer_view_parse) |
| `4xf32` | a buffer view of zeros |
| `4xf32=1` | a buffer view with every element 1 |
| `i32=5` (for a `tensor<i32>` argument) | a 0-d buffer view |
| `5`, `0x10`, `2.5` (for an `i32`/`i64`/`f32`/`f64` argument) | a scalar, parsed by IREE's iree_string_view_atoi_* / atof |
| `@file.npy` | the first array in file.npy; `+file.npy` the next one; `*file.npy` all remaining ones |
| `4xf32=@file.bin` | a buffer view whose bytes are read from file.bin; `+file.bin` continues where the last read stopped |
| `(null)` | a null ref, or 0 for a scalar argument |
| `(ignored)` | as `--expected_output`: do not compare this result |

Two conveniences iree-run-module lacks: a scalar argument also takes the
`TYPE=VALUE` spelling results are printed in (`i32=5`), so a printed result
can be pasted back as an expected output; and a 0-d array from a .npy file
can be a scalar argument.
"""

from __future__ import annotations

import ast
import os
import re
import struct
from dataclasses import dataclass
from typing import IO, Any, Iterator

import numpy as np

from .._core.handle import use
from .._core.library import ffi, lib
from .._core.strings import string_view
from .._core.validate import checked_dims, checked_shape_text
from ..hal.buffer_view import BufferView
from ..hal.element_type import (
    ELEMENT_TYPE_SPELLINGS, element_type_from_dtype, iree_element_type_spelling,
    names_unreadable_element_type)
from .._core.status import check_status
from ..errors import IreeError
from ..vm.function import KIND_NAMES, SCALAR_KINDS
from ._common import CliError



def _npy_element_type(dtype: np.dtype) -> int:
    """The element type of a .npy file's array. numpy saves ml_dtypes'
    types (bfloat16, the float8 types) as raw bytes, `<V2` or `|V1`: those
    are read, as iree-run-module reads them, as opaque elements of that
    width, which the function takes as the type it declares."""
    if dtype.kind == "V" and dtype.fields is None and dtype.subdtype is None \
            and dtype.itemsize in (1, 2, 4, 8):
        return getattr(lib, f"IREE_HAL_ELEMENT_TYPE_OPAQUE_{dtype.itemsize * 8}")
    return element_type_from_dtype(dtype)


# A buffer view's text: its shape ("4x2x"), element type and the rest.
_SHAPE_AND_TYPE = re.compile(r"((?:\d+x)*)([^=]*)(.*)", re.DOTALL)


def _iree_spelled(text: str) -> str:
    """A buffer view's text with numpy's name of its element type in IREE's
    spelling ("4xfloat32=1" -> "4xf32=1")."""
    shape, element_type, rest = _SHAPE_AND_TYPE.fullmatch(text).groups()
    return shape + iree_element_type_spelling(element_type) + rest


# IREE's numerical type of each numpy kind a .npy descr may name.
_NUMERICAL_TYPES = {"b": lib.IREE_HAL_NUMERICAL_TYPE_BOOLEAN,
                    "i": lib.IREE_HAL_NUMERICAL_TYPE_INTEGER_SIGNED,
                    "u": lib.IREE_HAL_NUMERICAL_TYPE_INTEGER_UNSIGNED,
                    "f": lib.IREE_HAL_NUMERICAL_TYPE_FLOAT_IEEE,
                    "c": lib.IREE_HAL_NUMERICAL_TYPE_FLOAT_COMPLEX,
                    "V": lib.IREE_HAL_NUMERICAL_TYPE_UNKNOWN}


def _raw_npy(f: IO[bytes]) -> tuple[list[int], int, bytes] | None:
    """(shape, element type, bytes) of the next array in `f` read as
    iree-run-module reads any .npy: its descr's kind and byte width. For
    what numpy cannot load itself, such as the `<f1` numpy saves for
    ml_dtypes' float8_e5m2; None where IREE's tools refuse it too."""
    try:
        version = np.lib.format.read_magic(f)
        size = 2 if version == (1, 0) else 4
        (length,) = struct.unpack("<H" if size == 2 else "<I", f.read(size))
        header = ast.literal_eval(f.read(length).decode("latin1"))
        descr, shape = header["descr"], [int(d) for d in header["shape"]]
        fortran_order = header["fortran_order"]
    except (ValueError, SyntaxError, KeyError, TypeError, struct.error):
        return None
    match = re.fullmatch(r"[<|=]?([biufcV])(\d+)", descr) if isinstance(descr, str) else None
    if match is None or fortran_order:
        return None
    width = int(match.group(2))
    data = f.read(width * int(np.prod(shape)))
    if len(data) != width * int(np.prod(shape)):
        return None
    return shape, (_NUMERICAL_TYPES[match.group(1)] << 24) | (width * 8), data


class Ignored:
    """The `(ignored)` expected output: whatever the result is, it matches."""

    def __repr__(self) -> str:
        return "(ignored)"


IGNORED = Ignored()

# What iree-run-module allocates inputs with: device memory, usable by
# dispatches and transfers.
_INPUT_PARAMS = {
    "type": lib.IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL,
    "access": lib.IREE_HAL_MEMORY_ACCESS_ALL,
    "usage": lib.IREE_HAL_BUFFER_USAGE_DEFAULT,
}

# iree_hal_parse_shape_and_element_type's shape capacity in iree-run-module.
_MAX_RANK = 128


def annotate(error: Exception, note: str) -> Exception:
    """`error` with `note` appended the way IREE annotates a status ("; note"),
    keeping its class and status code."""
    if isinstance(error, IreeError):
        annotated = type(error)(f"{error.message}; {note}", error.code)
    elif isinstance(error, CliError):
        annotated = CliError(f"{error.args[0]}; {note}", error.code)
    else:
        return error
    annotated.__cause__ = error
    return annotated


class StreamList:
    """Files opened by `@`, `+` and `*` values, by their verbatim path: `@`
    reads a file from its start, `+` and `*` continue where the previous value
    from the same file stopped (as iree-run-module's stream list does)."""

    def __init__(self) -> None:
        self._files: dict[str, IO[bytes]] = {}

    def open(self, path: str, continue_reading: bool) -> IO[bytes]:
        """The file at `path`, opened once; read from its start again unless
        `continue_reading`.
        """
        f = self._files.get(path)
        if f is None:
            try:
                f = self._files[path] = open(path, "rb")
            except OSError as e:
                code = (lib.IREE_STATUS_NOT_FOUND if isinstance(e, FileNotFoundError)
                        else lib.IREE_STATUS_UNAVAILABLE)
                raise CliError(f"failed to open file '{path}': {e.strerror}", code) from e
        elif not continue_reading:
            f.seek(0)
        return f

    def close(self) -> None:
        """Closes every file opened."""
        for f in self._files.values():
            f.close()
        self._files.clear()


def _at_end(f: IO[bytes]) -> bool:
    return f.tell() >= os.fstat(f.fileno()).st_size


@dataclass
class ValueParser:
    """Parses flag values into call arguments (`expected=False`) or expected
    results (`expected=True`) for a function's calling convention `kinds`.

    Buffer views are allocated from `allocator` (an ireec.hal.Allocator: the
    device's, for inputs; a host heap for expected values, so comparing does
    not show in the device's memory statistics) and read back through
    `device`.
    """

    kinds: str
    device: object
    allocator: object
    expected: bool = False

    def parse(self, specs: list[str], check_count: bool = True) -> list[Any]:
        """The values of `--input` flags, in order (`check_count`: and
        enough of them)."""
        what = "expected output" if self.expected else "input"
        values: list = []
        streams = StreamList()
        try:
            for spec in specs:
                text = spec.strip()
                try:
                    values += self._parse_one(text, len(values), streams)
                except (IreeError, CliError) as e:
                    raise annotate(e, f"parsing {what} `{text}`") from None
        finally:
            streams.close()
        if check_count:
            self.check_count(values)
        return values

    def check_count(self, values: list[Any]) -> None:
        """Refuses too few inputs, which cannot be called at all. (Too few
        expected outputs is for the comparison to report, as a mismatch.)
        run-module checks after printing `EXEC @fn`, where iree-run-module's
        invoke finds it."""
        if not self.expected and len(values) < len(self.kinds):
            kinds = ", ".join(KIND_NAMES[k] for k in self.kinds) or "none"
            raise CliError(f"function expected {len(self.kinds)} input values ({kinds}) "
                           f"but {len(values)} were provided")

    # -- one flag value -------------------------------------------------------

    def _next_kind(self, index: int) -> str:
        if index >= len(self.kinds):
            noun = "results" if self.expected else "input values"
            raise CliError(f"function expected fewer {noun}")
        return self.kinds[index]

    def _parse_one(self, text: str, index: int, streams: StreamList) -> list:
        if not text:
            raise CliError("no value specified for input")
        if text in ("(null)", "(ignored)"):
            kind = self._next_kind(index)
            if self.expected and text == "(ignored)":
                return [IGNORED]
            return [None if kind == "r" else (0.0 if kind in "fF" else 0)]
        if text[0] in "@+*":
            return list(self._parse_npy_file(text, index, streams))
        if text[0] == "&":
            raise CliError("output storage arguments (`&...`) are not supported: "
                           "ireec passes buffer views, not bare buffers",
                           lib.IREE_STATUS_UNIMPLEMENTED)
        kind = self._next_kind(index)
        if kind != "r":
            return [self._parse_scalar(kind, text)]
        if "=" not in text and "x" not in text:
            raise CliError("invalid tensor specification, requires at least a "
                           "shape/type (`4x2xf32=...`)")
        return [self._parse_tensor(text, streams)]

    def _parse_scalar(self, kind: str, text: str):
        type_name = SCALAR_KINDS[kind]
        name, sep, value = text.partition("=")
        if sep:
            # The TYPE=VALUE spelling of printed results.
            if name.strip() != type_name:
                raise CliError(f"function signature mismatch: expected {type_name} "
                               f"but provided {name.strip()}")
            text = value.strip()
        view, owner = string_view(text)
        if kind == "i":
            out = ffi.new("int32_t*")
            ok = lib.iree_string_view_atoi_int32(view, out)
        elif kind == "I":
            out = ffi.new("int64_t*")
            ok = lib.iree_string_view_atoi_int64(view, out)
        elif kind == "f":
            out = ffi.new("float*")
            ok = lib.iree_string_view_atof(view, out)
        else:
            out = ffi.new("double*")
            ok = lib.iree_string_view_atod(view, out)
        if not ok:
            raise CliError(f"parsing value `{text}` as {type_name}")
        return int(out[0]) if kind in "iI" else float(out[0])

    def _parse_tensor(self, text: str, streams: StreamList) -> BufferView:
        text = _iree_spelled(text)
        metadata, sep, contents = text.partition("=")
        try:
            if sep and contents[:1] in ("@", "+"):
                return self._parse_binary_file(metadata, contents, streams)
            checked_shape_text(text)  # IREE's parser would wrap a huge size
            view, owner = string_view(text)
            with use(self.device, self.allocator) as (device, allocator):
                return BufferView._made(self.device, lib.iree_hal_buffer_view_parse, view,
                                        device, allocator)
        except IreeError as error:
            if names_unreadable_element_type(error):
                raise annotate(error, ELEMENT_TYPE_SPELLINGS) from None
            raise

    def _parse_binary_file(self, metadata: str, contents: str,
                           streams: StreamList) -> BufferView:
        view, owner = string_view(metadata)
        rank = ffi.new("iree_host_size_t*")
        shape = ffi.new("iree_hal_dim_t[]", _MAX_RANK)
        element_type = ffi.new("iree_hal_element_type_t*")
        check_status(lib.iree_hal_parse_shape_and_element_type(
            view, _MAX_RANK, rank, shape, element_type))
        size = checked_dims(list(shape[0:rank[0]]), element_type[0])[2]
        path = contents[1:]
        f = streams.open(path, continue_reading=contents[0] == "+")
        data = f.read(size)
        if len(data) != size:
            raise CliError(f"'{path}' has {len(data)} bytes left, {size} needed for "
                           f"{metadata}", lib.IREE_STATUS_OUT_OF_RANGE)
        return self._buffer_view(list(shape[0:rank[0]]), element_type[0], data)

    def _parse_npy_file(self, text: str, index: int,
                        streams: StreamList) -> Iterator:
        path = text[1:]
        if not path.endswith(".npy"):
            raise CliError("only numpy (.npy) files are supported for metadata-less "
                           "variant I/O", lib.IREE_STATUS_UNIMPLEMENTED)
        f = streams.open(path, continue_reading=text[0] != "@")
        splat = text[0] == "*"
        while True:
            if splat and _at_end(f):
                return
            kind = self._next_kind(index)
            start = f.tell()
            try:
                value = self._array_value(kind, np.load(f, allow_pickle=False))
            except (ValueError, EOFError) as e:
                f.seek(start)
                raw = _raw_npy(f) if kind == "r" else None
                if raw is None:
                    raise CliError(f"reading an array from '{path}': {e}",
                                   lib.IREE_STATUS_DATA_LOSS) from e
                value = self._buffer_view(*raw)
            yield value
            index += 1
            if not splat:
                return

    def _array_value(self, kind: str, array: np.ndarray):
        if kind != "r":
            if array.ndim != 0:
                shape = "x".join(map(str, array.shape))
                raise CliError(f"function signature mismatch: the function takes an "
                               f"{SCALAR_KINDS[kind]} here, not a {shape} array")
            return int(array) if kind in "iI" else float(array)
        if array.dtype.byteorder not in ("=", "|"):
            array = array.astype(array.dtype.newbyteorder("="))
        array = np.ascontiguousarray(array)
        try:
            element_type = _npy_element_type(array.dtype)
        except TypeError as e:
            raise CliError(str(e), lib.IREE_STATUS_UNIMPLEMENTED) from e
        return self._buffer_view(list(array.shape), element_type, array)

    def _buffer_view(self, shape: list[int], element_type: int, data) -> BufferView:
        """A new buffer view from `allocator` holding a copy of `data`
        (iree_hal_buffer_view_allocate_buffer_copy)."""
        dims = ffi.new("iree_hal_dim_t[]", shape or [0])
        params = ffi.new("iree_hal_buffer_params_t*", _INPUT_PARAMS)
        source = ffi.from_buffer(data)
        with use(self.device, self.allocator) as (device, allocator):
            return BufferView._made(self.device, lib.iree_hal_buffer_view_allocate_buffer_copy,
                                    device, allocator, len(shape), dims, element_type,
                                    lib.IREE_HAL_ENCODING_TYPE_DENSE_ROW_MAJOR, params[0],
                                    lib.iree_make_const_byte_span(source, len(source)))

