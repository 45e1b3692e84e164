"""IREE's flag and enum types as Python enums over the runtime's own
constants: `MemoryType.DEVICE_LOCAL` is `lib.IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL`,
named as IREE names it without the prefix. Each type is defined in the module
of the IREE header that declares it (buffer.h's `MemoryType` in buffer.py),
its members spelled out so that type checkers know them; `iree_constants`
checks at import that they are exactly the runtime's constants of the type's
prefix, so the values are IREE's and nowhere else."""

from __future__ import annotations

import enum
from typing import Callable, TypeVar

from .._core.library import lib

E = TypeVar("E", bound=type[enum.Enum])

# Every constant the cffi module exports (enum members and #defines).
_CONSTANTS = tuple(name for name in dir(lib) if name.isupper())


def _members(prefix: str) -> dict[str, int]:
    """The runtime's `prefix*` constants by name without the prefix, in value
    order (the first name of a value is its canonical one)."""
    return dict(sorted(((name[len(prefix):], getattr(lib, name))
                        for name in _CONSTANTS if name.startswith(prefix)),
                       key=lambda item: (item[1], item[0])))


def iree_constants(prefix: str) -> Callable[[E], E]:
    """Decorates an enum of IREE's `prefix*` constants (IREE_HAL_MEMORY_TYPE_
    for iree_hal_memory_type_t): ImportError unless its members are exactly
    the runtime's constants of that prefix, in value order, with their
    values."""

    def check(cls: E) -> E:
        expected = _members(prefix)
        if not expected:
            raise ImportError(f"the runtime's declarations have no {prefix}* constants")
        found = {name: int(member.value) for name, member in cls.__members__.items()}
        if found != expected or list(found) != list(expected):
            raise ImportError(f"{cls.__name__} is not the runtime's {prefix}* constants: "
                              f"it has {found}, the runtime {expected}")
        return cls

    return check
