// Driver construction pieces the runtime exports: the local-task driver and device, the task executor and topology, the embedded-ELF and VMVX executable loaders, the plugin manager, and the HIP driver.
//
// Plain C declarations (no macros with arguments, no inline bodies) so that the
// same text is both C and the cffi cdef. Layouts and signatures are those of
// IREE at commit 0f64f41a0ae3; tests/test_abi_facts.py checks them.
#ifndef IREEC_DECLS_DRIVERS_H_
#define IREEC_DECLS_DRIVERS_H_

#include "ireec/decls/hal.h"
#include "ireec/decls/vm.h"

#define IREE_TASK_TOPOLOGY_GROUP_BIT_COUNT 64
#define IREE_TASK_TOPOLOGY_GROUP_MASK_ALL 0xffffffffffffffffull
#define IREE_TASK_TOPOLOGY_NODE_ID_ANY 0xffffffffu

enum iree_hal_executable_caching_mode_bits_t {
  IREE_HAL_EXECUTABLE_CACHING_MODE_ALIAS_PROVIDED_DATA = 0x1,
  IREE_HAL_EXECUTABLE_CACHING_MODE_ALLOW_PERSISTENT_CACHING = 0x2,
  IREE_HAL_EXECUTABLE_CACHING_MODE_ALLOW_OPTIMIZATION = 0x4,
  IREE_HAL_EXECUTABLE_CACHING_MODE_ENABLE_DEBUGGING = 0x8,
  IREE_HAL_EXECUTABLE_CACHING_MODE_ENABLE_COVERAGE = 0x10,
  IREE_HAL_EXECUTABLE_CACHING_MODE_ENABLE_PROFILING = 0x20,
  IREE_HAL_EXECUTABLE_CACHING_MODE_DISABLE_VERIFICATION = 0x40,
};

typedef enum iree_hal_hip_command_buffer_mode_e {
  IREE_HAL_HIP_COMMAND_BUFFER_MODE_GRAPH = 0,
  IREE_HAL_HIP_COMMAND_BUFFER_MODE_STREAM = 1,
} iree_hal_hip_command_buffer_mode_t;

enum iree_task_scheduling_mode_bits_t {
  IREE_TASK_SCHEDULING_MODE_RESERVED = 0x0,
};

enum iree_task_scope_flag_bits_e {
  IREE_TASK_SCOPE_FLAG_NONE = 0,
  IREE_TASK_SCOPE_FLAG_ABORT_ON_FAILURE = 1,
};

typedef enum iree_task_topology_distribution_e {
  IREE_TASK_TOPOLOGY_DISTRIBUTION_COMPACT = 0,
  IREE_TASK_TOPOLOGY_DISTRIBUTION_SCATTER = 1,
} iree_task_topology_distribution_t;

typedef enum iree_task_topology_performance_level_e {
  IREE_TASK_TOPOLOGY_PERFORMANCE_LEVEL_ANY = 0,
  IREE_TASK_TOPOLOGY_PERFORMANCE_LEVEL_LOW = 1,
  IREE_TASK_TOPOLOGY_PERFORMANCE_LEVEL_HIGH = 2,
} iree_task_topology_performance_level_t;

typedef uint32_t iree_hal_executable_caching_mode_t;
typedef uint32_t iree_task_scheduling_mode_t;
typedef uint32_t iree_task_topology_node_id_t;

typedef struct iree_hal_executable_loader_t iree_hal_executable_loader_t;
typedef struct iree_hal_executable_plugin_manager_t iree_hal_executable_plugin_manager_t;
typedef struct iree_hal_hip_device_params_t iree_hal_hip_device_params_t;
typedef struct iree_hal_hip_driver_options_t iree_hal_hip_driver_options_t;
typedef struct iree_hal_task_device_params_t iree_hal_task_device_params_t;
typedef struct iree_task_executor_options_t iree_task_executor_options_t;
typedef struct iree_task_executor_t iree_task_executor_t;
typedef struct iree_task_topology_t iree_task_topology_t;

struct iree_task_executor_options_t {
  iree_task_scheduling_mode_t scheduling_mode;
  iree_host_size_t worker_base_index;
  iree_duration_t worker_spin_ns;
  iree_host_size_t worker_stack_size;
  iree_host_size_t worker_local_memory_size;
};

// Value types callers place on their own stack (layouts from the facts).

typedef uint32_t iree_task_scope_flags_t;
typedef uint64_t iree_task_topology_group_mask_t;

typedef struct iree_hal_hip_memory_pool_params_t iree_hal_hip_memory_pool_params_t;
typedef struct iree_hal_hip_memory_pooling_params_t iree_hal_hip_memory_pooling_params_t;
typedef struct iree_task_topology_caches_t iree_task_topology_caches_t;
typedef struct iree_task_topology_group_t iree_task_topology_group_t;
typedef struct iree_thread_affinity_t iree_thread_affinity_t;

struct iree_hal_hip_memory_pool_params_t {
  uint64_t minimum_capacity;
  uint64_t release_threshold;
};

struct iree_hal_hip_memory_pooling_params_t {
  iree_hal_hip_memory_pool_params_t device_local;
  iree_hal_hip_memory_pool_params_t other;
};

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

struct iree_hal_hip_driver_options_t {
  int32_t default_device_index;
  iree_string_view_t* hip_lib_search_paths;
  iree_host_size_t hip_lib_search_path_count;
};

struct iree_hal_task_device_params_t {
  iree_host_size_t arena_block_size;
  iree_task_scope_flags_t queue_scope_flags;
};

struct iree_task_topology_caches_t {
  uint32_t l1_data;
  uint32_t l2_data;
  uint32_t l3_data;
};

struct iree_thread_affinity_t {
  uint32_t group_any : 1;
  uint32_t group : 8;
  uint32_t reserved : 23;
  uint32_t id_assigned : 1;
  uint32_t id : 30;
  uint32_t smt : 1;
};

struct iree_task_topology_group_t {
  uint8_t group_index;
  char name[31];
  uint32_t processor_index;
  iree_task_topology_caches_t caches;
  iree_thread_affinity_t ideal_thread_affinity;
  iree_task_topology_group_mask_t constructive_sharing_mask;
};

struct iree_task_topology_t {
  iree_host_size_t group_count;
  iree_task_topology_group_t groups[64];
};

iree_status_t iree_hal_embedded_elf_loader_create(
    iree_hal_executable_plugin_manager_t* plugin_manager,
    iree_allocator_t host_allocator,
    iree_hal_executable_loader_t**out_executable_loader);
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
void iree_hal_executable_loader_release(
    iree_hal_executable_loader_t* executable_loader);
void iree_hal_executable_loader_retain(
    iree_hal_executable_loader_t* executable_loader);
iree_status_t iree_hal_executable_plugin_manager_create(
    iree_host_size_t capacity,
    iree_allocator_t host_allocator,
    iree_hal_executable_plugin_manager_t**out_manager);
void iree_hal_executable_plugin_manager_release(
    iree_hal_executable_plugin_manager_t* manager);
void iree_hal_executable_plugin_manager_retain(
    iree_hal_executable_plugin_manager_t* manager);
void iree_hal_hip_device_params_initialize(
    iree_hal_hip_device_params_t* out_params);
iree_status_t iree_hal_hip_driver_create(
    iree_string_view_t identifier,
    const iree_hal_hip_driver_options_t* options,
    const iree_hal_hip_device_params_t* default_params,
    iree_allocator_t host_allocator,
    iree_hal_driver_t**out_driver);
void iree_hal_hip_driver_options_initialize(
    iree_hal_hip_driver_options_t* out_options);
bool iree_hal_query_any_executable_loader_support(
    iree_host_size_t loader_count,
    iree_hal_executable_loader_t**loaders,
    iree_hal_executable_caching_mode_t caching_mode,
    iree_string_view_t executable_format);
iree_status_t iree_hal_task_device_create(
    iree_string_view_t identifier,
    const iree_hal_task_device_params_t* params,
    iree_host_size_t queue_count,
    iree_task_executor_t* const* queue_executors,
    iree_host_size_t loader_count,
    iree_hal_executable_loader_t**loaders,
    iree_hal_allocator_t* device_allocator,
    iree_allocator_t host_allocator,
    iree_hal_device_t**out_device);
void iree_hal_task_device_params_initialize(
    iree_hal_task_device_params_t* out_params);
iree_status_t iree_hal_task_driver_create(
    iree_string_view_t identifier,
    const iree_hal_task_device_params_t* default_params,
    iree_host_size_t queue_count,
    iree_task_executor_t* const* queue_executors,
    iree_host_size_t loader_count,
    iree_hal_executable_loader_t**loaders,
    iree_hal_allocator_t* device_allocator,
    iree_allocator_t host_allocator,
    iree_hal_driver_t**out_driver);
iree_status_t iree_hal_vmvx_module_loader_create(
    iree_vm_instance_t* instance,
    iree_host_size_t user_module_count,
    iree_vm_module_t**user_modules,
    iree_allocator_t host_allocator,
    iree_hal_executable_loader_t**out_executable_loader);
iree_status_t iree_hal_vmvx_module_loader_create_isolated(
    iree_host_size_t user_module_count,
    iree_vm_module_t**user_modules,
    iree_allocator_t host_allocator,
    iree_hal_executable_loader_t**out_executable_loader);
iree_status_t iree_task_executor_create(
    iree_task_executor_options_t options,
    const iree_task_topology_t* topology,
    iree_allocator_t allocator,
    iree_task_executor_t**out_executor);
void iree_task_executor_options_initialize(
    iree_task_executor_options_t* out_options);
void iree_task_executor_release(iree_task_executor_t* executor);
void iree_task_executor_retain(iree_task_executor_t* executor);
void iree_task_executor_trim(iree_task_executor_t* executor);
iree_host_size_t iree_task_executor_worker_count(
    iree_task_executor_t* executor);
void iree_task_topology_deinitialize(iree_task_topology_t* topology);
bool iree_task_topology_format(
    const iree_task_topology_t* topology,
    iree_host_size_t buffer_capacity,
    char* buffer,
    iree_host_size_t* out_buffer_length);
iree_host_size_t iree_task_topology_group_capacity(
    const iree_task_topology_t* topology);
iree_host_size_t iree_task_topology_group_count(
    const iree_task_topology_t* topology);
void iree_task_topology_initialize(iree_task_topology_t* out_topology);
void iree_task_topology_initialize_from_group_count(
    iree_host_size_t group_count,
    iree_task_topology_t* out_topology);
iree_status_t iree_task_topology_initialize_from_logical_cpu_set(
    iree_host_size_t cpu_count,
    const uint32_t* cpu_ids,
    iree_task_topology_t* out_topology);
iree_status_t iree_task_topology_initialize_from_logical_cpu_set_string(
    iree_string_view_t cpu_id_set,
    iree_task_topology_t* out_topology);
iree_status_t iree_task_topology_initialize_from_physical_cores(
    iree_task_topology_node_id_t node_id,
    iree_task_topology_performance_level_t performance_level,
    iree_task_topology_distribution_t distribution,
    iree_host_size_t max_core_count,
    iree_task_topology_t* out_topology);
iree_status_t iree_task_topology_parse(
    iree_string_view_t value,
    iree_task_topology_t* out_topology);
iree_task_topology_node_id_t iree_task_topology_query_current_node(void);
iree_host_size_t iree_task_topology_query_node_count(void);

// ---------------------------------------------------------------------------
// ireec extensions: not part of IREE's API (hence the ireec_ prefix).
// ---------------------------------------------------------------------------

// How a CPU device URI parameter's value is written.
typedef enum ireec_hal_cpu_device_param_kind_e {
  // A non-negative integer (int32).
  IREEC_HAL_CPU_DEVICE_PARAM_KIND_INT = 0,
  // Text; most such parameters take one of a few words.
  IREEC_HAL_CPU_DEVICE_PARAM_KIND_STRING = 1,
  // true, false, 1 or 0 (empty is true).
  IREEC_HAL_CPU_DEVICE_PARAM_KIND_BOOL = 2,
  // Repeatable: each occurrence adds one value.
  IREEC_HAL_CPU_DEVICE_PARAM_KIND_LIST = 3,
} ireec_hal_cpu_device_param_kind_t;

// One URI query parameter of the CPU drivers' devices
// (`local-task://?topology_group_count=1`). Strings are static.
typedef struct ireec_hal_cpu_device_param_t {
  // The parameter's name.
  const char* name;
  ireec_hal_cpu_device_param_kind_t kind;
  // One of IREE's task system settings: iree-run-module's `--task_<name>`
  // flag, taken by local-task devices only. Otherwise ireec's own
  // (`memory`), taken by both CPU drivers.
  bool task_setting;
  // The value an unset parameter has, as text ("" for a list: none).
  const char* default_value;
  // What it sets, in one line.
  const char* description;
} ireec_hal_cpu_device_param_t;

// The parameters CPU device URIs take, in the order errors list them:
// copies up to |capacity| into |out_params| and sets |*out_count| to how many
// there are (OUT_OF_RANGE when |capacity| is smaller; |out_params| may then be
// NULL, to ask for the count).
iree_status_t ireec_hal_cpu_device_params_query(
    iree_host_size_t capacity,
    ireec_hal_cpu_device_param_t* out_params,
    iree_host_size_t* out_count);

#endif  // IREEC_DECLS_DRIVERS_H_
