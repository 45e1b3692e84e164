"""ireec.hal's flag and enum types are IREE's constants: every member is the
runtime's constant of its name, and a type missing one of them, or holding
one IREE lacks, is refused when its module is imported."""

from __future__ import annotations

import enum
import inspect

import pytest

import ireec.hal
from ireec import lib
from ireec.hal._flags import iree_constants

ENUMS = sorted((name, cls) for name, cls in vars(ireec.hal).items()
               if inspect.isclass(cls) and issubclass(cls, enum.Enum))


def test_every_hal_enum_is_checked_against_the_runtime():
    assert len(ENUMS) > 40
    assert ireec.hal.MemoryType.DEVICE_LOCAL == lib.IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL
    assert ireec.hal.CommandBufferMode.ONE_SHOT == lib.IREE_HAL_COMMAND_BUFFER_MODE_ONE_SHOT
    assert ireec.hal.WaitMode.ANY == lib.IREE_HAL_WAIT_MODE_ANY
    for name, cls in ENUMS:
        assert cls.__doc__ and "iree_" in cls.__doc__, name
        assert all(isinstance(member.value, int) for member in cls), name


def test_a_type_missing_a_constant_is_refused():
    with pytest.raises(ImportError, match="MemoryAccess is not the runtime's"):
        @iree_constants("IREE_HAL_MEMORY_ACCESS_")
        class MemoryAccess(enum.IntFlag):
            READ = lib.IREE_HAL_MEMORY_ACCESS_READ
            WRITE = lib.IREE_HAL_MEMORY_ACCESS_WRITE


def test_a_type_with_a_value_iree_lacks_is_refused():
    with pytest.raises(ImportError, match="WaitMode is not the runtime's"):
        @iree_constants("IREE_HAL_WAIT_MODE_")
        class WaitMode(enum.IntEnum):
            ALL = lib.IREE_HAL_WAIT_MODE_ALL
            ANY = lib.IREE_HAL_WAIT_MODE_ANY
            SOME = 7


def test_a_prefix_the_runtime_lacks_is_refused():
    with pytest.raises(ImportError, match="no IREE_HAL_NO_SUCH_"):
        @iree_constants("IREE_HAL_NO_SUCH_")
        class Nothing(enum.IntEnum):
            ONE = 1
