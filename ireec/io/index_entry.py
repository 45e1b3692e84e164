"""The fields of an `iree_io_parameter_index_entry_t` (iree/io/parameter_index.h)
as Python values: what ParameterIndex and the archive writer read of an
entry."""

from __future__ import annotations

from .._core.library import ffi
from ..types import CData


def entry_key(entry: CData) -> bytes:
    """The entry's key, as the bytes IREE holds."""
    return ffi.unpack(entry.key.data, entry.key.size) if entry.key.size else b""


def entry_metadata(entry: CData) -> bytes:
    """The entry's metadata blob (empty when it has none)."""
    length = entry.metadata.data_length
    return ffi.unpack(ffi.cast("char*", entry.metadata.data), length) if length else b""


def splat_pattern(entry: CData) -> bytes:
    """A splat entry's pattern (1 to 16 bytes)."""
    splat = entry.storage.splat
    return bytes(splat.pattern[0:splat.pattern_length])


__all__ = ["entry_key", "entry_metadata", "splat_pattern"]
