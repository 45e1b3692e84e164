// Declarations of IREE's iree/hal/driver.h: HAL drivers: device enumeration and
// creation.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_DRIVER_H_
#define IREEC_DECLS_IREE_HAL_DRIVER_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_builder.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/buffer.h"
#include "ireec/decls/iree/hal/device.h"

typedef struct iree_hal_driver_info_t iree_hal_driver_info_t;

struct iree_hal_driver_info_t {
  iree_string_view_t driver_name;
  iree_string_view_t full_name;
};

typedef struct iree_hal_driver_t iree_hal_driver_t;

void iree_hal_driver_retain(iree_hal_driver_t* driver);
void iree_hal_driver_release(iree_hal_driver_t* driver);
iree_status_t iree_hal_driver_query_available_devices(
    iree_hal_driver_t* driver,
    iree_allocator_t host_allocator,
    iree_host_size_t* out_device_info_count,
    iree_hal_device_info_t**out_device_infos);
iree_status_t iree_hal_driver_dump_device_info(
    iree_hal_driver_t* driver,
    iree_hal_device_id_t device_id,
    iree_string_builder_t* builder);
iree_status_t iree_hal_driver_create_device_by_ordinal(
    iree_hal_driver_t* driver,
    iree_host_size_t device_ordinal,
    iree_host_size_t param_count,
    const iree_string_pair_t* params,
    iree_allocator_t host_allocator,
    iree_hal_device_t**out_device);
iree_status_t iree_hal_driver_create_device_by_id(
    iree_hal_driver_t* driver,
    iree_hal_device_id_t device_id,
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
iree_status_t iree_hal_driver_create_default_device(
    iree_hal_driver_t* driver,
    iree_allocator_t host_allocator,
    iree_hal_device_t**out_device);

typedef struct iree_hal_driver_vtable_t iree_hal_driver_vtable_t;

struct iree_hal_driver_vtable_t {
  void (*destroy)(iree_hal_driver_t* driver);
  iree_status_t (*query_available_devices)(
      iree_hal_driver_t* driver, iree_allocator_t host_allocator,
      iree_host_size_t* out_device_info_count,
      iree_hal_device_info_t** out_device_infos);
  iree_status_t (*dump_device_info)(iree_hal_driver_t* driver,
                                    iree_hal_device_id_t device_id,
                                    iree_string_builder_t* builder);
  iree_status_t (*create_device_by_id)(iree_hal_driver_t* driver,
                                       iree_hal_device_id_t device_id,
                                       iree_host_size_t param_count,
                                       const iree_string_pair_t* params,
                                       iree_allocator_t host_allocator,
                                       iree_hal_device_t** out_device);
  iree_status_t (*create_device_by_path)(
      iree_hal_driver_t* driver, iree_string_view_t driver_name,
      iree_string_view_t device_path, iree_host_size_t param_count,
      const iree_string_pair_t* params, iree_allocator_t host_allocator,
      iree_hal_device_t** out_device);
};

// Destroys the driver: what its release does when the last reference
// goes. For implementations; everything else releases.
void iree_hal_driver_destroy(iree_hal_driver_t* driver);

#endif  // IREEC_DECLS_IREE_HAL_DRIVER_H_
