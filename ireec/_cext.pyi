"""Type stub of ireec._cext, the small CPython extension (csrc/python/): the
C state of ireec's objects (Handle and its kinds, the Invoker, the Lock),
the numpy-in, numpy-out call path in one crossing into C, the one converter
of failed statuses, the calls of VM modules written in Python, and its
installation."""

from typing import Any

class Handle:
    """One reference to an IREE object, released when closed and no longer
    in use (csrc/python/handle.c); abstract: objects are of one of its
    kinds."""
    @property
    def handle(self) -> Any: ...
    @property
    def closed(self) -> bool: ...
    @property
    def _c_type(self) -> Any: ...
    @property
    def _address(self) -> int | None: ...
    @property
    def _users(self) -> int: ...
    @property
    def _parent(self) -> Any: ...
    @property
    def _released(self) -> bool: ...
    def close(self) -> None: ...
    def _adopt(self, address: int, retain: bool = False, parent: Any = None,
               keep_alive: Any = None, /) -> None: ...
    def _create(self, parent: Any, keep_alive: Any, function: Any, *args: Any) -> bool: ...
    def _acquire(self) -> None: ...
    def _release_use(self) -> None: ...
    def _leak_reference(self) -> None: ...

class InstanceHandle(Handle):
    """An iree_runtime_instance_t reference (ireec.Instance)."""

class SessionHandle(Handle):
    """An iree_runtime_session_t reference (ireec.Session), and Session.call
    (csrc/python/session.c)."""
    def call(self, name: str, *args: Any, device: Any = None,
             out: Any = None) -> list[Any]: ...
    @property
    def _calls(self) -> dict[str, Invoker]: ...

class DeviceHandle(Handle):
    """An iree_hal_device_t reference (ireec.Device)."""

class SemaphoreHandle(Handle):
    """An iree_hal_semaphore_t reference (ireec.Semaphore)."""

class FenceHandle(Handle):
    """An iree_hal_fence_t reference (ireec.Fence)."""

class BufferViewHandle(Handle):
    """An iree_hal_buffer_view_t reference (ireec.BufferView), read back in
    C (csrc/python/readback.c); its buffer protocol exports the mapped
    buffer (csrc/python/buffer_export.c)."""
    def __buffer__(self, flags: int, /) -> memoryview: ...
    def to_numpy(self, copy: bool | None = True) -> Any: ...
    def _read_mapped(self) -> Any: ...

class VmListHandle(Handle):
    """An iree_vm_list_t reference (ireec.vm.VmList)."""

class ParameterIndexHandle(Handle):
    """An iree_io_parameter_index_t reference (ireec.ParameterIndex)."""

class VmBufferHandle(Handle):
    """An iree_vm_buffer_t reference (ireec.vm.Buffer), with the buffer
    protocol (csrc/python/vm_buffer.c)."""
    def __buffer__(self, flags: int, /) -> memoryview: ...

class VmModuleHandle(Handle):
    """An iree_vm_module_t reference (ireec.vm.Module)."""

class NativeFunction:
    """A function of a VM module written in Python, called by IREE through
    native_function_shim with this object as its target
    (csrc/python/native_function.c)."""
    def __init__(self, target: Any, arg_kinds: str, result_kinds: str, general: Any,
                 pack: Any, failed: Any, /) -> None: ...
    @property
    def address(self) -> int: ...

# The address of the shim IREE calls every NativeFunction through.
native_function_shim: int
# The HAL's objects (ireec/hal/).

class AllocatorHandle(Handle):
    """An iree_hal_allocator_t reference (ireec.hal.Allocator)."""

class BufferHandle(Handle):
    """An iree_hal_buffer_t reference (ireec.hal.Buffer)."""

class CommandBufferHandle(Handle):
    """An iree_hal_command_buffer_t reference (ireec.hal.CommandBuffer)."""

class EventHandle(Handle):
    """An iree_hal_event_t reference (ireec.hal.Event)."""

class ExecutableHandle(Handle):
    """An iree_hal_executable_t reference (ireec.hal.Executable)."""

class ExecutableCacheHandle(Handle):
    """An iree_hal_executable_cache_t reference (ireec.hal.ExecutableCache)."""

class FileHandle(Handle):
    """An iree_hal_file_t reference (ireec.hal.File)."""

class ChannelHandle(Handle):
    """An iree_hal_channel_t reference (ireec.hal.Channel)."""

# Objects made on the way to another.

class IoFileHandle(Handle):
    """An iree_io_file_handle_t reference."""

class IoFileMappingHandle(Handle):
    """An iree_io_file_mapping_t reference."""

class DriverHandle(Handle):
    """An iree_hal_driver_t reference."""

class ParameterProviderHandle(Handle):
    """An iree_io_parameter_provider_t reference."""

class Invoker:
    """The base of ireec.PreparedCall and ireec.BoundCall: their call, made
    in C (csrc/python/invoker.c)."""
    def __call__(self, *args: Any, device: Any = None, out: Any = None) -> list[Any]: ...
    @property
    def closed(self) -> bool: ...
    @property
    def _inputs(self) -> Any: ...
    @property
    def _outputs(self) -> Any: ...
    def close(self) -> None: ...
    def _make_lists(self, lock: Lock, session: SessionHandle, input_capacity: int,
                    output_capacity: int, /) -> None: ...
    @property
    def _in_call(self) -> bool: ...
    def _level(self) -> CallLevel: ...
    def _bind(self, function_name: str, device: DeviceHandle, *, arg_count: int = 0,
              out_allowed: bool = False, takes_calls: bool = True,
              keeps_inputs: bool = False, out: Any = None) -> None: ...
    def _invoke_pushed(self) -> list[Any]: ...
    def _decode_results(self, results: list[Any], /) -> list[Any]: ...
    def _abandon(self) -> None: ...

class Lock:
    """A reentrant lock, as threading.RLock, that C takes without calling
    Python (csrc/python/lock.c): a Session's lock."""
    def acquire(self, blocking: bool = True, timeout: float = -1) -> bool: ...
    def release(self) -> None: ...
    def __enter__(self) -> bool: ...
    def __exit__(self, *exc_info: object) -> None: ...
    def _is_owned(self) -> bool: ...
    def _at_fork_reinit(self) -> None: ...

def install(*, ffi: Any, element_types_by_dtype: dict[Any, int],
            dtypes_by_element_type: dict[int, Any], buffer_view: type,
            closed_error: type[BaseException], iree_error: type[BaseException],
            errors_by_code: dict[int, type[BaseException]], closed_message: Any,
            decode_result: Any, call_declined: Any, note_aborted: Any,
            read_back: Any, session_call: Any, python_exception: Any,
            export_buffer: Any) -> None: ...
def error_from_status(address: int, /) -> Any: ...
def status_to_string(address: int, /) -> str: ...
def trace_invokes(trace: list[str] | None, /) -> None: ...
def dlpack_capsule(storage_address: int, versioned: bool, /) -> Any: ...

class Holding:
    """`with Holding(*objects):` holds a use of every Handle among `objects`
    for the block (taken and given back in C); one entered and kept gives
    them back when it goes."""
    def __init__(self, *objects: object) -> None: ...
    def __enter__(self) -> None: ...
    def __exit__(self, *exc_info: Any) -> bool: ...

class CallLevel:
    """One call's level (Invoker._level()): the session's lock held and
    lists of its own when another call of the invoker is in progress."""
    def __enter__(self) -> bool: ...
    def __exit__(self, *exc_info: Any) -> None: ...
