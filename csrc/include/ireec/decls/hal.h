// IREE HAL: allocators, buffers, buffer views, devices, drivers, semaphores, fences, command buffers, files, string formatting.
//
// Plain C declarations (no macros with arguments, no inline bodies) so that the
// same text is both C and the cffi cdef. Layouts and signatures are those of
// IREE at commit 0f64f41a0ae3; tests/test_abi_facts.py checks them.
#ifndef IREEC_DECLS_HAL_H_
#define IREEC_DECLS_HAL_H_

#include "ireec/decls/base.h"

#define IREE_HAL_WHOLE_BUFFER 0xffffffffffffffffull
#define IREE_HAL_DEVICE_ID_DEFAULT 0
#define IREE_HAL_MAX_QUEUES 64
#define IREE_HAL_QUEUE_AFFINITY_ANY 0xffffffffffffffffull
#define IREE_HAL_SEMAPHORE_FAILURE_VALUE 2147483647
#define IREE_HAL_SEMAPHORE_FAILURE_VALUE_STATUS_BIT 0x8000000000000000ull
#define IREE_HAL_SEMAPHORE_MAX_VALUE 2147483646
#define IREE_HAL_HEAP_BUFFER_ALIGNMENT 64
#define IREE_HAL_COMMAND_BUFFER_MAX_UPDATE_SIZE 65536

enum iree_hal_access_scope_bits_t {
  IREE_HAL_ACCESS_SCOPE_INDIRECT_COMMAND_READ = 0x1,
  IREE_HAL_ACCESS_SCOPE_CONSTANT_READ = 0x2,
  IREE_HAL_ACCESS_SCOPE_DISPATCH_READ = 0x4,
  IREE_HAL_ACCESS_SCOPE_DISPATCH_WRITE = 0x8,
  IREE_HAL_ACCESS_SCOPE_TRANSFER_READ = 0x10,
  IREE_HAL_ACCESS_SCOPE_TRANSFER_WRITE = 0x20,
  IREE_HAL_ACCESS_SCOPE_HOST_READ = 0x40,
  IREE_HAL_ACCESS_SCOPE_HOST_WRITE = 0x80,
  IREE_HAL_ACCESS_SCOPE_MEMORY_READ = 0x100,
  IREE_HAL_ACCESS_SCOPE_MEMORY_WRITE = 0x200,
};

enum iree_hal_alloca_flag_bits_t {
  IREE_HAL_ALLOCA_FLAG_NONE = 0x0,
  IREE_HAL_ALLOCA_FLAG_INDETERMINATE_LIFETIME = 0x1,
};

enum iree_hal_allocator_pool_bits_t {
  IREE_HAL_ALLOCATOR_POOL_DEFAULT = 0x0,
};

enum iree_hal_buffer_compatibility_bits_t {
  IREE_HAL_BUFFER_COMPATIBILITY_NONE = 0x0,
  IREE_HAL_BUFFER_COMPATIBILITY_ALLOCATABLE = 0x1,
  IREE_HAL_BUFFER_COMPATIBILITY_IMPORTABLE = 0x2,
  IREE_HAL_BUFFER_COMPATIBILITY_EXPORTABLE = 0x4,
  IREE_HAL_BUFFER_COMPATIBILITY_QUEUE_TRANSFER = 0x400,
  IREE_HAL_BUFFER_COMPATIBILITY_QUEUE_DISPATCH = 0x800,
  IREE_HAL_BUFFER_COMPATIBILITY_LOW_PERFORMANCE = 0x100000,
};

typedef enum iree_hal_buffer_overlap_e {
  IREE_HAL_BUFFER_OVERLAP_DISJOINT = 0,
  IREE_HAL_BUFFER_OVERLAP_PARTIAL = 1,
  IREE_HAL_BUFFER_OVERLAP_COMPLETE = 2,
} iree_hal_buffer_overlap_t;

enum iree_hal_buffer_placement_flag_bits_t {
  IREE_HAL_BUFFER_PLACEMENT_FLAG_NONE = 0x0,
  IREE_HAL_BUFFER_PLACEMENT_FLAG_ASYNCHRONOUS = 0x1,
  IREE_HAL_BUFFER_PLACEMENT_FLAG_INDETERMINATE_LIFETIME = 0x2,
};

enum iree_hal_buffer_usage_bits_t {
  IREE_HAL_BUFFER_USAGE_NONE = 0x0,
  IREE_HAL_BUFFER_USAGE_TRANSFER_SOURCE = 0x1,
  IREE_HAL_BUFFER_USAGE_TRANSFER_TARGET = 0x2,
  IREE_HAL_BUFFER_USAGE_TRANSFER = 0x3,
  IREE_HAL_BUFFER_USAGE_DISPATCH_INDIRECT_PARAMETERS = 0x100,
  IREE_HAL_BUFFER_USAGE_DISPATCH_UNIFORM_READ = 0x200,
  IREE_HAL_BUFFER_USAGE_DISPATCH_STORAGE_READ = 0x400,
  IREE_HAL_BUFFER_USAGE_DISPATCH_STORAGE_WRITE = 0x800,
  IREE_HAL_BUFFER_USAGE_DISPATCH_STORAGE = 0xc00,
  IREE_HAL_BUFFER_USAGE_DEFAULT = 0xc03,
  IREE_HAL_BUFFER_USAGE_DISPATCH_IMAGE_READ = 0x1000,
  IREE_HAL_BUFFER_USAGE_DISPATCH_IMAGE_WRITE = 0x2000,
  IREE_HAL_BUFFER_USAGE_DISPATCH_IMAGE = 0x3000,
  IREE_HAL_BUFFER_USAGE_DISPATCH = 0x3f00,
  IREE_HAL_BUFFER_USAGE_SHARING_EXPORT = 0x10000,
  IREE_HAL_BUFFER_USAGE_SHARING_REPLICATE = 0x20000,
  IREE_HAL_BUFFER_USAGE_SHARING_CONCURRENT = 0x40000,
  IREE_HAL_BUFFER_USAGE_SHARING_IMMUTABLE = 0x80000,
  IREE_HAL_BUFFER_USAGE_MAPPING_SCOPED = 0x1000000,
  IREE_HAL_BUFFER_USAGE_MAPPING_PERSISTENT = 0x2000000,
  IREE_HAL_BUFFER_USAGE_MAPPING_OPTIONAL = 0x4000000,
  IREE_HAL_BUFFER_USAGE_MAPPING_ACCESS_RANDOM = 0x8000000,
  IREE_HAL_BUFFER_USAGE_MAPPING = 0x9000000,
  IREE_HAL_BUFFER_USAGE_MAPPING_ACCESS_SEQUENTIAL_WRITE = 0x10000000,
};

enum iree_hal_channel_flag_bits_t {
  IREE_HAL_CHANNEL_FLAG_NONE = 0x0,
};

enum iree_hal_collective_element_type_e {
  IREE_HAL_COLLECTIVE_ELEMENT_TYPE_SINT_8 = 0,
  IREE_HAL_COLLECTIVE_ELEMENT_TYPE_UINT_8 = 1,
  IREE_HAL_COLLECTIVE_ELEMENT_TYPE_SINT_16 = 2,
  IREE_HAL_COLLECTIVE_ELEMENT_TYPE_UINT_16 = 3,
  IREE_HAL_COLLECTIVE_ELEMENT_TYPE_SINT_32 = 4,
  IREE_HAL_COLLECTIVE_ELEMENT_TYPE_UINT_32 = 5,
  IREE_HAL_COLLECTIVE_ELEMENT_TYPE_SINT_64 = 6,
  IREE_HAL_COLLECTIVE_ELEMENT_TYPE_UINT_64 = 7,
  IREE_HAL_COLLECTIVE_ELEMENT_TYPE_FLOAT_16 = 8,
  IREE_HAL_COLLECTIVE_ELEMENT_TYPE_FLOAT_32 = 9,
  IREE_HAL_COLLECTIVE_ELEMENT_TYPE_FLOAT_64 = 10,
  IREE_HAL_COLLECTIVE_ELEMENT_TYPE_BFLOAT_16 = 11,
  IREE_HAL_COLLECTIVE_ELEMENT_TYPE_MAX_VALUE = 11,
};

enum iree_hal_collective_kind_e {
  IREE_HAL_COLLECTIVE_KIND_ALL_GATHER = 0,
  IREE_HAL_COLLECTIVE_KIND_ALL_REDUCE = 1,
  IREE_HAL_COLLECTIVE_KIND_ALL_TO_ALL = 2,
  IREE_HAL_COLLECTIVE_KIND_BROADCAST = 3,
  IREE_HAL_COLLECTIVE_KIND_REDUCE = 4,
  IREE_HAL_COLLECTIVE_KIND_REDUCE_SCATTER = 5,
  IREE_HAL_COLLECTIVE_KIND_SEND = 6,
  IREE_HAL_COLLECTIVE_KIND_RECV = 7,
  IREE_HAL_COLLECTIVE_KIND_MAX_VALUE = 8,
  IREE_HAL_COLLECTIVE_KIND_SEND_RECV = 8,
};

enum iree_hal_collective_reduction_e {
  IREE_HAL_COLLECTIVE_REDUCTION_NONE = 0,
  IREE_HAL_COLLECTIVE_REDUCTION_SUM = 1,
  IREE_HAL_COLLECTIVE_REDUCTION_PRODUCT = 2,
  IREE_HAL_COLLECTIVE_REDUCTION_MINIMUM = 3,
  IREE_HAL_COLLECTIVE_REDUCTION_MAXIMUM = 4,
  IREE_HAL_COLLECTIVE_REDUCTION_AVERAGE = 5,
  IREE_HAL_COLLECTIVE_REDUCTION_MAX_VALUE = 5,
};

enum iree_hal_command_buffer_mode_bits_t {
  IREE_HAL_COMMAND_BUFFER_MODE_DEFAULT = 0x0,
  IREE_HAL_COMMAND_BUFFER_MODE_ONE_SHOT = 0x1,
  IREE_HAL_COMMAND_BUFFER_MODE_ALLOW_INLINE_EXECUTION = 0x10,
  IREE_HAL_COMMAND_BUFFER_MODE_UNVALIDATED = 0x20,
  IREE_HAL_COMMAND_BUFFER_MODE_UNRETAINED = 0x40,
};

enum iree_hal_command_category_bits_t {
  IREE_HAL_COMMAND_CATEGORY_TRANSFER = 0x1,
  IREE_HAL_COMMAND_CATEGORY_DISPATCH = 0x2,
  IREE_HAL_COMMAND_CATEGORY_ANY = 0x3,
};

enum iree_hal_copy_flag_bits_t {
  IREE_HAL_COPY_FLAG_NONE = 0x0,
};

enum iree_hal_dealloca_flag_bits_t {
  IREE_HAL_DEALLOCA_FLAG_NONE = 0x0,
  IREE_HAL_DEALLOCA_FLAG_PREFER_ORIGIN = 0x1,
};

enum iree_hal_device_feature_bits_t {
  IREE_HAL_DEVICE_FEATURE_NONE = 0x0,
  IREE_HAL_DEVICE_FEATURE_SUPPORTS_DEBUGGING = 0x1,
  IREE_HAL_DEVICE_FEATURE_SUPPORTS_COVERAGE = 0x2,
  IREE_HAL_DEVICE_FEATURE_SUPPORTS_PROFILING = 0x4,
};

enum iree_hal_device_profiling_mode_bits_t {
  IREE_HAL_DEVICE_PROFILING_MODE_NONE = 0x0,
  IREE_HAL_DEVICE_PROFILING_MODE_QUEUE_OPERATIONS = 0x1,
  IREE_HAL_DEVICE_PROFILING_MODE_DISPATCH_COUNTERS = 0x2,
  IREE_HAL_DEVICE_PROFILING_MODE_EXECUTABLE_COUNTERS = 0x4,
};

enum iree_hal_dispatch_flag_bits_t {
  IREE_HAL_DISPATCH_FLAG_NONE = 0x0,
  IREE_HAL_DISPATCH_FLAG_DYNAMIC_INDIRECT_PARAMETERS = 0x1,
  IREE_HAL_DISPATCH_FLAG_STATIC_INDIRECT_PARAMETERS = 0x2,
  IREE_HAL_DISPATCH_FLAG_CUSTOM_DIRECT_ARGUMENTS = 0x4,
  IREE_HAL_DISPATCH_FLAG_DYNAMIC_INDIRECT_ARGUMENTS = 0x8,
  IREE_HAL_DISPATCH_FLAG_STATIC_INDIRECT_ARGUMENTS = 0x10,
};

enum iree_hal_element_types_t {
  IREE_HAL_ELEMENT_TYPE_NONE = 0,
  IREE_HAL_ELEMENT_TYPE_OPAQUE_8 = 8,
  IREE_HAL_ELEMENT_TYPE_OPAQUE_16 = 16,
  IREE_HAL_ELEMENT_TYPE_OPAQUE_32 = 32,
  IREE_HAL_ELEMENT_TYPE_OPAQUE_64 = 64,
  IREE_HAL_ELEMENT_TYPE_INT_4 = 268435460,
  IREE_HAL_ELEMENT_TYPE_INT_8 = 268435464,
  IREE_HAL_ELEMENT_TYPE_INT_16 = 268435472,
  IREE_HAL_ELEMENT_TYPE_INT_32 = 268435488,
  IREE_HAL_ELEMENT_TYPE_INT_64 = 268435520,
  IREE_HAL_ELEMENT_TYPE_SINT_4 = 285212676,
  IREE_HAL_ELEMENT_TYPE_SINT_8 = 285212680,
  IREE_HAL_ELEMENT_TYPE_SINT_16 = 285212688,
  IREE_HAL_ELEMENT_TYPE_SINT_32 = 285212704,
  IREE_HAL_ELEMENT_TYPE_SINT_64 = 285212736,
  IREE_HAL_ELEMENT_TYPE_UINT_4 = 301989892,
  IREE_HAL_ELEMENT_TYPE_UINT_8 = 301989896,
  IREE_HAL_ELEMENT_TYPE_UINT_16 = 301989904,
  IREE_HAL_ELEMENT_TYPE_UINT_32 = 301989920,
  IREE_HAL_ELEMENT_TYPE_UINT_64 = 301989952,
  IREE_HAL_ELEMENT_TYPE_BOOL_8 = 318767112,
  IREE_HAL_ELEMENT_TYPE_FLOAT_16 = 553648144,
  IREE_HAL_ELEMENT_TYPE_FLOAT_32 = 553648160,
  IREE_HAL_ELEMENT_TYPE_FLOAT_64 = 553648192,
  IREE_HAL_ELEMENT_TYPE_BFLOAT_16 = 570425360,
  IREE_HAL_ELEMENT_TYPE_COMPLEX_FLOAT_64 = 587202624,
  IREE_HAL_ELEMENT_TYPE_COMPLEX_FLOAT_128 = 587202688,
  IREE_HAL_ELEMENT_TYPE_FLOAT_8_E5M2 = 603979784,
  IREE_HAL_ELEMENT_TYPE_FLOAT_8_E4M3_FN = 620757000,
  IREE_HAL_ELEMENT_TYPE_FLOAT_8_E5M2_FNUZ = 637534216,
  IREE_HAL_ELEMENT_TYPE_FLOAT_8_E4M3_FNUZ = 654311432,
  IREE_HAL_ELEMENT_TYPE_FLOAT_8_E8M0_FNU = 671088648,
};

enum iree_hal_encoding_types_t {
  IREE_HAL_ENCODING_TYPE_OPAQUE = 0,
  IREE_HAL_ENCODING_TYPE_DENSE_ROW_MAJOR = 1,
};

enum iree_hal_event_flag_bits_t {
  IREE_HAL_EVENT_FLAG_NONE = 0x0,
};

enum iree_hal_executable_export_flag_bits_e {
  IREE_HAL_EXECUTABLE_EXPORT_FLAG_NONE = 0x0,
  IREE_HAL_EXECUTABLE_EXPORT_FLAG_SEQUENTIAL = 0x1,
  IREE_HAL_EXECUTABLE_EXPORT_FLAG_WORKGROUP_SIZE_DYNAMIC = 0x2,
};

enum iree_hal_executable_export_parameter_flag_bits_e {
  IREE_HAL_EXECUTABLE_EXPORT_PARAMETER_FLAG_NONE = 0x0,
};

enum iree_hal_executable_export_parameter_type_e {
  IREE_HAL_EXECUTABLE_EXPORT_PARAMETER_TYPE_CONSTANT = 0,
  IREE_HAL_EXECUTABLE_EXPORT_PARAMETER_TYPE_BINDING = 1,
  IREE_HAL_EXECUTABLE_EXPORT_PARAMETER_TYPE_BUFFER_PTR = 2,
};

enum iree_hal_execute_flag_bits_t {
  IREE_HAL_EXECUTE_FLAG_NONE = 0x0,
};

enum iree_hal_execution_barrier_flag_bits_t {
  IREE_HAL_EXECUTION_BARRIER_FLAG_NONE = 0x0,
};

enum iree_hal_execution_stage_bits_t {
  IREE_HAL_EXECUTION_STAGE_COMMAND_ISSUE = 0x1,
  IREE_HAL_EXECUTION_STAGE_COMMAND_PROCESS = 0x2,
  IREE_HAL_EXECUTION_STAGE_DISPATCH = 0x4,
  IREE_HAL_EXECUTION_STAGE_TRANSFER = 0x8,
  IREE_HAL_EXECUTION_STAGE_COMMAND_RETIRE = 0x10,
  IREE_HAL_EXECUTION_STAGE_HOST = 0x20,
};

enum iree_hal_external_buffer_flag_bits_t {
  IREE_HAL_EXTERNAL_BUFFER_FLAG_NONE = 0x0,
};

typedef enum iree_hal_external_buffer_type_e {
  IREE_HAL_EXTERNAL_BUFFER_TYPE_NONE = 0,
  IREE_HAL_EXTERNAL_BUFFER_TYPE_HOST_ALLOCATION = 1,
  IREE_HAL_EXTERNAL_BUFFER_TYPE_DEVICE_ALLOCATION = 2,
  IREE_HAL_EXTERNAL_BUFFER_TYPE_OPAQUE_FD = 3,
  IREE_HAL_EXTERNAL_BUFFER_TYPE_OPAQUE_WIN32 = 4,
} iree_hal_external_buffer_type_t;

enum iree_hal_external_file_flag_bits_t {
  IREE_HAL_EXTERNAL_FILE_FLAG_NONE = 0x0,
};

enum iree_hal_external_timepoint_flag_bits_t {
  IREE_HAL_EXTERNAL_TIMEPOINT_FLAG_NONE = 0x0,
};

typedef enum iree_hal_external_timepoint_type_e {
  IREE_HAL_EXTERNAL_TIMEPOINT_TYPE_NONE = 0,
  IREE_HAL_EXTERNAL_TIMEPOINT_TYPE_WAIT_PRIMITIVE = 1,
  IREE_HAL_EXTERNAL_TIMEPOINT_TYPE_CUDA_EVENT = 2,
  IREE_HAL_EXTERNAL_TIMEPOINT_TYPE_HIP_EVENT = 3,
} iree_hal_external_timepoint_type_t;

enum iree_hal_file_mode_bits_t {
  IREE_HAL_FILE_MODE_OPEN = 0x1,
};

enum iree_hal_fill_flag_bits_t {
  IREE_HAL_FILL_FLAG_NONE = 0x0,
};

enum iree_hal_host_call_flag_bits_e {
  IREE_HAL_HOST_CALL_FLAG_NONE = 0x0,
  IREE_HAL_HOST_CALL_FLAG_NON_BLOCKING = 0x1,
  IREE_HAL_HOST_CALL_FLAG_WAIT_ACTIVE = 0x2,
  IREE_HAL_HOST_CALL_FLAG_RELAXED = 0x4,
};

enum iree_hal_mapping_mode_bits_t {
  IREE_HAL_MAPPING_MODE_SCOPED = 0x1,
  IREE_HAL_MAPPING_MODE_PERSISTENT = 0x2,
};

enum iree_hal_memory_access_bits_t {
  IREE_HAL_MEMORY_ACCESS_NONE = 0x0,
  IREE_HAL_MEMORY_ACCESS_READ = 0x1,
  IREE_HAL_MEMORY_ACCESS_WRITE = 0x2,
  IREE_HAL_MEMORY_ACCESS_DISCARD = 0x4,
  IREE_HAL_MEMORY_ACCESS_DISCARD_WRITE = 0x6,
  IREE_HAL_MEMORY_ACCESS_ALL = 0x7,
  IREE_HAL_MEMORY_ACCESS_MAY_ALIAS = 0x8,
  IREE_HAL_MEMORY_ACCESS_UNALIGNED = 0x10,
  IREE_HAL_MEMORY_ACCESS_ANY = 0x20,
};

enum iree_hal_memory_advice_bits_t {
  IREE_HAL_MEMORY_ADVICE_NORMAL = 0x0,
  IREE_HAL_MEMORY_ADVICE_WILL_NEED = 0x1,
  IREE_HAL_MEMORY_ADVICE_DONT_NEED = 0x2,
};

enum iree_hal_memory_advise_flag_bits_t {
  IREE_HAL_MEMORY_ADVISE_FLAG_NONE = 0x0,
};

enum iree_hal_memory_protection_bits_t {
  IREE_HAL_MEMORY_PROTECTION_NONE = 0x0,
  IREE_HAL_MEMORY_PROTECTION_READ = 0x1,
  IREE_HAL_MEMORY_PROTECTION_WRITE = 0x2,
  IREE_HAL_MEMORY_PROTECTION_READ_WRITE = 0x3,
};

enum iree_hal_memory_type_bits_t {
  IREE_HAL_MEMORY_TYPE_NONE = 0x0,
  IREE_HAL_MEMORY_TYPE_OPTIMAL = 0x1,
  IREE_HAL_MEMORY_TYPE_HOST_VISIBLE = 0x2,
  IREE_HAL_MEMORY_TYPE_HOST_COHERENT = 0x4,
  IREE_HAL_MEMORY_TYPE_HOST_CACHED = 0x8,
  IREE_HAL_MEMORY_TYPE_DEVICE_VISIBLE = 0x10,
  IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL = 0x30,
  IREE_HAL_MEMORY_TYPE_OPTIMAL_FOR_DEVICE = 0x31,
  IREE_HAL_MEMORY_TYPE_HOST_LOCAL = 0x46,
  IREE_HAL_MEMORY_TYPE_OPTIMAL_FOR_HOST = 0x47,
};

enum iree_hal_numerical_type_bits_t {
  IREE_HAL_NUMERICAL_TYPE_UNKNOWN = 0x0,
  IREE_HAL_NUMERICAL_TYPE_INTEGER = 0x10,
  IREE_HAL_NUMERICAL_TYPE_INTEGER_SIGNED = 0x11,
  IREE_HAL_NUMERICAL_TYPE_INTEGER_UNSIGNED = 0x12,
  IREE_HAL_NUMERICAL_TYPE_BOOLEAN = 0x13,
  IREE_HAL_NUMERICAL_TYPE_FLOAT = 0x20,
  IREE_HAL_NUMERICAL_TYPE_FLOAT_IEEE = 0x21,
  IREE_HAL_NUMERICAL_TYPE_FLOAT_BRAIN = 0x22,
  IREE_HAL_NUMERICAL_TYPE_FLOAT_COMPLEX = 0x23,
  IREE_HAL_NUMERICAL_TYPE_FLOAT_8_E5M2 = 0x24,
  IREE_HAL_NUMERICAL_TYPE_FLOAT_8_E4M3FN = 0x25,
  IREE_HAL_NUMERICAL_TYPE_FLOAT_8_E5M2_FNUZ = 0x26,
  IREE_HAL_NUMERICAL_TYPE_FLOAT_8_E4M3_FNUZ = 0x27,
  IREE_HAL_NUMERICAL_TYPE_FLOAT_8_E8M0_FNU = 0x28,
};

enum iree_hal_read_flag_bits_t {
  IREE_HAL_READ_FLAG_NONE = 0x0,
};

enum iree_hal_semaphore_compatibility_bits_t {
  IREE_HAL_SEMAPHORE_COMPATIBILITY_NONE = 0x0,
  IREE_HAL_SEMAPHORE_COMPATIBILITY_HOST_WAIT = 0x1,
  IREE_HAL_SEMAPHORE_COMPATIBILITY_DEVICE_WAIT = 0x2,
  IREE_HAL_SEMAPHORE_COMPATIBILITY_HOST_SIGNAL = 0x4,
  IREE_HAL_SEMAPHORE_COMPATIBILITY_HOST_ONLY = 0x5,
  IREE_HAL_SEMAPHORE_COMPATIBILITY_DEVICE_SIGNAL = 0x8,
  IREE_HAL_SEMAPHORE_COMPATIBILITY_DEVICE_ONLY = 0xa,
  IREE_HAL_SEMAPHORE_COMPATIBILITY_ALL = 0xf,
};

enum iree_hal_semaphore_flag_bits_t {
  IREE_HAL_SEMAPHORE_FLAG_NONE = 0x0,
  IREE_HAL_SEMAPHORE_FLAG_DEVICE_LOCAL = 0x1,
  IREE_HAL_SEMAPHORE_FLAG_HOST_INTERRUPT = 0x4,
  IREE_HAL_SEMAPHORE_FLAG_EXPORTABLE = 0x8,
  IREE_HAL_SEMAPHORE_FLAG_EXPORTABLE_TIMEPOINTS = 0x8,
  IREE_HAL_SEMAPHORE_FLAG_DEFAULT = 0xc,
};

enum iree_hal_transfer_buffer_flag_bits_t {
  IREE_HAL_TRANSFER_BUFFER_FLAG_DEFAULT = 0x0,
};

typedef enum iree_hal_transfer_command_type_t {
  IREE_HAL_TRANSFER_COMMAND_TYPE_FILL = 0,
  IREE_HAL_TRANSFER_COMMAND_TYPE_UPDATE = 1,
  IREE_HAL_TRANSFER_COMMAND_TYPE_COPY = 2,
} iree_hal_transfer_command_type_t;

enum iree_hal_update_flag_bits_t {
  IREE_HAL_UPDATE_FLAG_NONE = 0x0,
};

enum iree_hal_wait_flag_bits_e {
  IREE_HAL_WAIT_FLAG_DEFAULT = 0x0,
  IREE_HAL_WAIT_FLAG_ACTIVE = 0x1,
};

typedef enum iree_hal_wait_mode_e {
  IREE_HAL_WAIT_MODE_ALL = 0,
  IREE_HAL_WAIT_MODE_ANY = 1,
} iree_hal_wait_mode_t;

enum iree_hal_write_flag_bits_t {
  IREE_HAL_WRITE_FLAG_NONE = 0x0,
};

enum iree_wait_primitive_type_bits_t {
  IREE_WAIT_PRIMITIVE_TYPE_NONE = 0x0,
  IREE_WAIT_PRIMITIVE_TYPE_EVENT_FD = 0x1,
  IREE_WAIT_PRIMITIVE_TYPE_SYNC_FILE = 0x2,
  IREE_WAIT_PRIMITIVE_TYPE_PIPE = 0x3,
  IREE_WAIT_PRIMITIVE_TYPE_WIN32_HANDLE = 0x4,
  IREE_WAIT_PRIMITIVE_TYPE_LOCAL_FUTEX = 0x5,
  IREE_WAIT_PRIMITIVE_TYPE_JAVASCRIPT_PROMISE = 0x6,
  IREE_WAIT_PRIMITIVE_TYPE_ANY = 0xff,
};

typedef enum iree_wait_source_command_e {
  IREE_WAIT_SOURCE_COMMAND_QUERY = 0,
  IREE_WAIT_SOURCE_COMMAND_WAIT_ONE = 1,
  IREE_WAIT_SOURCE_COMMAND_EXPORT = 2,
} iree_wait_source_command_t;

typedef uint64_t iree_hal_alloca_flags_t;
typedef uint32_t iree_hal_allocator_pool_t;
typedef uint32_t iree_hal_buffer_compatibility_t;
typedef uint32_t iree_hal_buffer_placement_flags_t;
typedef uint32_t iree_hal_buffer_usage_t;
typedef uint32_t iree_hal_command_buffer_mode_t;
typedef uint32_t iree_hal_command_category_t;
typedef uint64_t iree_hal_copy_flags_t;
typedef uint64_t iree_hal_dealloca_flags_t;
typedef uint64_t iree_hal_device_id_t;
typedef uint64_t iree_hal_dim_t;
typedef uint32_t iree_hal_element_type_t;
typedef uint32_t iree_hal_encoding_type_t;
typedef uint32_t iree_hal_event_flags_t;
typedef uint64_t iree_hal_execute_flags_t;
typedef uint64_t iree_hal_execution_barrier_flags_t;
typedef uint32_t iree_hal_execution_stage_t;
typedef uint32_t iree_hal_external_buffer_flags_t;
typedef uint32_t iree_hal_external_file_flags_t;
typedef uint32_t iree_hal_external_timepoint_flags_t;
typedef uint64_t iree_hal_fill_flags_t;
typedef uint32_t iree_hal_mapping_mode_t;
typedef uint16_t iree_hal_memory_access_t;
typedef uint64_t iree_hal_memory_advice_t;
typedef uint64_t iree_hal_memory_advise_flags_t;
typedef uint64_t iree_hal_memory_protection_t;
typedef uint32_t iree_hal_memory_type_t;
typedef uint8_t iree_hal_numerical_type_t;
typedef uint64_t iree_hal_queue_affinity_t;
typedef uint64_t iree_hal_read_flags_t;
typedef uint32_t iree_hal_semaphore_compatibility_t;
typedef uint64_t iree_hal_semaphore_flags_t;
typedef uint32_t iree_hal_transfer_buffer_flags_t;
typedef uint64_t iree_hal_update_flags_t;
typedef uint64_t iree_hal_wait_flags_t;
typedef uint64_t iree_hal_write_flags_t;
typedef uint8_t iree_wait_primitive_type_t;

typedef struct iree_hal_allocator_memory_heap_t iree_hal_allocator_memory_heap_t;
typedef struct iree_hal_allocator_statistics_t iree_hal_allocator_statistics_t;
typedef struct iree_hal_allocator_t iree_hal_allocator_t;
typedef struct iree_hal_buffer_barrier_t iree_hal_buffer_barrier_t;
typedef struct iree_hal_buffer_binding_t iree_hal_buffer_binding_t;
typedef struct iree_hal_buffer_binding_table_t iree_hal_buffer_binding_table_t;
typedef struct iree_hal_buffer_mapping_t iree_hal_buffer_mapping_t;
typedef struct iree_hal_buffer_params_t iree_hal_buffer_params_t;
typedef struct iree_hal_buffer_placement_t iree_hal_buffer_placement_t;
typedef struct iree_hal_buffer_ref_t iree_hal_buffer_ref_t;
typedef struct iree_hal_buffer_t iree_hal_buffer_t;
typedef struct iree_hal_buffer_view_t iree_hal_buffer_view_t;
typedef struct iree_hal_command_buffer_t iree_hal_command_buffer_t;
typedef struct iree_hal_device_info_t iree_hal_device_info_t;
typedef struct iree_hal_device_list_t iree_hal_device_list_t;
typedef struct iree_hal_device_profiling_options_t iree_hal_device_profiling_options_t;
typedef struct iree_hal_device_t iree_hal_device_t;
typedef struct iree_hal_driver_t iree_hal_driver_t;
typedef struct iree_hal_event_t iree_hal_event_t;
typedef struct iree_hal_external_buffer_t iree_hal_external_buffer_t;
typedef struct iree_hal_external_timepoint_t iree_hal_external_timepoint_t;
typedef struct iree_hal_fence_t iree_hal_fence_t;
typedef struct iree_hal_file_t iree_hal_file_t;
typedef struct iree_hal_heap_allocator_statistics_t iree_hal_heap_allocator_statistics_t;
typedef struct iree_hal_label_color_t iree_hal_label_color_t;
typedef struct iree_hal_label_location_t iree_hal_label_location_t;
typedef struct iree_hal_memory_barrier_t iree_hal_memory_barrier_t;
typedef struct iree_hal_physical_memory_t iree_hal_physical_memory_t;
typedef struct iree_hal_semaphore_list_t iree_hal_semaphore_list_t;
typedef struct iree_hal_semaphore_t iree_hal_semaphore_t;
typedef struct iree_hal_transfer_buffer_t iree_hal_transfer_buffer_t;
typedef struct iree_hal_transfer_command_t iree_hal_transfer_command_t;
typedef struct iree_io_file_handle_t iree_io_file_handle_t;
typedef struct iree_wait_primitive_t iree_wait_primitive_t;
typedef struct iree_wait_source_t iree_wait_source_t;

typedef void (*iree_hal_buffer_release_fn_t)(void*, iree_hal_buffer_t*);
typedef struct iree_status_handle_t* (*iree_hal_buffer_view_generator_callback_t)(iree_hal_buffer_mapping_t*, void*);
typedef struct iree_status_handle_t* (*iree_wait_source_ctl_fn_t)(iree_wait_source_t, iree_wait_source_command_t, const void*, void**);

struct iree_hal_buffer_params_t {
  iree_hal_buffer_usage_t usage;
  iree_hal_memory_access_t access;
  iree_hal_memory_type_t type;
  iree_hal_queue_affinity_t queue_affinity;
  iree_device_size_t min_alignment;
};

typedef struct {
  iree_hal_buffer_release_fn_t fn;
  void* user_data;
} iree_hal_buffer_release_callback_t;

struct iree_hal_buffer_placement_t {
  iree_hal_device_t* device;
  iree_hal_queue_affinity_t queue_affinity;
  iree_hal_buffer_placement_flags_t flags;
  uint32_t reserved;
};

struct iree_hal_buffer_ref_t {
  uint32_t reserved : 8;
  uint32_t buffer_slot : 24;
  iree_hal_buffer_t* buffer;
  iree_device_size_t offset;
  iree_device_size_t length;
};

struct iree_hal_label_color_t {
  union {
    struct {
      uint8_t r;
      uint8_t g;
      uint8_t b;
      uint8_t a;
    };
    uint32_t value;
  };
};

struct iree_hal_semaphore_list_t {
  iree_host_size_t count;
  iree_hal_semaphore_t**semaphores;
  uint64_t* payload_values;
};

struct iree_hal_buffer_binding_table_t {
  iree_host_size_t count;
  const iree_hal_buffer_binding_t* bindings;
};

struct iree_hal_transfer_buffer_t {
  iree_byte_span_t host_buffer;
  iree_hal_buffer_t* device_buffer;
};

struct iree_wait_source_t {
  union {
    struct {
      void* self;
      uint64_t data;
    };
    uint64_t storage[2];
  };
  iree_wait_source_ctl_fn_t ctl;
};

typedef union {
  int reserved;
  struct {
    int fd;
  } event;
  union {
    struct {
      int read_fd;
      int write_fd;
    };
    int fds[2];
  } pipe;
  void* local_futex;
} iree_wait_primitive_value_t;

struct iree_wait_primitive_t {
  iree_wait_primitive_type_t type;
  iree_wait_primitive_value_t value;
};

struct iree_hal_external_timepoint_t {
  iree_hal_external_timepoint_type_t type;
  iree_hal_external_timepoint_flags_t flags;
  iree_hal_semaphore_compatibility_t compatibility;
  union {
    iree_wait_primitive_t wait_primitive;
    void* cuda_event;
    void* hip_event;
  } handle;
};

// Value types callers place on their own stack (layouts from the facts).

typedef uint32_t iree_hal_access_scope_t;
typedef uint64_t iree_hal_device_profiling_mode_t;

typedef struct iree_hal_buffer_mapping_impl_t iree_hal_buffer_mapping_impl_t;

struct iree_hal_allocator_memory_heap_t {
  iree_hal_memory_type_t type;
  iree_hal_buffer_usage_t allowed_usage;
  iree_device_size_t max_allocation_size;
  iree_device_size_t min_alignment;
};

struct iree_hal_allocator_statistics_t {
  iree_device_size_t host_bytes_peak;
  iree_device_size_t host_bytes_allocated;
  iree_device_size_t host_bytes_freed;
  iree_device_size_t device_bytes_peak;
  iree_device_size_t device_bytes_allocated;
  iree_device_size_t device_bytes_freed;
};

struct iree_hal_external_buffer_t {
  iree_hal_external_buffer_type_t type;
  iree_hal_external_buffer_flags_t flags;
  iree_device_size_t size;
  union {
    struct {
      void* ptr;
    } host_allocation;
    struct {
      uint64_t ptr;
    } device_allocation;
    struct {
      int fd;
    } opaque_fd;
    struct {
      void* handle;
    } opaque_win32;
  } handle;
};

struct iree_hal_buffer_mapping_impl_t {
  iree_device_size_t byte_offset;
  iree_hal_memory_access_t allowed_access;
  uint32_t is_persistent : 1;
  uint32_t reserved_flags : 31;
  uint64_t reserved[1];
};

struct iree_hal_buffer_mapping_t {
  iree_byte_span_t contents;
  struct iree_hal_buffer_t* buffer;
  iree_hal_buffer_mapping_impl_t impl;
};

struct iree_hal_buffer_barrier_t {
  iree_hal_access_scope_t source_scope;
  iree_hal_access_scope_t target_scope;
  iree_hal_buffer_ref_t buffer_ref;
};

struct iree_hal_buffer_binding_t {
  iree_hal_buffer_t* buffer;
  iree_device_size_t offset;
  iree_device_size_t length;
};

struct iree_hal_label_location_t {
  iree_string_view_t file;
  int line;
};

struct iree_hal_memory_barrier_t {
  iree_hal_access_scope_t source_scope;
  iree_hal_access_scope_t target_scope;
};

struct iree_hal_transfer_command_t {
  iree_hal_transfer_command_type_t type;
  union {
    struct {
      iree_hal_buffer_t* target_buffer;
      iree_device_size_t target_offset;
      iree_device_size_t length;
      const void* pattern;
      iree_host_size_t pattern_length;
    } fill;
    struct {
      const void* source_buffer;
      iree_host_size_t source_offset;
      iree_hal_buffer_t* target_buffer;
      iree_device_size_t target_offset;
      iree_device_size_t length;
    } update;
    struct {
      iree_hal_buffer_t* source_buffer;
      iree_device_size_t source_offset;
      iree_hal_buffer_t* target_buffer;
      iree_device_size_t target_offset;
      iree_device_size_t length;
    } copy;
  };
};

struct iree_hal_device_info_t {
  iree_hal_device_id_t device_id;
  iree_string_view_t path;
  iree_string_view_t name;
};

struct iree_hal_device_list_t {
  iree_allocator_t host_allocator;
  iree_host_size_t capacity;
  iree_host_size_t count;
  iree_hal_device_t* devices[];
};

struct iree_hal_device_profiling_options_t {
  iree_hal_device_profiling_mode_t mode;
  const char* file_path;
};

iree_status_t iree_hal_allocator_allocate_buffer(
    iree_hal_allocator_t* restrict allocator,
    iree_hal_buffer_params_t params,
    iree_device_size_t allocation_size,
    iree_hal_buffer_t**out_buffer);
iree_status_t iree_hal_allocator_create_heap(
    iree_string_view_t identifier,
    iree_allocator_t data_allocator,
    iree_allocator_t host_allocator,
    iree_hal_allocator_t**out_allocator);
void iree_hal_allocator_deallocate_buffer(
    iree_hal_allocator_t* restrict allocator,
    iree_hal_buffer_t* restrict buffer);
iree_status_t iree_hal_allocator_export_buffer(
    iree_hal_allocator_t* restrict allocator,
    iree_hal_buffer_t* restrict buffer,
    iree_hal_external_buffer_type_t requested_type,
    iree_hal_external_buffer_flags_t requested_flags,
    iree_hal_external_buffer_t* restrict out_external_buffer);
iree_allocator_t iree_hal_allocator_host_allocator(
    const iree_hal_allocator_t* restrict allocator);
iree_status_t iree_hal_allocator_import_buffer(
    iree_hal_allocator_t* restrict allocator,
    iree_hal_buffer_params_t params,
    iree_hal_external_buffer_t* restrict external_buffer,
    iree_hal_buffer_release_callback_t release_callback,
    iree_hal_buffer_t**out_buffer);
iree_status_t iree_hal_allocator_physical_memory_allocate(
    iree_hal_allocator_t* restrict allocator,
    iree_hal_buffer_params_t params,
    iree_device_size_t size,
    iree_allocator_t host_allocator,
    iree_hal_physical_memory_t**restrict out_physical_memory);
iree_status_t iree_hal_allocator_physical_memory_free(
    iree_hal_allocator_t* restrict allocator,
    iree_hal_physical_memory_t* restrict physical_memory);
iree_hal_buffer_compatibility_t iree_hal_allocator_query_buffer_compatibility(
    iree_hal_allocator_t* restrict allocator,
    iree_hal_buffer_params_t params,
    iree_device_size_t allocation_size,
    iree_hal_buffer_params_t* out_params,
    iree_device_size_t* out_allocation_size);
iree_status_t iree_hal_allocator_query_memory_heaps(
    iree_hal_allocator_t* restrict allocator,
    iree_host_size_t capacity,
    iree_hal_allocator_memory_heap_t* restrict heaps,
    iree_host_size_t* restrict out_count);
void iree_hal_allocator_query_statistics(
    iree_hal_allocator_t* restrict allocator,
    iree_hal_allocator_statistics_t* restrict out_statistics);
void iree_hal_allocator_release(iree_hal_allocator_t* allocator);
void iree_hal_allocator_retain(iree_hal_allocator_t* allocator);
iree_status_t iree_hal_allocator_statistics_format(
    const iree_hal_allocator_statistics_t* statistics,
    iree_string_builder_t* builder);
iree_status_t iree_hal_allocator_statistics_fprint(
    FILE* file,
    iree_hal_allocator_t* restrict allocator);
bool iree_hal_allocator_supports_virtual_memory(
    iree_hal_allocator_t* restrict allocator);
iree_status_t iree_hal_allocator_trim(iree_hal_allocator_t* restrict allocator);
iree_status_t iree_hal_allocator_virtual_memory_advise(
    iree_hal_allocator_t* restrict allocator,
    iree_hal_buffer_t* restrict virtual_buffer,
    iree_device_size_t virtual_offset,
    iree_device_size_t size,
    iree_hal_queue_affinity_t queue_affinity,
    iree_hal_memory_advice_t advice);
iree_status_t iree_hal_allocator_virtual_memory_map(
    iree_hal_allocator_t* restrict allocator,
    iree_hal_buffer_t* restrict virtual_buffer,
    iree_device_size_t virtual_offset,
    iree_hal_physical_memory_t* restrict physical_memory,
    iree_device_size_t physical_offset,
    iree_device_size_t size);
iree_status_t iree_hal_allocator_virtual_memory_protect(
    iree_hal_allocator_t* restrict allocator,
    iree_hal_buffer_t* restrict virtual_buffer,
    iree_device_size_t virtual_offset,
    iree_device_size_t size,
    iree_hal_queue_affinity_t queue_affinity,
    iree_hal_memory_protection_t protection);
iree_status_t iree_hal_allocator_virtual_memory_query_granularity(
    iree_hal_allocator_t* restrict allocator,
    iree_hal_buffer_params_t params,
    iree_device_size_t* restrict out_minimum_page_size,
    iree_device_size_t* restrict out_recommended_page_size);
iree_status_t iree_hal_allocator_virtual_memory_release(
    iree_hal_allocator_t* restrict allocator,
    iree_hal_buffer_t* restrict virtual_buffer);
iree_status_t iree_hal_allocator_virtual_memory_reserve(
    iree_hal_allocator_t* restrict allocator,
    iree_hal_queue_affinity_t queue_affinity,
    iree_device_size_t size,
    iree_hal_buffer_t**restrict out_virtual_buffer);
iree_status_t iree_hal_allocator_virtual_memory_unmap(
    iree_hal_allocator_t* restrict allocator,
    iree_hal_buffer_t* restrict virtual_buffer,
    iree_device_size_t virtual_offset,
    iree_device_size_t size);
iree_status_t iree_hal_append_element_type_string(
    iree_hal_element_type_t element_type,
    iree_string_builder_t* string_builder);
iree_status_t iree_hal_append_shape_and_element_type_string(
    iree_host_size_t shape_rank,
    const iree_hal_dim_t* shape,
    iree_hal_element_type_t element_type,
    iree_string_builder_t* string_builder);
iree_status_t iree_hal_append_shape_string(
    iree_host_size_t shape_rank,
    const iree_hal_dim_t* shape,
    iree_string_builder_t* string_builder);
iree_hal_buffer_t* iree_hal_buffer_allocated_buffer(
    const iree_hal_buffer_t* buffer);
bool iree_hal_buffer_allocation_discard(iree_hal_buffer_t* buffer);
bool iree_hal_buffer_allocation_is_terminal(const iree_hal_buffer_t* buffer);
iree_hal_buffer_placement_t iree_hal_buffer_allocation_placement(
    const iree_hal_buffer_t* buffer);
void iree_hal_buffer_allocation_preserve(iree_hal_buffer_t* buffer);
iree_device_size_t iree_hal_buffer_allocation_size(
    const iree_hal_buffer_t* buffer);
iree_hal_memory_access_t iree_hal_buffer_allowed_access(
    const iree_hal_buffer_t* buffer);
iree_hal_buffer_usage_t iree_hal_buffer_allowed_usage(
    const iree_hal_buffer_t* buffer);
iree_device_size_t iree_hal_buffer_byte_length(const iree_hal_buffer_t* buffer);
iree_device_size_t iree_hal_buffer_byte_offset(const iree_hal_buffer_t* buffer);
iree_status_t iree_hal_buffer_calculate_range(
    iree_device_size_t base_offset,
    iree_device_size_t max_length,
    iree_device_size_t offset,
    iree_device_size_t length,
    iree_device_size_t* out_adjusted_offset,
    iree_device_size_t* out_adjusted_length);
iree_status_t iree_hal_buffer_commit_map_range(
    iree_hal_buffer_t* buffer,
    iree_hal_mapping_mode_t mapping_mode,
    iree_hal_memory_access_t memory_access,
    iree_hal_buffer_mapping_t* buffer_mapping);
iree_string_view_t iree_hal_buffer_compatibility_format(
    iree_hal_buffer_compatibility_t value,
    iree_bitfield_string_temp_t* out_temp);
iree_status_t iree_hal_buffer_compatibility_parse(
    iree_string_view_t value,
    iree_hal_buffer_compatibility_t* out_value);
iree_status_t iree_hal_buffer_compute_view_offset(
    iree_host_size_t shape_rank,
    const iree_hal_dim_t* shape,
    iree_hal_element_type_t element_type,
    iree_hal_encoding_type_t encoding_type,
    iree_host_size_t indices_count,
    const iree_hal_dim_t* indices,
    iree_device_size_t* out_offset);
iree_status_t iree_hal_buffer_compute_view_range(
    iree_host_size_t shape_rank,
    const iree_hal_dim_t* shape,
    iree_hal_element_type_t element_type,
    iree_hal_encoding_type_t encoding_type,
    iree_host_size_t indices_count,
    const iree_hal_dim_t* start_indices,
    iree_host_size_t lengths_count,
    const iree_hal_dim_t* lengths,
    iree_device_size_t* out_start_offset,
    iree_device_size_t* out_length);
iree_status_t iree_hal_buffer_compute_view_size(
    iree_host_size_t shape_rank,
    const iree_hal_dim_t* shape,
    iree_hal_element_type_t element_type,
    iree_hal_encoding_type_t encoding_type,
    iree_device_size_t* out_allocation_size);
iree_status_t iree_hal_buffer_emulated_map_range(
    iree_hal_device_t* device,
    iree_hal_buffer_t* buffer,
    iree_hal_mapping_mode_t mapping_mode,
    iree_hal_memory_access_t memory_access,
    iree_device_size_t local_byte_offset,
    iree_device_size_t local_byte_length,
    iree_hal_buffer_mapping_t* mapping);
iree_status_t iree_hal_buffer_emulated_unmap_range(
    iree_hal_device_t* device,
    iree_hal_buffer_t* buffer,
    iree_device_size_t local_byte_offset,
    iree_device_size_t local_byte_length,
    iree_hal_buffer_mapping_t* mapping);
iree_status_t iree_hal_buffer_map_copy(
    iree_hal_buffer_t* source_buffer,
    iree_device_size_t source_offset,
    iree_hal_buffer_t* target_buffer,
    iree_device_size_t target_offset,
    iree_device_size_t data_length);
iree_status_t iree_hal_buffer_map_fill(
    iree_hal_buffer_t* buffer,
    iree_device_size_t byte_offset,
    iree_device_size_t byte_length,
    const void* pattern,
    iree_host_size_t pattern_length);
iree_status_t iree_hal_buffer_map_range(
    iree_hal_buffer_t* buffer,
    iree_hal_mapping_mode_t mapping_mode,
    iree_hal_memory_access_t memory_access,
    iree_device_size_t byte_offset,
    iree_device_size_t byte_length,
    iree_hal_buffer_mapping_t* out_buffer_mapping);
iree_status_t iree_hal_buffer_map_read(
    iree_hal_buffer_t* source_buffer,
    iree_device_size_t source_offset,
    void* target_buffer,
    iree_device_size_t data_length);
iree_status_t iree_hal_buffer_map_write(
    iree_hal_buffer_t* target_buffer,
    iree_device_size_t target_offset,
    const void* source_buffer,
    iree_device_size_t data_length);
iree_status_t iree_hal_buffer_map_zero(
    iree_hal_buffer_t* buffer,
    iree_device_size_t byte_offset,
    iree_device_size_t byte_length);
iree_status_t iree_hal_buffer_mapping_flush_range(
    iree_hal_buffer_mapping_t* buffer_mapping,
    iree_device_size_t byte_offset,
    iree_device_size_t byte_length);
iree_status_t iree_hal_buffer_mapping_invalidate_range(
    iree_hal_buffer_mapping_t* buffer_mapping,
    iree_device_size_t byte_offset,
    iree_device_size_t byte_length);
iree_status_t iree_hal_buffer_mapping_subspan(
    iree_hal_buffer_mapping_t* buffer_mapping,
    iree_hal_memory_access_t memory_access,
    iree_device_size_t byte_offset,
    iree_device_size_t byte_length,
    iree_byte_span_t* out_span);
iree_hal_memory_type_t iree_hal_buffer_memory_type(
    const iree_hal_buffer_t* buffer);
iree_status_t iree_hal_buffer_prepare_map_range(
    iree_hal_buffer_t* buffer,
    iree_hal_mapping_mode_t mapping_mode,
    iree_hal_memory_access_t memory_access,
    iree_device_size_t byte_offset,
    iree_device_size_t byte_length,
    iree_hal_buffer_mapping_t* out_buffer_mapping);
void iree_hal_buffer_release(iree_hal_buffer_t* buffer);
void iree_hal_buffer_retain(iree_hal_buffer_t* buffer);
iree_status_t iree_hal_buffer_subspan(
    iree_hal_buffer_t* buffer,
    iree_device_size_t byte_offset,
    iree_device_size_t byte_length,
    iree_allocator_t host_allocator,
    iree_hal_buffer_t**out_buffer);
iree_hal_buffer_overlap_t iree_hal_buffer_test_overlap(
    iree_hal_buffer_t* lhs_buffer,
    iree_device_size_t lhs_offset,
    iree_device_size_t lhs_length,
    iree_hal_buffer_t* rhs_buffer,
    iree_device_size_t rhs_offset,
    iree_device_size_t rhs_length);
iree_status_t iree_hal_buffer_unmap_range(
    iree_hal_buffer_mapping_t* buffer_mapping);
iree_string_view_t iree_hal_buffer_usage_format(
    iree_hal_buffer_usage_t value,
    iree_bitfield_string_temp_t* out_temp);
iree_status_t iree_hal_buffer_usage_parse(
    iree_string_view_t value,
    iree_hal_buffer_usage_t* out_value);
iree_status_t iree_hal_buffer_validate_access(
    iree_hal_memory_access_t allowed_memory_access,
    iree_hal_memory_access_t required_memory_access);
iree_status_t iree_hal_buffer_validate_memory_type(
    iree_hal_memory_type_t actual_memory_type,
    iree_hal_memory_type_t expected_memory_type);
iree_status_t iree_hal_buffer_validate_range(
    iree_hal_buffer_t* buffer,
    iree_device_size_t byte_offset,
    iree_device_size_t byte_length);
iree_status_t iree_hal_buffer_validate_usage(
    iree_hal_buffer_usage_t allowed_usage,
    iree_hal_buffer_usage_t required_usage);
iree_status_t iree_hal_buffer_view_allocate_buffer_copy(
    iree_hal_device_t* device,
    iree_hal_allocator_t* allocator,
    iree_host_size_t shape_rank,
    const iree_hal_dim_t* shape,
    iree_hal_element_type_t element_type,
    iree_hal_encoding_type_t encoding_type,
    iree_hal_buffer_params_t buffer_params,
    iree_const_byte_span_t initial_data,
    iree_hal_buffer_view_t**out_buffer_view);
iree_status_t iree_hal_buffer_view_append_to_builder(
    iree_hal_buffer_view_t* buffer_view,
    iree_host_size_t max_element_count,
    iree_string_builder_t* builder);
iree_hal_buffer_t* iree_hal_buffer_view_buffer(
    const iree_hal_buffer_view_t* buffer_view);
iree_device_size_t iree_hal_buffer_view_byte_length(
    const iree_hal_buffer_view_t* buffer_view);
iree_status_t iree_hal_buffer_view_compute_offset(
    const iree_hal_buffer_view_t* buffer_view,
    iree_host_size_t indices_count,
    const iree_hal_dim_t* indices,
    iree_device_size_t* out_offset);
iree_status_t iree_hal_buffer_view_compute_range(
    const iree_hal_buffer_view_t* buffer_view,
    iree_host_size_t indices_count,
    const iree_hal_dim_t* start_indices,
    iree_host_size_t lengths_count,
    const iree_hal_dim_t* lengths,
    iree_device_size_t* out_start_offset,
    iree_device_size_t* out_length);
iree_status_t iree_hal_buffer_view_create(
    iree_hal_buffer_t* buffer,
    iree_host_size_t shape_rank,
    const iree_hal_dim_t* shape,
    iree_hal_element_type_t element_type,
    iree_hal_encoding_type_t encoding_type,
    iree_allocator_t host_allocator,
    iree_hal_buffer_view_t**out_buffer_view);
iree_status_t iree_hal_buffer_view_create_like(
    iree_hal_buffer_t* buffer,
    iree_hal_buffer_view_t* like_view,
    iree_allocator_t host_allocator,
    iree_hal_buffer_view_t**out_buffer_view);
iree_host_size_t iree_hal_buffer_view_element_count(
    const iree_hal_buffer_view_t* buffer_view);
iree_host_size_t iree_hal_buffer_view_element_size(
    const iree_hal_buffer_view_t* buffer_view);
iree_hal_element_type_t iree_hal_buffer_view_element_type(
    const iree_hal_buffer_view_t* buffer_view);
iree_hal_encoding_type_t iree_hal_buffer_view_encoding_type(
    const iree_hal_buffer_view_t* buffer_view);
iree_status_t iree_hal_buffer_view_format(
    const iree_hal_buffer_view_t* buffer_view,
    iree_host_size_t max_element_count,
    iree_host_size_t buffer_capacity,
    char* buffer,
    iree_host_size_t* out_buffer_length);
iree_status_t iree_hal_buffer_view_fprint(
    FILE* file,
    const iree_hal_buffer_view_t* buffer_view,
    iree_host_size_t max_element_count,
    iree_allocator_t host_allocator);
iree_status_t iree_hal_buffer_view_generate_buffer(
    iree_hal_device_t* device,
    iree_hal_allocator_t* allocator,
    iree_host_size_t shape_rank,
    const iree_hal_dim_t* shape,
    iree_hal_element_type_t element_type,
    iree_hal_encoding_type_t encoding_type,
    iree_hal_buffer_params_t buffer_params,
    iree_hal_buffer_view_generator_callback_t callback,
    void* user_data,
    iree_hal_buffer_view_t**out_buffer_view);
iree_status_t iree_hal_buffer_view_parse(
    iree_string_view_t value,
    iree_hal_device_t* device,
    iree_hal_allocator_t* device_allocator,
    iree_hal_buffer_view_t**out_buffer_view);
void iree_hal_buffer_view_release(iree_hal_buffer_view_t* buffer_view);
iree_status_t iree_hal_buffer_view_reshape(
    iree_hal_buffer_view_t* buffer_view,
    const iree_hal_dim_t* shape,
    iree_host_size_t shape_rank);
void iree_hal_buffer_view_retain(iree_hal_buffer_view_t* buffer_view);
iree_status_t iree_hal_buffer_view_shape(
    const iree_hal_buffer_view_t* buffer_view,
    iree_host_size_t rank_capacity,
    iree_hal_dim_t* out_shape,
    iree_host_size_t* out_shape_rank);
iree_hal_dim_t iree_hal_buffer_view_shape_dim(
    const iree_hal_buffer_view_t* buffer_view,
    iree_host_size_t index);
const iree_hal_dim_t* iree_hal_buffer_view_shape_dims(
    const iree_hal_buffer_view_t* buffer_view);
iree_host_size_t iree_hal_buffer_view_shape_rank(
    const iree_hal_buffer_view_t* buffer_view);
iree_status_t iree_hal_command_buffer_advise_buffer(
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_buffer_ref_t buffer_ref,
    iree_hal_memory_advise_flags_t flags,
    uint64_t arg0,
    uint64_t arg1);
iree_hal_command_category_t iree_hal_command_buffer_allowed_categories(
    const iree_hal_command_buffer_t* command_buffer);
iree_status_t iree_hal_command_buffer_begin(
    iree_hal_command_buffer_t* command_buffer);
iree_status_t iree_hal_command_buffer_begin_debug_group(
    iree_hal_command_buffer_t* command_buffer,
    iree_string_view_t label,
    iree_hal_label_color_t label_color,
    const iree_hal_label_location_t* location);
iree_status_t iree_hal_command_buffer_copy_buffer(
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_buffer_ref_t source_ref,
    iree_hal_buffer_ref_t target_ref,
    iree_hal_copy_flags_t flags);
iree_status_t iree_hal_command_buffer_create(
    iree_hal_device_t* device,
    iree_hal_command_buffer_mode_t mode,
    iree_hal_command_category_t command_categories,
    iree_hal_queue_affinity_t queue_affinity,
    iree_host_size_t binding_capacity,
    iree_hal_command_buffer_t**out_command_buffer);
iree_status_t iree_hal_command_buffer_end(
    iree_hal_command_buffer_t* command_buffer);
iree_status_t iree_hal_command_buffer_end_debug_group(
    iree_hal_command_buffer_t* command_buffer);
iree_status_t iree_hal_command_buffer_execution_barrier(
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_execution_stage_t source_stage_mask,
    iree_hal_execution_stage_t target_stage_mask,
    iree_hal_execution_barrier_flags_t flags,
    iree_host_size_t memory_barrier_count,
    const iree_hal_memory_barrier_t* memory_barriers,
    iree_host_size_t buffer_barrier_count,
    const iree_hal_buffer_barrier_t* buffer_barriers);
iree_status_t iree_hal_command_buffer_fill_buffer(
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_buffer_ref_t target_ref,
    const void* pattern,
    iree_host_size_t pattern_length,
    iree_hal_fill_flags_t flags);
iree_hal_command_buffer_mode_t iree_hal_command_buffer_mode(
    const iree_hal_command_buffer_t* command_buffer);
iree_string_view_t iree_hal_command_buffer_mode_format(
    iree_hal_command_buffer_mode_t value,
    iree_bitfield_string_temp_t* out_temp);
void iree_hal_command_buffer_release(iree_hal_command_buffer_t* command_buffer);
iree_status_t iree_hal_command_buffer_reset_event(
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_event_t* event,
    iree_hal_execution_stage_t source_stage_mask);
void iree_hal_command_buffer_retain(iree_hal_command_buffer_t* command_buffer);
iree_status_t iree_hal_command_buffer_signal_event(
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_event_t* event,
    iree_hal_execution_stage_t source_stage_mask);
iree_status_t iree_hal_command_buffer_update_buffer(
    iree_hal_command_buffer_t* command_buffer,
    const void* source_buffer,
    iree_host_size_t source_offset,
    iree_hal_buffer_ref_t target_ref,
    iree_hal_update_flags_t flags);
iree_status_t iree_hal_command_buffer_wait_events(
    iree_hal_command_buffer_t* command_buffer,
    iree_host_size_t event_count,
    const iree_hal_event_t**events,
    iree_hal_execution_stage_t source_stage_mask,
    iree_hal_execution_stage_t target_stage_mask,
    iree_host_size_t memory_barrier_count,
    const iree_hal_memory_barrier_t* memory_barriers,
    iree_host_size_t buffer_barrier_count,
    const iree_hal_buffer_barrier_t* buffer_barriers);
iree_string_view_t iree_hal_command_category_format(
    iree_hal_command_category_t value,
    iree_bitfield_string_temp_t* out_temp);
iree_status_t iree_hal_create_transfer_command_buffer(
    iree_hal_device_t* device,
    iree_hal_command_buffer_mode_t mode,
    iree_hal_queue_affinity_t queue_affinity,
    iree_host_size_t transfer_count,
    const iree_hal_transfer_command_t* transfer_commands,
    iree_hal_command_buffer_t**out_command_buffer);
iree_hal_allocator_t* iree_hal_device_allocator(iree_hal_device_t* device);
iree_allocator_t iree_hal_device_host_allocator(iree_hal_device_t* device);
iree_string_view_t iree_hal_device_id(iree_hal_device_t* device);
iree_status_t iree_hal_device_list_allocate(
    iree_host_size_t capacity,
    iree_allocator_t host_allocator,
    iree_hal_device_list_t**out_list);
iree_hal_device_t* iree_hal_device_list_at(
    const iree_hal_device_list_t* list,
    iree_host_size_t i);
void iree_hal_device_list_free(iree_hal_device_list_t* list);
iree_status_t iree_hal_device_list_push_back(
    iree_hal_device_list_t* list,
    iree_hal_device_t* device);
iree_status_t iree_hal_device_profiling_begin(
    iree_hal_device_t* device,
    const iree_hal_device_profiling_options_t* options);
iree_status_t iree_hal_device_profiling_end(iree_hal_device_t* device);
iree_status_t iree_hal_device_profiling_flush(iree_hal_device_t* device);
iree_status_t iree_hal_device_query_i64(
    iree_hal_device_t* device,
    iree_string_view_t category,
    iree_string_view_t key,
    int64_t* out_value);
iree_hal_semaphore_compatibility_t iree_hal_device_query_semaphore_compatibility(
    iree_hal_device_t* device,
    iree_hal_semaphore_t* semaphore);
iree_status_t iree_hal_device_queue_alloca(
    iree_hal_device_t* device,
    iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_allocator_pool_t pool,
    iree_hal_buffer_params_t params,
    iree_device_size_t allocation_size,
    iree_hal_alloca_flags_t flags,
    iree_hal_buffer_t**restrict out_buffer);
iree_status_t iree_hal_device_queue_barrier(
    iree_hal_device_t* device,
    iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_execute_flags_t flags);
iree_status_t iree_hal_device_queue_copy(
    iree_hal_device_t* device,
    iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_buffer_t* source_buffer,
    iree_device_size_t source_offset,
    iree_hal_buffer_t* target_buffer,
    iree_device_size_t target_offset,
    iree_device_size_t length,
    iree_hal_copy_flags_t flags);
iree_status_t iree_hal_device_queue_dealloca(
    iree_hal_device_t* device,
    iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_buffer_t* buffer,
    iree_hal_dealloca_flags_t flags);
iree_status_t iree_hal_device_queue_execute(
    iree_hal_device_t* device,
    iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_buffer_binding_table_t binding_table,
    iree_hal_execute_flags_t flags);
iree_status_t iree_hal_device_queue_fill(
    iree_hal_device_t* device,
    iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_buffer_t* target_buffer,
    iree_device_size_t target_offset,
    iree_device_size_t length,
    const void* pattern,
    iree_host_size_t pattern_length,
    iree_hal_fill_flags_t flags);
iree_status_t iree_hal_device_queue_flush(
    iree_hal_device_t* device,
    iree_hal_queue_affinity_t queue_affinity);
iree_status_t iree_hal_device_queue_read(
    iree_hal_device_t* device,
    iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_file_t* source_file,
    uint64_t source_offset,
    iree_hal_buffer_t* target_buffer,
    iree_device_size_t target_offset,
    iree_device_size_t length,
    iree_hal_read_flags_t flags);
iree_status_t iree_hal_device_queue_update(
    iree_hal_device_t* device,
    iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    const void* source_buffer,
    iree_host_size_t source_offset,
    iree_hal_buffer_t* target_buffer,
    iree_device_size_t target_offset,
    iree_device_size_t length,
    iree_hal_update_flags_t flags);
iree_status_t iree_hal_device_queue_write(
    iree_hal_device_t* device,
    iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_buffer_t* source_buffer,
    iree_device_size_t source_offset,
    iree_hal_file_t* target_file,
    uint64_t target_offset,
    iree_device_size_t length,
    iree_hal_write_flags_t flags);
void iree_hal_device_release(iree_hal_device_t* device);
void iree_hal_device_replace_allocator(
    iree_hal_device_t* device,
    iree_hal_allocator_t* new_allocator);
void iree_hal_device_retain(iree_hal_device_t* device);
iree_status_t iree_hal_device_transfer_d2d(
    iree_hal_device_t* device,
    iree_hal_buffer_t* source,
    iree_device_size_t source_offset,
    iree_hal_buffer_t* target,
    iree_device_size_t target_offset,
    iree_device_size_t data_length,
    iree_hal_transfer_buffer_flags_t flags,
    iree_timeout_t timeout);
iree_status_t iree_hal_device_transfer_d2h(
    iree_hal_device_t* device,
    iree_hal_buffer_t* source,
    iree_device_size_t source_offset,
    void* target,
    iree_device_size_t data_length,
    iree_hal_transfer_buffer_flags_t flags,
    iree_timeout_t timeout);
iree_status_t iree_hal_device_transfer_h2d(
    iree_hal_device_t* device,
    const void* source,
    iree_hal_buffer_t* target,
    iree_device_size_t target_offset,
    iree_device_size_t data_length,
    iree_hal_transfer_buffer_flags_t flags,
    iree_timeout_t timeout);
iree_status_t iree_hal_device_transfer_range(
    iree_hal_device_t* device,
    iree_hal_transfer_buffer_t source,
    iree_device_size_t source_offset,
    iree_hal_transfer_buffer_t target,
    iree_device_size_t target_offset,
    iree_device_size_t data_length,
    iree_hal_transfer_buffer_flags_t flags,
    iree_timeout_t timeout);
iree_status_t iree_hal_device_trim(iree_hal_device_t* device);
iree_status_t iree_hal_device_wait_semaphores(
    iree_hal_device_t* device,
    iree_hal_wait_mode_t wait_mode,
    const iree_hal_semaphore_list_t semaphore_list,
    iree_timeout_t timeout,
    iree_hal_wait_flags_t flags);
iree_status_t iree_hal_driver_create_default_device(
    iree_hal_driver_t* driver,
    iree_allocator_t host_allocator,
    iree_hal_device_t**out_device);
iree_status_t iree_hal_driver_create_device_by_id(
    iree_hal_driver_t* driver,
    iree_hal_device_id_t device_id,
    iree_host_size_t param_count,
    const iree_string_pair_t* params,
    iree_allocator_t host_allocator,
    iree_hal_device_t**out_device);
iree_status_t iree_hal_driver_create_device_by_ordinal(
    iree_hal_driver_t* driver,
    iree_host_size_t device_ordinal,
    iree_host_size_t param_count,
    const iree_string_pair_t* params,
    iree_allocator_t host_allocator,
    iree_hal_device_t**out_device);
iree_status_t iree_hal_driver_create_device_by_path(
    iree_hal_driver_t* driver,
    iree_string_view_t driver_name,
    iree_string_view_t device_path,
    iree_host_size_t param_count,
    const iree_string_pair_t* params,
    iree_allocator_t host_allocator,
    iree_hal_device_t**out_device);
iree_status_t iree_hal_driver_create_device_by_uri(
    iree_hal_driver_t* driver,
    iree_string_view_t device_uri,
    iree_allocator_t host_allocator,
    iree_hal_device_t**out_device);
iree_status_t iree_hal_driver_dump_device_info(
    iree_hal_driver_t* driver,
    iree_hal_device_id_t device_id,
    iree_string_builder_t* builder);
iree_status_t iree_hal_driver_query_available_devices(
    iree_hal_driver_t* driver,
    iree_allocator_t host_allocator,
    iree_host_size_t* out_device_info_count,
    iree_hal_device_info_t**out_device_infos);
void iree_hal_driver_release(iree_hal_driver_t* driver);
void iree_hal_driver_retain(iree_hal_driver_t* driver);
iree_status_t iree_hal_event_create(
    iree_hal_device_t* device,
    iree_hal_queue_affinity_t queue_affinity,
    iree_hal_event_flags_t flags,
    iree_hal_event_t**out_event);
void iree_hal_event_release(iree_hal_event_t* event);
void iree_hal_event_retain(iree_hal_event_t* event);
iree_wait_source_t iree_hal_fence_await(iree_hal_fence_t* fence);
iree_status_t iree_hal_fence_create(
    iree_host_size_t capacity,
    iree_allocator_t host_allocator,
    iree_hal_fence_t**out_fence);
iree_status_t iree_hal_fence_create_at(
    iree_hal_semaphore_t* semaphore,
    uint64_t value,
    iree_allocator_t host_allocator,
    iree_hal_fence_t**out_fence);
iree_status_t iree_hal_fence_extend(
    iree_hal_fence_t* into_fence,
    iree_hal_fence_t* from_fence);
void iree_hal_fence_fail(iree_hal_fence_t* fence, iree_status_t signal_status);
iree_status_t iree_hal_fence_insert(
    iree_hal_fence_t* fence,
    iree_hal_semaphore_t* semaphore,
    uint64_t value);
iree_status_t iree_hal_fence_join(
    iree_host_size_t fence_count,
    iree_hal_fence_t**fences,
    iree_allocator_t host_allocator,
    iree_hal_fence_t**out_fence);
iree_status_t iree_hal_fence_query(iree_hal_fence_t* fence);
void iree_hal_fence_release(iree_hal_fence_t* fence);
void iree_hal_fence_retain(iree_hal_fence_t* fence);
iree_hal_semaphore_list_t iree_hal_fence_semaphore_list(
    iree_hal_fence_t* fence);
iree_status_t iree_hal_fence_signal(iree_hal_fence_t* fence);
iree_host_size_t iree_hal_fence_timepoint_count(const iree_hal_fence_t* fence);
iree_status_t iree_hal_fence_wait(
    iree_hal_fence_t* fence,
    iree_timeout_t timeout,
    iree_hal_wait_flags_t flags);
iree_hal_memory_access_t iree_hal_file_allowed_access(iree_hal_file_t* file);
iree_status_t iree_hal_file_import(
    iree_hal_device_t* device,
    iree_hal_queue_affinity_t queue_affinity,
    iree_hal_memory_access_t access,
    iree_io_file_handle_t* handle,
    iree_hal_external_file_flags_t flags,
    iree_hal_file_t**out_file);
uint64_t iree_hal_file_length(iree_hal_file_t* file);
iree_status_t iree_hal_file_read(
    iree_hal_file_t* file,
    uint64_t file_offset,
    iree_hal_buffer_t* buffer,
    iree_device_size_t buffer_offset,
    iree_device_size_t length);
void iree_hal_file_release(iree_hal_file_t* file);
void iree_hal_file_retain(iree_hal_file_t* file);
iree_hal_buffer_t* iree_hal_file_storage_buffer(iree_hal_file_t* file);
bool iree_hal_file_supports_synchronous_io(iree_hal_file_t* file);
iree_status_t iree_hal_file_write(
    iree_hal_file_t* file,
    uint64_t file_offset,
    iree_hal_buffer_t* buffer,
    iree_device_size_t buffer_offset,
    iree_device_size_t length);
iree_status_t iree_hal_format_buffer_elements(
    iree_const_byte_span_t data,
    iree_host_size_t shape_rank,
    const iree_hal_dim_t* shape,
    iree_hal_element_type_t element_type,
    iree_host_size_t max_element_count,
    iree_host_size_t buffer_capacity,
    char* buffer,
    iree_host_size_t* out_buffer_length);
iree_status_t iree_hal_format_element(
    iree_const_byte_span_t data,
    iree_hal_element_type_t element_type,
    iree_host_size_t buffer_capacity,
    char* buffer,
    iree_host_size_t* out_buffer_length);
iree_status_t iree_hal_format_element_type(
    iree_hal_element_type_t element_type,
    iree_host_size_t buffer_capacity,
    char* buffer,
    iree_host_size_t* out_buffer_length);
iree_status_t iree_hal_format_shape(
    iree_host_size_t shape_rank,
    const iree_hal_dim_t* shape,
    iree_host_size_t buffer_capacity,
    char* buffer,
    iree_host_size_t* out_buffer_length);
iree_status_t iree_hal_heap_buffer_create(
    iree_hal_heap_allocator_statistics_t* statistics,
    const iree_hal_buffer_params_t* params,
    iree_device_size_t allocation_size,
    iree_allocator_t data_allocator,
    iree_allocator_t host_allocator,
    iree_hal_buffer_t**out_buffer);
iree_status_t iree_hal_heap_buffer_wrap(
    iree_hal_buffer_placement_t placement,
    iree_hal_memory_type_t memory_type,
    iree_hal_memory_access_t allowed_access,
    iree_hal_buffer_usage_t allowed_usage,
    iree_device_size_t allocation_size,
    iree_byte_span_t data,
    iree_hal_buffer_release_callback_t release_callback,
    iree_allocator_t host_allocator,
    iree_hal_buffer_t**out_buffer);
iree_string_view_t iree_hal_memory_access_format(
    iree_hal_memory_access_t value,
    iree_bitfield_string_temp_t* out_temp);
iree_status_t iree_hal_memory_access_parse(
    iree_string_view_t value,
    iree_hal_memory_access_t* out_value);
iree_string_view_t iree_hal_memory_type_format(
    iree_hal_memory_type_t value,
    iree_bitfield_string_temp_t* out_temp);
iree_status_t iree_hal_memory_type_parse(
    iree_string_view_t value,
    iree_hal_memory_type_t* out_value);
iree_status_t iree_hal_parse_buffer_elements(
    iree_string_view_t data_str,
    iree_hal_element_type_t element_type,
    iree_byte_span_t data_ptr);
iree_status_t iree_hal_parse_element(
    iree_string_view_t data_str,
    iree_hal_element_type_t element_type,
    iree_byte_span_t data_ptr);
iree_status_t iree_hal_parse_element_type(
    iree_string_view_t value,
    iree_hal_element_type_t* out_element_type);
iree_status_t iree_hal_parse_shape(
    iree_string_view_t value,
    iree_host_size_t shape_capacity,
    iree_host_size_t* out_shape_rank,
    iree_hal_dim_t* out_shape);
iree_status_t iree_hal_parse_shape_and_element_type(
    iree_string_view_t value,
    iree_host_size_t shape_capacity,
    iree_host_size_t* out_shape_rank,
    iree_hal_dim_t* out_shape,
    iree_hal_element_type_t* out_element_type);
iree_wait_source_t iree_hal_semaphore_await(
    iree_hal_semaphore_t* semaphore,
    uint64_t value);
iree_string_view_t iree_hal_semaphore_compatibility_format(
    iree_hal_semaphore_compatibility_t value,
    iree_bitfield_string_temp_t* out_temp);
iree_status_t iree_hal_semaphore_compatibility_parse(
    iree_string_view_t value,
    iree_hal_semaphore_compatibility_t* out_value);
iree_status_t iree_hal_semaphore_create(
    iree_hal_device_t* device,
    iree_hal_queue_affinity_t queue_affinity,
    uint64_t initial_value,
    iree_hal_semaphore_flags_t flags,
    iree_hal_semaphore_t**out_semaphore);
iree_status_t iree_hal_semaphore_export_timepoint(
    iree_hal_semaphore_t* semaphore,
    uint64_t value,
    iree_hal_queue_affinity_t queue_affinity,
    iree_hal_external_timepoint_type_t requested_type,
    iree_hal_external_timepoint_flags_t requested_flags,
    iree_hal_external_timepoint_t* restrict out_external_timepoint);
void iree_hal_semaphore_fail(
    iree_hal_semaphore_t* semaphore,
    iree_status_t status);
iree_status_t iree_hal_semaphore_import_timepoint(
    iree_hal_semaphore_t* semaphore,
    uint64_t value,
    iree_hal_queue_affinity_t queue_affinity,
    iree_hal_external_timepoint_t external_timepoint);
void iree_hal_semaphore_list_erase(
    iree_hal_semaphore_list_t* semaphore_list,
    iree_host_size_t i);
void iree_hal_semaphore_list_fail(
    iree_hal_semaphore_list_t semaphore_list,
    iree_status_t signal_status);
bool iree_hal_semaphore_list_poll(iree_hal_semaphore_list_t semaphore_list);
void iree_hal_semaphore_list_release(iree_hal_semaphore_list_t semaphore_list);
void iree_hal_semaphore_list_retain(iree_hal_semaphore_list_t semaphore_list);
iree_status_t iree_hal_semaphore_list_signal(
    iree_hal_semaphore_list_t semaphore_list);
iree_status_t iree_hal_semaphore_list_wait(
    iree_hal_semaphore_list_t semaphore_list,
    iree_timeout_t timeout,
    iree_hal_wait_flags_t flags);
iree_status_t iree_hal_semaphore_query(
    iree_hal_semaphore_t* semaphore,
    uint64_t* out_value);
void iree_hal_semaphore_release(iree_hal_semaphore_t* semaphore);
void iree_hal_semaphore_retain(iree_hal_semaphore_t* semaphore);
iree_status_t iree_hal_semaphore_signal(
    iree_hal_semaphore_t* semaphore,
    uint64_t new_value);
iree_status_t iree_hal_semaphore_wait(
    iree_hal_semaphore_t* semaphore,
    uint64_t value,
    iree_timeout_t timeout,
    iree_hal_wait_flags_t flags);
iree_status_t iree_hal_subspan_buffer_create(
    iree_hal_buffer_t* allocated_buffer,
    iree_device_size_t byte_offset,
    iree_device_size_t byte_length,
    iree_allocator_t host_allocator,
    iree_hal_buffer_t**out_buffer);
void iree_hal_buffer_params_canonicalize(iree_hal_buffer_params_t* params);
iree_hal_buffer_params_t iree_hal_buffer_params_with_usage(
    const iree_hal_buffer_params_t params,
    iree_hal_buffer_usage_t usage);
iree_hal_buffer_release_callback_t iree_hal_buffer_release_callback_null(void);
iree_hal_transfer_buffer_t iree_hal_make_device_transfer_buffer(
    iree_hal_buffer_t* device_buffer);
iree_hal_transfer_buffer_t iree_hal_make_host_transfer_buffer(
    iree_byte_span_t host_buffer);
iree_hal_transfer_buffer_t iree_hal_make_host_transfer_buffer_span(
    void* ptr,
    iree_host_size_t length);
iree_hal_semaphore_list_t iree_hal_semaphore_list_empty(void);
bool iree_hal_semaphore_list_is_empty(iree_hal_semaphore_list_t semaphore_list);
iree_hal_buffer_ref_t iree_hal_make_buffer_ref(
    iree_hal_buffer_t* buffer,
    iree_device_size_t offset,
    iree_device_size_t length);
iree_hal_buffer_placement_t iree_hal_buffer_placement_undefined(void);
bool iree_hal_buffer_placement_is_undefined(
    const iree_hal_buffer_placement_t placement);

// ---------------------------------------------------------------------------
// ireec extensions: not part of IREE's API (hence the ireec_ prefix).
// ---------------------------------------------------------------------------

// iree_hal_buffer_compute_view_size for a dense row-major view, with every
// product checked: INVALID_ARGUMENT if a dimension exceeds INT64_MAX, or the
// element count (of the nonzero dimensions) times the element's bits, or the
// byte length, does not fit in 63 bits.
iree_status_t ireec_hal_checked_view_size(
    iree_host_size_t shape_rank,
    const iree_hal_dim_t* shape,
    iree_hal_element_type_t element_type,
    iree_device_size_t* out_byte_length);

#endif  // IREEC_DECLS_HAL_H_
