"""Conversions between Python strings and iree_string_view_t, and IREE's own
text: what a string builder was given, the names of a bitfield's bits."""

from __future__ import annotations

from typing import Callable

from .library import ffi, lib
from .status import check_status


def to_bytes(value: str | bytes) -> bytes:
    # surrogateescape: a name read with from_string_view(..., "surrogateescape")
    # (bytes that are not UTF-8) gives back its bytes.
    return value.encode("utf-8", "surrogateescape") if isinstance(value, str) else bytes(value)


def string_view(value: str | bytes):
    """Returns (iree_string_view_t, owner): the view points into `owner`, a
    cdata that must stay referenced while C reads the view."""
    data = to_bytes(value)
    owner = ffi.new("char[]", data)
    return lib.iree_make_string_view(owner, len(data)), owner


def from_string_view(view, errors: str = "replace") -> str:
    """The view's text; bytes that are not UTF-8 are replaced, or with
    errors="surrogateescape" kept (for names looked up again: keys)."""
    if view.size == 0:
        return ""
    return ffi.unpack(view.data, view.size).decode("utf-8", errors)


def builder_text(fill: Callable[[object], object]) -> str:
    """Runs `fill(builder)` (a function returning an iree_status_t that writes
    into an iree_string_builder_t) and returns what it wrote."""
    builder = ffi.new("iree_string_builder_t*")
    lib.iree_string_builder_initialize(lib.iree_allocator_system(), builder)
    try:
        check_status(fill(builder))
        size = lib.iree_string_builder_size(builder)
        if size == 0:
            return ""
        return ffi.unpack(lib.iree_string_builder_buffer(builder), size).decode(
            "utf-8", "replace")
    finally:
        lib.iree_string_builder_deinitialize(builder)


def bitfield_text(format_fn, value: int) -> str:
    """IREE's text for a bitfield value (iree_hal_memory_type_format, ...),
    e.g. "TRANSFER|DISPATCH_STORAGE|MAPPING_SCOPED"."""
    temp = ffi.new("iree_bitfield_string_temp_t*")
    view = format_fn(value, temp)
    text = ffi.unpack(view.data, view.size).decode() if view.size else "NONE"
    if text != "(error)" or value <= 0xFF:
        return text
    # IREE's formatter gives up when the names outgrow its fixed buffer:
    # format each byte of bits on its own (IREE groups related flags by
    # byte, so its combined names, like TRANSFER, survive).
    parts = [bitfield_text(format_fn, value & (0xFF << shift))
             for shift in range(0, value.bit_length(), 8) if value & (0xFF << shift)]
    return "|".join(parts)
