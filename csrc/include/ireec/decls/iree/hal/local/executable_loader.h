// Declarations of IREE's iree/hal/local/executable_loader.h: CPU executable
// loaders, which turn executable data of the formats they support into local
// executables (implementations embed the base record first), and the import
// providers they resolve imports through: where a loader finds the functions a
// library imports (plugins, the runtime's own), one function and one context
// per symbol.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_LOCAL_EXECUTABLE_LOADER_H_
#define IREEC_DECLS_IREE_HAL_LOCAL_EXECUTABLE_LOADER_H_

#include <stdbool.h>
#include <stdint.h>

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/internal/atomics.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/executable.h"
#include "ireec/decls/iree/hal/executable_cache.h"

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

// IREE's static inline helper, exported by us.
iree_hal_executable_import_provider_t iree_hal_executable_import_provider_null(
    void);

iree_status_t iree_hal_executable_import_provider_try_resolve(
    const iree_hal_executable_import_provider_t import_provider,
    iree_host_size_t count, const char* const* symbol_names, void** out_fn_ptrs,
    void** out_fn_contexts,
    iree_hal_executable_import_resolution_t* out_resolution);

// IREE's static inline helper, exported by us.
bool iree_hal_executable_import_is_optional(const char* symbol_name);

typedef struct iree_hal_executable_loader_t iree_hal_executable_loader_t;

// Sets up the base record of a new loader (reference count 1).
void iree_hal_executable_loader_initialize(
    const void* vtable, iree_hal_executable_import_provider_t import_provider,
    iree_hal_executable_loader_t* out_base_loader);

void iree_hal_executable_loader_retain(
    iree_hal_executable_loader_t* executable_loader);
void iree_hal_executable_loader_release(
    iree_hal_executable_loader_t* executable_loader);
iree_status_t iree_hal_executable_loader_infer_format(
    iree_hal_executable_loader_t* executable_loader,
    iree_hal_executable_caching_mode_t caching_mode,
    iree_const_byte_span_t executable_data,
    iree_host_size_t executable_format_capacity,
    char* executable_format,
    iree_host_size_t* out_inferred_size);
bool iree_hal_executable_loader_query_support(
    iree_hal_executable_loader_t* executable_loader,
    iree_hal_executable_caching_mode_t caching_mode,
    iree_string_view_t executable_format);
bool iree_hal_query_any_executable_loader_support(
    iree_host_size_t loader_count,
    iree_hal_executable_loader_t**loaders,
    iree_hal_executable_caching_mode_t caching_mode,
    iree_string_view_t executable_format);

// Loads |executable_params| if this loader supports its format; fails with
// CANCELLED when it does not, so callers can try the next loader.
iree_status_t iree_hal_executable_loader_try_load(
    iree_hal_executable_loader_t* executable_loader,
    const iree_hal_executable_params_t* executable_params,
    iree_host_size_t worker_capacity, iree_hal_executable_t** out_executable);

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

#endif  // IREEC_DECLS_IREE_HAL_LOCAL_EXECUTABLE_LOADER_H_
