// IREE's CPU executable machinery (iree/hal/local/): executable loaders and
// the import providers they resolve imports through (executable_loader.h),
// the local executable base (local_executable.h) and its cache
// (local_executable_cache.h), executable formats, library utilities, the
// executable environment, plugins, and the loaders themselves (system and
// static library, loaders/registration/init.h). The embedded-ELF and VMVX
// loaders and the plugin manager's constructor are in ireec/decls/drivers.h.
//
// Plain C declarations (no macros with arguments, no inline bodies) so that the
// same text is both C and the cffi cdef. Layouts and signatures are those of
// IREE at commit 0f64f41a0ae3; tests/test_abi_facts.py checks them.
#ifndef IREEC_DECLS_HAL_LOCAL_H_
#define IREEC_DECLS_HAL_LOCAL_H_

#include "ireec/decls/drivers.h"
#include "ireec/decls/hal_executable.h"
#include "ireec/decls/hal_executable_library.h"

//===----------------------------------------------------------------------===//
// Import providers
//===----------------------------------------------------------------------===//
// Where a loader finds the functions a library imports (plugins, the runtime's
// own). Resolution fills one function and one context per symbol.

enum iree_hal_executable_import_resolution_bits_e {
  // Some optional ('?'-prefixed) imports were not found and are left NULL.
  IREE_HAL_EXECUTABLE_IMPORT_RESOLUTION_MISSING_OPTIONAL = 1,
};
typedef uint32_t iree_hal_executable_import_resolution_t;

typedef iree_status_t (*iree_hal_executable_import_provider_resolve_fn_t)(
    void* self, iree_host_size_t count, const char* const* symbol_names,
    void** out_fn_ptrs, void** out_fn_contexts,
    iree_hal_executable_import_resolution_t* out_resolution);

typedef struct iree_hal_executable_import_provider_t {
  void* self;
  iree_hal_executable_import_provider_resolve_fn_t resolve;
} iree_hal_executable_import_provider_t;

iree_status_t iree_hal_executable_import_provider_try_resolve(
    const iree_hal_executable_import_provider_t import_provider,
    iree_host_size_t count, const char* const* symbol_names, void** out_fn_ptrs,
    void** out_fn_contexts,
    iree_hal_executable_import_resolution_t* out_resolution);

// IREE's static inline helpers, exported by us.
iree_hal_executable_import_provider_t iree_hal_executable_import_provider_null(
    void);
bool iree_hal_executable_import_is_optional(const char* symbol_name);

//===----------------------------------------------------------------------===//
// Executable loaders
//===----------------------------------------------------------------------===//
// A loader turns executable data of the formats it supports into local
// executables. Implementations embed the base record first.

typedef struct iree_hal_executable_loader_vtable_t
    iree_hal_executable_loader_vtable_t;

struct iree_hal_executable_loader_t {
  iree_atomic_ref_count_t ref_count;
  const iree_hal_executable_loader_vtable_t* vtable;
  iree_hal_executable_import_provider_t import_provider;
};

struct iree_hal_executable_loader_vtable_t {
  void (*destroy)(iree_hal_executable_loader_t* executable_loader);
  iree_status_t (*infer_format)(iree_hal_executable_loader_t* executable_loader,
                                iree_hal_executable_caching_mode_t caching_mode,
                                iree_const_byte_span_t executable_data,
                                iree_host_size_t executable_format_capacity,
                                char* executable_format,
                                iree_host_size_t* out_inferred_size);
  bool (*query_support)(iree_hal_executable_loader_t* executable_loader,
                        iree_hal_executable_caching_mode_t caching_mode,
                        iree_string_view_t executable_format);
  iree_status_t (*try_load)(iree_hal_executable_loader_t* executable_loader,
                            const iree_hal_executable_params_t* executable_params,
                            iree_host_size_t worker_capacity,
                            iree_hal_executable_t** out_executable);
};

// Sets up the base record of a new loader (reference count 1).
void iree_hal_executable_loader_initialize(
    const void* vtable, iree_hal_executable_import_provider_t import_provider,
    iree_hal_executable_loader_t* out_base_loader);
// Loads |executable_params| if this loader supports its format; fails with
// CANCELLED when it does not, so callers can try the next loader.
iree_status_t iree_hal_executable_loader_try_load(
    iree_hal_executable_loader_t* executable_loader,
    const iree_hal_executable_params_t* executable_params,
    iree_host_size_t worker_capacity, iree_hal_executable_t** out_executable);

// A loader for system dynamic libraries (.so) holding executable libraries.
iree_status_t iree_hal_system_library_loader_create(
    iree_hal_executable_plugin_manager_t* plugin_manager,
    iree_allocator_t host_allocator,
    iree_hal_executable_loader_t** out_executable_loader);

// A loader over libraries linked into the program: each query function
// returns one library, found by its header's name when |executable_format| is
// "static" and the executable data is that name. The runtime we bind lacks
// it; libireec_runtime implements it.
iree_status_t iree_hal_static_library_loader_create(
    iree_host_size_t library_count,
    const iree_hal_executable_library_query_fn_t* library_query_fns,
    iree_hal_executable_import_provider_t import_provider,
    iree_allocator_t host_allocator,
    iree_hal_executable_loader_t** out_executable_loader);

// Every loader this runtime was built with ("embedded-elf", "system-library",
// "vmvx-module"), or the one named.
iree_status_t iree_hal_create_all_available_executable_loaders(
    iree_hal_executable_plugin_manager_t* plugin_manager,
    iree_host_size_t capacity, iree_host_size_t* out_count,
    iree_hal_executable_loader_t** loaders, iree_allocator_t host_allocator);
iree_status_t iree_hal_create_executable_loader_by_name(
    iree_string_view_t name,
    iree_hal_executable_plugin_manager_t* plugin_manager,
    iree_allocator_t host_allocator,
    iree_hal_executable_loader_t** out_executable_loader);

//===----------------------------------------------------------------------===//
// Executable formats
//===----------------------------------------------------------------------===//
// Each writes the IREE format string of |executable_data| (e.g.
// "embedded-elf-x86_64") into |executable_format| and the size the data
// declares into |out_inferred_size|.

iree_status_t iree_hal_executable_infer_elf_format(
    iree_const_byte_span_t executable_data,
    iree_host_size_t executable_format_capacity, char* executable_format,
    iree_host_size_t* out_inferred_size);
iree_status_t iree_hal_executable_infer_dll_format(
    iree_const_byte_span_t executable_data,
    iree_host_size_t executable_format_capacity, char* executable_format,
    iree_host_size_t* out_inferred_size);
iree_status_t iree_hal_executable_infer_macho_format(
    iree_const_byte_span_t executable_data,
    iree_host_size_t executable_format_capacity, char* executable_format,
    iree_host_size_t* out_inferred_size);
iree_status_t iree_hal_executable_infer_wasm_format(
    iree_const_byte_span_t executable_data,
    iree_host_size_t executable_format_capacity, char* executable_format,
    iree_host_size_t* out_inferred_size);
// Whichever of the above matches the host's system libraries.
iree_status_t iree_hal_executable_infer_system_format(
    iree_const_byte_span_t executable_data,
    iree_host_size_t executable_format_capacity, char* executable_format,
    iree_host_size_t* out_inferred_size);

//===----------------------------------------------------------------------===//
// The executable environment and library utilities
//===----------------------------------------------------------------------===//

// Fills |out_environment| with the host's processor information (no imports).
void iree_hal_executable_environment_initialize(
    iree_allocator_t temp_allocator,
    iree_hal_executable_environment_v0_t* out_environment);

// Checks |library| against what |executable_params| asks for (constant
// count, ...).
iree_status_t iree_hal_executable_library_verify(
    const iree_hal_executable_params_t* executable_params,
    const iree_hal_executable_library_v0_t* library);
// Resolves |import_table| through |import_provider| into tables allocated
// from |host_allocator| and hung on |environment|.
iree_status_t iree_hal_executable_library_initialize_imports(
    iree_hal_executable_environment_v0_t* environment,
    const iree_hal_executable_import_provider_t import_provider,
    const iree_hal_executable_import_table_v0_t* import_table,
    iree_hal_executable_import_thunk_v0_t import_thunk,
    iree_allocator_t host_allocator);
void iree_hal_executable_library_deinitialize_imports(
    iree_hal_executable_environment_v0_t* environment,
    iree_allocator_t host_allocator);

// The HAL's view of a library's exports (iree/hal/executable.h's queries).
iree_host_size_t iree_hal_executable_library_export_count(
    const iree_hal_executable_library_v0_t* library);
iree_status_t iree_hal_executable_library_export_info(
    const iree_hal_executable_library_v0_t* library,
    iree_hal_executable_export_ordinal_t export_ordinal,
    iree_hal_executable_export_info_t* out_info);
iree_status_t iree_hal_executable_library_export_parameters(
    const iree_hal_executable_library_v0_t* library,
    iree_hal_executable_export_ordinal_t export_ordinal,
    iree_host_size_t capacity,
    iree_hal_executable_export_parameter_t* out_parameters);
iree_status_t iree_hal_executable_library_lookup_export_by_name(
    const iree_hal_executable_library_v0_t* library, iree_string_view_t name,
    iree_hal_executable_export_ordinal_t* out_export_ordinal);

//===----------------------------------------------------------------------===//
// Local executables
//===----------------------------------------------------------------------===//
// The base of every CPU executable: its dispatch attributes and environment.
// Its layout starts with the HAL resource header, so it is left opaque here;
// loaders written in C include iree/hal/local/local_executable.h.

typedef struct iree_hal_local_executable_t iree_hal_local_executable_t;

typedef struct iree_hal_local_executable_vtable_t {
  iree_hal_executable_vtable_t base;
  // Calls export |ordinal| for one workgroup.
  iree_status_t (*issue_call)(
      iree_hal_local_executable_t* executable, iree_host_size_t ordinal,
      const iree_hal_executable_dispatch_state_v0_t* dispatch_state,
      const iree_hal_executable_workgroup_state_v0_t* workgroup_state,
      uint32_t worker_id);
} iree_hal_local_executable_vtable_t;

void iree_hal_local_executable_initialize(
    const iree_hal_local_executable_vtable_t* vtable,
    iree_allocator_t host_allocator,
    iree_hal_local_executable_t* out_base_executable);
void iree_hal_local_executable_deinitialize(
    iree_hal_local_executable_t* base_executable);
// The local executable |base_value| is (it must be one).
iree_hal_local_executable_t* iree_hal_local_executable_cast(
    iree_hal_executable_t* base_value);
iree_status_t iree_hal_local_executable_issue_call(
    iree_hal_local_executable_t* executable, iree_host_size_t ordinal,
    const iree_hal_executable_dispatch_state_v0_t* dispatch_state,
    const iree_hal_executable_workgroup_state_v0_t* workgroup_state,
    uint32_t worker_id);
// Runs every workgroup of a dispatch on the calling thread, with
// |local_memory| as each workgroup's local memory.
iree_status_t iree_hal_local_executable_issue_dispatch_inline(
    iree_hal_local_executable_t* executable, iree_host_size_t ordinal,
    const iree_hal_executable_dispatch_state_v0_t* dispatch_state,
    uint32_t processor_id, iree_byte_span_t local_memory);

// An executable cache that asks |loaders| in order.
iree_status_t iree_hal_local_executable_cache_create(
    iree_string_view_t identifier, iree_host_size_t worker_capacity,
    iree_host_size_t loader_count, iree_hal_executable_loader_t** loaders,
    iree_allocator_t host_allocator,
    iree_hal_executable_cache_t** out_executable_cache);

//===----------------------------------------------------------------------===//
// Plugins
//===----------------------------------------------------------------------===//
// Executable plugins provide imports to libraries; the plugin manager holds
// them and the extra providers it was given, and resolves through all of them.

typedef struct iree_hal_executable_plugin_t iree_hal_executable_plugin_t;
typedef struct iree_hal_executable_plugin_header_t
    iree_hal_executable_plugin_header_t;
typedef uint32_t iree_hal_executable_plugin_features_t;
typedef iree_status_t (*iree_hal_executable_plugin_resolve_thunk_t)(
    void* fn_ptr, void* self, const void* params, uint32_t* out_resolution);

iree_status_t iree_hal_executable_plugin_initialize(
    const void* vtable, iree_hal_executable_plugin_features_t required_features,
    const iree_hal_executable_plugin_header_t** header_ptr,
    iree_host_size_t param_count, const iree_string_pair_t* params,
    iree_hal_executable_plugin_resolve_thunk_t resolve_thunk,
    iree_allocator_t host_allocator,
    iree_hal_executable_plugin_t* out_base_plugin);
void iree_hal_executable_plugin_retain(iree_hal_executable_plugin_t* plugin);
void iree_hal_executable_plugin_release(iree_hal_executable_plugin_t* plugin);
iree_hal_executable_import_provider_t iree_hal_executable_plugin_provider(
    iree_hal_executable_plugin_t* plugin);

iree_status_t iree_hal_executable_plugin_manager_register_plugin(
    iree_hal_executable_plugin_manager_t* manager,
    iree_hal_executable_plugin_t* plugin);
iree_status_t iree_hal_executable_plugin_manager_register_provider(
    iree_hal_executable_plugin_manager_t* manager,
    iree_hal_executable_import_provider_t provider);
iree_hal_executable_import_provider_t iree_hal_executable_plugin_manager_provider(
    iree_hal_executable_plugin_manager_t* manager);

#endif  // IREEC_DECLS_HAL_LOCAL_H_
