// Declarations of IREE's iree/hal/executable_cache.h: HAL executable caches,
// where a device turns executable data (an embedded ELF, a HSACO, ...) into
// executables, possibly caching the result.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_EXECUTABLE_CACHE_H_
#define IREEC_DECLS_IREE_HAL_EXECUTABLE_CACHE_H_

#include <stdbool.h>
#include <stdint.h>

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/loop.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/buffer.h"
#include "ireec/decls/iree/hal/executable.h"
#include "ireec/decls/iree/hal/queue.h"

enum iree_hal_executable_caching_mode_bits_t {
  IREE_HAL_EXECUTABLE_CACHING_MODE_ALIAS_PROVIDED_DATA = 0x1,
  IREE_HAL_EXECUTABLE_CACHING_MODE_ALLOW_PERSISTENT_CACHING = 0x2,
  IREE_HAL_EXECUTABLE_CACHING_MODE_ALLOW_OPTIMIZATION = 0x4,
  IREE_HAL_EXECUTABLE_CACHING_MODE_ENABLE_DEBUGGING = 0x8,
  IREE_HAL_EXECUTABLE_CACHING_MODE_ENABLE_COVERAGE = 0x10,
  IREE_HAL_EXECUTABLE_CACHING_MODE_ENABLE_PROFILING = 0x20,
  IREE_HAL_EXECUTABLE_CACHING_MODE_DISABLE_VERIFICATION = 0x40,
};

typedef uint32_t iree_hal_executable_caching_mode_t;

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

typedef struct iree_hal_executable_cache_t iree_hal_executable_cache_t;

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

typedef struct iree_hal_executable_cache_vtable_t iree_hal_executable_cache_vtable_t;

struct iree_hal_executable_cache_vtable_t {
  void (*destroy)(iree_hal_executable_cache_t* executable_cache);
  iree_status_t (*infer_format)(
      iree_hal_executable_cache_t* executable_cache,
      iree_hal_executable_caching_mode_t caching_mode,
      iree_const_byte_span_t executable_data,
      iree_host_size_t executable_format_capacity, char* executable_format,
      iree_host_size_t* out_inferred_size);
  bool (*can_prepare_format)(iree_hal_executable_cache_t* executable_cache,
                             iree_hal_executable_caching_mode_t caching_mode,
                             iree_string_view_t executable_format);
  iree_status_t (*prepare_executable)(
      iree_hal_executable_cache_t* executable_cache,
      const iree_hal_executable_params_t* executable_params,
      iree_hal_executable_t** out_executable);
};

// Destroys the executable cache: what its release does when the last reference
// goes. For implementations; everything else releases.
void iree_hal_executable_cache_destroy(iree_hal_executable_cache_t* executable_cache);

#endif  // IREEC_DECLS_IREE_HAL_EXECUTABLE_CACHE_H_
