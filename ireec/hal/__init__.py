"""IREE's HAL (iree/hal/api.h): devices and their queues, drivers,
allocators, buffers and buffer views, command buffers, executables and
their caches, files, events, channels, semaphores and fences, element
types. One module per IREE header: `iree/hal/command_buffer.h` is
`ireec/hal/command_buffer.py`; one class per IREE object, its methods IREE's
functions without the object's prefix, arguments in IREE's order; flags as
`enum.IntFlag`s named as IREE's without the prefix (`MemoryType.DEVICE_LOCAL`),
each in the module of the header declaring it. docs/hal.md sets IREE's C
beside this, function by function."""

from ._host_call import DEFERRED, HostCallContext
from .allocator import (
    Allocator,
    AllocatorPool,
    AllocatorStatistics,
    BufferCompatibility,
    ExternalBufferType,
    MemoryHeap,
)
from .buffer import (
    WHOLE_BUFFER,
    Buffer,
    BufferMapping,
    BufferOverlap,
    BufferParams,
    BufferPlacementFlag,
    BufferUsage,
    MappingMode,
    MemoryAccess,
    MemoryType,
    TransferBufferFlag,
)
from .buffer_view import FORMAT_MAX_ELEMENTS, BufferView, empty_aligned
from .channel import (
    Channel,
    ChannelFlag,
    CollectiveElementType,
    CollectiveKind,
    CollectiveReduction,
)
from .command_buffer import (
    MAX_UPDATE_SIZE,
    AccessScope,
    BindingSlot,
    CommandBuffer,
    CommandBufferMode,
    CommandCategory,
    CopyFlag,
    DispatchFlag,
    ExecutionBarrierFlag,
    ExecutionStage,
    FillFlag,
    MemoryAdviseFlag,
    TransferCommand,
    TransferCommandType,
    UpdateFlag,
)
from .device import (
    QUEUE_AFFINITY_ANY,
    AllocaFlag,
    DeallocaFlag,
    Device,
    DeviceFeature,
    DeviceProfilingMode,
    ExecuteFlag,
    HostCallFlag,
    ReadFlag,
    WaitMode,
    WriteFlag,
)
from .driver import DeviceInfo, DriverInfo, parse_driver_flags
from .element_type import (
    dtype_from_element_type,
    element_type_from_dtype,
    element_type_name,
    parse_element_type,
)
from .event import Event, EventFlag
from .executable import (
    Executable,
    ExecutableExportFlag,
    ExecutableExportParameterType,
    ExportInfo,
    ExportParameter,
)
from .executable_cache import ExecutableCache, ExecutableCachingMode
from .fence import Fence
from .file import ExternalFileFlag, File, FileMode
from .semaphore import (
    Semaphore,
    SemaphoreCompatibility,
    SemaphoreFlag,
    WaitFlag,
    semaphore_list_fail,
    semaphore_list_poll,
    semaphore_list_signal,
    semaphore_list_wait,
)

__all__ = [
    "AccessScope", "AllocaFlag", "Allocator", "AllocatorPool", "AllocatorStatistics",
    "BindingSlot", "Buffer", "BufferCompatibility", "BufferMapping", "BufferOverlap",
    "BufferParams", "BufferPlacementFlag", "BufferUsage", "BufferView", "Channel",
    "ChannelFlag", "CollectiveElementType", "CollectiveKind", "CollectiveReduction",
    "CommandBuffer", "CommandBufferMode", "CommandCategory", "CopyFlag", "DEFERRED",
    "DeallocaFlag", "Device", "DeviceFeature", "DeviceInfo", "DeviceProfilingMode",
    "DispatchFlag", "DriverInfo", "Event", "EventFlag", "Executable",
    "ExecutableCache", "ExecutableCachingMode", "ExecutableExportFlag",
    "ExecutableExportParameterType", "ExecuteFlag", "ExecutionBarrierFlag",
    "ExecutionStage", "ExportInfo", "ExportParameter", "ExternalBufferType",
    "ExternalFileFlag", "FORMAT_MAX_ELEMENTS", "Fence", "File", "FileMode", "FillFlag",
    "HostCallContext", "HostCallFlag", "MAX_UPDATE_SIZE", "MappingMode", "MemoryAccess",
    "MemoryAdviseFlag", "MemoryHeap", "MemoryType", "QUEUE_AFFINITY_ANY", "ReadFlag",
    "Semaphore", "SemaphoreCompatibility", "SemaphoreFlag", "TransferBufferFlag",
    "TransferCommand", "TransferCommandType", "UpdateFlag", "WHOLE_BUFFER", "WaitFlag",
    "WaitMode", "WriteFlag", "dtype_from_element_type", "element_type_from_dtype",
    "element_type_name", "empty_aligned", "parse_driver_flags", "parse_element_type",
    "semaphore_list_fail",
    "semaphore_list_poll", "semaphore_list_signal", "semaphore_list_wait",
]
