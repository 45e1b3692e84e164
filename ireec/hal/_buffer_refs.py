"""Buffer references and dispatch arguments, checked: what a command
buffer's commands (command_buffer.py) and a device's queue operations
(_device_queue.py) both take.

A buffer reference is a Buffer (the whole buffer), `(Buffer, offset,
length)`, or, in a command buffer, a `BindingSlot` of the binding table
given at submission. Each is checked against what IREE would trust (the
range, the usage, the access) and kept as a `BufferRef`; its C form,
`iree_hal_buffer_ref_t`, is made by `c_ref` from the buffer's pointer,
which the caller has from a use of the buffer (`ireec._core.handle.use`)
held for the IREE call it is made for.
"""

from __future__ import annotations

import array
from typing import TYPE_CHECKING, Any, NamedTuple, Sequence

from .._core.handle import use
from .._core.library import ffi, lib
from .._core.validate import (
    UINT32,
    UINT64,
    checked_int,
    checked_object,
    checked_size,
    contiguous_bytes,
)
from ..errors import InvalidArgumentError, OutOfRangeError, UnimplementedError
from ._checks import (
    WHOLE_BUFFER,
    byte_range,
    host_bytes,
    pattern_bytes,
    refuse,
    require_access,
    require_usage,
)
from .buffer import Buffer
from .executable import Executable

if TYPE_CHECKING:
    from ..types import CData

# The most bytes one update (CommandBuffer.update_buffer, queue_update)
# takes.
MAX_UPDATE_SIZE = lib.IREE_HAL_COMMAND_BUFFER_MAX_UPDATE_SIZE

TRANSFER_SOURCE = lib.IREE_HAL_BUFFER_USAGE_TRANSFER_SOURCE
TRANSFER_TARGET = lib.IREE_HAL_BUFFER_USAGE_TRANSFER_TARGET
DISPATCH_STORAGE = lib.IREE_HAL_BUFFER_USAGE_DISPATCH_STORAGE
INDIRECT_PARAMETERS = lib.IREE_HAL_BUFFER_USAGE_DISPATCH_INDIRECT_PARAMETERS
_INDIRECT_PARAMETER_FLAGS = (lib.IREE_HAL_DISPATCH_FLAG_DYNAMIC_INDIRECT_PARAMETERS
                             | lib.IREE_HAL_DISPATCH_FLAG_STATIC_INDIRECT_PARAMETERS)
_UINT32_MAX = 2**32 - 1


class BindingSlot(int):
    """Slot `n` of the binding table given at submission
    (`Device.queue_execute(cb, binding_table=[...])`), where a buffer
    reference names one: iree_hal_make_indirect_buffer_ref."""

    def __repr__(self) -> str:
        return f"BindingSlot({int(self)})"


# Public as ireec.hal.command_buffer.BindingSlot (and ireec.hal.BindingSlot).
BindingSlot.__module__ = "ireec.hal.command_buffer"


class BufferRef(NamedTuple):
    """A checked buffer reference: the Buffer (or None for a slot), its
    slot, offset and length."""

    buffer: Buffer | None
    slot: int
    offset: int
    length: int


def buffer_ref(value: Any, what: str, usage: int, *, any_of: bool = False,
               slots: bool = False) -> BufferRef:
    """A checked buffer reference from a Buffer, (Buffer, offset, length), a
    BindingSlot or (BindingSlot, offset, length) (the latter two only where
    `slots`): the buffer must allow `usage` (any of its bits with `any_of`)
    and hold the range. A length of None is the rest of the buffer."""
    offset: Any = 0
    length: Any = None
    target = value
    if isinstance(value, tuple):
        if len(value) not in (2, 3):
            raise TypeError(f"{what}: a buffer reference is a Buffer, (Buffer, offset, "
                            f"length) or a BindingSlot, not a tuple of {len(value)}")
        target, offset, *rest = value
        length = rest[0] if rest else None
    if isinstance(target, BindingSlot):
        if not slots:
            raise TypeError(f"{what}: binding table slots are for command buffers only")
        offset = checked_size(offset, f"{what}: the offset")
        length = WHOLE_BUFFER if length is None else checked_size(length, f"{what}: the length")
        return BufferRef(None, int(target), offset, length)
    if not isinstance(target, Buffer):
        raise TypeError(f"{what}: expected a Buffer, (Buffer, offset, length) or a "
                        f"BindingSlot, not {type(target).__name__}")
    with use(target) as (ptr,):
        require_usage(ptr, usage, what, any_of=any_of)
        if usage & TRANSFER_TARGET:
            # (IREE's heap allocator grants transfer usage to every buffer,
            # also to read-only host memory imported for reading.)
            require_access(ptr, lib.IREE_HAL_MEMORY_ACCESS_WRITE, what)
        offset, length = byte_range(ptr, offset, length, what)
    return BufferRef(target, 0, offset, length)


def c_ref(ref: BufferRef, ptr: CData) -> CData:
    """The iree_hal_buffer_ref_t of a checked reference whose buffer's
    pointer is `ptr` (ffi.NULL for a slot)."""
    if ref.buffer is None:
        return lib.iree_hal_make_indirect_buffer_ref(ref.slot, ref.offset, ref.length)
    return lib.iree_hal_make_buffer_ref(ptr, ref.offset, ref.length)


class Dispatch(NamedTuple):
    """A dispatch checked against what its export takes: what IREE's
    dispatch functions take but the buffers' pointers, which `c_arguments`
    puts in from the caller's use of `buffers`."""

    executable: Executable
    bindings: tuple[BufferRef, ...]
    workgroup_count: BufferRef | None  # read from a buffer (indirect), or None
    config: CData      # iree_hal_dispatch_config_t*
    constants: CData   # iree_const_byte_span_t
    flags: int
    keep: Any          # what keeps the C data alive

    @property
    def refs(self) -> tuple[BufferRef, ...]:
        """Every buffer reference: the bindings, then the indirect count."""
        count = self.workgroup_count
        return self.bindings if count is None else (*self.bindings, count)

    @property
    def buffers(self) -> tuple[Buffer | None, ...]:
        """The buffer of each reference (None for a slot), as `refs`."""
        return tuple(ref.buffer for ref in self.refs)

    def c_arguments(self, pointers: Sequence[CData]) -> tuple[CData, CData]:
        """(iree_hal_dispatch_config_t, iree_hal_buffer_ref_list_t) with
        `pointers`, the buffers' pointers as `buffers` (from a use held for
        the call); valid while this Dispatch is referenced."""
        refs = self.refs
        count = len(self.bindings)
        c_refs = ffi.new("iree_hal_buffer_ref_t[]", max(count, 1))
        for i in range(count):
            c_refs[i] = c_ref(refs[i], pointers[i])
        if self.workgroup_count is not None:
            self.config.workgroup_count_ref = c_ref(self.workgroup_count, pointers[count])
        ref_list = ffi.new("iree_hal_buffer_ref_list_t*", {"count": count, "values": c_refs})
        self.keep.append((c_refs, ref_list))
        return self.config[0], ref_list[0]


def dispatch_arguments(executable: Any, export_ordinal: int, workgroup_count: Any,
                       constants: Any, bindings: Sequence[Any], flags: int,
                       workgroup_size: Sequence[int] | None, slots: bool,
                       what: str) -> Dispatch:
    """Checks a dispatch against what its export takes (IREE's CPU executors
    read exactly its constants and bindings)."""
    checked_object(executable, Executable, f"{what}: executable")
    export_ordinal = checked_int(export_ordinal, UINT32, f"{what}: export_ordinal")
    flags = checked_int(flags, UINT64, f"{what}: flags")
    try:
        info = executable.export_info(export_ordinal)
    except UnimplementedError:
        # IREE's Vulkan executables have no reflection: the driver takes the
        # constants and bindings as given (its own checks apply).
        info = None
    if isinstance(constants, (list, tuple)):
        if any(not isinstance(c, int) or not 0 <= c <= _UINT32_MAX for c in constants):
            raise refuse(InvalidArgumentError, f"{what}: constants given as a list are "
                                               f"uint32 values")
        constants = array.array("I", constants)
    data, nbytes = host_bytes(constants, f"{what}: constants")
    if info is not None and nbytes != 4 * info.constant_count:
        raise refuse(InvalidArgumentError,
                     f"{what}: export {export_ordinal} ({info.name}) takes "
                     f"{info.constant_count} uint32 constant(s) ({4 * info.constant_count} "
                     f"bytes), not {nbytes} bytes")
    bindings = list(bindings)
    if info is not None and len(bindings) != info.binding_count:
        raise refuse(InvalidArgumentError,
                     f"{what}: export {export_ordinal} ({info.name}) takes "
                     f"{info.binding_count} binding(s), not {len(bindings)}")
    refs = tuple(buffer_ref(b, f"{what}: binding {i}", DISPATCH_STORAGE, any_of=True,
                            slots=slots) for i, b in enumerate(bindings))
    config = ffi.new("iree_hal_dispatch_config_t*")
    count_ref = None
    if isinstance(workgroup_count, (Buffer, BindingSlot)) or (
            isinstance(workgroup_count, tuple) and workgroup_count
            and isinstance(workgroup_count[0], (Buffer, BindingSlot))):
        # Indirect: three uint32 counts read from a buffer.
        if isinstance(workgroup_count, tuple) and len(workgroup_count) == 2:
            workgroup_count = (*workgroup_count, 12)
        count_ref = buffer_ref(workgroup_count, f"{what}: workgroup_count",
                               INDIRECT_PARAMETERS, slots=slots)
        if count_ref.buffer is not None and count_ref.length < 12:
            raise refuse(OutOfRangeError, f"{what}: workgroup_count needs 12 bytes (three "
                                          f"uint32 counts), the reference has {count_ref.length}")
        if not flags & _INDIRECT_PARAMETER_FLAGS:
            flags |= lib.IREE_HAL_DISPATCH_FLAG_DYNAMIC_INDIRECT_PARAMETERS
    else:
        config.workgroup_count = three_uint32(workgroup_count, f"{what}: workgroup_count")
        if flags & _INDIRECT_PARAMETER_FLAGS:
            raise refuse(InvalidArgumentError, f"{what}: indirect parameter flags need "
                                               f"workgroup_count as a buffer reference")
    if workgroup_size is not None:
        config.workgroup_size = three_uint32(workgroup_size, f"{what}: workgroup_size")
    return Dispatch(executable, refs, count_ref, config,
                    lib.iree_make_const_byte_span(data, nbytes), flags, [data, constants])


def three_uint32(values: Any, what: str) -> list[int]:
    """`values` as three uint32 values (x, y, z)."""
    try:
        counts = [int(v) for v in values]
    except TypeError:
        raise TypeError(f"{what} must be three ints (x, y, z), not "
                        f"{type(values).__name__}") from None
    if len(counts) != 3 or any(not 0 <= c <= _UINT32_MAX for c in counts):
        raise refuse(InvalidArgumentError, f"{what} must be three uint32 values (x, y, z), "
                                           f"not {tuple(values)}")
    return counts


def fill_pattern(ref: BufferRef, pattern: Any, what: str) -> bytes:
    """The 1, 2 or 4 bytes of a fill `pattern`, whose width must divide the
    reference's offset and length."""
    data = pattern_bytes(pattern, what)
    if ref.offset % len(data) or (ref.length != WHOLE_BUFFER and ref.length % len(data)):
        raise refuse(InvalidArgumentError,
                     f"{what}: offset {ref.offset} and length {ref.length} must be multiples "
                     f"of the {len(data)}-byte pattern")
    return data


def update_source(source: Any, source_offset: Any, length: int, what: str) -> CData:
    """A copy of `length` bytes of `source` at `source_offset` (IREE copies
    them again when it records or queues the update)."""
    view = contiguous_bytes(source, f"{what}: source")
    offset = checked_size(source_offset, f"{what}: the source offset")
    if length == WHOLE_BUFFER:
        length = view.nbytes - min(offset, view.nbytes)
    if offset > view.nbytes or length > view.nbytes - offset:
        raise refuse(OutOfRangeError, f"{what}: {length} bytes at source offset {offset} "
                                      f"reach past the source's {view.nbytes} bytes")
    if length > MAX_UPDATE_SIZE:
        raise refuse(InvalidArgumentError, f"{what}: {length} bytes; an update records at "
                                           f"most {MAX_UPDATE_SIZE} (copy larger data "
                                           f"through a buffer)")
    return ffi.new("uint8_t[]", view[offset:offset + length].tobytes() or b"\0")


def overlap(a: BufferRef, b: BufferRef) -> bool:
    """Whether two references reach the same bytes of one allocation."""
    if a.buffer is None or b.buffer is None:
        return False
    with use(a.buffer, b.buffer) as (a_ptr, b_ptr):
        if lib.iree_hal_buffer_allocated_buffer(a_ptr) != \
                lib.iree_hal_buffer_allocated_buffer(b_ptr):
            return False
        a0 = lib.iree_hal_buffer_byte_offset(a_ptr) + a.offset
        b0 = lib.iree_hal_buffer_byte_offset(b_ptr) + b.offset
    return a0 < b0 + b.length and b0 < a0 + a.length
