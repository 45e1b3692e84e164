"""Conversions between Python strings and iree_string_view_t."""

from __future__ import annotations

from .library import ffi, lib


def to_bytes(value: str | bytes) -> bytes:
    return value.encode() if isinstance(value, str) else bytes(value)


def string_view(value: str | bytes):
    """Returns (iree_string_view_t, owner): the view points into `owner`, a
    cdata that must stay referenced while C reads the view."""
    data = to_bytes(value)
    owner = ffi.new("char[]", data)
    return lib.iree_make_string_view(owner, len(data)), owner


def from_string_view(view) -> str:
    if view.size == 0:
        return ""
    return ffi.unpack(view.data, view.size).decode("utf-8", "replace")
