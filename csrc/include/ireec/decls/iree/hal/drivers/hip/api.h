// Declarations of IREE's iree/hal/drivers/hip/api.h: the HIP (AMD GPU) HAL
// driver and its options.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_DRIVERS_HIP_API_H_
#define IREEC_DECLS_IREE_HAL_DRIVERS_HIP_API_H_

#include <stdbool.h>
#include <stdint.h>

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/driver.h"

typedef enum iree_hal_hip_command_buffer_mode_e {
  IREE_HAL_HIP_COMMAND_BUFFER_MODE_GRAPH = 0,
  IREE_HAL_HIP_COMMAND_BUFFER_MODE_STREAM = 1,
} iree_hal_hip_command_buffer_mode_t;

typedef struct iree_hal_hip_memory_pool_params_t iree_hal_hip_memory_pool_params_t;

struct iree_hal_hip_memory_pool_params_t {
  uint64_t minimum_capacity;
  uint64_t release_threshold;
};

typedef struct iree_hal_hip_memory_pooling_params_t iree_hal_hip_memory_pooling_params_t;

struct iree_hal_hip_memory_pooling_params_t {
  iree_hal_hip_memory_pool_params_t device_local;
  iree_hal_hip_memory_pool_params_t other;
};

typedef struct iree_hal_hip_device_params_t iree_hal_hip_device_params_t;

struct iree_hal_hip_device_params_t {
  iree_host_size_t queue_count;
  iree_host_size_t arena_block_size;
  iree_host_size_t event_pool_capacity;
  iree_hal_hip_command_buffer_mode_t command_buffer_mode;
  int32_t stream_tracing;
  bool async_allocations;
  iree_device_size_t file_transfer_buffer_size;
  iree_device_size_t file_transfer_chunk_size;
  iree_hal_hip_memory_pooling_params_t memory_pools;
  bool allow_inline_execution;
  bool async_caching;
  uint64_t external_stream;
};

void iree_hal_hip_device_params_initialize(
    iree_hal_hip_device_params_t* out_params);

typedef struct iree_hal_hip_driver_options_t iree_hal_hip_driver_options_t;

struct iree_hal_hip_driver_options_t {
  int32_t default_device_index;
  iree_string_view_t* hip_lib_search_paths;
  iree_host_size_t hip_lib_search_path_count;
};

void iree_hal_hip_driver_options_initialize(
    iree_hal_hip_driver_options_t* out_options);
iree_status_t iree_hal_hip_driver_create(
    iree_string_view_t identifier,
    const iree_hal_hip_driver_options_t* options,
    const iree_hal_hip_device_params_t* default_params,
    iree_allocator_t host_allocator,
    iree_hal_driver_t**out_driver);

#endif  // IREEC_DECLS_IREE_HAL_DRIVERS_HIP_API_H_
