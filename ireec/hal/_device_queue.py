"""A device's queue operations (iree/hal/device.h's iree_hal_device_queue_*
and iree_hal_device_wait_semaphores): the methods `Device` has from
`QueueOperations`, kept here so device.py stays the device itself.

Every operation takes `wait=` and `signal=`: a Fence, or [(Semaphore,
value), ...] (None or [] for none). It starts once every wait is reached and
signals every signal when done; a failure fails the signals (and whoever
waits on them raises it). Arguments are checked first (ranges, usages,
patterns, what an export takes, the command buffer's state), raising a typed
ireec.Error; IREE itself trusts them.
"""

from __future__ import annotations

import atexit
import threading
from typing import TYPE_CHECKING, Any, Callable, Sequence

from .. import _cext
from .._core.handle import Handle, use
from .._core.library import ffi, lib
from .._core.status import check_status
from .._core.validate import (
    UINT32,
    UINT64,
    checked_allocation_size,
    checked_int,
    checked_object,
    checked_size,
)
from ._checks import refuse
from ..errors import InvalidArgumentError
from . import _host_call
from ._buffer_refs import (
    TRANSFER_SOURCE,
    TRANSFER_TARGET,
    buffer_ref,
    dispatch_arguments,
    fill_pattern,
    update_source,
)
from .buffer import Buffer, BufferParams, as_buffer, buffer_params
from .command_buffer import CommandBuffer
from .file import File
from .semaphore import first_failure, timepoint_list
from ._wait import sliced_wait

if TYPE_CHECKING:
    from ..types import CData
    from .executable import Executable
    from .semaphore import Timepoints

_ANY = lib.IREE_HAL_QUEUE_AFFINITY_ANY


# Work queued to wait on a semaphore nobody signals keeps its device from
# ever being released (IREE's queues drain before a device goes), and so the
# interpreter from exiting. So the semaphores queue operations wait on are
# noted, with the value waited for (references of their own, dropped once
# reached or failed), and at exit those still short of it are failed: the
# work waiting on them is then skipped, its signals failed, and the devices
# go.
_waits: dict[int, list] = {}   # id -> [Semaphore or Fence, value (None: a fence's)]
_waits_lock = threading.Lock()
_PRUNE_AT = 64


def _note_waits(wait: Timepoints) -> None:
    """Notes what a queue operation waits on: the Semaphore or Fence objects
    themselves (which hold what their semaphores need, their device)."""
    items = [(wait, None)] if isinstance(wait, _cext.FenceHandle) else list(wait or ())
    with _waits_lock:
        for obj, value in items:
            entry = _waits.get(id(obj))
            if entry is None or entry[0] is not obj:
                _waits[id(obj)] = [obj, value]
            elif value is not None and value > entry[1]:
                entry[1] = value
        pending = list(_waits.items()) if len(_waits) > _PRUNE_AT else []
    for key, (obj, value) in pending:
        if _reached_or_failed(obj, value):
            with _waits_lock:
                entry = _waits.get(key)
                if entry is not None and entry[0] is obj and entry[1] == value:
                    del _waits[key]


def _reached_or_failed(obj: Any, value: int | None) -> bool:
    try:
        return bool(obj.query()) if value is None else obj.query() >= value
    except Exception:
        return True  # failed (or closed): nothing waits on it through ireec


@atexit.register
def _fail_unreached_waits() -> None:
    with _waits_lock:
        entries = list(_waits.values())
        _waits.clear()
    for obj, value in entries:
        if not _reached_or_failed(obj, value):
            obj.fail("the interpreter is exiting and nothing signals this semaphore",
                     lib.IREE_STATUS_CANCELLED)
    # Host calls those waits held back now run (or fail): before Python stops.
    _host_call.finish()


def _file(value: Any, what: str) -> File:
    return checked_object(value, File, what)


class QueueOperations:
    """The queue operations of `ireec.Device` (see the module docstring)."""

    __slots__ = ()
    id: str

    def _submit(self, what: str, wait: Timepoints, signal: Timepoints,
                operation: Callable[..., CData], uses: Sequence[Handle | None] = ()) -> None:
        """Calls `operation(device, wait list, signal list, *pointers)`
        (returning an iree_status_t) holding a use of the device, the
        semaphores and `uses`, whose pointers (ffi.NULL for None) are
        `pointers`."""
        with use(self, *uses) as (device, *pointers), \
                timepoint_list(wait, f"{what}: wait") as waits, \
                timepoint_list(signal, f"{what}: signal") as signals:
            if waits.count:
                _note_waits(wait)
            check_status(operation(device, waits, signals, *pointers))

    def queue_alloca(self, allocation_size: int, params: BufferParams | None = None, *,
                     memory_type: int | None = None, usage: int | None = None,
                     access: int | None = None, min_alignment: int | None = None,
                     pool: int = lib.IREE_HAL_ALLOCATOR_POOL_DEFAULT,
                     flags: int = lib.IREE_HAL_ALLOCA_FLAG_NONE,
                     queue_affinity: int = _ANY, wait: Timepoints = None,
                     signal: Timepoints = None) -> Buffer:
        """iree_hal_device_queue_alloca: a buffer of `allocation_size` bytes
        (of `params`, as Allocator.allocate_buffer's), usable once `signal`
        is reached."""
        queue_affinity = checked_int(queue_affinity, UINT64, "queue_alloca: queue_affinity")
        pool = checked_int(pool, UINT32, "queue_alloca: pool")
        flags = checked_int(flags, UINT64, "queue_alloca: flags")
        size = checked_allocation_size(allocation_size, "queue_alloca: allocation_size")
        asked = buffer_params(params, memory_type, usage, access, None, min_alignment).to_c()
        buffer = Buffer.__new__(Buffer)

        def alloca(device: CData, waits: CData, signals: CData) -> CData:
            buffer._create(self, None, lib.iree_hal_device_queue_alloca, device,
                           queue_affinity, waits, signals, pool, asked[0], size, flags)
            return lib.iree_ok_status()  # (_create raised a failure)

        self._submit("queue_alloca", wait, signal, alloca)
        return buffer

    def queue_dealloca(self, buffer: Buffer, *, flags: int = lib.IREE_HAL_DEALLOCA_FLAG_NONE,
                       queue_affinity: int = _ANY, wait: Timepoints = None,
                       signal: Timepoints = None) -> None:
        """iree_hal_device_queue_dealloca: gives `buffer` (from queue_alloca)
        back once `wait` is reached."""
        queue_affinity = checked_int(queue_affinity, UINT64, "queue_dealloca: queue_affinity")
        flags = checked_int(flags, UINT64, "queue_dealloca: flags")
        buffer = as_buffer(buffer, "queue_dealloca: buffer")
        self._submit("queue_dealloca", wait, signal, lambda device, waits, signals, buffer:
                     lib.iree_hal_device_queue_dealloca(device, queue_affinity, waits, signals,
                                                        buffer, flags), [buffer])

    def queue_fill(self, target: Buffer, target_offset: int, length: int | None,
                   pattern: Any, *, flags: int = lib.IREE_HAL_FILL_FLAG_NONE,
                   queue_affinity: int = _ANY, wait: Timepoints = None,
                   signal: Timepoints = None) -> None:
        """iree_hal_device_queue_fill: repeats `pattern` (1, 2 or 4 bytes)
        over `length` bytes (None: to the end) of `target` at
        `target_offset`."""
        queue_affinity = checked_int(queue_affinity, UINT64, "queue_fill: queue_affinity")
        flags = checked_int(flags, UINT64, "queue_fill: flags")
        ref = buffer_ref((target, target_offset, length), "queue_fill", TRANSFER_TARGET)
        data = fill_pattern(ref, pattern, "queue_fill")
        self._submit("queue_fill", wait, signal, lambda device, waits, signals, target:
                     lib.iree_hal_device_queue_fill(device, queue_affinity, waits, signals,
                                                    target, ref.offset, ref.length,
                                                    data, len(data), flags), [target])

    def queue_update(self, source: Any, source_offset: int, target: Buffer,
                     target_offset: int, length: int | None, *,
                     flags: int = lib.IREE_HAL_UPDATE_FLAG_NONE, queue_affinity: int = _ANY,
                     wait: Timepoints = None, signal: Timepoints = None) -> None:
        """iree_hal_device_queue_update: copies `length` bytes (None: the rest
        of `source`) of `source` (any bytes-like object, captured now) at
        `source_offset` into `target` at `target_offset`."""
        queue_affinity = checked_int(queue_affinity, UINT64, "queue_update: queue_affinity")
        flags = checked_int(flags, UINT64, "queue_update: flags")
        if length is None:
            length = max(0, memoryview(source).nbytes
                         - checked_size(source_offset, "queue_update: source_offset"))
        ref = buffer_ref((target, target_offset, length), "queue_update", TRANSFER_TARGET)
        data = update_source(source, source_offset, ref.length, "queue_update")
        self._submit("queue_update", wait, signal, lambda device, waits, signals, target:
                     lib.iree_hal_device_queue_update(device, queue_affinity, waits, signals,
                                                      data, 0, target, ref.offset,
                                                      ref.length, flags), [target])

    def queue_copy(self, source: Buffer, source_offset: int, target: Buffer,
                   target_offset: int, length: int | None, *,
                   flags: int = lib.IREE_HAL_COPY_FLAG_NONE, queue_affinity: int = _ANY,
                   wait: Timepoints = None, signal: Timepoints = None) -> None:
        """iree_hal_device_queue_copy: copies `length` bytes (None: the rest
        of `source`) of `source` at `source_offset` into `target` at
        `target_offset`."""
        queue_affinity = checked_int(queue_affinity, UINT64, "queue_copy: queue_affinity")
        flags = checked_int(flags, UINT64, "queue_copy: flags")
        source_ref = buffer_ref((source, source_offset, length), "queue_copy: source",
                                TRANSFER_SOURCE)
        target_ref = buffer_ref((target, target_offset, source_ref.length),
                                "queue_copy: target", TRANSFER_TARGET)
        self._submit("queue_copy", wait, signal, lambda device, waits, signals, source, target:
                     lib.iree_hal_device_queue_copy(
                         device, queue_affinity, waits, signals, source,
                         source_ref.offset, target, target_ref.offset,
                         source_ref.length, flags), [source, target])

    def queue_read(self, source_file: File, source_offset: int, target: Buffer,
                   target_offset: int, length: int | None, *,
                   flags: int = lib.IREE_HAL_READ_FLAG_NONE, queue_affinity: int = _ANY,
                   wait: Timepoints = None, signal: Timepoints = None) -> None:
        """iree_hal_device_queue_read: `length` bytes (None: the rest of
        `target`) of `source_file` at `source_offset` into `target` at
        `target_offset`."""
        queue_affinity = checked_int(queue_affinity, UINT64, "queue_read: queue_affinity")
        flags = checked_int(flags, UINT64, "queue_read: flags")
        source_file = _file(source_file, "queue_read: source_file")
        ref = buffer_ref((target, target_offset, length), "queue_read: target",
                         TRANSFER_TARGET)
        offset = source_file.checked_read(source_offset, ref.length, "queue_read")
        self._submit("queue_read", wait, signal,
                     lambda device, waits, signals, source_file, target:
                     lib.iree_hal_device_queue_read(device, queue_affinity, waits, signals,
                                                    source_file, offset, target,
                                                    ref.offset, ref.length, flags),
                     [source_file, target])

    def queue_write(self, source: Buffer, source_offset: int, target_file: File,
                    target_offset: int, length: int | None, *,
                    flags: int = lib.IREE_HAL_WRITE_FLAG_NONE, queue_affinity: int = _ANY,
                    wait: Timepoints = None, signal: Timepoints = None) -> None:
        """iree_hal_device_queue_write: `length` bytes (None: the rest of
        `source`) of `source` at `source_offset` into `target_file` at
        `target_offset`.

        Files written with synchronous I/O (fd files) are written by ireec's
        devices on the calling thread once `wait` is reached (IREE's own
        streaming write never returns on local-task); a failed write fails
        `signal` with its cause.
        """
        queue_affinity = checked_int(queue_affinity, UINT64, "queue_write: queue_affinity")
        flags = checked_int(flags, UINT64, "queue_write: flags")
        target_file = _file(target_file, "queue_write: target_file")
        ref = buffer_ref((source, source_offset, length), "queue_write: source",
                         TRANSFER_SOURCE)
        offset = target_file.checked_write(target_offset, ref.length, "queue_write")
        self._submit("queue_write", wait, signal,
                     lambda device, waits, signals, source, target_file:
                     lib.iree_hal_device_queue_write(device, queue_affinity, waits, signals,
                                                     source, ref.offset, target_file, offset,
                                                     ref.length, flags), [source, target_file])

    def queue_host_call(self, function: Callable[..., Any], args: Sequence[int] = (), *,
                        flags: int = lib.IREE_HAL_HOST_CALL_FLAG_NONE, context: bool = False,
                        queue_affinity: int = _ANY, wait: Timepoints = None,
                        signal: Timepoints = None) -> None:
        """iree_hal_device_queue_host_call: calls `function(*args)` (at most
        4 uint64 `args`, as IREE passes them back) on an IREE thread once
        `wait` is reached, then signals `signal`. With `context=True` it
        also gets `context=` a HostCallContext (its signal semaphores).

        If `function` raises, the signals fail with the exception's type and
        message, and a wait on them raises the exception itself. Returning
        `ireec.hal.DEFERRED` means the function signals them itself later
        (IREE_STATUS_DEFERRED). With HostCallFlag.NON_BLOCKING the queue
        signals before calling."""
        queue_affinity = checked_int(queue_affinity, UINT64, "queue_host_call: queue_affinity")
        flags = checked_int(flags, UINT64, "queue_host_call: flags")
        if not callable(function):
            raise TypeError(f"queue_host_call: function must be callable, not "
                            f"{type(function).__name__}")
        values = list(args)
        if len(values) > 4:
            raise refuse(InvalidArgumentError, f"queue_host_call: IREE passes at most 4 "
                                               f"arguments, not {len(values)}")
        # (IREE passes them back as uint64 values.)
        values = [checked_int(value, UINT64, f"queue_host_call: args[{i}]")
                  for i, value in enumerate(values)]
        c_args = ffi.new("uint64_t[4]", values + [0] * (4 - len(values)))
        token = _host_call.register(function, len(values), context, self,  # type: ignore[arg-type]
                                    wait)
        call = lib.iree_hal_make_host_call(_host_call.HOST_CALL_FN, ffi.cast("void*", token))
        try:
            self._submit("queue_host_call", wait, signal, lambda device, waits, signals:
                         lib.iree_hal_device_queue_host_call(device, queue_affinity, waits,
                                                             signals, call, c_args, flags))
        except BaseException:
            _host_call.unregister(token)
            raise

    def queue_dispatch(self, executable: Executable, export_ordinal: int,
                       workgroup_count: Any, constants: Any = b"",
                       bindings: Sequence[Any] = (),
                       flags: int = lib.IREE_HAL_DISPATCH_FLAG_NONE, *,
                       workgroup_size: Sequence[int] | None = None, queue_affinity: int = _ANY,
                       wait: Timepoints = None, signal: Timepoints = None) -> None:
        """iree_hal_device_queue_dispatch: CommandBuffer.dispatch's dispatch
        (bindings are Buffers or (Buffer, offset, length)), as one queue
        operation."""
        queue_affinity = checked_int(queue_affinity, UINT64, "queue_dispatch: queue_affinity")
        checked = dispatch_arguments(executable, export_ordinal, workgroup_count, constants,
                                     bindings, flags, workgroup_size, False, "queue_dispatch")

        def dispatch(device: CData, waits: CData, signals: CData, executable: CData,
                     *pointers: CData) -> CData:
            config, ref_list = checked.c_arguments(pointers)
            return lib.iree_hal_device_queue_dispatch(
                device, queue_affinity, waits, signals, executable, export_ordinal, config,
                checked.constants, ref_list, checked.flags)

        self._submit("queue_dispatch", wait, signal, dispatch,
                     [checked.executable, *checked.buffers])

    def queue_execute(self, command_buffer: CommandBuffer | None,
                      binding_table: Sequence[Any] | None = None, *,
                      flags: int = lib.IREE_HAL_EXECUTE_FLAG_NONE, queue_affinity: int = _ANY,
                      wait: Timepoints = None, signal: Timepoints = None) -> None:
        """iree_hal_device_queue_execute: runs the recorded `command_buffer`
        (None: nothing, a barrier) with `binding_table` (one Buffer or
        (Buffer, offset, length) per slot its commands name)."""
        queue_affinity = checked_int(queue_affinity, UINT64, "queue_execute: queue_affinity")
        flags = checked_int(flags, UINT64, "queue_execute: flags")
        if command_buffer is None:
            if binding_table:
                raise refuse(InvalidArgumentError, "queue_execute: a binding table needs a "
                                                   "command buffer")
            self.queue_barrier(flags=flags, queue_affinity=queue_affinity, wait=wait,
                               signal=signal)
            return
        checked_object(command_buffer, CommandBuffer, "queue_execute: command_buffer")
        recorded_on = command_buffer.device
        if recorded_on is not None and recorded_on._address != self._address:
            # IREE does not check: another device's commands are dropped
            # (local-sync runs none of local-task's, yet signals) or abort
            # this device's queue for good (a discrete-memory device's).
            raise refuse(InvalidArgumentError,
                         f"queue_execute: the command buffer was made on {recorded_on!r}, "
                         f"not this device ({self!r}); record it on the device that "
                         f"runs it")
        with command_buffer._submitting(binding_table) as (command_buffer_ptr, table):
            self._submit("queue_execute", wait, signal, lambda device, waits, signals:
                         lib.iree_hal_device_queue_execute(device, queue_affinity, waits,
                                                           signals, command_buffer_ptr, table,
                                                           flags))

    def queue_barrier(self, *, flags: int = lib.IREE_HAL_EXECUTE_FLAG_NONE,
                      queue_affinity: int = _ANY, wait: Timepoints = None,
                      signal: Timepoints = None) -> None:
        """iree_hal_device_queue_barrier: signals `signal` once `wait` is
        reached (and earlier work on the queue is done)."""
        queue_affinity = checked_int(queue_affinity, UINT64, "queue_barrier: queue_affinity")
        flags = checked_int(flags, UINT64, "queue_barrier: flags")
        self._submit("queue_barrier", wait, signal, lambda device, waits, signals:
                     lib.iree_hal_device_queue_barrier(device, queue_affinity, waits, signals,
                                                       flags))

    def queue_flush(self, queue_affinity: int = _ANY) -> None:
        """iree_hal_device_queue_flush: starts work queued but held back."""
        queue_affinity = checked_int(queue_affinity, UINT64, "queue_flush: queue_affinity")
        with use(self) as (device,):
            check_status(lib.iree_hal_device_queue_flush(device, queue_affinity))

    def wait_semaphores(self, wait_mode: int, timepoints: Timepoints,
                        timeout: float | None = None,
                        flags: int = lib.IREE_HAL_WAIT_FLAG_DEFAULT) -> None:
        """iree_hal_device_wait_semaphores: until every (WaitMode.ALL) or any
        (WaitMode.ANY) timepoint is reached; `timeout` as Semaphore.wait's."""
        flags = checked_int(flags, UINT64, "wait_semaphores: flags")
        if wait_mode not in (lib.IREE_HAL_WAIT_MODE_ALL, lib.IREE_HAL_WAIT_MODE_ANY):
            raise ValueError(f"wait_mode must be WaitMode.ALL or WaitMode.ANY, not {wait_mode!r}")
        with use(self) as (device,), timepoint_list(timepoints, "wait_semaphores") as lst:
            sliced_wait(lambda t: lib.iree_hal_device_wait_semaphores(
                            device, wait_mode, lst, t, flags),
                        lambda: first_failure(lst), timeout, "semaphores")

