"""Conversions between Python strings and iree_string_view_t."""

from __future__ import annotations

from .library import ffi, lib


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
