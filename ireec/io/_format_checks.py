"""Bounds checks of parameter files before IREE parses them.

IREE 3.9's parsers trust parts of the files they read, and a corrupted file
can crash the process instead of failing with a status:

* irpa: 64-bit offsets and lengths are added without guarding against
  overflow, and the entry table is walked on after a declared entry size ran
  past its end, so the parser reads (or indexes) memory outside the file.
  `check_irpa` walks the same structures the way that parser does (header,
  its linked headers, the entry table, each entry's name, metadata and
  storage reference) with Python's unbounded integers and refuses the file
  where the parser would leave it.
* safetensors: the header's JSON is scanned by a small recursive parser of
  IREE's own that misreads malformed text (an unterminated string, say) and
  crashes. `check_safetensors` requires the header to be valid JSON, an
  object, nested at most MAX_HEADER_DEPTH deep (a safetensors header: 3).
* gguf: see _gguf_checks.py.

Each check reads the bytes IREE then parses: the memory of the handle
ParameterIndex.load opened (its mapping, its preloaded copy, or a mapping of
its file descriptor, as IREE's parsers map one), never the file again by its
path, which may name another file by then. Whatever passes is left to IREE
to accept or report.

irpa layout (iree/schemas/parameter_archive.h, packed little-endian):
  header prefix   magic u32, version major u16, minor u16, header_size u64,
                  next_header_offset u64, flags u64                  (32 bytes)
  v0 header       prefix, entry_count u64, entry/metadata/storage
                  segments as (offset u64, length u64)                (88 bytes)
  entry header    entry_size u64, type u32, flags u64, name (off, len),
                  metadata (off, len), minimum_alignment u64          (60 bytes)
  splat entry     entry header, length u64, pattern[16], pattern_length u8
  data entry      entry header, storage (offset u64, length u64)
safetensors layout: header length u64, the header (JSON), the data.
"""

from __future__ import annotations

import json
import re
import struct

from .._core.library import lib
from ..errors import InvalidArgumentError, OutOfRangeError
from . import parameter_archive as archive_format
from ._gguf_checks import check_gguf

# The irpa layout's facts, from the one module holding them.
_MAGIC = archive_format.MAGIC
_PREFIX = archive_format.HEADER_PREFIX
_V0 = archive_format.HEADER_V0_BODY    # entry_count, then three (offset, length)
_V0_SIZE = archive_format.HEADER_V0.size
_ENTRY = archive_format.ENTRY_HEADER
_DATA_STORAGE = archive_format.DATA_STORAGE  # after the entry header
_ENTRY_ALIGNMENT = archive_format.ENTRY_ALIGNMENT
_TYPE_DATA = archive_format.ENTRY_TYPE_DATA

# How deep a safetensors header may nest (IREE's parser recurses once per
# level; a header is an object of objects holding arrays: 3).
MAX_HEADER_DEPTH = 64
_JSON_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_JSON_BRACKET = re.compile(rb"[\[\]{}]")


def _refuse(path: str, what: str):
    return OutOfRangeError(f"corrupt parameter archive '{path}': {what}",
                           lib.IREE_STATUS_OUT_OF_RANGE)


def _no_constant(name: str):
    raise ValueError(f"{name} is not JSON")


def _header_depth(text: bytes) -> int:
    """How deep the arrays and objects of a JSON text nest (strings aside)."""
    depth = deepest = 0
    for bracket in _JSON_BRACKET.findall(_JSON_STRING.sub(b'""', text)):
        depth += 1 if bracket in b"[{" else -1
        deepest = max(deepest, depth)
    return deepest


def check_safetensors(path: str, data) -> None:
    """Raises InvalidArgumentError if the header is not a JSON object, or
    nests deeper than MAX_HEADER_DEPTH."""
    size = len(data)
    if size < 8:
        return  # IREE reports a file too small for a header
    (length,) = struct.unpack_from("<Q", data, 0)
    if length > size - 8:
        return  # IREE reports a header past the end
    text = bytes(data[8:8 + length])
    depth = _header_depth(text)
    if depth > MAX_HEADER_DEPTH:
        raise InvalidArgumentError(
            f"corrupt safetensors file '{path}': its header nests {depth} deep "
            f"(at most {MAX_HEADER_DEPTH})", lib.IREE_STATUS_INVALID_ARGUMENT)
    try:
        header = json.loads(text.decode("utf-8"), parse_constant=_no_constant)
    except (ValueError, RecursionError) as e:  # UnicodeDecodeError, JSONDecodeError
        raise InvalidArgumentError(
            f"corrupt safetensors file '{path}': its header is not valid JSON ({e})",
            lib.IREE_STATUS_INVALID_ARGUMENT) from None
    if not isinstance(header, dict):
        raise InvalidArgumentError(
            f"corrupt safetensors file '{path}': its header is not a JSON object",
            lib.IREE_STATUS_INVALID_ARGUMENT)


def check_irpa(path: str, data) -> None:
    """Raises OutOfRangeError if IREE's parser would step outside the file."""
    if len(data) < _PREFIX.size:
        return  # IREE reports a file too small for a header
    _check(path, data, len(data))


# The check of each format, by the extension IREE picks its parser by.
_CHECKS = {"irpa": check_irpa, "safetensors": check_safetensors, "gguf": check_gguf}


def check(path: str, data) -> None:
    """Checks `data`, the contents of the parameter file at `path` (a
    buffer), for its format, picked by extension as IREE picks its parser
    (the basename's extension, or the whole basename)."""
    basename = path.rpartition("/")[2]
    checker = _CHECKS.get(basename.rpartition(".")[2].lower())
    if checker is not None:
        checker(path, data)


def _check(path: str, data, size: int) -> None:
    base = 0
    while True:
        if base + _PREFIX.size > size:
            return  # IREE checks this itself
        magic, major, minor, header_size, next_offset, _ = _PREFIX.unpack_from(data, base)
        if magic != _MAGIC or header_size > size or major != 0 or minor > 0 \
                or header_size != _V0_SIZE:
            return  # IREE refuses these without reading further
        if next_offset and base + next_offset + _PREFIX.size > size:
            return  # IREE checks this itself
        # The parser reads its v0 fields from the file's first header,
        # whatever header it is at, and offsets them by this one's base.
        entry_count, *segments = _V0.unpack_from(data, _PREFIX.size)
        (entry_off, entry_len), (meta_off, meta_len), (store_off, store_len) = (
            segments[0:2], segments[2:4], segments[4:6])
        for name, off, length in (("entry table", entry_off, entry_len),
                                  ("metadata segment", meta_off, meta_len),
                                  ("storage segment", store_off, store_len)):
            if length and base + off + length > size:
                if base + off + length >= 1 << 64:
                    raise _refuse(path, f"{name} range overflows")
                return  # IREE reports a segment past the end itself
        _check_entries(path, data, base + entry_off, entry_len, entry_count,
                       meta_len, store_len)
        if not next_offset:
            return
        base += next_offset


def _check_entries(path, data, offset, remaining, count, meta_len, store_len) -> None:
    for i in range(count):
        if remaining < _ENTRY.size:
            return  # IREE reports the truncated table itself
        entry_size, kind, _, name_off, name_len, meta_ref_off, meta_ref_len, _ = (
            _ENTRY.unpack_from(data, offset))
        if entry_size < _ENTRY.size or remaining < entry_size:
            return  # IREE reports this itself
        for what, ref_off, ref_len in (("name", name_off, name_len),
                                       ("metadata", meta_ref_off, meta_ref_len)):
            if ref_len and ref_off + ref_len > meta_len:
                if ref_off + ref_len >= 1 << 64:
                    raise _refuse(path, f"entry {i}'s {what} reference overflows")
                return  # IREE reports this itself
        if kind == _TYPE_DATA and entry_size >= _ENTRY.size + _DATA_STORAGE.size:
            store_ref_off, store_ref_len = _DATA_STORAGE.unpack_from(data, offset + _ENTRY.size)
            if store_ref_len and store_ref_off + store_ref_len > store_len:
                if store_ref_off + store_ref_len >= 1 << 64:
                    raise _refuse(path, f"entry {i}'s storage reference overflows")
                return  # IREE reports this itself
        aligned = -(-entry_size // _ENTRY_ALIGNMENT) * _ENTRY_ALIGNMENT
        if aligned > remaining and i + 1 < count:
            # IREE's remaining size would wrap around and the next entry be
            # read past the table.
            raise _refuse(path, f"entry {i} ({entry_size} bytes, {aligned} aligned) "
                                f"runs past the end of the entry table")
        offset += aligned
        remaining -= aligned
