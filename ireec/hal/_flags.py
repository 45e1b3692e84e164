"""IREE's flag and enum types as Python enums, made from the runtime's own
constants: `MemoryType.DEVICE_LOCAL` is `lib.IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL`,
named as IREE names it without the prefix. Each type is defined in the module
of the IREE header that declares it (buffer.h's `MemoryType` in buffer.py);
this module only makes them, so the values are IREE's and nowhere else."""

from __future__ import annotations

import enum

from .._core.library import lib

# Every constant the cffi module exports (enum members and #defines).
_CONSTANTS = tuple(name for name in dir(lib) if name.isupper())


def _members(prefix: str) -> dict[str, int]:
    # In value order: the first name of a value is its canonical one.
    members = dict(sorted(((name[len(prefix):], getattr(lib, name))
                           for name in _CONSTANTS if name.startswith(prefix)),
                          key=lambda item: (item[1], item[0])))
    if not members:
        raise ImportError(f"the runtime's declarations have no {prefix}* constants")
    return members


def flags(name: str, prefix: str, module: str, doc: str) -> type[enum.IntFlag]:
    """An IntFlag `name` of IREE's `prefix*` bits (combined values, e.g.
    DEVICE_LOCAL = DEVICE_VISIBLE | 0x20, are members too)."""
    cls = enum.IntFlag(name, _members(prefix), module=module, boundary=enum.KEEP)
    cls.__doc__ = doc
    return cls


def values(name: str, prefix: str, module: str, doc: str) -> type[enum.IntEnum]:
    """An IntEnum `name` of IREE's `prefix*` values."""
    cls = enum.IntEnum(name, _members(prefix), module=module)
    cls.__doc__ = doc
    return cls

