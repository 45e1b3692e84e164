// Declarations of IREE's iree/hal/local/executable_library.h: the executable
// library ABI, the records a CPU executable compiled by IREE (embedded ELF,
// system library or static library) exchanges with the runtime that loads it.
// Version 0 of the ABI.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_LOCAL_EXECUTABLE_LIBRARY_H_
#define IREEC_DECLS_IREE_HAL_LOCAL_EXECUTABLE_LIBRARY_H_

#include <stddef.h>
#include <stdint.h>

enum iree_hal_executable_library_feature_bits_t {
  IREE_HAL_EXECUTABLE_LIBRARY_FEATURE_NONE = 0,
};
typedef uint32_t iree_hal_executable_library_features_t;

// The sanitizer a library was compiled with; a runtime only loads libraries
// built with its own.
typedef enum iree_hal_executable_library_sanitizer_kind_e {
  IREE_HAL_EXECUTABLE_LIBRARY_SANITIZER_NONE = 0,
  IREE_HAL_EXECUTABLE_LIBRARY_SANITIZER_ADDRESS = 1,
  IREE_HAL_EXECUTABLE_LIBRARY_SANITIZER_MEMORY = 2,
  IREE_HAL_EXECUTABLE_LIBRARY_SANITIZER_THREAD = 3,
  IREE_HAL_EXECUTABLE_LIBRARY_SANITIZER_UNDEFINED = 4,
  IREE_HAL_EXECUTABLE_LIBRARY_SANITIZER_MAX_ENUM = 0x7FFFFFFF,
} iree_hal_executable_library_sanitizer_kind_t;

typedef uint32_t iree_hal_executable_library_version_t;
#define IREE_HAL_EXECUTABLE_LIBRARY_VERSION_0_6 6
#define IREE_HAL_EXECUTABLE_LIBRARY_VERSION_LATEST 6

// The first record of every library, whatever its version.
typedef struct iree_hal_executable_library_header_t {
  iree_hal_executable_library_version_t version;
  // The name the compiler gave the executable; the static library loader
  // finds libraries by it.
  const char* name;
  iree_hal_executable_library_features_t features;
  iree_hal_executable_library_sanitizer_kind_t sanitizer;
} iree_hal_executable_library_header_t;

// An imported function: takes its arguments as one packed record.
typedef int (*iree_hal_executable_import_v0_t)(void* params, void* context,
                                                void* reserved);
// Calls an import; lets the runtime wrap every import call (e.g. to switch
// stacks).
typedef int (*iree_hal_executable_import_thunk_v0_t)(
    iree_hal_executable_import_v0_t fn_ptr, void* params, void* context,
    void* reserved);

// The symbols a library imports, in the order its environment's import
// tables follow. A name starting with '?' is optional.
typedef struct iree_hal_executable_import_table_v0_t {
  uint32_t count;
  const char* const* symbols;
} iree_hal_executable_import_table_v0_t;

// Opaque processor information (CPU feature bits) for the code to branch on.
typedef struct iree_hal_processor_v0_t {
  uint64_t data[8];
} iree_hal_processor_v0_t;

typedef struct iree_hal_executable_environment_v0_t
    iree_hal_executable_environment_v0_t;

// What a library exports (under the name "iree_hal_executable_library_query"
// in dynamic libraries, under its own name in static ones): given the highest
// version the runtime supports, returns a pointer to the library record of
// that version (whose first member points at the header), or NULL.
typedef const iree_hal_executable_library_header_t** (
    *iree_hal_executable_library_query_fn_t)(
    iree_hal_executable_library_version_t max_version,
    const iree_hal_executable_environment_v0_t* environment);

// What the runtime gives a library for its whole life.
struct iree_hal_executable_environment_v0_t {
  const uint32_t* constants;
  iree_hal_executable_import_thunk_v0_t import_thunk;
  const iree_hal_executable_import_v0_t* import_funcs;
  const void** import_contexts;
  iree_hal_processor_v0_t processor;
};

// What is the same for every workgroup of one dispatch.
typedef struct iree_hal_executable_dispatch_state_v0_t {
  uint32_t workgroup_size_x;
  uint32_t workgroup_size_y;
  uint16_t workgroup_size_z;
  uint16_t constant_count;
  uint32_t workgroup_count_x;
  uint32_t workgroup_count_y;
  uint16_t workgroup_count_z;
  uint8_t max_concurrency;
  uint8_t binding_count;
  const uint32_t* constants;
  void* const* binding_ptrs;
  const size_t* binding_lengths;
} iree_hal_executable_dispatch_state_v0_t;

// What differs between the workgroups of one dispatch.
typedef struct iree_hal_executable_workgroup_state_v0_t {
  uint32_t workgroup_id_x;
  uint32_t workgroup_id_y;
  uint16_t workgroup_id_z;
  uint16_t reserved;
  uint32_t processor_id;
  void* local_memory;
  uint32_t local_memory_size;
} iree_hal_executable_workgroup_state_v0_t;

// One entry point: runs one workgroup; nonzero means it failed.
typedef int (*iree_hal_executable_dispatch_v0_t)(
    const iree_hal_executable_environment_v0_t* environment,
    const iree_hal_executable_dispatch_state_v0_t* dispatch_state,
    const iree_hal_executable_workgroup_state_v0_t* workgroup_state);

#define IREE_HAL_EXECUTABLE_WORKGROUP_LOCAL_MEMORY_PAGE_SIZE 4096
#define IREE_HAL_EXECUTABLE_MAX_CONSTANT_COUNT 64
#define IREE_HAL_EXECUTABLE_MAX_BINDING_COUNT 64

enum iree_hal_executable_dispatch_flag_v0_bits_e {
  IREE_HAL_EXECUTABLE_DISPATCH_FLAG_V0_NONE = 0,
  IREE_HAL_EXECUTABLE_DISPATCH_FLAG_V0_SEQUENTIAL = 1,
  IREE_HAL_EXECUTABLE_DISPATCH_FLAG_V0_WORKGROUP_SIZE_DYNAMIC = 2,
};
typedef uint64_t iree_hal_executable_dispatch_flags_v0_t;

// An entry point's static attributes.
typedef struct iree_hal_executable_dispatch_attrs_v0_t {
  iree_hal_executable_dispatch_flags_v0_t flags;
  // Workgroup local memory, in IREE_HAL_EXECUTABLE_WORKGROUP_LOCAL_MEMORY_PAGE_SIZE pages.
  uint16_t local_memory_pages;
  uint8_t constant_count;
  uint8_t binding_count;
  uint32_t workgroup_size_x;
  uint32_t workgroup_size_y;
  uint16_t workgroup_size_z;
  uint16_t parameter_count;
  uint64_t reserved_1[5];
} iree_hal_executable_dispatch_attrs_v0_t;

enum iree_hal_executable_dispatch_parameter_type_v0_e {
  IREE_HAL_EXECUTABLE_DISPATCH_PARAM_TYPE_V0_CONSTANT = 0,
  IREE_HAL_EXECUTABLE_DISPATCH_PARAM_TYPE_V0_BINDING = 1,
  IREE_HAL_EXECUTABLE_DISPATCH_PARAM_TYPE_V0_BUFFER_PTR = 2,
};
typedef uint8_t iree_hal_executable_dispatch_parameter_type_v0_t;

enum iree_hal_executable_dispatch_parameter_flag_v0_bits_e {
  IREE_HAL_EXECUTABLE_DISPATCH_PARAM_FLAG_V0_NONE = 0,
};
typedef uint16_t iree_hal_executable_dispatch_parameter_flags_v0_t;

// One reflected parameter; |name| indexes the export table's parameter_names.
typedef struct iree_hal_executable_dispatch_parameter_v0_t {
  iree_hal_executable_dispatch_parameter_type_v0_t type;
  uint8_t size;
  iree_hal_executable_dispatch_parameter_flags_v0_t flags;
  uint16_t name;
  uint16_t offset;
} iree_hal_executable_dispatch_parameter_v0_t;

typedef struct iree_hal_executable_dispatch_occupancy_v0_t {
  int reserved;
} iree_hal_executable_dispatch_occupancy_v0_t;

typedef struct iree_hal_executable_source_location_v0_t {
  uint32_t line;
  uint32_t path_length;
  const char* path;
} iree_hal_executable_source_location_v0_t;

typedef struct iree_hal_executable_stage_location_table_v0_t {
  uint32_t count;
  const char* const* names;
  const iree_hal_executable_source_location_v0_t* locations;
} iree_hal_executable_stage_location_table_v0_t;

// The entry points, |count| of each; every table but ptrs may be NULL.
typedef struct iree_hal_executable_export_table_v0_t {
  uint32_t count;
  const iree_hal_executable_dispatch_v0_t* ptrs;
  const iree_hal_executable_dispatch_attrs_v0_t* attrs;
  const iree_hal_executable_dispatch_parameter_v0_t** params;
  const iree_hal_executable_dispatch_occupancy_v0_t* occupancy;
  const char* const* names;
  const char* const* tags;
  const char* const* parameter_names;
  const iree_hal_executable_source_location_v0_t* source_locations;
  const iree_hal_executable_stage_location_table_v0_t* stage_locations;
} iree_hal_executable_export_table_v0_t;

typedef struct iree_hal_executable_constant_table_v0_t {
  uint32_t count;
} iree_hal_executable_constant_table_v0_t;

typedef struct iree_hal_executable_source_file_v0_t {
  uint32_t path_length;
  const char* path;
  uint32_t content_length;
  const uint8_t* content;
} iree_hal_executable_source_file_v0_t;

typedef struct iree_hal_executable_source_file_table_v0_t {
  uint32_t count;
  const iree_hal_executable_source_file_v0_t* files;
} iree_hal_executable_source_file_table_v0_t;

typedef struct iree_hal_executable_library_v0_t {
  const iree_hal_executable_library_header_t* header;
  iree_hal_executable_import_table_v0_t imports;
  iree_hal_executable_export_table_v0_t exports;
  iree_hal_executable_constant_table_v0_t constants;
  iree_hal_executable_source_file_table_v0_t sources;
} iree_hal_executable_library_v0_t;

#endif  // IREEC_DECLS_IREE_HAL_LOCAL_EXECUTABLE_LIBRARY_H_
