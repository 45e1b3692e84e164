// IREE HAL executables (iree/hal/executable.h) and executable caches
// (iree/hal/executable_cache.h), and the dispatches that run them: command
// buffer dispatch (iree/hal/command_buffer.h), device queue dispatch and host
// calls (iree/hal/device.h).
//
// Plain C declarations (no macros with arguments, no inline bodies) so that the
// same text is both C and the cffi cdef. Layouts and signatures are those of
// IREE at commit 0f64f41a0ae3; tests/test_abi_facts.py checks them.
#ifndef IREEC_DECLS_HAL_EXECUTABLE_H_
#define IREEC_DECLS_HAL_EXECUTABLE_H_

#include "ireec/decls/drivers.h"
#include "ireec/decls/hal.h"
#include "ireec/decls/loop.h"

// The flag and type enumerators are in ireec/decls/hal.h and the caching
// modes in ireec/decls/drivers.h; these are the types that carry them.
typedef uint32_t iree_hal_executable_export_ordinal_t;
typedef uint64_t iree_hal_executable_export_flags_t;
typedef uint8_t iree_hal_executable_export_parameter_type_t;
typedef uint16_t iree_hal_executable_export_parameter_flags_t;
typedef uint64_t iree_hal_dispatch_flags_t;
typedef uint64_t iree_hal_host_call_flags_t;

typedef struct iree_hal_executable_t iree_hal_executable_t;
typedef struct iree_hal_executable_cache_t iree_hal_executable_cache_t;

//===----------------------------------------------------------------------===//
// Executables
//===----------------------------------------------------------------------===//
// A loaded set of entry points (exports) a device can dispatch, each with its
// constants, bindings and workgroup size.

// Reserved for how many workgroups of an export fit on the device at once.
typedef struct iree_hal_occupancy_info_t {
  int reserved;
} iree_hal_occupancy_info_t;

typedef struct iree_hal_executable_export_info_t {
  iree_string_view_t name;
  iree_hal_executable_export_flags_t flags;
  uint16_t constant_count;
  uint16_t binding_count;
  uint16_t parameter_count;
  uint32_t workgroup_size[3];
  iree_hal_occupancy_info_t occupancy_info;
} iree_hal_executable_export_info_t;

// One of an export's parameters (a constant or a binding), as the compiler
// reflected it.
typedef struct iree_hal_executable_export_parameter_t {
  iree_hal_executable_export_parameter_type_t type;
  uint8_t size;
  iree_hal_executable_export_parameter_flags_t flags;
  iree_string_view_t name;
  uint16_t offset;
} iree_hal_executable_export_parameter_t;

// The functions a driver fills in for its executables.
typedef struct iree_hal_executable_vtable_t {
  void (*destroy)(iree_hal_executable_t* executable);
  iree_host_size_t (*export_count)(iree_hal_executable_t* executable);
  iree_status_t (*export_info)(iree_hal_executable_t* executable,
                               iree_hal_executable_export_ordinal_t export_ordinal,
                               iree_hal_executable_export_info_t* out_info);
  iree_status_t (*export_parameters)(
      iree_hal_executable_t* executable,
      iree_hal_executable_export_ordinal_t export_ordinal,
      iree_host_size_t capacity,
      iree_hal_executable_export_parameter_t* out_parameters);
  iree_status_t (*lookup_export_by_name)(
      iree_hal_executable_t* executable, iree_string_view_t name,
      iree_hal_executable_export_ordinal_t* out_export_ordinal);
} iree_hal_executable_vtable_t;

void iree_hal_executable_retain(iree_hal_executable_t* executable);
void iree_hal_executable_release(iree_hal_executable_t* executable);
// Called by release when the last reference goes.
void iree_hal_executable_destroy(iree_hal_executable_t* executable);

iree_host_size_t iree_hal_executable_export_count(
    iree_hal_executable_t* executable);
iree_status_t iree_hal_executable_export_info(
    iree_hal_executable_t* executable,
    iree_hal_executable_export_ordinal_t export_ordinal,
    iree_hal_executable_export_info_t* out_info);
// Fills |out_parameters| (|capacity| entries, at least the export's
// parameter_count).
iree_status_t iree_hal_executable_export_parameters(
    iree_hal_executable_t* executable,
    iree_hal_executable_export_ordinal_t export_ordinal,
    iree_host_size_t capacity,
    iree_hal_executable_export_parameter_t* out_parameters);
iree_status_t iree_hal_executable_lookup_export_by_name(
    iree_hal_executable_t* executable, iree_string_view_t name,
    iree_hal_executable_export_ordinal_t* out_export_ordinal);

//===----------------------------------------------------------------------===//
// Executable caches
//===----------------------------------------------------------------------===//
// Where a device turns executable data (an embedded ELF, a HSACO, ...) into
// executables, possibly caching the result.

typedef struct iree_hal_executable_params_t {
  iree_hal_queue_affinity_t queue_affinity;
  iree_hal_executable_caching_mode_t caching_mode;
  // The format string the compiler gave the data (e.g. "embedded-elf-x86_64").
  iree_string_view_t executable_format;
  // With IREE_HAL_EXECUTABLE_CACHING_MODE_ALIAS_PROVIDED_DATA the data must
  // outlive the executable; otherwise the cache copies what it keeps.
  iree_const_byte_span_t executable_data;
  // Values of the executable-level constants, if it declares any.
  iree_host_size_t constant_count;
  const uint32_t* constants;
} iree_hal_executable_params_t;

void iree_hal_executable_params_initialize(
    iree_hal_executable_params_t* out_executable_params);

// |loop| is where any asynchronous preparation runs (iree_loop_inline for
// none).
iree_status_t iree_hal_executable_cache_create(
    iree_hal_device_t* device, iree_string_view_t identifier, iree_loop_t loop,
    iree_hal_executable_cache_t** out_executable_cache);
void iree_hal_executable_cache_retain(
    iree_hal_executable_cache_t* executable_cache);
void iree_hal_executable_cache_release(
    iree_hal_executable_cache_t* executable_cache);

// Writes the format of |executable_data| into |executable_format| (NUL
// terminated, |executable_format_capacity| bytes) and its size in bytes.
iree_status_t iree_hal_executable_cache_infer_format(
    iree_hal_executable_cache_t* executable_cache,
    iree_hal_executable_caching_mode_t caching_mode,
    iree_const_byte_span_t executable_data,
    iree_host_size_t executable_format_capacity, char* executable_format,
    iree_host_size_t* out_inferred_size);
bool iree_hal_executable_cache_can_prepare_format(
    iree_hal_executable_cache_t* executable_cache,
    iree_hal_executable_caching_mode_t caching_mode,
    iree_string_view_t executable_format);
iree_status_t iree_hal_executable_cache_prepare_executable(
    iree_hal_executable_cache_t* executable_cache,
    const iree_hal_executable_params_t* executable_params,
    iree_hal_executable_t** out_executable);

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

// The bindings of a dispatch, in the export's binding order.
typedef struct iree_hal_buffer_ref_list_t {
  iree_host_size_t count;
  const iree_hal_buffer_ref_t* values;
} iree_hal_buffer_ref_list_t;

// How many workgroups to run: |workgroup_count| directly, or (with the
// indirect dispatch flags) three uint32_t read from |workgroup_count_ref|.
// A zero |workgroup_size| keeps the export's own.
typedef struct iree_hal_dispatch_config_t {
  uint32_t workgroup_size[3];
  uint32_t workgroup_count[3];
  iree_hal_buffer_ref_t workgroup_count_ref;
  uint32_t dynamic_workgroup_local_memory;
} iree_hal_dispatch_config_t;

// Records a dispatch of export |export_ordinal| of |executable|; |constants|
// are its push constants, as raw bytes.
iree_status_t iree_hal_command_buffer_dispatch(
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_executable_t* executable,
    iree_hal_executable_export_ordinal_t export_ordinal,
    const iree_hal_dispatch_config_t config, iree_const_byte_span_t constants,
    const iree_hal_buffer_ref_list_t bindings, iree_hal_dispatch_flags_t flags);

// The same dispatch, queued directly on a device queue after
// |wait_semaphore_list| and signaling |signal_semaphore_list|.
iree_status_t iree_hal_device_queue_dispatch(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_executable_t* executable,
    iree_hal_executable_export_ordinal_t export_ordinal,
    const iree_hal_dispatch_config_t config, iree_const_byte_span_t constants,
    const iree_hal_buffer_ref_list_t bindings, iree_hal_dispatch_flags_t flags);

// IREE's static inline helpers, exported by us.
iree_hal_dispatch_config_t iree_hal_make_static_dispatch_config(
    uint32_t workgroup_count_x, uint32_t workgroup_count_y,
    uint32_t workgroup_count_z);
iree_hal_buffer_ref_list_t iree_hal_buffer_ref_list_empty(void);
bool iree_hal_dispatch_uses_indirect_parameters(iree_hal_dispatch_flags_t flags);
bool iree_hal_dispatch_uses_custom_arguments(iree_hal_dispatch_flags_t flags);
bool iree_hal_dispatch_uses_indirect_arguments(iree_hal_dispatch_flags_t flags);
// A reference to binding table slot |buffer_slot| (for reusable command
// buffers whose buffers are given at submission).
iree_hal_buffer_ref_t iree_hal_make_indirect_buffer_ref(
    uint32_t buffer_slot, iree_device_size_t offset, iree_device_size_t length);
iree_hal_buffer_binding_table_t iree_hal_buffer_binding_table_empty(void);
bool iree_hal_buffer_binding_table_is_empty(
    iree_hal_buffer_binding_table_t binding_table);
// Resolves an indirect |buffer_ref| through |binding_table| (a direct one is
// returned as it is).
iree_status_t iree_hal_buffer_binding_table_resolve_ref(
    iree_hal_buffer_binding_table_t binding_table,
    iree_hal_buffer_ref_t buffer_ref, iree_hal_buffer_ref_t* out_resolved_ref);

//===----------------------------------------------------------------------===//
// Host calls
//===----------------------------------------------------------------------===//
// A queue operation that runs a host function, in queue order, once its waits
// are satisfied. The signal semaphores are signaled when the function returns
// OK and failed when it fails; a function that completes later returns
// DEFERRED and signals (or fails) a retained copy of the context's list
// itself. NON_BLOCKING calls signal at once and may run out of order.

typedef struct iree_hal_host_call_context_t {
  iree_hal_device_t* device;
  iree_hal_queue_affinity_t queue_affinity;
  iree_hal_semaphore_list_t signal_semaphore_list;
} iree_hal_host_call_context_t;

typedef iree_status_t (*iree_hal_host_call_fn_t)(
    void* user_data, const uint64_t args[4],
    iree_hal_host_call_context_t* context);

typedef struct iree_hal_host_call_t {
  iree_hal_host_call_fn_t fn;
  void* user_data;
} iree_hal_host_call_t;

iree_status_t iree_hal_device_queue_host_call(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_host_call_t call, const uint64_t args[4],
    iree_hal_host_call_flags_t flags);

// IREE's static inline constructor, exported by us.
iree_hal_host_call_t iree_hal_make_host_call(iree_hal_host_call_fn_t fn,
                                             void* user_data);

#endif  // IREEC_DECLS_HAL_EXECUTABLE_H_
