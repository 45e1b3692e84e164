// IREE io parameters: file handles, parameter indices, parameter providers,
// the file-format parsers (irpa, gguf, safetensors) and the io_parameters VM
// module that compiled programs import to read `#flow.parameter.named` values
// (iree/io/file_handle.h, parameter_index.h, parameter_provider.h,
// parameter_index_provider.h, formats/*, iree/modules/io/parameters/module.h).
//
// Plain C declarations (no macros with arguments, no inline bodies) so that the
// same text is both C and the cffi cdef. Layouts and signatures are those of
// IREE at commit 0f64f41a0ae3; tests/test_abi_facts.py checks them.
#ifndef IREEC_DECLS_IO_PARAMETERS_H_
#define IREEC_DECLS_IO_PARAMETERS_H_

#include "ireec/decls/io.h"
#include "ireec/decls/modules.h"

#define IREE_IO_PARAMETER_MAX_SPLAT_PATTERN_LENGTH 16
#define IREE_IO_PARAMETER_INDEX_PROVIDER_DEFAULT_MAX_CONCURRENT_OPERATIONS 16

// ---------------------------------------------------------------------------
// iree/io/file_handle.h
// ---------------------------------------------------------------------------

typedef enum iree_io_file_handle_type_e {
  IREE_IO_FILE_HANDLE_TYPE_HOST_ALLOCATION = 0,
  IREE_IO_FILE_HANDLE_TYPE_FD = 1,
} iree_io_file_handle_type_t;

typedef uint64_t iree_io_file_mode_t;
enum iree_io_file_mode_bits_t {
  IREE_IO_FILE_MODE_READ = 0x1,
  IREE_IO_FILE_MODE_WRITE = 0x2,
  IREE_IO_FILE_MODE_RANDOM_ACCESS = 0x4,
  IREE_IO_FILE_MODE_SEQUENTIAL_SCAN = 0x8,
  IREE_IO_FILE_MODE_DIRECT = 0x10,
  IREE_IO_FILE_MODE_TEMPORARY = 0x20,
  IREE_IO_FILE_MODE_SHARE_READ = 0x40,
  IREE_IO_FILE_MODE_SHARE_WRITE = 0x80,
  IREE_IO_FILE_MODE_OVERWRITE = 0x100,
};

typedef uint64_t iree_io_file_mapping_flags_t;
enum iree_io_file_mapping_flag_bits_t {
  IREE_IO_FILE_MAPPING_FLAG_NONE = 0x0,
  IREE_IO_FILE_MAPPING_FLAG_SEQUENTIAL_ACCESS = 0x1,
  IREE_IO_FILE_MAPPING_FLAG_LARGE_PAGES = 0x2,
  IREE_IO_FILE_MAPPING_FLAG_EXCLUDE_FROM_DUMPS = 0x4,
  IREE_IO_FILE_MAPPING_FLAG_PRIVATE = 0x8,
};

typedef union iree_io_file_handle_primitive_value_t {
  iree_byte_span_t host_allocation;
  int fd;
} iree_io_file_handle_primitive_value_t;

typedef struct iree_io_file_handle_primitive_t {
  iree_io_file_handle_type_t type;
  iree_io_file_handle_primitive_value_t value;
} iree_io_file_handle_primitive_t;

typedef void (*iree_io_file_handle_release_fn_t)(
    void* user_data, iree_io_file_handle_primitive_t handle_primitive);

typedef struct {
  iree_io_file_handle_release_fn_t fn;
  void* user_data;
} iree_io_file_handle_release_callback_t;

typedef struct iree_io_file_handle_t iree_io_file_handle_t;

iree_status_t iree_io_file_handle_wrap(
    iree_io_file_access_t allowed_access,
    iree_io_file_handle_primitive_t handle_primitive,
    iree_io_file_handle_release_callback_t release_callback,
    iree_allocator_t host_allocator,
    iree_io_file_handle_t** out_handle);
iree_status_t iree_io_file_handle_wrap_host_allocation(
    iree_io_file_access_t allowed_access,
    iree_byte_span_t host_allocation,
    iree_io_file_handle_release_callback_t release_callback,
    iree_allocator_t host_allocator,
    iree_io_file_handle_t** out_handle);
void iree_io_file_handle_retain(iree_io_file_handle_t* handle);
void iree_io_file_handle_release(iree_io_file_handle_t* handle);
iree_io_file_access_t iree_io_file_handle_access(
    const iree_io_file_handle_t* handle);
iree_io_file_handle_primitive_t iree_io_file_handle_primitive(
    const iree_io_file_handle_t* handle);
iree_status_t iree_io_file_handle_flush(iree_io_file_handle_t* handle);
iree_status_t iree_io_file_handle_create(
    iree_io_file_mode_t mode,
    iree_string_view_t path,
    uint64_t initial_size,
    iree_allocator_t host_allocator,
    iree_io_file_handle_t** out_handle);
iree_status_t iree_io_file_handle_open(
    iree_io_file_mode_t mode,
    iree_string_view_t path,
    iree_allocator_t host_allocator,
    iree_io_file_handle_t** out_handle);
iree_status_t iree_io_file_handle_open_fd(
    iree_io_file_mode_t mode,
    int fd,
    iree_allocator_t host_allocator,
    iree_io_file_handle_t** out_handle);
iree_status_t iree_io_file_handle_preload(
    iree_io_file_mode_t mode,
    iree_string_view_t path,
    iree_allocator_t host_allocator,
    iree_io_file_handle_t** out_handle);

iree_status_t iree_io_file_map_view(
    iree_io_file_handle_t* handle,
    iree_io_file_access_t access,
    uint64_t offset,
    iree_host_size_t length,
    iree_io_file_mapping_flags_t flags,
    iree_allocator_t host_allocator,
    iree_io_file_mapping_t** out_mapping);
void iree_io_file_mapping_retain(iree_io_file_mapping_t* mapping);
void iree_io_file_mapping_release(iree_io_file_mapping_t* mapping);
iree_host_size_t iree_io_file_mapping_length(
    const iree_io_file_mapping_t* mapping);
iree_const_byte_span_t iree_io_file_mapping_contents_ro(
    const iree_io_file_mapping_t* mapping);
iree_byte_span_t iree_io_file_mapping_contents_rw(
    iree_io_file_mapping_t* mapping);

// IREE's static inline helpers, exported by libireec_runtime.
iree_io_file_handle_release_callback_t
iree_io_file_handle_release_callback_null(void);
iree_io_file_handle_type_t iree_io_file_handle_type(
    const iree_io_file_handle_t* handle);
iree_io_file_handle_primitive_value_t iree_io_file_handle_value(
    const iree_io_file_handle_t* handle);

// ---------------------------------------------------------------------------
// iree/io/parameter_index.h
// ---------------------------------------------------------------------------

typedef enum iree_io_parameter_index_entry_storage_type_e {
  IREE_IO_PARAMETER_INDEX_ENTRY_STORAGE_TYPE_SPLAT = 0,
  IREE_IO_PARAMETER_INDEX_ENTRY_STORAGE_TYPE_FILE = 1,
} iree_io_parameter_index_entry_storage_type_t;

typedef struct iree_io_parameter_index_entry_t {
  iree_string_view_t key;
  iree_const_byte_span_t metadata;
  uint64_t length;
  iree_io_parameter_index_entry_storage_type_t type;
  union {
    struct {
      uint8_t pattern_length;
      // IREE_IO_PARAMETER_MAX_SPLAT_PATTERN_LENGTH
      uint8_t pattern[16];
    } splat;
    struct {
      iree_io_file_handle_t* handle;
      uint64_t offset;
    } file;
  } storage;
} iree_io_parameter_index_entry_t;

typedef struct iree_io_parameter_index_t iree_io_parameter_index_t;

iree_status_t iree_io_parameter_index_create(
    iree_allocator_t host_allocator,
    iree_io_parameter_index_t** out_index);
void iree_io_parameter_index_retain(iree_io_parameter_index_t* index);
void iree_io_parameter_index_release(iree_io_parameter_index_t* index);
iree_host_size_t iree_io_parameter_index_count(
    iree_io_parameter_index_t* index);
iree_status_t iree_io_parameter_index_reserve(
    iree_io_parameter_index_t* index,
    iree_host_size_t new_capacity);
iree_status_t iree_io_parameter_index_add(
    iree_io_parameter_index_t* index,
    const iree_io_parameter_index_entry_t* entry);
iree_status_t iree_io_parameter_index_get(
    iree_io_parameter_index_t* index,
    iree_host_size_t i,
    const iree_io_parameter_index_entry_t** out_entry);
iree_status_t iree_io_parameter_index_lookup(
    iree_io_parameter_index_t* index,
    iree_string_view_t key,
    const iree_io_parameter_index_entry_t** out_entry);
iree_status_t iree_io_parameter_index_dump(
    iree_string_view_t scope,
    iree_io_parameter_index_t* index,
    iree_string_builder_t* builder);
iree_status_t iree_io_parameter_index_fprint(
    FILE* file,
    iree_string_view_t scope,
    iree_io_parameter_index_t* index);

// ---------------------------------------------------------------------------
// iree/io/parameter_provider.h
// ---------------------------------------------------------------------------

typedef enum iree_io_parameter_provider_signal_e {
  IREE_IO_PARAMETER_PROVIDER_SIGNAL_RESUME = 0,
  IREE_IO_PARAMETER_PROVIDER_SIGNAL_SUSPEND = 1,
  IREE_IO_PARAMETER_PROVIDER_SIGNAL_LOW_MEMORY = 2,
} iree_io_parameter_provider_signal_t;

typedef struct iree_io_parameter_span_t {
  uint64_t parameter_offset;
  iree_device_size_t buffer_offset;
  iree_device_size_t length;
} iree_io_parameter_span_t;

typedef iree_status_t (*iree_io_parameter_enumerator_fn_t)(
    void* user_data, iree_host_size_t i, iree_string_view_t* out_key,
    iree_io_parameter_span_t* out_span);

typedef struct iree_io_parameter_enumerator_t {
  iree_io_parameter_enumerator_fn_t fn;
  void* user_data;
} iree_io_parameter_enumerator_t;

typedef iree_status_t (*iree_io_parameter_emitter_fn_t)(
    void* user_data, iree_host_size_t i, iree_hal_buffer_t* buffer);

typedef struct iree_io_parameter_emitter_t {
  iree_io_parameter_emitter_fn_t fn;
  void* user_data;
} iree_io_parameter_emitter_t;

typedef struct iree_io_parameter_provider_vtable_t iree_io_parameter_provider_vtable_t;

typedef struct iree_io_parameter_provider_t {
  iree_atomic_ref_count_t ref_count;
  const iree_io_parameter_provider_vtable_t* vtable;
} iree_io_parameter_provider_t;

// What a provider written in C implements (field for field IREE's).
struct iree_io_parameter_provider_vtable_t {
  void (*destroy)(iree_io_parameter_provider_t* restrict provider);
  iree_status_t (*notify)(iree_io_parameter_provider_t* provider,
                          iree_io_parameter_provider_signal_t signal);
  bool (*query_support)(iree_io_parameter_provider_t* provider,
                        iree_string_view_t scope);
  iree_status_t (*load)(
      iree_io_parameter_provider_t* provider, iree_hal_device_t* device,
      iree_hal_queue_affinity_t queue_affinity,
      const iree_hal_semaphore_list_t wait_semaphore_list,
      const iree_hal_semaphore_list_t signal_semaphore_list,
      iree_string_view_t source_scope, iree_hal_buffer_params_t target_params,
      iree_host_size_t count, iree_io_parameter_enumerator_t enumerator,
      iree_io_parameter_emitter_t emitter);
  iree_status_t (*gather)(
      iree_io_parameter_provider_t* provider, iree_hal_device_t* device,
      iree_hal_queue_affinity_t queue_affinity,
      const iree_hal_semaphore_list_t wait_semaphore_list,
      const iree_hal_semaphore_list_t signal_semaphore_list,
      iree_string_view_t source_scope, iree_hal_buffer_t* target_buffer,
      iree_host_size_t count, iree_io_parameter_enumerator_t enumerator);
  iree_status_t (*scatter)(
      iree_io_parameter_provider_t* provider, iree_hal_device_t* device,
      iree_hal_queue_affinity_t queue_affinity,
      const iree_hal_semaphore_list_t wait_semaphore_list,
      const iree_hal_semaphore_list_t signal_semaphore_list,
      iree_hal_buffer_t* source_buffer, iree_string_view_t target_scope,
      iree_host_size_t count, iree_io_parameter_enumerator_t enumerator);
};

void iree_io_parameter_provider_retain(iree_io_parameter_provider_t* provider);
void iree_io_parameter_provider_release(iree_io_parameter_provider_t* provider);
iree_status_t iree_io_parameter_provider_notify(
    iree_io_parameter_provider_t* provider,
    iree_io_parameter_provider_signal_t signal);
bool iree_io_parameter_provider_query_support(
    iree_io_parameter_provider_t* provider,
    iree_string_view_t scope);
iree_status_t iree_io_parameter_provider_load(
    iree_io_parameter_provider_t* provider,
    iree_hal_device_t* device,
    iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_string_view_t source_scope,
    iree_hal_buffer_params_t target_params,
    iree_host_size_t count,
    iree_io_parameter_enumerator_t enumerator,
    iree_io_parameter_emitter_t emitter);
iree_status_t iree_io_parameter_provider_read(
    iree_io_parameter_provider_t* provider,
    iree_hal_device_t* device,
    iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_string_view_t source_scope,
    iree_string_view_t source_key,
    uint64_t source_offset,
    iree_hal_buffer_t* target_buffer,
    iree_device_size_t target_offset,
    iree_device_size_t length);
iree_status_t iree_io_parameter_provider_write(
    iree_io_parameter_provider_t* provider,
    iree_hal_device_t* device,
    iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_buffer_t* source_buffer,
    iree_device_size_t source_offset,
    iree_string_view_t target_scope,
    iree_string_view_t target_key,
    uint64_t target_offset,
    iree_device_size_t length);
iree_status_t iree_io_parameter_provider_gather(
    iree_io_parameter_provider_t* provider,
    iree_hal_device_t* device,
    iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_string_view_t source_scope,
    iree_hal_buffer_t* target_buffer,
    iree_host_size_t count,
    iree_io_parameter_enumerator_t enumerator);
iree_status_t iree_io_parameter_provider_scatter(
    iree_io_parameter_provider_t* provider,
    iree_hal_device_t* device,
    iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_buffer_t* source_buffer,
    iree_string_view_t target_scope,
    iree_host_size_t count,
    iree_io_parameter_enumerator_t enumerator);

// ---------------------------------------------------------------------------
// iree/io/parameter_index_provider.h
// ---------------------------------------------------------------------------

iree_status_t iree_io_parameter_index_provider_create(
    iree_string_view_t scope,
    iree_io_parameter_index_t* index,
    iree_host_size_t max_concurrent_operations,
    iree_allocator_t host_allocator,
    iree_io_parameter_provider_t** out_provider);

// ---------------------------------------------------------------------------
// iree/io/formats/*: parsers that add a file's entries to an index
// ---------------------------------------------------------------------------

// Picks the parser by `path`'s extension (irpa, gguf, safetensors; `path`
// may also be just the extension).
iree_status_t iree_io_parse_file_index(
    iree_string_view_t path,
    iree_io_file_handle_t* file_handle,
    iree_io_parameter_index_t* index,
    iree_allocator_t host_allocator);
iree_status_t iree_io_parse_irpa_index(
    iree_io_file_handle_t* file_handle,
    iree_io_parameter_index_t* index,
    iree_allocator_t host_allocator);
iree_status_t iree_io_parse_gguf_index(
    iree_io_file_handle_t* file_handle,
    iree_io_parameter_index_t* index,
    iree_allocator_t host_allocator);
iree_status_t iree_io_parse_safetensors_index(
    iree_io_file_handle_t* file_handle,
    iree_io_parameter_index_t* index,
    iree_allocator_t host_allocator);

// ---------------------------------------------------------------------------
// iree/modules/io/parameters/module.h: the "io_parameters" VM module
// ---------------------------------------------------------------------------

iree_status_t iree_io_parameters_module_create(
    iree_vm_instance_t* instance,
    iree_host_size_t provider_count,
    iree_io_parameter_provider_t* const* providers,
    iree_allocator_t host_allocator,
    iree_vm_module_t** restrict out_module);

// ---------------------------------------------------------------------------
// ireec's own (IREE has no such function)
// ---------------------------------------------------------------------------

// Opens the file at `path` and maps all of it into memory (copy-on-write, so
// a program writing to a global initialized from it never writes the file),
// returning a host-allocation handle that unmaps and closes the file when its
// last reference goes. Parameters read through it are paged in on first use:
// opening costs no resident memory, and on CPU devices aligned parameters are
// used in place.
iree_status_t ireec_io_file_handle_open_mapped(
    iree_string_view_t path,
    iree_allocator_t host_allocator,
    iree_io_file_handle_t** out_handle);

#endif  // IREEC_DECLS_IO_PARAMETERS_H_
