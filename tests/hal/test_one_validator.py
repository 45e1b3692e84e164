"""One validator (ireec/_core/validate.py) for what callers give: every
integer (offsets, lengths, counts, values, flags, queue affinities, modes)
refuses a bool and a non-integer with a TypeError and a value out of its C
type's range with an InvalidArgumentError, each message of one form; every
object argument is checked the same way; memory lent to IREE must be
C-contiguous, refused the same way wherever it is taken."""

from __future__ import annotations

import numpy as np
import pytest

import ireec
from ireec.hal import (
    BufferUsage,
    CommandBuffer,
    Event,
    ExecutableCache,
    File,
    MemoryType,
)


def _buffer(device):
    return device.allocator.allocate_buffer(
        16, memory_type=MemoryType.HOST_LOCAL | MemoryType.DEVICE_VISIBLE,
        usage=BufferUsage.DEFAULT | BufferUsage.MAPPING)


# Each call given a bool where it takes an integer, with what it names.
BOOLS = {
    "max_element_count": lambda d, b, v, s: v.format(max_element_count=True),
    "queue_fill: the offset": lambda d, b, v, s: d.queue_fill(b, True, 4, b"\x01"),
    "queue_fill: flags": lambda d, b, v, s: d.queue_fill(b, 0, 4, b"\x01", flags=True),
    "queue_barrier: queue_affinity": lambda d, b, v, s: d.queue_barrier(queue_affinity=True),
    "queue_host_call: args[0]": lambda d, b, v, s: d.queue_host_call(print, args=[False]),
    "map_read: the length": lambda d, b, v, s: b.map_read(0, True),
    "map_range: mapping_mode": lambda d, b, v, s: b.map_range(True),
    "a semaphore value": lambda d, b, v, s: s.signal(True),
    "Semaphore: flags": lambda d, b, v, s: ireec.Semaphore(d, flags=True),
    "Event: flags": lambda d, b, v, s: Event(d, flags=True),
    "CommandBuffer: mode": lambda d, b, v, s: CommandBuffer(d, mode=True),
    "transfer_h2d: flags": lambda d, b, v, s: d.transfer_h2d(b"\x00" * 4, b, flags=True),
    "the memory type": lambda d, b, v, s: d.allocator.allocate_buffer(16, memory_type=True),
    "the fence capacity": lambda d, b, v, s: ireec.Fence(True),
    "the list capacity": lambda d, b, v, s: ireec.vm.List.create(True),
}


@pytest.mark.parametrize("what", list(BOOLS))
def test_a_bool_is_refused_where_an_integer_is_taken(device, what):
    buffer, semaphore = _buffer(device), ireec.Semaphore(device, 0)
    view = ireec.BufferView(device, np.arange(4, dtype=np.float32))
    with pytest.raises(TypeError) as raised:
        BOOLS[what](device, buffer, view, semaphore)
    message = str(raised.value)
    assert message.endswith(f"{what} must be an integer, not bool (True)") or \
        message.endswith(f"{what} must be an integer, not bool (False)"), message
    assert semaphore.query() == 0


# Each call given an integer out of its C type's range.
OUT_OF_RANGE = {
    "queue_host_call: args[0] is -1; it must be 0 to 18446744073709551615":
        lambda d, b: d.queue_host_call(print, args=[-1]),
    "queue_fill: the length is -4; it must be 0 to 18446744073709551615":
        lambda d, b: d.queue_fill(b, 0, -4, b"\x01"),
    "queue_barrier: flags is 18446744073709551616; it must be 0 to 18446744073709551615":
        lambda d, b: d.queue_barrier(flags=2**64),
    "Event: flags is 4294967296; it must be 0 to 4294967295":
        lambda d, b: Event(d, flags=2**32),
    "map_range: memory_access is 65536; it must be 0 to 65535":
        lambda d, b: b.map_range(memory_access=2**16),
    "the queue affinity is -1; it must be 0 to 18446744073709551615":
        lambda d, b: d.allocator.allocate_buffer(16, queue_affinity=-1),
    "a Buffer's size is -1; it must be 0 to 9223372036854775807":
        lambda d, b: ireec.vm.Buffer(-1),
}


@pytest.mark.parametrize("message", list(OUT_OF_RANGE))
def test_an_integer_out_of_range_is_refused_saying_the_range(device, message):
    with pytest.raises(ireec.InvalidArgumentError) as raised:
        OUT_OF_RANGE[message](device, _buffer(device))
    assert str(raised.value) == message
    assert isinstance(raised.value, ValueError)


# Each wrapper made on a device, given a buffer instead.
MADE_ON_A_DEVICE = {
    "Semaphore(device, initial_value=0): device": lambda b: ireec.Semaphore(b),
    "Event: device": lambda b: Event(b),
    "CommandBuffer: device": lambda b: CommandBuffer(b),
    "ExecutableCache: device": lambda b: ExecutableCache(b),
    "File.from_memory: device": lambda b: File.from_memory(b, b"\x00" * 8),
}


@pytest.mark.parametrize("what", list(MADE_ON_A_DEVICE))
def test_every_wrapper_says_what_is_wrong_with_its_device(device, what):
    with pytest.raises(TypeError) as raised:
        MADE_ON_A_DEVICE[what](_buffer(device))
    assert str(raised.value) == f"{what} must be an ireec.Device, not Buffer"


# Memory lent to IREE, given strided.
STRIDED = np.arange(32, dtype=np.uint8)[::2]
NOT_CONTIGUOUS = {
    "parameter 'k': data": lambda d, b: ireec.ParameterIndex().add("k", STRIDED),
    "Buffer(data): data": lambda d, b: ireec.vm.Buffer(STRIDED),
    "File.from_memory: data": lambda d, b: File.from_memory(d, STRIDED),
    "import_buffer: data": lambda d, b: d.allocator.import_buffer(STRIDED),
    "transfer_h2d: source": lambda d, b: d.transfer_h2d(STRIDED, b),
    "map_write: data": lambda d, b: b.map_write(0, STRIDED),
    "queue_update: source": lambda d, b: d.queue_update(STRIDED, 0, b, 0, 8),
}


@pytest.mark.parametrize("what", list(NOT_CONTIGUOUS))
def test_memory_that_is_not_c_contiguous_is_refused_the_same_way(device, what):
    with pytest.raises(ireec.InvalidArgumentError) as raised:
        NOT_CONTIGUOUS[what](device, _buffer(device))
    assert str(raised.value) == f"{what} must be C-contiguous"
