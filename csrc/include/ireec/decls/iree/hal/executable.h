// Declarations of IREE's iree/hal/executable.h: HAL executables, each a loaded
// set of entry points (exports) a device can dispatch, with the constants,
// bindings and workgroup size the compiler reflected for each.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_EXECUTABLE_H_
#define IREEC_DECLS_IREE_HAL_EXECUTABLE_H_

#include <stdint.h>

#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"

typedef uint32_t iree_hal_executable_export_ordinal_t;

// Reserved for how many workgroups of an export fit on the device at once.
typedef struct iree_hal_occupancy_info_t {
  int reserved;
} iree_hal_occupancy_info_t;

enum iree_hal_executable_export_flag_bits_e {
  IREE_HAL_EXECUTABLE_EXPORT_FLAG_NONE = 0x0,
  IREE_HAL_EXECUTABLE_EXPORT_FLAG_SEQUENTIAL = 0x1,
  IREE_HAL_EXECUTABLE_EXPORT_FLAG_WORKGROUP_SIZE_DYNAMIC = 0x2,
};

typedef uint64_t iree_hal_executable_export_flags_t;

typedef struct iree_hal_executable_export_info_t {
  iree_string_view_t name;
  iree_hal_executable_export_flags_t flags;
  uint16_t constant_count;
  uint16_t binding_count;
  uint16_t parameter_count;
  uint32_t workgroup_size[3];
  iree_hal_occupancy_info_t occupancy_info;
} iree_hal_executable_export_info_t;

enum iree_hal_executable_export_parameter_type_e {
  IREE_HAL_EXECUTABLE_EXPORT_PARAMETER_TYPE_CONSTANT = 0,
  IREE_HAL_EXECUTABLE_EXPORT_PARAMETER_TYPE_BINDING = 1,
  IREE_HAL_EXECUTABLE_EXPORT_PARAMETER_TYPE_BUFFER_PTR = 2,
};

typedef uint8_t iree_hal_executable_export_parameter_type_t;

enum iree_hal_executable_export_parameter_flag_bits_e {
  IREE_HAL_EXECUTABLE_EXPORT_PARAMETER_FLAG_NONE = 0x0,
};

typedef uint16_t iree_hal_executable_export_parameter_flags_t;

// One of an export's parameters (a constant or a binding), as the compiler
// reflected it.
typedef struct iree_hal_executable_export_parameter_t {
  iree_hal_executable_export_parameter_type_t type;
  uint8_t size;
  iree_hal_executable_export_parameter_flags_t flags;
  iree_string_view_t name;
  uint16_t offset;
} iree_hal_executable_export_parameter_t;

typedef struct iree_hal_executable_t iree_hal_executable_t;

void iree_hal_executable_retain(iree_hal_executable_t* executable);
void iree_hal_executable_release(iree_hal_executable_t* executable);
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

// Called by release when the last reference goes.
void iree_hal_executable_destroy(iree_hal_executable_t* executable);

#endif  // IREEC_DECLS_IREE_HAL_EXECUTABLE_H_
