// The one table of Handle kinds: one row per IREE object type ireec wraps.
// Everything else about a kind comes from its row: its C type object (made
// in handle.c), its retain and release, the member of the Handle's pointer
// union, its place in the module (cext_module.c), the cffi types install()
// reads, and its class in the type stub ireec/_cext.pyi (written at build
// time by build_support/cext_stub.py, which reads this file).
//
// Adding a kind is one row here (and, for a kind with members of its own,
// their C and their stub in build_support/cext.pyi).
//
// X(name, PythonName, iree_prefix, pointee, release_keeps_gil, size,
//   methods, getset, buffer_procs, doc):
//   name         the C identifier: ireec_<name>_handle_kind, and the member
//                of ireec_handle_t's pointer union;
//   PythonName   the type's name in ireec._cext;
//   iree_prefix  IREE's prefix of the object's _retain and _release;
//   pointee      what the pointer points to (`.handle` is a pointee*);
//   release_keeps_gil  releasing joins no thread, so it keeps the GIL (a
//                call's results are released by the thousand, where dropping
//                the GIL would cost more than the release); devices,
//                sessions, instances, drivers and modules drop it;
//   size         the C size of its instances (a kind with state of its own
//                has a larger struct);
//   methods, getset, buffer_procs  what the kind adds to Handle's, or NULL;
//   doc          the type's docstring (one string literal).
//
// Each row stays on one line of the macro: the stub generator reads the
// rows as text.

#ifndef IREEC_PYTHON_HANDLE_KINDS_H_
#define IREEC_PYTHON_HANDLE_KINDS_H_

#define IREEC_HANDLE_KIND_TABLE(X) \
  X(instance, InstanceHandle, iree_runtime_instance, iree_runtime_instance_t, false, IREEC_HANDLE_SIZE, NULL, NULL, NULL, "An iree_runtime_instance_t reference (ireec.Instance).") \
  X(session, SessionHandle, iree_runtime_session, iree_runtime_session_t, false, sizeof(ireec_session_handle_t), ireec_session_methods, ireec_session_getset, NULL, "An iree_runtime_session_t reference (ireec.Session), and Session.call (csrc/python/session.c).") \
  X(device, DeviceHandle, iree_hal_device, iree_hal_device_t, false, IREEC_HANDLE_SIZE, NULL, NULL, NULL, "An iree_hal_device_t reference (ireec.Device).") \
  X(semaphore, SemaphoreHandle, iree_hal_semaphore, iree_hal_semaphore_t, true, IREEC_HANDLE_SIZE, NULL, NULL, NULL, "An iree_hal_semaphore_t reference (ireec.Semaphore).") \
  X(fence, FenceHandle, iree_hal_fence, iree_hal_fence_t, true, IREEC_HANDLE_SIZE, NULL, NULL, NULL, "An iree_hal_fence_t reference (ireec.Fence).") \
  X(buffer_view, BufferViewHandle, iree_hal_buffer_view, iree_hal_buffer_view_t, true, IREEC_HANDLE_SIZE, ireec_buffer_view_methods, NULL, &ireec_buffer_view_buffer_procs, "An iree_hal_buffer_view_t reference (ireec.BufferView), read back in C (csrc/python/readback.c); its buffer protocol exports the mapped buffer (csrc/python/buffer_export.c).") \
  X(vm_list, VmListHandle, iree_vm_list, iree_vm_list_t, true, IREEC_HANDLE_SIZE, NULL, NULL, NULL, "An iree_vm_list_t reference (ireec.vm.List).") \
  X(parameter_index, ParameterIndexHandle, iree_io_parameter_index, iree_io_parameter_index_t, false, IREEC_HANDLE_SIZE, NULL, NULL, NULL, "An iree_io_parameter_index_t reference (ireec.ParameterIndex).") \
  X(vm_buffer, VmBufferHandle, iree_vm_buffer, iree_vm_buffer_t, true, IREEC_HANDLE_SIZE, NULL, NULL, &ireec_vm_buffer_as_buffer, "An iree_vm_buffer_t reference (ireec.vm.Buffer), with the buffer protocol (csrc/python/vm_buffer.c).") \
  X(vm_module, VmModuleHandle, iree_vm_module, iree_vm_module_t, false, IREEC_HANDLE_SIZE, NULL, NULL, NULL, "An iree_vm_module_t reference (ireec.vm.Module); its release may run Python (a NativeModule's destroy).") \
  X(allocator, AllocatorHandle, iree_hal_allocator, iree_hal_allocator_t, true, IREEC_HANDLE_SIZE, NULL, NULL, NULL, "An iree_hal_allocator_t reference (ireec.hal.Allocator).") \
  X(buffer, BufferHandle, iree_hal_buffer, iree_hal_buffer_t, true, IREEC_HANDLE_SIZE, NULL, NULL, NULL, "An iree_hal_buffer_t reference (ireec.hal.Buffer); its release may call back into Python (a lent host array).") \
  X(command_buffer, CommandBufferHandle, iree_hal_command_buffer, iree_hal_command_buffer_t, true, IREEC_HANDLE_SIZE, NULL, NULL, NULL, "An iree_hal_command_buffer_t reference (ireec.hal.CommandBuffer).") \
  X(event, EventHandle, iree_hal_event, iree_hal_event_t, true, IREEC_HANDLE_SIZE, NULL, NULL, NULL, "An iree_hal_event_t reference (ireec.hal.Event).") \
  X(executable, ExecutableHandle, iree_hal_executable, iree_hal_executable_t, true, IREEC_HANDLE_SIZE, NULL, NULL, NULL, "An iree_hal_executable_t reference (ireec.hal.Executable).") \
  X(executable_cache, ExecutableCacheHandle, iree_hal_executable_cache, iree_hal_executable_cache_t, true, IREEC_HANDLE_SIZE, NULL, NULL, NULL, "An iree_hal_executable_cache_t reference (ireec.hal.ExecutableCache).") \
  X(file, FileHandle, iree_hal_file, iree_hal_file_t, true, IREEC_HANDLE_SIZE, NULL, NULL, NULL, "An iree_hal_file_t reference (ireec.hal.File).") \
  X(channel, ChannelHandle, iree_hal_channel, iree_hal_channel_t, true, IREEC_HANDLE_SIZE, NULL, NULL, NULL, "An iree_hal_channel_t reference (ireec.hal.Channel).") \
  X(file_handle, IoFileHandle, iree_io_file_handle, iree_io_file_handle_t, true, IREEC_HANDLE_SIZE, NULL, NULL, NULL, "An iree_io_file_handle_t reference (a file a parameter index reads).") \
  X(file_mapping, IoFileMappingHandle, iree_io_file_mapping, iree_io_file_mapping_t, true, IREEC_HANDLE_SIZE, NULL, NULL, NULL, "An iree_io_file_mapping_t reference (a file's mapping, read before IREE parses it).") \
  X(driver, DriverHandle, iree_hal_driver, iree_hal_driver_t, false, IREEC_HANDLE_SIZE, NULL, NULL, NULL, "An iree_hal_driver_t reference (a driver asked for its devices).") \
  X(parameter_provider, ParameterProviderHandle, iree_io_parameter_provider, iree_io_parameter_provider_t, false, IREEC_HANDLE_SIZE, NULL, NULL, NULL, "An iree_io_parameter_provider_t reference.")

#endif  // IREEC_PYTHON_HANDLE_KINDS_H_
