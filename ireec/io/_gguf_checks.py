"""The check of a GGUF file before IREE's parser reads it.

IREE 3.9's gguf parser walks the header with bounds checks but trusts what
it computes from it:

* a tensor's size is (elements * type size) / block size from a table of
  GGML types with holes: types 4 and 5 (formats ggml dropped) have block
  size 0, and the division kills the process (SIGFPE);
* the element count and that product are 64-bit and wrap around, giving an
  entry a wrong length;
* the tensor data starts at the end of the header rounded up to
  `general.alignment` with power-of-two arithmetic: 0 puts it at offset 0
  (the header read as weights), any other non-power of two or an offset
  past the end of the file makes the room left for data wrap around, so
  entries are accepted past the end of the file;
* the byte length of a metadata array (count * element size) wraps around
  too, and the walk then goes on from the wrong place.

`check_gguf` walks the header as that parser does, with Python's unbounded
integers, and refuses the file where the parser would go wrong. What the
parser reports itself (a header past the end of the file, an unknown type,
a tensor outside the data) is left to it.

Layout (little-endian): magic "GGUF" u32, version u32 (2 or 3),
tensor_count u64, metadata_kv_count u64; each metadata pair: key (string),
value type u32, value; each tensor info: name (string), n_dimensions u32,
dimensions u64[n], GGML type u32, offset u64 (from the start of the tensor
data); then the tensor data, aligned. A string is its length u64, then its
bytes; an array value is its element type u32, count u64, then the elements.
"""

from __future__ import annotations

import struct

from .._core.library import lib
from ..errors import InvalidArgumentError

MAGIC = 0x46554747  # "GGUF"
VERSIONS = (2, 3)
DEFAULT_ALIGNMENT = 32
ALIGNMENT_KEY = b"general.alignment"

# GGML types as IREE's table holds them: type -> (block size in elements,
# bytes per block). Types below TYPE_COUNT missing here have block size 0.
GGML_TYPE_COUNT = 19
GGML_BLOCKS = {
    0: (1, 4), 1: (1, 2),                       # F32, F16
    2: (32, 18), 3: (32, 20),                   # Q4_0, Q4_1
    6: (32, 22), 7: (32, 24),                   # Q5_0, Q5_1
    8: (32, 34), 9: (32, 40),                   # Q8_0, Q8_1
    10: (256, 84), 11: (256, 110), 12: (256, 144),   # Q2_K, Q3_K, Q4_K
    13: (256, 176), 14: (256, 210), 15: (256, 292),  # Q5_K, Q6_K, Q8_K
    16: (1, 1), 17: (1, 2), 18: (1, 4),         # I8, I16, I32
}

# Metadata value types: fixed sizes; STRING and ARRAY are read as such.
VALUE_SIZES = {0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8}
TYPE_UINT32, TYPE_STRING, TYPE_ARRAY = 4, 8, 9

_U32 = struct.Struct("<I")
_U64 = struct.Struct("<Q")
_LIMIT = 1 << 64


class _Stop(Exception):
    """IREE's parser reports the file itself from here on."""


class _Reader:
    """The header read front to back, as IREE's parser reads it."""

    def __init__(self, data) -> None:
        self.data, self.at, self.size = data, 0, len(data)

    def take(self, length: int) -> int:
        if length > self.size - self.at:
            raise _Stop
        start, self.at = self.at, self.at + length
        return start

    def u32(self) -> int:
        return _U32.unpack_from(self.data, self.take(4))[0]

    def u64(self) -> int:
        return _U64.unpack_from(self.data, self.take(8))[0]

    def string(self) -> bytes:
        length = self.u64()
        start = self.take(length)
        return bytes(self.data[start:start + length])


def _text(name: bytes) -> str:
    return name.decode("utf-8", "replace")


def _refuse(path: str, what: str) -> InvalidArgumentError:
    return InvalidArgumentError(f"corrupt gguf file '{path}': {what}",
                                lib.IREE_STATUS_INVALID_ARGUMENT)


def _skip_array(path: str, reader: _Reader, key: bytes) -> None:
    element_type, count = reader.u32(), reader.u64()
    if element_type == TYPE_STRING:
        for _ in range(count):
            reader.string()
        return
    size = VALUE_SIZES.get(element_type)
    if size is None:
        raise _Stop  # nested arrays and unknown types: IREE refuses them
    if count * size >= _LIMIT:
        raise _refuse(path, f"metadata array {_text(key)!r} of {count} elements "
                            f"overflows 64 bits")
    reader.take(count * size)


def _metadata_alignment(path: str, reader: _Reader, count: int) -> int:
    """Reads the metadata pairs; the last general.alignment's value."""
    alignment = DEFAULT_ALIGNMENT
    for _ in range(count):
        key = reader.string()
        value_type = reader.u32()
        if value_type == TYPE_STRING:
            reader.string()
        elif value_type == TYPE_ARRAY:
            _skip_array(path, reader, key)
        elif value_type in VALUE_SIZES:
            start = reader.take(VALUE_SIZES[value_type])
        else:
            raise _Stop
        if key == ALIGNMENT_KEY:
            if value_type != TYPE_UINT32:
                raise _Stop  # IREE requires a uint32
            alignment = _U32.unpack_from(reader.data, start)[0]
    return alignment


def _tensor_infos(reader: _Reader, count: int) -> list[tuple[bytes, list[int], int, int]]:
    infos = []
    for _ in range(count):
        name = reader.string()
        rank = reader.u32()
        start = reader.take(8 * rank)
        dims = list(struct.unpack_from(f"<{rank}Q", reader.data, start))
        infos.append((name, dims, reader.u32(), reader.u64()))
    return infos


def check_gguf(path: str, data) -> None:
    """Raises InvalidArgumentError where IREE's parser would crash or
    compute a wrong entry from `data`, the bytes of a .gguf file."""
    reader = _Reader(data)
    try:
        if reader.u32() != MAGIC or reader.u32() not in VERSIONS:
            return
        tensor_count, metadata_count = reader.u64(), reader.u64()
        if tensor_count == 0:
            return  # IREE reads no further
        alignment = _metadata_alignment(path, reader, metadata_count)
        infos = _tensor_infos(reader, tensor_count)
    except _Stop:
        return
    if alignment == 0 or alignment & (alignment - 1):
        raise _refuse(path, f"general.alignment {alignment} is not a power of two")
    data_offset = -(-reader.at // alignment) * alignment
    if data_offset > reader.size:
        raise _refuse(path, f"its tensor data would start at {data_offset}, past "
                            f"the end of the file ({reader.size} bytes; "
                            f"general.alignment {alignment})")
    room = reader.size - data_offset
    for name, dims, ggml_type, offset in infos:
        if ggml_type >= GGML_TYPE_COUNT:
            return  # IREE refuses it
        block = GGML_BLOCKS.get(ggml_type)
        if block is None:
            raise _refuse(path, f"tensor {_text(name)!r} has GGML type {ggml_type}, "
                                f"which has no block size")
        elements = 1
        for dim in dims:
            elements *= dim
        if elements * block[1] >= _LIMIT:
            raise _refuse(path, f"tensor {_text(name)!r} of dimensions {dims} has a byte "
                                f"size that overflows 64 bits")
        end = offset + elements * block[1] // block[0]
        if end >= _LIMIT or end > room:
            return  # IREE refuses it


__all__ = ["check_gguf"]
