"""HAL command buffers (iree/hal/command_buffer.h): transfers, dispatches,
barriers and events recorded once and executed on a device's queue
(`Device.queue_execute`), once (ONE_SHOT) or many times, over buffers named
when recording or given in a binding table at each submission (indirect
references, `BindingSlot`).

Methods are IREE's `iree_hal_command_buffer_*` without the prefix,
arguments in IREE's order, buffer references as a Buffer (the whole buffer),
`(Buffer, offset, length)`, or a BindingSlot. Everything IREE would trust is
checked first (ranges, usages, fill patterns, the recording state, what a
dispatch's export takes), raising a typed ireec.Error.
"""

from __future__ import annotations

import array
import enum
from typing import TYPE_CHECKING, Callable, Iterable, NamedTuple, Sequence

from .. import _cext
from .._core.handle import Handle, holding, in_use
from .._core.library import ffi, lib
from .._core.status import check_status
from .._core.strings import string_view
from ..errors import (FailedPreconditionError, InvalidArgumentError, OutOfRangeError,
                      UnimplementedError)
from ._checks import (
    WHOLE_BUFFER,
    byte_range,
    host_bytes,
    pattern_bytes,
    refuse,
    require_access,
    require_usage,
    size_value,
)
from ._device_object import DeviceObject, require_open_device
from ._flags import iree_constants
from .buffer import Buffer
from .event import Event
from .executable import Executable

if TYPE_CHECKING:
    from typing import Any

    from ..types import CData
    from .device import Device

__all__ = ["AccessScope", "BindingSlot", "CommandBuffer", "CommandBufferMode",
           "CommandCategory", "DispatchFlag", "ExecutionBarrierFlag", "ExecutionStage",
           "TransferCommand"]


@iree_constants("IREE_HAL_COMMAND_BUFFER_MODE_")
class CommandBufferMode(enum.IntFlag, boundary=enum.KEEP):
    """iree_hal_command_buffer_mode_t: how a command buffer is used."""

    DEFAULT = lib.IREE_HAL_COMMAND_BUFFER_MODE_DEFAULT
    ONE_SHOT = lib.IREE_HAL_COMMAND_BUFFER_MODE_ONE_SHOT
    ALLOW_INLINE_EXECUTION = lib.IREE_HAL_COMMAND_BUFFER_MODE_ALLOW_INLINE_EXECUTION
    UNVALIDATED = lib.IREE_HAL_COMMAND_BUFFER_MODE_UNVALIDATED
    UNRETAINED = lib.IREE_HAL_COMMAND_BUFFER_MODE_UNRETAINED


@iree_constants("IREE_HAL_COMMAND_CATEGORY_")
class CommandCategory(enum.IntFlag, boundary=enum.KEEP):
    """iree_hal_command_category_t: the commands a buffer may hold."""

    TRANSFER = lib.IREE_HAL_COMMAND_CATEGORY_TRANSFER
    DISPATCH = lib.IREE_HAL_COMMAND_CATEGORY_DISPATCH
    ANY = lib.IREE_HAL_COMMAND_CATEGORY_ANY


@iree_constants("IREE_HAL_EXECUTION_STAGE_")
class ExecutionStage(enum.IntFlag, boundary=enum.KEEP):
    """iree_hal_execution_stage_t: pipeline stages barriers order."""

    COMMAND_ISSUE = lib.IREE_HAL_EXECUTION_STAGE_COMMAND_ISSUE
    COMMAND_PROCESS = lib.IREE_HAL_EXECUTION_STAGE_COMMAND_PROCESS
    DISPATCH = lib.IREE_HAL_EXECUTION_STAGE_DISPATCH
    TRANSFER = lib.IREE_HAL_EXECUTION_STAGE_TRANSFER
    COMMAND_RETIRE = lib.IREE_HAL_EXECUTION_STAGE_COMMAND_RETIRE
    HOST = lib.IREE_HAL_EXECUTION_STAGE_HOST


@iree_constants("IREE_HAL_EXECUTION_BARRIER_FLAG_")
class ExecutionBarrierFlag(enum.IntFlag, boundary=enum.KEEP):
    """iree_hal_execution_barrier_flags_t."""

    NONE = lib.IREE_HAL_EXECUTION_BARRIER_FLAG_NONE


@iree_constants("IREE_HAL_ACCESS_SCOPE_")
class AccessScope(enum.IntFlag, boundary=enum.KEEP):
    """iree_hal_access_scope_t: memory accesses barriers order."""

    INDIRECT_COMMAND_READ = lib.IREE_HAL_ACCESS_SCOPE_INDIRECT_COMMAND_READ
    CONSTANT_READ = lib.IREE_HAL_ACCESS_SCOPE_CONSTANT_READ
    DISPATCH_READ = lib.IREE_HAL_ACCESS_SCOPE_DISPATCH_READ
    DISPATCH_WRITE = lib.IREE_HAL_ACCESS_SCOPE_DISPATCH_WRITE
    TRANSFER_READ = lib.IREE_HAL_ACCESS_SCOPE_TRANSFER_READ
    TRANSFER_WRITE = lib.IREE_HAL_ACCESS_SCOPE_TRANSFER_WRITE
    HOST_READ = lib.IREE_HAL_ACCESS_SCOPE_HOST_READ
    HOST_WRITE = lib.IREE_HAL_ACCESS_SCOPE_HOST_WRITE
    MEMORY_READ = lib.IREE_HAL_ACCESS_SCOPE_MEMORY_READ
    MEMORY_WRITE = lib.IREE_HAL_ACCESS_SCOPE_MEMORY_WRITE


@iree_constants("IREE_HAL_MEMORY_ADVISE_FLAG_")
class MemoryAdviseFlag(enum.IntFlag, boundary=enum.KEEP):
    """iree_hal_memory_advise_flags_t."""

    NONE = lib.IREE_HAL_MEMORY_ADVISE_FLAG_NONE


@iree_constants("IREE_HAL_FILL_FLAG_")
class FillFlag(enum.IntFlag, boundary=enum.KEEP):
    """iree_hal_fill_flags_t."""

    NONE = lib.IREE_HAL_FILL_FLAG_NONE


@iree_constants("IREE_HAL_UPDATE_FLAG_")
class UpdateFlag(enum.IntFlag, boundary=enum.KEEP):
    """iree_hal_update_flags_t."""

    NONE = lib.IREE_HAL_UPDATE_FLAG_NONE


@iree_constants("IREE_HAL_COPY_FLAG_")
class CopyFlag(enum.IntFlag, boundary=enum.KEEP):
    """iree_hal_copy_flags_t."""

    NONE = lib.IREE_HAL_COPY_FLAG_NONE


@iree_constants("IREE_HAL_DISPATCH_FLAG_")
class DispatchFlag(enum.IntFlag, boundary=enum.KEEP):
    """iree_hal_dispatch_flags_t."""

    NONE = lib.IREE_HAL_DISPATCH_FLAG_NONE
    DYNAMIC_INDIRECT_PARAMETERS = lib.IREE_HAL_DISPATCH_FLAG_DYNAMIC_INDIRECT_PARAMETERS
    STATIC_INDIRECT_PARAMETERS = lib.IREE_HAL_DISPATCH_FLAG_STATIC_INDIRECT_PARAMETERS
    CUSTOM_DIRECT_ARGUMENTS = lib.IREE_HAL_DISPATCH_FLAG_CUSTOM_DIRECT_ARGUMENTS
    DYNAMIC_INDIRECT_ARGUMENTS = lib.IREE_HAL_DISPATCH_FLAG_DYNAMIC_INDIRECT_ARGUMENTS
    STATIC_INDIRECT_ARGUMENTS = lib.IREE_HAL_DISPATCH_FLAG_STATIC_INDIRECT_ARGUMENTS


@iree_constants("IREE_HAL_TRANSFER_COMMAND_TYPE_")
class TransferCommandType(enum.IntEnum):
    """iree_hal_transfer_command_type_t."""

    FILL = lib.IREE_HAL_TRANSFER_COMMAND_TYPE_FILL
    UPDATE = lib.IREE_HAL_TRANSFER_COMMAND_TYPE_UPDATE
    COPY = lib.IREE_HAL_TRANSFER_COMMAND_TYPE_COPY


# The most bytes one update_buffer records.
MAX_UPDATE_SIZE = lib.IREE_HAL_COMMAND_BUFFER_MAX_UPDATE_SIZE

_TRANSFER_SOURCE = lib.IREE_HAL_BUFFER_USAGE_TRANSFER_SOURCE
_TRANSFER_TARGET = lib.IREE_HAL_BUFFER_USAGE_TRANSFER_TARGET
_DISPATCH_STORAGE = lib.IREE_HAL_BUFFER_USAGE_DISPATCH_STORAGE
_INDIRECT_PARAMETERS = lib.IREE_HAL_BUFFER_USAGE_DISPATCH_INDIRECT_PARAMETERS
_INDIRECT_PARAMETER_FLAGS = (lib.IREE_HAL_DISPATCH_FLAG_DYNAMIC_INDIRECT_PARAMETERS
                             | lib.IREE_HAL_DISPATCH_FLAG_STATIC_INDIRECT_PARAMETERS)
_UINT32_MAX = 2**32 - 1

# A barrier's defaults: everything before it finishes before anything after
# starts (what IREE's own tests record between dependent commands).
DEFAULT_SOURCE_STAGES = (lib.IREE_HAL_EXECUTION_STAGE_DISPATCH
                         | lib.IREE_HAL_EXECUTION_STAGE_TRANSFER
                         | lib.IREE_HAL_EXECUTION_STAGE_COMMAND_RETIRE)
DEFAULT_TARGET_STAGES = (lib.IREE_HAL_EXECUTION_STAGE_COMMAND_ISSUE
                         | lib.IREE_HAL_EXECUTION_STAGE_DISPATCH
                         | lib.IREE_HAL_EXECUTION_STAGE_TRANSFER)


class BindingSlot(int):
    """Slot `n` of the binding table given at submission
    (`Device.queue_execute(cb, binding_table=[...])`), where a buffer
    reference names one: iree_hal_make_indirect_buffer_ref."""

    def __repr__(self) -> str:
        return f"BindingSlot({int(self)})"


class _Ref(NamedTuple):
    """A buffer reference made from Python: the Buffer (or None for a slot),
    its slot, offset and length."""

    buffer: Buffer | None
    slot: int
    offset: int
    length: int


def buffer_ref(value: Any, what: str, usage: int, *, any_of: bool = False,
               slots: bool = False) -> _Ref:
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
        offset = size_value(offset, f"{what}: the offset")
        length = WHOLE_BUFFER if length is None else size_value(length, f"{what}: the length")
        return _Ref(None, int(target), offset, length)
    if not isinstance(target, Buffer):
        raise TypeError(f"{what}: expected a Buffer, (Buffer, offset, length) or a "
                        f"BindingSlot, not {type(target).__name__}")
    ptr = target.handle
    require_usage(ptr, usage, what, any_of=any_of)
    if usage & _TRANSFER_TARGET:
        # (IREE's heap allocator grants transfer usage to every buffer, also
        # to read-only host memory imported for reading.)
        require_access(ptr, lib.IREE_HAL_MEMORY_ACCESS_WRITE, what)
    offset, length = byte_range(ptr, offset, length, what)
    return _Ref(target, 0, offset, length)


def c_ref(ref: _Ref) -> CData:
    """The iree_hal_buffer_ref_t of a checked reference."""
    if ref.buffer is None:
        return lib.iree_hal_make_indirect_buffer_ref(ref.slot, ref.offset, ref.length)
    return lib.iree_hal_make_buffer_ref(ref.buffer.handle, ref.offset, ref.length)


def dispatch_arguments(executable: Any, export_ordinal: int, workgroup_count: Any,
                       constants: Any, bindings: Sequence[Any], flags: int,
                       workgroup_size: Sequence[int] | None, slots: bool,
                       what: str) -> tuple[tuple[_Ref, ...], Any, CData, CData, CData, int]:
    """Checks a dispatch against what its export takes (IREE's CPU executors
    read exactly its constants and bindings): (the references made, what
    keeps the C data alive, the iree_hal_dispatch_config_t*, the constants'
    iree_const_byte_span_t, the iree_hal_buffer_ref_list_t*, the flags)."""
    if not isinstance(executable, Executable):
        raise TypeError(f"{what}: expected an ireec.hal.Executable, not "
                        f"{type(executable).__name__}")
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
    refs = tuple(buffer_ref(b, f"{what}: binding {i}", _DISPATCH_STORAGE, any_of=True,
                            slots=slots) for i, b in enumerate(bindings))
    config = ffi.new("iree_hal_dispatch_config_t*")
    flags = int(flags)
    count_ref = None
    if isinstance(workgroup_count, (Buffer, BindingSlot)) or (
            isinstance(workgroup_count, tuple) and workgroup_count
            and isinstance(workgroup_count[0], (Buffer, BindingSlot))):
        # Indirect: three uint32 counts read from a buffer.
        if isinstance(workgroup_count, tuple) and len(workgroup_count) == 2:
            workgroup_count = (*workgroup_count, 12)
        count_ref = buffer_ref(workgroup_count, f"{what}: workgroup_count",
                               _INDIRECT_PARAMETERS, slots=slots)
        if count_ref.buffer is not None and count_ref.length < 12:
            raise refuse(OutOfRangeError, f"{what}: workgroup_count needs 12 bytes (three "
                                          f"uint32 counts), the reference has {count_ref.length}")
        config.workgroup_count_ref = c_ref(count_ref)
        if not flags & _INDIRECT_PARAMETER_FLAGS:
            flags |= lib.IREE_HAL_DISPATCH_FLAG_DYNAMIC_INDIRECT_PARAMETERS
    else:
        config.workgroup_count = _three_uint32(workgroup_count, f"{what}: workgroup_count")
        if flags & _INDIRECT_PARAMETER_FLAGS:
            raise refuse(InvalidArgumentError, f"{what}: indirect parameter flags need "
                                               f"workgroup_count as a buffer reference")
    if workgroup_size is not None:
        config.workgroup_size = _three_uint32(workgroup_size, f"{what}: workgroup_size")
    c_refs = ffi.new("iree_hal_buffer_ref_t[]", max(len(refs), 1))
    for i, ref in enumerate(refs):
        c_refs[i] = c_ref(ref)
    ref_list = ffi.new("iree_hal_buffer_ref_list_t*", {"count": len(refs), "values": c_refs})
    all_refs = refs if count_ref is None else (*refs, count_ref)
    return (all_refs, (data, c_refs, constants), config,
            lib.iree_make_const_byte_span(data, nbytes), ref_list, flags)


def _three_uint32(values: Any, what: str) -> list[int]:
    try:
        counts = [int(v) for v in values]
    except TypeError:
        raise TypeError(f"{what} must be three ints (x, y, z), not "
                        f"{type(values).__name__}") from None
    if len(counts) != 3 or any(not 0 <= c <= _UINT32_MAX for c in counts):
        raise refuse(InvalidArgumentError, f"{what} must be three uint32 values (x, y, z), "
                                           f"not {tuple(values)}")
    return counts


def _barriers(memory_barriers: Iterable[Any], buffer_barriers: Iterable[Any],
              what: str) -> tuple[int, CData, int, CData, tuple[_Ref, ...]]:
    """(count, iree_hal_memory_barrier_t[], count, iree_hal_buffer_barrier_t[],
    the buffer references) from (source_scope, target_scope) and
    (source_scope, target_scope, buffer reference) tuples."""
    memory = list(memory_barriers)
    c_memory = ffi.new("iree_hal_memory_barrier_t[]", max(len(memory), 1))
    for i, (source, target) in enumerate(memory):
        c_memory[i].source_scope, c_memory[i].target_scope = source, target
    buffers = list(buffer_barriers)
    c_buffers = ffi.new("iree_hal_buffer_barrier_t[]", max(len(buffers), 1))
    refs = []
    for i, (source, target, reference) in enumerate(buffers):
        ref = buffer_ref(reference, f"{what}: buffer barrier {i}", 0, slots=True)
        c_buffers[i].source_scope, c_buffers[i].target_scope = source, target
        c_buffers[i].buffer_ref = c_ref(ref)
        refs.append(ref)
    return (len(memory), c_memory if memory else ffi.NULL, len(buffers),
            c_buffers if buffers else ffi.NULL, tuple(refs))


class TransferCommand(NamedTuple):
    """One command of a transfer command buffer
    (`CommandBuffer.create_transfer`), made by `TransferCommand.fill`,
    `update` or `copy` (iree_hal_transfer_command_t)."""

    type: TransferCommandType
    arguments: tuple[Any, ...]

    @classmethod
    def fill(cls, target: Buffer, target_offset: int, length: int,
             pattern: Any) -> "TransferCommand":
        """An iree_hal_transfer_command_t of IREE_HAL_TRANSFER_COMMAND_TYPE_FILL:
        `pattern` (1, 2 or 4 bytes) repeated over `length` bytes of `target`
        from `target_offset`."""
        return cls(TransferCommandType.FILL, (target, target_offset, length, pattern))

    @classmethod
    def update(cls, source: Any, source_offset: int, target: Buffer, target_offset: int,
               length: int) -> "TransferCommand":
        """An iree_hal_transfer_command_t of IREE_HAL_TRANSFER_COMMAND_TYPE_UPDATE:
        `length` bytes of host data `source` (any bytes-like object) from
        `source_offset` written into `target` at `target_offset`."""
        return cls(TransferCommandType.UPDATE,
                   (source, source_offset, target, target_offset, length))

    @classmethod
    def copy(cls, source: Buffer, source_offset: int, target: Buffer, target_offset: int,
             length: int) -> "TransferCommand":
        """An iree_hal_transfer_command_t of IREE_HAL_TRANSFER_COMMAND_TYPE_COPY:
        `length` bytes of `source` from `source_offset` copied into `target`
        at `target_offset`."""
        return cls(TransferCommandType.COPY,
                   (source, source_offset, target, target_offset, length))


class CommandBuffer(DeviceObject, _cext.CommandBufferHandle):
    """An `iree_hal_command_buffer_t`.

    `CommandBuffer(device, mode=ONE_SHOT, categories=ANY, queue_affinity=ANY,
    binding_capacity=0)` creates one (iree_hal_command_buffer_create);
    record between `begin()` and `end()`, then submit it with
    `Device.queue_execute`. A ONE_SHOT command buffer is submitted once; a
    reusable one (mode DEFAULT) any number of times. `binding_capacity`
    slots of a binding table can be named instead of buffers (BindingSlot),
    and are given at each submission. It keeps every object its commands
    name in use until it is released.
    """

    __slots__ = ("_state", "_slots", "_kept", "_submitted")

    def __init__(self, device: Device, mode: int = lib.IREE_HAL_COMMAND_BUFFER_MODE_ONE_SHOT,
                 categories: int = lib.IREE_HAL_COMMAND_CATEGORY_ANY,
                 queue_affinity: int = lib.IREE_HAL_QUEUE_AFFINITY_ANY,
                 binding_capacity: int = 0) -> None:
        """iree_hal_command_buffer_create on `device`."""
        device = require_open_device(device, "CommandBuffer")
        capacity = size_value(binding_capacity, "binding_capacity")
        self._start("initial")
        self._create(device, self._kept, lib.iree_hal_command_buffer_create, device.handle,
                     mode, categories, queue_affinity, capacity)

    def _start(self, state: str) -> None:
        """The recording state, set before the object is made or adopted
        (its `_kept` uses go with its reference)."""
        # A use of every object the commands name, held until the command
        # buffer goes: none is released under it by a close() (UNRETAINED
        # command buffers hold no IREE references of their own), and
        # whatever made a buffer (its allocator) outlives it.
        self._kept: list[_cext.Holding] = []
        self._state = state
        # slot -> [usage the commands need, bytes from the binding's offset]
        self._slots: dict[int, list[int]] = {}
        self._submitted = False

    @classmethod
    def from_handle(cls, ptr: CData, *, retain: bool = False,
                    device: Device | None = None) -> "CommandBuffer":
        """Adopts a raw `iree_hal_command_buffer_t*`, taken as recorded
        (ended): it can be submitted, not recorded into."""
        self = cls.__new__(cls)
        self._start("ended")
        self._own(ptr, retain=retain, parent=device, keep_alive=self._kept)
        return self

    @classmethod
    def create_transfer(cls, device: Device, commands: Sequence[TransferCommand],
                        mode: int = lib.IREE_HAL_COMMAND_BUFFER_MODE_ONE_SHOT,
                        queue_affinity: int = lib.IREE_HAL_QUEUE_AFFINITY_ANY) -> "CommandBuffer":
        """iree_hal_create_transfer_command_buffer: a command buffer holding
        `commands` (TransferCommand.fill/update/copy), already ended."""
        device = require_open_device(device, "CommandBuffer.create_transfer")
        commands = list(commands)
        c_commands = ffi.new("iree_hal_transfer_command_t[]", max(len(commands), 1))
        keep: list[Any] = []
        named: list[Handle] = []
        for i, command in enumerate(commands):
            if not isinstance(command, TransferCommand):
                raise TypeError(f"commands[{i}] must be a TransferCommand, not "
                                f"{type(command).__name__}")
            c = c_commands[i]
            c.type = command.type
            what = f"commands[{i}] ({command.type.name.lower()})"
            if command.type == TransferCommandType.FILL:
                target, offset, length, pattern = command.arguments
                ref = buffer_ref((target, offset, length), what, _TRANSFER_TARGET)
                # The pattern's own bytes (a char[] made from bytes would
                # add a NUL, one more pattern byte).
                pattern_data = _fill_pattern(ref, pattern, what)
                data = ffi.from_buffer(pattern_data)
                keep.append(data)
                c.fill.target_buffer = target.handle
                c.fill.target_offset, c.fill.length = ref.offset, ref.length
                c.fill.pattern, c.fill.pattern_length = data, len(pattern_data)
                named.append(target)
            elif command.type == TransferCommandType.UPDATE:
                source, source_offset, target, offset, length = command.arguments
                ref = buffer_ref((target, offset, length), what, _TRANSFER_TARGET)
                pointer = _update_source(source, source_offset, ref.length, what)
                keep.append(pointer)
                c.update.source_buffer = pointer
                c.update.source_offset = 0
                c.update.target_buffer = target.handle
                c.update.target_offset, c.update.length = ref.offset, ref.length
                named.append(target)
            else:
                source, source_offset, target, offset, length = command.arguments
                source_ref = buffer_ref((source, source_offset, length), f"{what}: source",
                                        _TRANSFER_SOURCE)
                target_ref = buffer_ref((target, offset, source_ref.length), f"{what}: target",
                                        _TRANSFER_TARGET)
                c.copy.source_buffer = source.handle
                c.copy.source_offset = source_ref.offset
                c.copy.target_buffer = target.handle
                c.copy.target_offset, c.copy.length = target_ref.offset, target_ref.length
                named += [source, target]
        self = cls.__new__(cls)
        self._start("ended")
        with holding(*named):
            self._create(device, self._kept, lib.iree_hal_create_transfer_command_buffer,
                         device.handle, mode, queue_affinity, len(commands), c_commands)
        self._keep(named)
        return self

    # -- what it is -------------------------------------------------------------

    @property
    def mode(self) -> CommandBufferMode:
        """iree_hal_command_buffer_mode."""
        return CommandBufferMode(lib.iree_hal_command_buffer_mode(self.handle))

    @property
    def allowed_categories(self) -> CommandCategory:
        """iree_hal_command_buffer_allowed_categories."""
        return CommandCategory(lib.iree_hal_command_buffer_allowed_categories(self.handle))

    @property
    def binding_capacity(self) -> int:
        """The iree_hal_command_buffer_t's binding_capacity: the binding table
        slots its commands may name."""
        return int(ffi.cast("iree_hal_command_buffer_t*", self.handle).binding_capacity)

    @property
    def state(self) -> str:
        """Where recording of the iree_hal_command_buffer_t is: "initial",
        "recording" (after iree_hal_command_buffer_begin) or "ended" (after
        iree_hal_command_buffer_end)."""
        return self._state

    # -- recording ---------------------------------------------------------------

    def _recording(self, what: str, category: int = 0) -> CData:
        """The pointer, if commands may be recorded now (FailedPrecondition
        otherwise)."""
        ptr = self.handle
        state = self.state
        if state != "recording":
            raise refuse(FailedPreconditionError,
                         f"{what}: the command buffer is not recording (" +
                         ("call begin() first" if state == "initial" else
                          "it has ended; commands cannot be added after end()") + ")")
        allowed = lib.iree_hal_command_buffer_allowed_categories(ptr)
        if category and not allowed & category:
            raise refuse(FailedPreconditionError,
                         f"{what}: the command buffer was created for {_category_text(allowed)} "
                         f"commands, not {_category_text(category)}")
        return ptr

    def _keep(self, objects: Iterable[Handle]) -> None:
        held = _cext.Holding(*objects)
        held.__enter__()  # (interrupted from here, `held` goes and gives the uses back)
        self._kept.append(held)

    def _note(self, refs: Iterable[_Ref], usage: int) -> None:
        """Keeps the references' buffers in use; records what their slots
        must hold at submission."""
        for ref in refs:
            if ref.buffer is not None:
                self._keep([ref.buffer])
                continue
            capacity = self.binding_capacity
            if ref.slot >= capacity:
                raise refuse(OutOfRangeError,
                             f"binding table slot {ref.slot} is out of range: the command "
                             f"buffer was created with binding_capacity={capacity}")
            need = self._slots.setdefault(ref.slot, [0, 0])
            need[0] |= usage
            need[1] = max(need[1], ref.offset + (0 if ref.length == WHOLE_BUFFER
                                                 else ref.length))

    @in_use
    def begin(self) -> None:
        """iree_hal_command_buffer_begin: starts recording (once)."""
        state = self.state
        if state != "initial":
            raise refuse(FailedPreconditionError,
                         "begin: the command buffer is already recording" if state == "recording"
                         else "begin: the command buffer was already recorded; record a new one")
        check_status(lib.iree_hal_command_buffer_begin(self.handle))
        self._state = "recording"

    @in_use
    def end(self) -> None:
        """iree_hal_command_buffer_end: ends recording; it may then be
        submitted."""
        ptr = self._recording("end")
        check_status(lib.iree_hal_command_buffer_end(ptr))
        self._state = "ended"

    @in_use
    def begin_debug_group(self, label: str, label_color: int = 0) -> None:
        """iree_hal_command_buffer_begin_debug_group (`label_color` as
        0xAABBGGRR, IREE's iree_hal_label_color_t value)."""
        ptr = self._recording("begin_debug_group")
        view, owner = string_view(label)
        color = ffi.new("iree_hal_label_color_t*")
        color.value = label_color
        check_status(lib.iree_hal_command_buffer_begin_debug_group(ptr, view, color[0],
                                                                   ffi.NULL))

    @in_use
    def end_debug_group(self) -> None:
        """iree_hal_command_buffer_end_debug_group."""
        check_status(lib.iree_hal_command_buffer_end_debug_group(
            self._recording("end_debug_group")))

    @in_use
    def execution_barrier(self, source_stage_mask: int = DEFAULT_SOURCE_STAGES,
                          target_stage_mask: int = DEFAULT_TARGET_STAGES,
                          flags: int = lib.IREE_HAL_EXECUTION_BARRIER_FLAG_NONE,
                          memory_barriers: Iterable[tuple[int, int]] = (),
                          buffer_barriers: Iterable[tuple[int, int, Any]] = ()) -> None:
        """iree_hal_command_buffer_execution_barrier: commands after it wait
        for those before it (by default, all of them for all). Memory
        barriers are (source_scope, target_scope); buffer barriers add a
        buffer reference."""
        ptr = self._recording("execution_barrier")
        m_count, m, b_count, b, refs = _barriers(memory_barriers, buffer_barriers,
                                                 "execution_barrier")
        self._note(refs, 0)
        check_status(lib.iree_hal_command_buffer_execution_barrier(
            ptr, source_stage_mask, target_stage_mask, flags, m_count, m, b_count, b))

    @in_use
    def signal_event(self, event: Event,
                     source_stage_mask: int = lib.IREE_HAL_EXECUTION_STAGE_COMMAND_RETIRE) -> None:
        """iree_hal_command_buffer_signal_event."""
        self._event_command("signal_event", lib.iree_hal_command_buffer_signal_event, event,
                            source_stage_mask)

    @in_use
    def reset_event(self, event: Event,
                    source_stage_mask: int = lib.IREE_HAL_EXECUTION_STAGE_COMMAND_RETIRE) -> None:
        """iree_hal_command_buffer_reset_event."""
        self._event_command("reset_event", lib.iree_hal_command_buffer_reset_event, event,
                            source_stage_mask)

    def _event_command(self, what: str, record: Callable[..., CData], event: Event,
                       source_stage_mask: int) -> None:
        """Records signal_event or reset_event (`record`) of `event`."""
        ptr = self._recording(what, lib.IREE_HAL_COMMAND_CATEGORY_DISPATCH)
        event = _event(event, what)
        check_status(record(ptr, event.handle, source_stage_mask))
        self._keep([event])

    @in_use
    def wait_events(self, events: Sequence[Event],
                    source_stage_mask: int = lib.IREE_HAL_EXECUTION_STAGE_COMMAND_RETIRE,
                    target_stage_mask: int = lib.IREE_HAL_EXECUTION_STAGE_COMMAND_ISSUE,
                    memory_barriers: Iterable[tuple[int, int]] = (),
                    buffer_barriers: Iterable[tuple[int, int, Any]] = ()) -> None:
        """iree_hal_command_buffer_wait_events: commands after it wait until
        every event is signaled."""
        ptr = self._recording("wait_events", lib.IREE_HAL_COMMAND_CATEGORY_DISPATCH)
        events = [_event(e, "wait_events") for e in events]
        m_count, m, b_count, b, refs = _barriers(memory_barriers, buffer_barriers,
                                                 "wait_events")
        handles = ffi.new("iree_hal_event_t*[]", [e.handle for e in events] or 1)
        with holding(*events):
            check_status(lib.iree_hal_command_buffer_wait_events(
                ptr, len(events), ffi.cast("const iree_hal_event_t**", handles),
                source_stage_mask, target_stage_mask, m_count, m, b_count, b))
        self._note(refs, 0)
        self._keep(events)

    @in_use
    def advise_buffer(self, reference: Any,
                      flags: int = lib.IREE_HAL_MEMORY_ADVISE_FLAG_NONE,
                      arg0: int = 0, arg1: int = 0) -> None:
        """iree_hal_command_buffer_advise_buffer: a hint about how the buffer
        range `reference` is used next."""
        ptr = self._recording("advise_buffer", lib.IREE_HAL_COMMAND_CATEGORY_TRANSFER)
        ref = buffer_ref(reference, "advise_buffer", 0, slots=True)
        self._note([ref], 0)
        with holding(ref.buffer):
            check_status(lib.iree_hal_command_buffer_advise_buffer(
                ptr, c_ref(ref), flags, arg0, arg1))

    @in_use
    def fill_buffer(self, target: Buffer | BindingSlot, target_offset: int,
                    length: int | None, pattern: Any,
                    flags: int = lib.IREE_HAL_FILL_FLAG_NONE) -> None:
        """iree_hal_command_buffer_fill_buffer: repeats `pattern` (1, 2 or 4
        bytes: bytes or a numpy scalar) over `length` bytes (None: to the
        end) of `target` at `target_offset`."""
        ptr = self._recording("fill_buffer", lib.IREE_HAL_COMMAND_CATEGORY_TRANSFER)
        ref = buffer_ref((target, target_offset, length), "fill_buffer", _TRANSFER_TARGET,
                         slots=True)
        data = _fill_pattern(ref, pattern, "fill_buffer")
        self._note([ref], _TRANSFER_TARGET)
        with holding(ref.buffer):
            check_status(lib.iree_hal_command_buffer_fill_buffer(
                ptr, c_ref(ref), data, len(data), flags))

    @in_use
    def update_buffer(self, source: Any, target: Buffer | BindingSlot, target_offset: int,
                      length: int | None = None, *, source_offset: int = 0,
                      flags: int = lib.IREE_HAL_UPDATE_FLAG_NONE) -> None:
        """iree_hal_command_buffer_update_buffer: copies `length` bytes (None:
        the rest of `source`) of `source` (any bytes-like object) at
        `source_offset` into `target` at `target_offset`. The bytes are
        copied into the command buffer now (at most MAX_UPDATE_SIZE)."""
        ptr = self._recording("update_buffer", lib.IREE_HAL_COMMAND_CATEGORY_TRANSFER)
        view = _byte_view(source, "update_buffer: source")
        if length is None:
            length = max(0, view.nbytes - size_value(source_offset, "source_offset"))
        ref = buffer_ref((target, target_offset, length), "update_buffer", _TRANSFER_TARGET,
                         slots=True)
        data = _update_source(view, source_offset, ref.length, "update_buffer")
        self._note([ref], _TRANSFER_TARGET)
        with holding(ref.buffer):
            check_status(lib.iree_hal_command_buffer_update_buffer(
                ptr, data, 0, c_ref(ref), flags))

    @in_use
    def copy_buffer(self, source: Buffer | BindingSlot, source_offset: int,
                    target: Buffer | BindingSlot, target_offset: int, length: int | None,
                    flags: int = lib.IREE_HAL_COPY_FLAG_NONE) -> None:
        """iree_hal_command_buffer_copy_buffer: copies `length` bytes (None:
        the rest of `source`) of `source` at `source_offset` into `target`
        at `target_offset`."""
        ptr = self._recording("copy_buffer", lib.IREE_HAL_COMMAND_CATEGORY_TRANSFER)
        source_ref = buffer_ref((source, source_offset, length), "copy_buffer: source",
                                _TRANSFER_SOURCE, slots=True)
        if length is None and source_ref.buffer is None:
            raise refuse(InvalidArgumentError, "copy_buffer: a copy from a binding table "
                                               "slot needs a length")
        target_ref = buffer_ref((target, target_offset, source_ref.length),
                                "copy_buffer: target", _TRANSFER_TARGET, slots=True)
        if source_ref.buffer is not None and target_ref.buffer is not None and \
                _overlap(source_ref, target_ref):
            raise refuse(InvalidArgumentError, "copy_buffer: the source and target ranges "
                                               "overlap within the same buffer")
        self._note([source_ref], _TRANSFER_SOURCE)
        self._note([target_ref], _TRANSFER_TARGET)
        with holding(source_ref.buffer, target_ref.buffer):
            check_status(lib.iree_hal_command_buffer_copy_buffer(
                ptr, c_ref(source_ref), c_ref(target_ref), flags))

    @in_use
    def dispatch(self, executable: Executable, export_ordinal: int,
                 workgroup_count: Any, constants: Any = b"", bindings: Sequence[Any] = (),
                 flags: int = lib.IREE_HAL_DISPATCH_FLAG_NONE, *,
                 workgroup_size: Sequence[int] | None = None) -> None:
        """iree_hal_command_buffer_dispatch: runs export `export_ordinal` of
        `executable` over `workgroup_count` (x, y, z) workgroups, or as many
        as three uint32 in a buffer reference say (indirect), with
        `constants` (bytes, or a list of uint32) and `bindings` (one
        buffer reference per binding of the export: Buffer, (Buffer, offset,
        length) or BindingSlot). Each binding needs a DISPATCH usage."""
        ptr = self._recording("dispatch", lib.IREE_HAL_COMMAND_CATEGORY_DISPATCH)
        refs, keep, config, span, ref_list, flags = dispatch_arguments(
            executable, export_ordinal, workgroup_count, constants, bindings, flags,
            workgroup_size, True, "dispatch")
        self._note(refs, _DISPATCH_STORAGE)
        with holding(executable, *(r.buffer for r in refs)):
            check_status(lib.iree_hal_command_buffer_dispatch(
                ptr, executable.handle, export_ordinal, config[0], span, ref_list[0], flags))
        self._keep([executable])

    @in_use
    def collective(self, channel: Any, op: int, param: int, send: Any, recv: Any,
                   element_count: int) -> None:
        """iree_hal_command_buffer_collective on `channel` (`op`: an
        iree_hal_collective_op_t's packed value)."""
        from .channel import Channel

        ptr = self._recording("collective", lib.IREE_HAL_COMMAND_CATEGORY_DISPATCH)
        if not isinstance(channel, Channel):
            raise TypeError(f"collective: expected an ireec.hal.Channel, not "
                            f"{type(channel).__name__}")
        send_ref = buffer_ref(send, "collective: send", _DISPATCH_STORAGE, any_of=True,
                              slots=True)
        recv_ref = buffer_ref(recv, "collective: recv", _DISPATCH_STORAGE, any_of=True,
                              slots=True)
        c_op = ffi.new("iree_hal_collective_op_t*")
        c_op.packed = op
        self._note([send_ref, recv_ref], _DISPATCH_STORAGE)
        with holding(channel, send_ref.buffer, recv_ref.buffer):
            check_status(lib.iree_hal_command_buffer_collective(
                ptr, channel.handle, c_op[0], param, c_ref(send_ref), c_ref(recv_ref),
                size_value(element_count, "element_count")))
        self._keep([channel])

    # -- submission ---------------------------------------------------------------

    def submission(self, binding_table: Sequence[Any] | None
                   ) -> tuple[CData, Any, list[Buffer]]:
        """Checks that the command buffer may be submitted now with
        `binding_table` (each slot its commands name holds a buffer allowing
        what they do, over enough bytes): (the
        iree_hal_buffer_binding_table_t, what keeps it alive, its Buffers)."""
        state = self.state
        if state != "ended":
            raise refuse(FailedPreconditionError,
                         "queue_execute: the command buffer has not been recorded (begin(), "
                         "commands, end())" if state == "initial" else
                         "queue_execute: the command buffer is still recording; call end() "
                         "before submitting it")
        if self._submitted and self.mode & lib.IREE_HAL_COMMAND_BUFFER_MODE_ONE_SHOT:
            raise refuse(FailedPreconditionError,
                         "queue_execute: a ONE_SHOT command buffer is submitted once; record "
                         "a new one (or create it reusable, mode=CommandBufferMode.DEFAULT)")
        table = list(binding_table or ())
        if len(table) > self.binding_capacity and self.binding_capacity == 0:
            raise refuse(InvalidArgumentError, "queue_execute: the command buffer names no "
                                               "binding table slots; pass no binding_table")
        for slot, (usage, end) in sorted(self._slots.items()):
            if slot >= len(table) or table[slot] is None:
                raise refuse(InvalidArgumentError,
                             f"queue_execute: the command buffer's commands use binding "
                             f"table slot {slot}; the binding table has {len(table)} entries")
        bindings = ffi.new("iree_hal_buffer_binding_t[]", max(len(table), 1))
        buffers = []
        for slot, entry in enumerate(table):
            if entry is None:
                continue
            usage, end = self._slots.get(slot, (0, 0))
            ref = buffer_ref(entry, f"queue_execute: binding table slot {slot}", usage)
            if end > ref.length:
                raise refuse(OutOfRangeError,
                             f"queue_execute: binding table slot {slot} holds {ref.length} "
                             f"bytes; the commands reach byte {end}")
            bindings[slot].buffer = ref.buffer.handle  # type: ignore[union-attr]
            bindings[slot].offset = ref.offset
            bindings[slot].length = ref.length
            buffers.append(ref.buffer)
        c_table = ffi.new("iree_hal_buffer_binding_table_t*",
                          {"count": len(table), "bindings": bindings})
        return c_table[0], (c_table, bindings), buffers

    def submitted(self) -> None:
        """Notes a submission (iree_hal_device_queue_execute): a ONE_SHOT
        command buffer has had its one."""
        self._submitted = True

    def __repr__(self) -> str:
        if self.closed:
            return "<ireec.hal.CommandBuffer closed>"
        return f"<ireec.hal.CommandBuffer {self.state}, mode {self.mode!r}>"


def _category_text(categories: int) -> str:
    names = [name for name, bit in (("TRANSFER", lib.IREE_HAL_COMMAND_CATEGORY_TRANSFER),
                                    ("DISPATCH", lib.IREE_HAL_COMMAND_CATEGORY_DISPATCH))
             if categories & bit]
    return "|".join(names) or "no"


def _event(event: Any, what: str) -> Event:
    if not isinstance(event, Event):
        raise TypeError(f"{what}: expected an ireec.hal.Event, not {type(event).__name__}")
    return event


def _fill_pattern(ref: _Ref, pattern: Any, what: str) -> bytes:
    data = pattern_bytes(pattern, what)
    if ref.offset % len(data) or (ref.length != WHOLE_BUFFER and ref.length % len(data)):
        raise refuse(InvalidArgumentError,
                     f"{what}: offset {ref.offset} and length {ref.length} must be multiples "
                     f"of the {len(data)}-byte pattern")
    return data


def _byte_view(source: Any, what: str) -> memoryview:
    """`source` (any C-contiguous buffer-protocol object) as bytes."""
    try:
        view = memoryview(source)
    except TypeError:
        raise TypeError(f"{what} must be a bytes-like object (bytes, a numpy array, ...), "
                        f"not {type(source).__name__}") from None
    if not view.c_contiguous:
        raise refuse(InvalidArgumentError, f"{what} must be C-contiguous")
    return view.cast("B")


def _update_source(source: Any, source_offset: Any, length: int, what: str) -> CData:
    """A copy of `length` bytes of `source` at `source_offset` (IREE copies
    them again into the command buffer)."""
    view = _byte_view(source, f"{what}: source")
    offset = size_value(source_offset, f"{what}: the source offset")
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


def _overlap(a: _Ref, b: _Ref) -> bool:
    if a.buffer is None or b.buffer is None:
        return False
    # The same allocation, overlapping byte ranges of it.
    ab = lib.iree_hal_buffer_allocated_buffer(a.buffer.handle)
    bb = lib.iree_hal_buffer_allocated_buffer(b.buffer.handle)
    if ab != bb:
        return False
    a0 = lib.iree_hal_buffer_byte_offset(a.buffer.handle) + a.offset
    b0 = lib.iree_hal_buffer_byte_offset(b.buffer.handle) + b.offset
    return a0 < b0 + b.length and b0 < a0 + a.length
