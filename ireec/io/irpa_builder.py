"""Writing IREE parameter archives (.irpa): ireec's own writer of the format
iree/schemas/parameter_archive.h defines, laid out as IREE's archive builder
(iree/io/formats/irpa/irpa_builder.h) lays it out, so an archive written here
is byte for byte the one iree-create-parameters or iree-convert-parameters
writes from the same entries (the runtime does not export IREE's builder).

`ArchiveBuilder` declares entries (a splat: a pattern repeated, stored in no
file; data: bytes in the storage segment, each entry's start aligned), then
`write(path)` writes the header, the entry table, the metadata segment and
each data entry's bytes. The file is written beside `path` under a temporary
name and renamed over it once complete, so a reader (or a parameter index
mapping the file being replaced) never sees half an archive.

`save_parameters(path, {key: array_or_bytes_or_SplatValue})` is the one-call
form; `ParameterIndex.save` writes an index's entries (data read from the
files or memory they live in).
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from typing import Any, Callable, Mapping, NamedTuple

import numpy as np

from .._core.library import ffi, lib
from .._core.validate import checked_int, checked_size, contiguous_bytes, refuse_special_file
from ..errors import InvalidArgumentError, OutOfRangeError, UnimplementedError
from ..types import CData
from . import parameter_archive as fmt
from .index_entry import entry_key, entry_metadata, splat_pattern

# How much of a parameter is copied at once (bounds the memory a write of
# a multi-GiB parameter takes).
_CHUNK = 64 << 20

# The largest storage alignment taken: the largest page there is (1 GiB
# huge pages); more only pads the file.
MAX_ALIGNMENT = 1 << 30

# Writes an entry's bytes into the open file `fd` at `offset`.
Source = Callable[[int, int], None]


class SplatValue(NamedTuple):
    """A parameter whose every element is `pattern` (a one-element array or
    numpy scalar: its dtype gives the element's bytes), `count` elements
    (an int, or a shape); stored in no file, as iree.runtime's SplatValue."""
    pattern: Any
    count: int | tuple[int, ...]

    def pattern_and_length(self) -> tuple[bytes, int]:
        """(the element's bytes, the parameter's length in bytes)."""
        pattern = np.asarray(self.pattern)
        if pattern.size != 1:
            raise ValueError(f"SplatValue's pattern must be one element, not "
                             f"{pattern.size} ({pattern.shape})")
        pattern = _native(pattern)
        count = self.count
        dims = (count,) if isinstance(count, (int, np.integer)) else tuple(count)
        if any(int(d) < 0 for d in dims):
            raise ValueError(f"SplatValue's count must not be negative: {count!r}")
        return pattern.tobytes(), pattern.itemsize * math.prod(int(d) for d in dims)


def _native(array: np.ndarray) -> np.ndarray:
    """`array` C-contiguous in native byte order (parameters are raw bytes,
    read by programs in the host's order)."""
    if array.dtype.byteorder == (">" if np.little_endian else "<"):
        array = array.astype(array.dtype.newbyteorder("="))
    return np.ascontiguousarray(array)


@dataclass
class _Entry:
    key: bytes
    metadata: bytes
    length: int
    pattern: bytes | None = None    # a splat's pattern
    source: Source | None = None    # a data entry's bytes
    offset: int = 0                 # a data entry's place in the storage segment


def check_splat_pattern(pattern: bytes) -> None:
    """IREE's builder takes patterns of 1, 2, 4, 8 or 16 bytes."""
    length = len(pattern)
    if length not in (1, 2, 4, 8, 16):
        raise InvalidArgumentError(f"splat pattern length {length} invalid; must be "
                                   f"1, 2, 4, 8, or 16 bytes",
                                   lib.IREE_STATUS_INVALID_ARGUMENT)


class ArchiveBuilder:
    """Declares the entries of one archive, then writes it
    (iree_io_parameter_archive_builder_t's layout).

    `alignment` is where each data entry's bytes start, relative to the
    storage segment (iree-create-parameters' --alignment); the first data
    entry's alignment also aligns the storage segment in the file."""

    def __init__(self, alignment: int = fmt.DATA_ALIGNMENT):
        alignment = checked_int(alignment, (1, MAX_ALIGNMENT), "the storage alignment")
        if alignment & (alignment - 1):
            raise InvalidArgumentError(f"storage alignment must be a power of two, "
                                       f"not {alignment}", lib.IREE_STATUS_INVALID_ARGUMENT)
        self.alignment = alignment
        self.entries: list[_Entry] = []
        self._entry_segment_size = 0
        self._metadata_segment_size = 0
        self._storage_segment_size = 0
        self._storage_alignment = 0

    def _add(self, entry: _Entry, entry_size: int) -> None:
        self._entry_segment_size = fmt.align(self._entry_segment_size,
                                             fmt.ENTRY_ALIGNMENT) + entry_size
        self._metadata_segment_size += len(entry.key) + len(entry.metadata)
        self.entries.append(entry)

    def add_splat(self, key: str | bytes, pattern: bytes, length: int,
                  metadata: bytes = b"") -> None:
        """An entry of `length` bytes, `pattern` repeated."""
        check_splat_pattern(pattern)
        length = checked_size(length, f"the length of parameter {_text(key)!r}")
        self._add(_Entry(_key(key), bytes(metadata), int(length), pattern=bytes(pattern)),
                  fmt.SPLAT_ENTRY.size)

    def add_data(self, key: str | bytes, length: int, source: Source | None,
                 metadata: bytes = b"") -> None:
        """An entry of `length` bytes, which `source` writes (None: zeros)."""
        offset = fmt.align(self._storage_segment_size, self.alignment)
        self._add(_Entry(_key(key), bytes(metadata), int(length), source=source,
                         offset=offset), fmt.DATA_ENTRY.size)
        self._storage_segment_size = offset + int(length)
        if not self._storage_alignment:
            self._storage_alignment = self.alignment

    def _segments(self) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
        """The (offset, length) of the entry table, metadata and storage."""
        entry_offset = fmt.align(fmt.HEADER_V0.size, fmt.ENTRY_ALIGNMENT)
        metadata_offset = entry_offset + self._entry_segment_size
        storage_offset = fmt.align(metadata_offset + self._metadata_segment_size,
                                   self._storage_alignment or 1)
        return ((entry_offset, self._entry_segment_size),
                (metadata_offset, self._metadata_segment_size),
                (storage_offset, self._storage_segment_size))

    def total_size(self) -> int:
        """The archive's size in bytes, padded to the file alignment."""
        storage = self._segments()[2]
        return fmt.align(storage[0] + storage[1], fmt.FILE_ALIGNMENT)

    def _head(self) -> bytes:
        """The header, the entry table and the metadata segment."""
        entries_segment, metadata_segment, storage_segment = self._segments()
        head = bytearray(metadata_segment[0] + metadata_segment[1])
        fmt.HEADER_V0.pack_into(
            head, 0, fmt.MAGIC, fmt.VERSION_MAJOR, fmt.VERSION_MINOR, fmt.HEADER_V0.size,
            0, 0, len(self.entries), *entries_segment, *metadata_segment, *storage_segment)
        position, metadata_position = entries_segment[0], 0
        names = bytearray()
        for entry in self.entries:
            position = fmt.align(position, fmt.ENTRY_ALIGNMENT)
            name = (metadata_position, len(entry.key))
            metadata_position += len(entry.key)
            metadata = (metadata_position if entry.metadata else 0, len(entry.metadata))
            metadata_position += len(entry.metadata)
            names += entry.key + entry.metadata
            if entry.pattern is not None:
                fmt.SPLAT_ENTRY.pack_into(
                    head, position, fmt.SPLAT_ENTRY.size, fmt.ENTRY_TYPE_SPLAT, 0, *name,
                    *metadata, 0, entry.length, entry.pattern, len(entry.pattern))
                position += fmt.SPLAT_ENTRY.size
            else:
                # IREE's builder records the default data alignment here
                # whatever alignment placed the bytes.
                fmt.DATA_ENTRY.pack_into(
                    head, position, fmt.DATA_ENTRY.size, fmt.ENTRY_TYPE_DATA, 0, *name,
                    *metadata, fmt.DATA_ALIGNMENT, entry.offset, entry.length)
                position += fmt.DATA_ENTRY.size
        head[metadata_segment[0]:] = names
        return bytes(head)

    def write(self, path: str | os.PathLike[str]) -> None:
        """Writes the archive to `path` (replacing any file there once the
        new one is complete)."""
        target = os.fspath(path)
        refuse_special_file(target, "the parameter archive's path")
        directory, name = os.path.split(os.path.abspath(target))
        temporary = os.path.join(directory, f".{name}.{os.getpid()}.{id(self):x}.tmp")
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666)
        try:
            try:
                os.ftruncate(fd, self.total_size())
                _pwrite_all(fd, self._head(), 0)
                storage_offset = self._segments()[2][0]
                for entry in self.entries:
                    if entry.source is not None and entry.length:
                        entry.source(fd, storage_offset + entry.offset)
            finally:
                os.close(fd)
            os.replace(temporary, target)
        except BaseException:
            try:
                os.unlink(temporary)
            except OSError:
                pass
            raise


def _text(key: str | bytes) -> str:
    return key.decode(errors="replace") if isinstance(key, bytes) else key


def _key(key: str | bytes) -> bytes:
    if isinstance(key, str):
        key = key.encode()
    if not isinstance(key, bytes):
        raise TypeError(f"parameter key must be a str, not {type(key).__name__}")
    if not key:
        raise ValueError("parameter key must not be empty")
    return key


def _pwrite_all(fd: int, data, offset: int) -> None:
    view = memoryview(data).cast("B")
    while view:
        written = os.pwrite(fd, view, offset)
        view, offset = view[written:], offset + written


# ----------------------------------------------------------------------------
# Sources of data entries' bytes
# ----------------------------------------------------------------------------

def bytes_source(view: memoryview) -> Source:
    """Writes the bytes of `view` (C-contiguous)."""
    return lambda fd, offset: _pwrite_all(fd, view, offset)


def fill_source(pattern: bytes, count: int) -> Source:
    """Writes `pattern` `count` times (iree_io_stream_fill): what
    iree-create-parameters' --data entries hold. An all-zero pattern
    writes nothing (the file is created zeroed)."""
    def write(fd: int, offset: int) -> None:
        if not any(pattern):
            return
        per_chunk = max(1, _CHUNK // len(pattern))
        remaining = count
        while remaining:
            n = min(remaining, per_chunk)
            _pwrite_all(fd, pattern * n, offset)
            offset += n * len(pattern)
            remaining -= n
    return write


def file_handle_source(handle: CData, offset: int, length: int) -> Source:
    """Writes `length` bytes read at `offset` of an iree_io_file_handle_t*, a
    chunk at a time. The caller keeps the handle alive."""
    def write(fd: int, target: int) -> None:
        for start in range(0, length, _CHUNK):
            _pwrite_all(fd, file_handle_bytes(handle, offset + start,
                                              min(_CHUNK, length - start)), target + start)
    return write


def file_handle_bytes(handle: CData, offset: int, length: int) -> memoryview:
    """`length` bytes at `offset` of an iree_io_file_handle_t*: a view of the
    memory of a host-allocation handle (memory given to ParameterIndex.add,
    a mapped or preloaded file; valid while the handle lives), or read with
    pread from a file descriptor handle."""
    primitive = lib.iree_io_file_handle_primitive(handle)
    if primitive.type == lib.IREE_IO_FILE_HANDLE_TYPE_HOST_ALLOCATION:
        span = primitive.value.host_allocation
        if offset + length > span.data_length:
            raise OutOfRangeError(f"range {offset}-{offset + length} is outside the "
                                  f"{span.data_length} bytes of its memory",
                                  lib.IREE_STATUS_OUT_OF_RANGE)
        if not length:
            return memoryview(b"")
        return memoryview(ffi.buffer(span.data + offset, length)).toreadonly()
    if primitive.type == lib.IREE_IO_FILE_HANDLE_TYPE_FD:
        data = bytearray(length)
        view, done = memoryview(data), 0
        while done < length:
            n = os.preadv(primitive.value.fd, [view[done:]], offset + done)
            if n <= 0:
                raise OutOfRangeError(f"range {offset}-{offset + length} is past the end "
                                      f"of its file ({offset + done} bytes)",
                                      lib.IREE_STATUS_OUT_OF_RANGE)
            done += n
        return memoryview(data).toreadonly()
    raise UnimplementedError(f"file handles of type {primitive.type} cannot be read",
                             lib.IREE_STATUS_UNIMPLEMENTED)


def add_index_entry(builder: ArchiveBuilder, entry: CData, key: bytes | None = None,
                    splat: bytes | None = None) -> None:
    """Adds an iree_io_parameter_index_entry_t* to `builder`, under its own key
    or `key`: a splat stays one, `splat` (a pattern) replaces the contents
    of either kind, and other entries' bytes are read from the file or
    memory they live in when the archive is written (the caller keeps the
    entry's index alive until then)."""
    if key is None:
        key = entry_key(entry)
    metadata = entry_metadata(entry)
    if splat is None and entry.type == lib.IREE_IO_PARAMETER_INDEX_ENTRY_STORAGE_TYPE_SPLAT:
        splat = splat_pattern(entry)
    if splat is not None:
        builder.add_splat(key, splat, entry.length, metadata)
    elif entry.type == lib.IREE_IO_PARAMETER_INDEX_ENTRY_STORAGE_TYPE_FILE:
        builder.add_data(key, entry.length, file_handle_source(
            entry.storage.file.handle, entry.storage.file.offset, entry.length), metadata)
    else:
        raise InvalidArgumentError(f"unhandled index entry storage type {entry.type}",
                                   lib.IREE_STATUS_INVALID_ARGUMENT)


# ----------------------------------------------------------------------------
# The one-call form
# ----------------------------------------------------------------------------

def save_parameters(path: str | os.PathLike[str], parameters: Mapping[str, Any], *,
                    alignment: int = fmt.DATA_ALIGNMENT) -> None:
    """Writes `parameters` ({key: value}) to the parameter archive `path`
    (.irpa), which `Session.load_parameters`, `ParameterIndex.load`,
    iree-run-module's --parameters and IREE's parameter tools read.

    A value is a numpy array or any C-contiguous buffer (its raw bytes; an
    array in native byte order), stored in the archive, each entry's bytes
    starting `alignment` (64) bytes aligned; or a `SplatValue(pattern,
    count)`, stored as a pattern alone. Keys keep the mapping's order.
    """
    if not isinstance(parameters, Mapping):
        raise TypeError(f"save_parameters takes a mapping of keys to arrays, not "
                        f"{type(parameters).__name__}")
    builder = ArchiveBuilder(alignment)
    for key, value in parameters.items():
        if not isinstance(key, str):
            raise TypeError(f"parameter key must be a str, not {type(key).__name__}")
        if isinstance(value, SplatValue):
            pattern, length = value.pattern_and_length()
            builder.add_splat(key, pattern, length)
            continue
        view = _data_view(key, value)
        builder.add_data(key, view.nbytes, bytes_source(view))
    builder.write(path)


def _data_view(key: str, value: Any) -> memoryview:
    if isinstance(value, np.ndarray):
        value = _native(value)
    return contiguous_bytes(value, f"parameter {key!r}: a value (a numpy array, a "
                                   f"bytes-like object or an ireec.SplatValue)")


__all__ = ["ArchiveBuilder", "SplatValue", "save_parameters", "check_splat_pattern",
           "add_index_entry", "bytes_source", "fill_source", "file_handle_source",
           "file_handle_bytes"]
