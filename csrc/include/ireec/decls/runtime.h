// Declarations IREE has but this runtime build does not export; ireec implements them in csrc/ with these exact signatures: the iree_runtime_* layer, the HAL driver registry and the driver modules that register into it.
//
// Plain C declarations (no macros with arguments, no inline bodies) so that the
// same text is both C and the cffi cdef. Layouts and signatures are those of
// IREE at commit 0f64f41a0ae3; tests/test_abi_facts.py checks them.
#ifndef IREEC_DECLS_RUNTIME_H_
#define IREEC_DECLS_RUNTIME_H_

#include "ireec/decls/hal.h"
#include "ireec/decls/vm.h"

typedef uint32_t iree_runtime_call_flags_t;

typedef struct iree_hal_driver_factory_t iree_hal_driver_factory_t;
typedef struct iree_hal_driver_info_t iree_hal_driver_info_t;
typedef struct iree_hal_driver_registry_t iree_hal_driver_registry_t;
typedef struct iree_runtime_call_t iree_runtime_call_t;
typedef struct iree_runtime_instance_options_t iree_runtime_instance_options_t;
typedef struct iree_runtime_instance_t iree_runtime_instance_t;
typedef struct iree_runtime_session_options_t iree_runtime_session_options_t;
typedef struct iree_runtime_session_t iree_runtime_session_t;

struct iree_hal_driver_info_t {
  iree_string_view_t driver_name;
  iree_string_view_t full_name;
};

struct iree_hal_driver_factory_t {
  void* self;
  iree_status_t (*enumerate)(
      void* self,
      iree_host_size_t* out_driver_info_count,
      const iree_hal_driver_info_t** out_driver_infos);
  iree_status_t (*try_create)(
      void* self,
      iree_string_view_t driver_name,
      iree_allocator_t host_allocator,
      iree_hal_driver_t** out_driver);
};

enum iree_runtime_call_flag_bits_t {
  IREE_RUNTIME_CALL_FLAG_RESERVED = 0x0,
};

enum iree_runtime_session_builtins_bits_t {
  IREE_RUNTIME_SESSION_BUILTIN_ALL = 0xffffffffffffffffull,
};

typedef uint64_t iree_runtime_session_builtins_t;

struct iree_runtime_instance_options_t {
  iree_hal_driver_registry_t* driver_registry;
};

struct iree_runtime_session_options_t {
  iree_vm_context_flags_t context_flags;
  iree_runtime_session_builtins_t builtin_modules;
};

struct iree_runtime_call_t {
  iree_runtime_session_t* session;
  iree_vm_function_t function;
  iree_vm_list_t* inputs;
  iree_vm_list_t* outputs;
};

iree_status_t iree_hal_create_device(
    iree_hal_driver_registry_t* registry,
    iree_string_view_t device_uri,
    iree_allocator_t host_allocator,
    iree_hal_device_t**out_device);
iree_status_t iree_hal_driver_registry_allocate(
    iree_allocator_t host_allocator,
    iree_hal_driver_registry_t**out_registry);
iree_hal_driver_registry_t* iree_hal_driver_registry_default(void);
iree_status_t iree_hal_driver_registry_enumerate(
    iree_hal_driver_registry_t* registry,
    iree_allocator_t host_allocator,
    iree_host_size_t* out_driver_info_count,
    iree_hal_driver_info_t**out_driver_infos);
void iree_hal_driver_registry_free(iree_hal_driver_registry_t* registry);
iree_status_t iree_hal_driver_registry_register_factory(
    iree_hal_driver_registry_t* registry,
    const iree_hal_driver_factory_t* factory);
iree_status_t iree_hal_driver_registry_try_create(
    iree_hal_driver_registry_t* registry,
    iree_string_view_t driver_name,
    iree_allocator_t host_allocator,
    iree_hal_driver_t**out_driver);
iree_status_t iree_hal_driver_registry_unregister_factory(
    iree_hal_driver_registry_t* registry,
    const iree_hal_driver_factory_t* factory);
iree_status_t iree_hal_hip_driver_module_register(
    iree_hal_driver_registry_t* registry);
iree_status_t iree_hal_local_sync_driver_module_register(
    iree_hal_driver_registry_t* registry);
iree_status_t iree_hal_local_task_driver_module_register(
    iree_hal_driver_registry_t* registry);
iree_status_t iree_hal_register_all_available_drivers(
    iree_hal_driver_registry_t* registry);
void iree_runtime_call_deinitialize(iree_runtime_call_t* call);
iree_status_t iree_runtime_call_initialize(
    iree_runtime_session_t* session,
    iree_vm_function_t function,
    iree_runtime_call_t* out_call);
iree_status_t iree_runtime_call_initialize_by_name(
    iree_runtime_session_t* session,
    iree_string_view_t full_name,
    iree_runtime_call_t* out_call);
iree_vm_list_t* iree_runtime_call_inputs(const iree_runtime_call_t* call);
iree_status_t iree_runtime_call_inputs_push_back_buffer_view(
    iree_runtime_call_t* call,
    iree_hal_buffer_view_t* buffer_view);
iree_status_t iree_runtime_call_invoke(
    iree_runtime_call_t* call,
    iree_runtime_call_flags_t flags);
iree_vm_list_t* iree_runtime_call_outputs(const iree_runtime_call_t* call);
iree_status_t iree_runtime_call_outputs_pop_front_buffer_view(
    iree_runtime_call_t* call,
    iree_hal_buffer_view_t**out_buffer_view);
void iree_runtime_call_reset(iree_runtime_call_t* call);
iree_status_t iree_runtime_instance_create(
    const iree_runtime_instance_options_t* options,
    iree_allocator_t host_allocator,
    iree_runtime_instance_t**out_instance);
iree_hal_driver_registry_t* iree_runtime_instance_driver_registry(
    const iree_runtime_instance_t* instance);
iree_allocator_t iree_runtime_instance_host_allocator(
    const iree_runtime_instance_t* instance);
void iree_runtime_instance_options_initialize(
    iree_runtime_instance_options_t* out_options);
void iree_runtime_instance_options_use_all_available_drivers(
    iree_runtime_instance_options_t* options);
void iree_runtime_instance_release(iree_runtime_instance_t* instance);
void iree_runtime_instance_retain(iree_runtime_instance_t* instance);
iree_status_t iree_runtime_instance_try_create_default_device(
    iree_runtime_instance_t* instance,
    iree_string_view_t driver_name,
    iree_hal_device_t**out_device);
iree_vm_instance_t* iree_runtime_instance_vm_instance(
    const iree_runtime_instance_t* instance);
iree_status_t iree_runtime_session_append_bytecode_module_from_file(
    iree_runtime_session_t* session,
    const char* file_path);
iree_status_t iree_runtime_session_append_bytecode_module_from_memory(
    iree_runtime_session_t* session,
    iree_const_byte_span_t flatbuffer_data,
    iree_allocator_t flatbuffer_allocator);
iree_status_t iree_runtime_session_append_bytecode_module_from_stdin(
    iree_runtime_session_t* session);
iree_status_t iree_runtime_session_append_module(
    iree_runtime_session_t* session,
    iree_vm_module_t* module);
iree_status_t iree_runtime_session_call(
    iree_runtime_session_t* session,
    const iree_vm_function_t* function,
    iree_vm_list_t* input_list,
    iree_vm_list_t* output_list);
iree_status_t iree_runtime_session_call_by_name(
    iree_runtime_session_t* session,
    iree_string_view_t full_name,
    iree_vm_list_t* input_list,
    iree_vm_list_t* output_list);
iree_status_t iree_runtime_session_call_direct(
    iree_runtime_session_t* session,
    const iree_vm_function_call_t call);
iree_vm_context_t* iree_runtime_session_context(
    const iree_runtime_session_t* session);
iree_status_t iree_runtime_session_create_with_device(
    iree_runtime_instance_t* instance,
    const iree_runtime_session_options_t* options,
    iree_hal_device_t* device,
    iree_allocator_t host_allocator,
    iree_runtime_session_t**out_session);
iree_hal_device_t* iree_runtime_session_device(
    const iree_runtime_session_t* session);
iree_hal_allocator_t* iree_runtime_session_device_allocator(
    const iree_runtime_session_t* session);
iree_allocator_t iree_runtime_session_host_allocator(
    const iree_runtime_session_t* session);
iree_runtime_instance_t* iree_runtime_session_instance(
    const iree_runtime_session_t* session);
iree_status_t iree_runtime_session_lookup_function(
    const iree_runtime_session_t* session,
    iree_string_view_t full_name,
    iree_vm_function_t* out_function);
void iree_runtime_session_options_initialize(
    iree_runtime_session_options_t* out_options);
void iree_runtime_session_release(iree_runtime_session_t* session);
void iree_runtime_session_retain(iree_runtime_session_t* session);
iree_status_t iree_runtime_session_trim(iree_runtime_session_t* session);

// ---------------------------------------------------------------------------
// ireec extensions: not part of IREE's API (hence the ireec_ prefix).
// ---------------------------------------------------------------------------

// iree_runtime_session_create_with_device for programs compiled for several
// devices: the session's HAL module is given all |device_count| |devices|, in
// that order (each retained by the session). iree_runtime_session_device
// returns devices[0].
iree_status_t ireec_runtime_session_create_with_devices(
    iree_runtime_instance_t* instance,
    const iree_runtime_session_options_t* options,
    iree_host_size_t device_count,
    iree_hal_device_t* const* devices,
    iree_allocator_t host_allocator,
    iree_runtime_session_t** out_session);

// The fast paths of ireec's Python calls (csrc/runtime/session_invoke.c,
// csrc/runtime/buffer_view_io.c).

// Pushes a ref to |object| of |type| onto |list|, which retains it (the
// caller keeps its reference); a NULL |object| pushes a null ref of |type|.
iree_status_t ireec_vm_list_push_ref_object_retain(
    iree_vm_list_t* list,
    void* object,
    iree_vm_ref_type_t type);

// Copies |data_length| bytes of host |data| into a new dense row-major
// DEVICE_LOCAL buffer view of |shape| and |element_type| on |device|
// (iree_hal_buffer_view_allocate_buffer_copy) and pushes it onto |list|,
// which takes the only reference. |data_length| must be the view's size.
iree_status_t ireec_vm_list_push_buffer_view_copy(
    iree_vm_list_t* list,
    iree_hal_device_t* device,
    iree_hal_allocator_t* device_allocator,
    iree_host_size_t shape_rank,
    const iree_hal_dim_t* shape,
    iree_hal_element_type_t element_type,
    const void* data,
    iree_host_size_t data_length);

// One synchronous call: empties |outputs|, iree_runtime_session_call, then
// empties |inputs| (on failure too) unless |keep_inputs| (for arguments bound
// once and reused by every call). On success *out_result_count is the
// number of results, and out_views[i] (for i < view_capacity) is a new
// reference to result i if it is a buffer view, else NULL (the result stays
// in |outputs|; when every result is a view, |outputs| is left empty). On
// failure no view is returned and |outputs| is left empty.
iree_status_t ireec_runtime_session_invoke(
    iree_runtime_session_t* session,
    const iree_vm_function_t* function,
    iree_vm_list_t* inputs,
    bool keep_inputs,
    iree_vm_list_t* outputs,
    iree_host_size_t view_capacity,
    iree_hal_buffer_view_t** out_views,
    iree_host_size_t* out_result_count);

// iree_hal_buffer_map_read of the whole buffer of |buffer_view| into
// |target| when the view is dense row-major, exactly |target_length| bytes,
// and its buffer HOST_VISIBLE and MAPPING_SCOPED. Otherwise a code-only
// status: INVALID_ARGUMENT (encoding), OUT_OF_RANGE (length) or UNAVAILABLE
// (not mappable), for the caller to take its general path.
iree_status_t ireec_hal_buffer_view_map_read_dense(
    const iree_hal_buffer_view_t* buffer_view,
    void* target,
    iree_host_size_t target_length);

// ireec_hal_buffer_view_map_read_dense into |storage| at the offset (below
// IREEC_PAGE_MATCH_SPAN, returned in *out_offset) that puts the copy at the
// same place within a 4 KiB page as the mapped source. The C library copies
// large blocks markedly faster between addresses so matched (measured here:
// 64 MiB in 7.2 ms instead of 9.7 ms). |storage_length| must be at least the
// view's byte length + IREEC_PAGE_MATCH_SPAN - 1 (else OUT_OF_RANGE).
#define IREEC_PAGE_MATCH_SPAN 4096
iree_status_t ireec_hal_buffer_view_map_read_dense_page_matched(
    const iree_hal_buffer_view_t* buffer_view,
    void* storage,
    iree_host_size_t storage_length,
    iree_host_size_t* out_offset);

// A dense row-major array in host memory that a buffer view is read into:
// |data_length| bytes at |data|, of |element_type| and the |shape_rank| dims
// of |shape|. An element type of IREE_HAL_ELEMENT_TYPE_NONE means "no array".
typedef struct ireec_host_array_t {
  void* data;
  iree_host_size_t data_length;
  iree_hal_element_type_t element_type;
  iree_host_size_t shape_rank;
  const iree_hal_dim_t* shape;
} ireec_host_array_t;

// Reads the whole of |buffer_view| into |target|, which must have exactly
// its layout (else INVALID_ARGUMENT naming both): by mapping when its
// buffer is HOST_VISIBLE and MAPPING_SCOPED, otherwise with
// iree_hal_device_transfer_d2h on |device| (UNAVAILABLE without one).
iree_status_t ireec_hal_buffer_view_read_into(
    const iree_hal_buffer_view_t* buffer_view,
    iree_hal_device_t* device,
    const ireec_host_array_t* target);

// ireec_runtime_session_invoke, then result i read into targets[i] with
// ireec_hal_buffer_view_read_into for every i < target_count whose target
// is an array; the other results stay in |outputs| (emptied when every
// result was read, and on failure). A result that is not a buffer view
// cannot have a target. *out_result_count is the number of results.
iree_status_t ireec_runtime_session_invoke_into(
    iree_runtime_session_t* session,
    const iree_vm_function_t* function,
    iree_vm_list_t* inputs,
    bool keep_inputs,
    iree_vm_list_t* outputs,
    iree_hal_device_t* device,
    iree_host_size_t target_count,
    const ireec_host_array_t* targets,
    iree_host_size_t* out_result_count);

// Imports |data_length| bytes of host memory at |data| as the buffer of a new
// dense row-major view of |shape| and |element_type|, without a copy
// (iree_hal_allocator_import_buffer of a HOST_ALLOCATION with |params|, then
// iree_hal_buffer_view_create). |release_callback| is called once IREE no
// longer uses the memory; not at all if the import fails. Code-only
// UNAVAILABLE, having done nothing, when the allocator cannot import such
// memory (iree_hal_allocator_query_buffer_compatibility).
iree_status_t ireec_hal_buffer_view_import_host_allocation(
    iree_hal_allocator_t* device_allocator,
    iree_hal_buffer_params_t params,
    iree_host_size_t shape_rank,
    const iree_hal_dim_t* shape,
    iree_hal_element_type_t element_type,
    void* data,
    iree_host_size_t data_length,
    iree_hal_buffer_release_callback_t release_callback,
    iree_allocator_t host_allocator,
    iree_hal_buffer_view_t** out_buffer_view);

#endif  // IREEC_DECLS_RUNTIME_H_
