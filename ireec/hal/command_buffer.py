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

import contextlib
import enum
from typing import TYPE_CHECKING, Callable, Iterable, Iterator, NamedTuple, Sequence

from .. import _cext
from .._core.handle import Handle, use
from .._core.library import ffi, lib
from .._core.status import check_status
from .._core.validate import (
    UINT32,
    UINT64,
    checked_int,
    checked_object,
    checked_size,
    contiguous_bytes,
)
from .._core.strings import string_view
from ..errors import (
    FailedPreconditionError,
    InvalidArgumentError,
    OutOfRangeError,
    PermissionDeniedError,
)
from ._buffer_refs import (
    DISPATCH_STORAGE,
    INDIRECT_PARAMETERS,
    MAX_UPDATE_SIZE,
    TRANSFER_SOURCE,
    TRANSFER_TARGET,
    BindingSlot,
    BufferRef,
    buffer_ref,
    c_ref,
    dispatch_arguments,
    fill_pattern,
    overlap,
    update_source,
)
from ._checks import WHOLE_BUFFER, refuse
from ._device_object import DeviceObject, require_open_device
from ._flags import iree_constants
from .allocator import BufferCompatibility
from .buffer import Buffer, BufferUsage
from .event import Event
from .executable import Executable

if TYPE_CHECKING:
    from typing import Any

    from ..types import CData
    from .device import Device

__all__ = ["AccessScope", "BindingSlot", "CommandBuffer", "CommandBufferMode",
           "CommandCategory", "DispatchFlag", "ExecutionBarrierFlag", "ExecutionStage",
           "MAX_UPDATE_SIZE", "TransferCommand"]


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



# A barrier's defaults: everything before it finishes before anything after
# starts (what IREE's own tests record between dependent commands).
DEFAULT_SOURCE_STAGES = (lib.IREE_HAL_EXECUTION_STAGE_DISPATCH
                         | lib.IREE_HAL_EXECUTION_STAGE_TRANSFER
                         | lib.IREE_HAL_EXECUTION_STAGE_COMMAND_RETIRE)
DEFAULT_TARGET_STAGES = (lib.IREE_HAL_EXECUTION_STAGE_COMMAND_ISSUE
                         | lib.IREE_HAL_EXECUTION_STAGE_DISPATCH
                         | lib.IREE_HAL_EXECUTION_STAGE_TRANSFER)



def _barriers(memory_barriers: Iterable[Any], buffer_barriers: Iterable[Any],
              what: str) -> tuple[CData, CData, tuple[BufferRef, ...]]:
    """(iree_hal_memory_barrier_t[], iree_hal_buffer_barrier_t[] but their
    buffer references, the checked references) from (source_scope,
    target_scope) and (source_scope, target_scope, buffer reference)
    tuples: `_barrier_lists` completes them."""
    memory = list(memory_barriers)
    c_memory = ffi.new("iree_hal_memory_barrier_t[]", max(len(memory), 1))
    for i, (source, target) in enumerate(memory):
        c_memory[i].source_scope, c_memory[i].target_scope = source, target
    buffers = list(buffer_barriers)
    c_buffers = ffi.new("iree_hal_buffer_barrier_t[]", max(len(buffers), 1))
    refs = []
    for i, (source, target, reference) in enumerate(buffers):
        refs.append(buffer_ref(reference, f"{what}: buffer barrier {i}", 0, slots=True))
        c_buffers[i].source_scope, c_buffers[i].target_scope = source, target
    return ((len(memory), c_memory if memory else ffi.NULL),
            (len(buffers), c_buffers if buffers else ffi.NULL), tuple(refs))


def _buffer_barriers(barriers: tuple[int, CData], refs: tuple[BufferRef, ...],
                     pointers: Sequence[CData]) -> tuple[int, CData]:
    """The buffer barriers of `_barriers` with their references made from
    the buffers' `pointers` (from a use held for the call)."""
    count, c_buffers = barriers
    for i, (ref, ptr) in enumerate(zip(refs, pointers)):
        c_buffers[i].buffer_ref = c_ref(ref, ptr)
    return count, c_buffers


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
        mode = checked_int(mode, UINT32, "CommandBuffer: mode")
        categories = checked_int(categories, UINT32, "CommandBuffer: categories")
        queue_affinity = checked_int(queue_affinity, UINT64, "CommandBuffer: queue_affinity")
        device = require_open_device(device, "CommandBuffer")
        capacity = checked_size(binding_capacity, "binding_capacity")
        self._start("initial")
        with use(device) as (device_ptr,):
            self._create(device, self._kept, lib.iree_hal_command_buffer_create, device_ptr,
                         mode, categories, queue_affinity, capacity)

    def _start(self, state: str) -> None:
        """The recording state, set before the object is made or adopted
        (its `_kept` uses go with its reference)."""
        # A use of every object the commands name, held until the command
        # buffer goes: none is released under it by a close() (UNRETAINED
        # command buffers hold no IREE references of their own), and
        # whatever made a buffer (its allocator) outlives it.
        self._kept: list[_cext.Use] = []
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
        mode = checked_int(mode, UINT32, "create_transfer: mode")
        queue_affinity = checked_int(queue_affinity, UINT64, "create_transfer: queue_affinity")
        device = require_open_device(device, "CommandBuffer.create_transfer")
        commands = list(commands)
        # Checked first; then each command's buffers, in use for as long
        # as the command buffer lives, fill in the C commands.
        checked: list[tuple[TransferCommand, Any, list[Buffer]]] = []
        for i, command in enumerate(commands):
            if not isinstance(command, TransferCommand):
                raise TypeError(f"commands[{i}] must be a TransferCommand, not "
                                f"{type(command).__name__}")
            what = f"commands[{i}] ({command.type.name.lower()})"
            if command.type == TransferCommandType.FILL:
                target, offset, length, pattern = command.arguments
                ref = buffer_ref((target, offset, length), what, TRANSFER_TARGET)
                # The pattern's own bytes (a char[] made from bytes would
                # add a NUL, one more pattern byte).
                checked.append((command, (ref, fill_pattern(ref, pattern, what)), [target]))
            elif command.type == TransferCommandType.UPDATE:
                source, source_offset, target, offset, length = command.arguments
                ref = buffer_ref((target, offset, length), what, TRANSFER_TARGET)
                checked.append((command, (ref, update_source(source, source_offset,
                                                             ref.length, what)), [target]))
            else:
                source, source_offset, target, offset, length = command.arguments
                source_ref = buffer_ref((source, source_offset, length), f"{what}: source",
                                        TRANSFER_SOURCE)
                target_ref = buffer_ref((target, offset, source_ref.length), f"{what}: target",
                                        TRANSFER_TARGET)
                checked.append((command, (source_ref, target_ref), [source, target]))
        self = cls.__new__(cls)
        self._start("ended")
        c_commands = ffi.new("iree_hal_transfer_command_t[]", max(len(commands), 1))
        keep: list[Any] = []
        for i, (command, details, named) in enumerate(checked):
            pointers = self._keep(named)
            c = c_commands[i]
            c.type = command.type
            if command.type == TransferCommandType.FILL:
                ref, pattern_data = details
                data = ffi.from_buffer(pattern_data)
                keep.append(data)
                c.fill.target_buffer = pointers[0]
                c.fill.target_offset, c.fill.length = ref.offset, ref.length
                c.fill.pattern, c.fill.pattern_length = data, len(pattern_data)
            elif command.type == TransferCommandType.UPDATE:
                ref, pointer = details
                keep.append(pointer)
                c.update.source_buffer = pointer
                c.update.source_offset = 0
                c.update.target_buffer = pointers[0]
                c.update.target_offset, c.update.length = ref.offset, ref.length
            else:
                source_ref, target_ref = details
                c.copy.source_buffer = pointers[0]
                c.copy.source_offset = source_ref.offset
                c.copy.target_buffer = pointers[1]
                c.copy.target_offset, c.copy.length = target_ref.offset, target_ref.length
        with use(device) as (device_ptr,):
            self._create(device, self._kept, lib.iree_hal_create_transfer_command_buffer,
                         device_ptr, mode, queue_affinity, len(commands), c_commands)
        return self

    # -- what it is -------------------------------------------------------------

    @property
    def mode(self) -> CommandBufferMode:
        """iree_hal_command_buffer_mode."""
        with use(self) as (command_buffer,):
            return CommandBufferMode(lib.iree_hal_command_buffer_mode(command_buffer))

    @property
    def allowed_categories(self) -> CommandCategory:
        """iree_hal_command_buffer_allowed_categories."""
        with use(self) as (command_buffer,):
            return CommandCategory(
                lib.iree_hal_command_buffer_allowed_categories(command_buffer))

    @property
    def binding_capacity(self) -> int:
        """The iree_hal_command_buffer_t's binding_capacity: the binding table
        slots its commands may name."""
        with use(self) as (command_buffer,):
            return int(ffi.cast("iree_hal_command_buffer_t*", command_buffer).binding_capacity)

    @property
    def state(self) -> str:
        """Where recording of the iree_hal_command_buffer_t is: "initial",
        "recording" (after iree_hal_command_buffer_begin) or "ended" (after
        iree_hal_command_buffer_end)."""
        return self._state

    # -- recording ---------------------------------------------------------------
    #
    # Each command: the command buffer in use for the call (`use`), every
    # argument checked, then the objects it names kept in use for as long
    # as the command buffer lives (`_keep`, whose pointers the command is
    # recorded with), then IREE's call.

    def _require_recording(self, command_buffer: CData, what: str, category: int = 0) -> None:
        """FailedPrecondition unless commands of `category` may be recorded
        now (`command_buffer` the pointer, from the caller's use)."""
        state = self.state
        if state != "recording":
            raise refuse(FailedPreconditionError,
                         f"{what}: the command buffer is not recording (" +
                         ("call begin() first" if state == "initial" else
                          "it has ended; commands cannot be added after end()") + ")")
        allowed = lib.iree_hal_command_buffer_allowed_categories(command_buffer)
        if category and not allowed & category:
            raise refuse(FailedPreconditionError,
                         f"{what}: the command buffer was created for {_category_text(allowed)} "
                         f"commands, not {_category_text(category)}")

    def _keep(self, objects: Iterable[Handle | None]) -> tuple[CData, ...]:
        """Holds a use of every object until the command buffer goes (None
        is a slot's, NULL); their pointers."""
        held = _cext.Use(*objects)
        pointers = held.__enter__()  # (interrupted from here, `held` goes and
        self._kept.append(held)      # gives the uses back)
        return pointers

    def _note(self, refs: Iterable[BufferRef], usage: int) -> None:
        """Records what the slots the references name must hold at
        submission (OutOfRangeError for a slot past the binding capacity)."""
        for ref in refs:
            if ref.buffer is not None:
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

    def begin(self) -> None:
        """iree_hal_command_buffer_begin: starts recording (once)."""
        with use(self) as (command_buffer,):
            state = self.state
            if state != "initial":
                raise refuse(FailedPreconditionError,
                             "begin: the command buffer is already recording"
                             if state == "recording" else
                             "begin: the command buffer was already recorded; record a new one")
            check_status(lib.iree_hal_command_buffer_begin(command_buffer))
            self._state = "recording"

    def end(self) -> None:
        """iree_hal_command_buffer_end: ends recording; it may then be
        submitted."""
        with use(self) as (command_buffer,):
            self._require_recording(command_buffer, "end")
            check_status(lib.iree_hal_command_buffer_end(command_buffer))
            self._state = "ended"

    def begin_debug_group(self, label: str, label_color: int = 0) -> None:
        """iree_hal_command_buffer_begin_debug_group (`label_color` as
        0xAABBGGRR, IREE's iree_hal_label_color_t value)."""
        label_color = checked_int(label_color, UINT32, "begin_debug_group: label_color")
        with use(self) as (command_buffer,):
            self._require_recording(command_buffer, "begin_debug_group")
            view, owner = string_view(label)
            color = ffi.new("iree_hal_label_color_t*")
            color.value = label_color
            check_status(lib.iree_hal_command_buffer_begin_debug_group(
                command_buffer, view, color[0], ffi.NULL))

    def end_debug_group(self) -> None:
        """iree_hal_command_buffer_end_debug_group."""
        with use(self) as (command_buffer,):
            self._require_recording(command_buffer, "end_debug_group")
            check_status(lib.iree_hal_command_buffer_end_debug_group(command_buffer))

    def execution_barrier(self, source_stage_mask: int = DEFAULT_SOURCE_STAGES,
                          target_stage_mask: int = DEFAULT_TARGET_STAGES,
                          flags: int = lib.IREE_HAL_EXECUTION_BARRIER_FLAG_NONE,
                          memory_barriers: Iterable[tuple[int, int]] = (),
                          buffer_barriers: Iterable[tuple[int, int, Any]] = ()) -> None:
        """iree_hal_command_buffer_execution_barrier: commands after it wait
        for those before it (by default, all of them for all). Memory
        barriers are (source_scope, target_scope); buffer barriers add a
        buffer reference."""
        source_stage_mask = checked_int(source_stage_mask, UINT32,
                                        "execution_barrier: source_stage_mask")
        target_stage_mask = checked_int(target_stage_mask, UINT32,
                                        "execution_barrier: target_stage_mask")
        flags = checked_int(flags, UINT64, "execution_barrier: flags")
        with use(self) as (command_buffer,):
            self._require_recording(command_buffer, "execution_barrier")
            memory, buffers, refs = _barriers(memory_barriers, buffer_barriers,
                                              "execution_barrier")
            self._note(refs, 0)
            pointers = self._keep(ref.buffer for ref in refs)
            check_status(lib.iree_hal_command_buffer_execution_barrier(
                command_buffer, source_stage_mask, target_stage_mask, flags, *memory,
                *_buffer_barriers(buffers, refs, pointers)))

    def signal_event(self, event: Event,
                     source_stage_mask: int = lib.IREE_HAL_EXECUTION_STAGE_COMMAND_RETIRE) -> None:
        """iree_hal_command_buffer_signal_event."""
        self._event_command("signal_event", lib.iree_hal_command_buffer_signal_event, event,
                            source_stage_mask)

    def reset_event(self, event: Event,
                    source_stage_mask: int = lib.IREE_HAL_EXECUTION_STAGE_COMMAND_RETIRE) -> None:
        """iree_hal_command_buffer_reset_event."""
        self._event_command("reset_event", lib.iree_hal_command_buffer_reset_event, event,
                            source_stage_mask)

    def _event_command(self, what: str, record: Callable[..., CData], event: Event,
                       source_stage_mask: int) -> None:
        """Records signal_event or reset_event (`record`) of `event`."""
        source_stage_mask = checked_int(source_stage_mask, UINT32, f"{what}: source_stage_mask")
        with use(self) as (command_buffer,):
            self._require_recording(command_buffer, what, lib.IREE_HAL_COMMAND_CATEGORY_DISPATCH)
            event = _event(event, what)
            (event_ptr,) = self._keep([event])
            check_status(record(command_buffer, event_ptr, source_stage_mask))

    def wait_events(self, events: Sequence[Event],
                    source_stage_mask: int = lib.IREE_HAL_EXECUTION_STAGE_COMMAND_RETIRE,
                    target_stage_mask: int = lib.IREE_HAL_EXECUTION_STAGE_COMMAND_ISSUE,
                    memory_barriers: Iterable[tuple[int, int]] = (),
                    buffer_barriers: Iterable[tuple[int, int, Any]] = ()) -> None:
        """iree_hal_command_buffer_wait_events: commands after it wait until
        every event is signaled."""
        source_stage_mask = checked_int(source_stage_mask, UINT32, "wait_events: source_stage_mask")
        target_stage_mask = checked_int(target_stage_mask, UINT32, "wait_events: target_stage_mask")
        with use(self) as (command_buffer,):
            self._require_recording(command_buffer, "wait_events",
                                    lib.IREE_HAL_COMMAND_CATEGORY_DISPATCH)
            events = [_event(e, "wait_events") for e in events]
            memory, buffers, refs = _barriers(memory_barriers, buffer_barriers, "wait_events")
            self._note(refs, 0)
            event_ptrs = self._keep(events)
            pointers = self._keep(ref.buffer for ref in refs)
            handles = ffi.new("iree_hal_event_t*[]", event_ptrs or 1)
            check_status(lib.iree_hal_command_buffer_wait_events(
                command_buffer, len(events), ffi.cast("const iree_hal_event_t**", handles),
                source_stage_mask, target_stage_mask, *memory,
                *_buffer_barriers(buffers, refs, pointers)))

    def advise_buffer(self, reference: Any,
                      flags: int = lib.IREE_HAL_MEMORY_ADVISE_FLAG_NONE,
                      arg0: int = 0, arg1: int = 0) -> None:
        """iree_hal_command_buffer_advise_buffer: a hint about how the buffer
        range `reference` is used next."""
        flags = checked_int(flags, UINT64, "advise_buffer: flags")
        arg0 = checked_int(arg0, UINT64, "advise_buffer: arg0")
        arg1 = checked_int(arg1, UINT64, "advise_buffer: arg1")
        with use(self) as (command_buffer,):
            self._require_recording(command_buffer, "advise_buffer",
                                    lib.IREE_HAL_COMMAND_CATEGORY_TRANSFER)
            ref = buffer_ref(reference, "advise_buffer", 0, slots=True)
            self._note([ref], 0)
            (ptr,) = self._keep([ref.buffer])
            check_status(lib.iree_hal_command_buffer_advise_buffer(
                command_buffer, c_ref(ref, ptr), flags, arg0, arg1))

    def fill_buffer(self, target: Buffer | BindingSlot, target_offset: int,
                    length: int | None, pattern: Any,
                    flags: int = lib.IREE_HAL_FILL_FLAG_NONE) -> None:
        """iree_hal_command_buffer_fill_buffer: repeats `pattern` (1, 2 or 4
        bytes: bytes or a numpy scalar) over `length` bytes (None: to the
        end) of `target` at `target_offset`."""
        flags = checked_int(flags, UINT64, "fill_buffer: flags")
        with use(self) as (command_buffer,):
            self._require_recording(command_buffer, "fill_buffer",
                                    lib.IREE_HAL_COMMAND_CATEGORY_TRANSFER)
            ref = buffer_ref((target, target_offset, length), "fill_buffer", TRANSFER_TARGET,
                             slots=True)
            data = fill_pattern(ref, pattern, "fill_buffer")
            self._note([ref], TRANSFER_TARGET)
            (ptr,) = self._keep([ref.buffer])
            check_status(lib.iree_hal_command_buffer_fill_buffer(
                command_buffer, c_ref(ref, ptr), data, len(data), flags))

    def update_buffer(self, source: Any, target: Buffer | BindingSlot, target_offset: int,
                      length: int | None = None, *, source_offset: int = 0,
                      flags: int = lib.IREE_HAL_UPDATE_FLAG_NONE) -> None:
        """iree_hal_command_buffer_update_buffer: copies `length` bytes (None:
        the rest of `source`) of `source` (any bytes-like object) at
        `source_offset` into `target` at `target_offset`. The bytes are
        copied into the command buffer now (at most MAX_UPDATE_SIZE)."""
        flags = checked_int(flags, UINT64, "update_buffer: flags")
        with use(self) as (command_buffer,):
            self._require_recording(command_buffer, "update_buffer",
                                    lib.IREE_HAL_COMMAND_CATEGORY_TRANSFER)
            view = contiguous_bytes(source, "update_buffer: source")
            if length is None:
                length = max(0, view.nbytes - checked_size(source_offset, "source_offset"))
            ref = buffer_ref((target, target_offset, length), "update_buffer",
                             TRANSFER_TARGET, slots=True)
            data = update_source(view, source_offset, ref.length, "update_buffer")
            self._note([ref], TRANSFER_TARGET)
            (ptr,) = self._keep([ref.buffer])
            check_status(lib.iree_hal_command_buffer_update_buffer(
                command_buffer, data, 0, c_ref(ref, ptr), flags))

    def copy_buffer(self, source: Buffer | BindingSlot, source_offset: int,
                    target: Buffer | BindingSlot, target_offset: int, length: int | None,
                    flags: int = lib.IREE_HAL_COPY_FLAG_NONE) -> None:
        """iree_hal_command_buffer_copy_buffer: copies `length` bytes (None:
        the rest of `source`) of `source` at `source_offset` into `target`
        at `target_offset`."""
        flags = checked_int(flags, UINT64, "copy_buffer: flags")
        with use(self) as (command_buffer,):
            self._require_recording(command_buffer, "copy_buffer",
                                    lib.IREE_HAL_COMMAND_CATEGORY_TRANSFER)
            source_ref = buffer_ref((source, source_offset, length), "copy_buffer: source",
                                    TRANSFER_SOURCE, slots=True)
            if length is None and source_ref.buffer is None:
                raise refuse(InvalidArgumentError, "copy_buffer: a copy from a binding table "
                                                   "slot needs a length")
            target_ref = buffer_ref((target, target_offset, source_ref.length),
                                    "copy_buffer: target", TRANSFER_TARGET, slots=True)
            if overlap(source_ref, target_ref):
                raise refuse(InvalidArgumentError, "copy_buffer: the source and target ranges "
                                                   "overlap within the same buffer")
            self._note([source_ref], TRANSFER_SOURCE)
            self._note([target_ref], TRANSFER_TARGET)
            source_ptr, target_ptr = self._keep([source_ref.buffer, target_ref.buffer])
            check_status(lib.iree_hal_command_buffer_copy_buffer(
                command_buffer, c_ref(source_ref, source_ptr), c_ref(target_ref, target_ptr),
                flags))

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
        with use(self) as (command_buffer,):
            self._require_recording(command_buffer, "dispatch",
                                    lib.IREE_HAL_COMMAND_CATEGORY_DISPATCH)
            checked = dispatch_arguments(executable, export_ordinal, workgroup_count,
                                         constants, bindings, flags, workgroup_size, True,
                                         "dispatch")
            self._note(checked.bindings, DISPATCH_STORAGE)
            if checked.workgroup_count is not None:
                # A slot holding the counts must allow reading them as such
                # (checked at submission): IREE checks a slot's usage only
                # while the queue runs it, where a failure stops the device.
                self._note([checked.workgroup_count], INDIRECT_PARAMETERS)
            executable_ptr, *pointers = self._keep([executable, *checked.buffers])
            config, ref_list = checked.c_arguments(pointers)
            check_status(lib.iree_hal_command_buffer_dispatch(
                command_buffer, executable_ptr, export_ordinal, config, checked.constants,
                ref_list, checked.flags))

    def collective(self, channel: Any, op: int, param: int, send: Any, recv: Any,
                   element_count: int) -> None:
        """iree_hal_command_buffer_collective on `channel` (`op`: an
        iree_hal_collective_op_t's packed value)."""
        op = checked_int(op, UINT32, "collective: op")
        param = checked_int(param, UINT32, "collective: param")
        from .channel import Channel

        with use(self) as (command_buffer,):
            self._require_recording(command_buffer, "collective",
                                    lib.IREE_HAL_COMMAND_CATEGORY_DISPATCH)
            checked_object(channel, Channel, "collective: channel")
            send_ref = buffer_ref(send, "collective: send", DISPATCH_STORAGE, any_of=True,
                                  slots=True)
            recv_ref = buffer_ref(recv, "collective: recv", DISPATCH_STORAGE, any_of=True,
                                  slots=True)
            count = checked_size(element_count, "element_count")
            c_op = ffi.new("iree_hal_collective_op_t*")
            c_op.packed = op
            self._note([send_ref, recv_ref], DISPATCH_STORAGE)
            channel_ptr, send_ptr, recv_ptr = self._keep(
                [channel, send_ref.buffer, recv_ref.buffer])
            check_status(lib.iree_hal_command_buffer_collective(
                command_buffer, channel_ptr, c_op[0], param, c_ref(send_ref, send_ptr),
                c_ref(recv_ref, recv_ptr), count))

    # -- submission ---------------------------------------------------------------

    @contextlib.contextmanager
    def _submitting(self, binding_table: Sequence[Any] | None
                    ) -> Iterator[tuple[CData, CData]]:
        """For Device.queue_execute: checks that the command buffer may be
        submitted now with `binding_table` (each slot its commands name
        holds a buffer allowing what they do, over enough bytes), and yields
        (its pointer, the iree_hal_buffer_binding_table_t), both in use for
        the block; a block that ends without an exception was a submission
        (a ONE_SHOT command buffer has had its one)."""
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
        refs: list[tuple[int, BufferRef]] = []
        for slot, entry in enumerate(table):
            if entry is None:
                continue
            usage, end = self._slots.get(slot, (0, 0))
            ref = buffer_ref(entry, f"queue_execute: binding table slot {slot}", usage)
            if end > ref.length:
                raise refuse(OutOfRangeError,
                             f"queue_execute: binding table slot {slot} holds {ref.length} "
                             f"bytes; the commands reach byte {end}")
            refs.append((slot, ref))
        bindings = ffi.new("iree_hal_buffer_binding_t[]", max(len(table), 1))
        with use(self, self.device, *(ref.buffer for _, ref in refs)) as (
                command_buffer, device, *pointers):
            for (slot, ref), ptr in zip(refs, pointers):
                if device != ffi.NULL:
                    _check_compatible(device, ptr, slot, self._slots.get(slot, (0, 0))[0])
                bindings[slot].buffer = ptr
                bindings[slot].offset = ref.offset
                bindings[slot].length = ref.length
            c_table = ffi.new("iree_hal_buffer_binding_table_t*",
                              {"count": len(table), "bindings": bindings})
            yield command_buffer, c_table[0]
        self._submitted = True

    def __repr__(self) -> str:
        if self.closed:
            return "<ireec.hal.CommandBuffer closed>"
        return f"<ireec.hal.CommandBuffer {self.state}, mode {self.mode!r}>"


# The queue compatibility each use of a binding table slot needs of its
# buffer (IREE's command buffer validation asks the same of the allocator).
_QUEUE_NEEDS = ((DISPATCH_STORAGE | INDIRECT_PARAMETERS,
                 lib.IREE_HAL_BUFFER_COMPATIBILITY_QUEUE_DISPATCH),
                (TRANSFER_SOURCE | TRANSFER_TARGET,
                 lib.IREE_HAL_BUFFER_COMPATIBILITY_QUEUE_TRANSFER))


def _check_compatible(device: CData, buffer: CData, slot: int, usage: int) -> None:
    """PermissionDeniedError if the device's allocator says `buffer`, in
    binding table slot `slot`, cannot be used on its queues for `usage`
    (what the slot's commands do). IREE checks a slot only while the queue
    replays the commands, where a failure stops the device for good (an
    indirect dispatch's counts on local-task)."""
    params = ffi.new("iree_hal_buffer_params_t*")
    params.type = lib.iree_hal_buffer_memory_type(buffer)
    allowed = lib.iree_hal_buffer_allowed_usage(buffer)
    for usages, needed in _QUEUE_NEEDS:
        if not usage & usages:
            continue
        params.usage = allowed & usage & usages
        compatibility = lib.iree_hal_allocator_query_buffer_compatibility(
            lib.iree_hal_device_allocator(device), params[0],
            lib.iree_hal_buffer_allocation_size(buffer), ffi.NULL, ffi.NULL)
        if compatibility & needed != needed:
            raise refuse(PermissionDeniedError,
                         f"queue_execute: binding table slot {slot}: this device cannot use "
                         f"the buffer for {BufferUsage(usage & usages).name} on its queues (its "
                         f"allocator reports {BufferCompatibility(compatibility).name or 'NONE'}, the "
                         f"commands need {BufferCompatibility(needed).name})")


def _category_text(categories: int) -> str:
    names = [name for name, bit in (("TRANSFER", lib.IREE_HAL_COMMAND_CATEGORY_TRANSFER),
                                    ("DISPATCH", lib.IREE_HAL_COMMAND_CATEGORY_DISPATCH))
             if categories & bit]
    return "|".join(names) or "no"


def _event(event: Any, what: str) -> Event:
    return checked_object(event, Event, f"{what}: event")
