// Declarations of IREE's iree/hal/driver_registry.h: the HAL driver registry:
// driver factories by name, and device creation by URI. The runtime we bind
// does not export these; libireec_runtime implements them
// (csrc/hal/driver_registry.c, csrc/hal/create_device.c) with exactly IREE's
// declarations.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_DRIVER_REGISTRY_H_
#define IREEC_DECLS_IREE_HAL_DRIVER_REGISTRY_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/buffer.h"
#include "ireec/decls/iree/hal/driver.h"

typedef struct iree_hal_driver_factory_t iree_hal_driver_factory_t;

struct iree_hal_driver_factory_t {
  void* self;
  iree_status_t (*enumerate)(
      void* self,
      iree_host_size_t* out_driver_info_count,
      const iree_hal_driver_info_t** out_driver_infos);
  iree_status_t (*try_create)(
      void* self,
      iree_string_view_t driver_name,
      iree_allocator_t host_allocator,
      iree_hal_driver_t** out_driver);
};

typedef struct iree_hal_driver_registry_t iree_hal_driver_registry_t;

iree_hal_driver_registry_t* iree_hal_driver_registry_default(void);
iree_status_t iree_hal_driver_registry_allocate(
    iree_allocator_t host_allocator,
    iree_hal_driver_registry_t**out_registry);
void iree_hal_driver_registry_free(iree_hal_driver_registry_t* registry);
iree_status_t iree_hal_driver_registry_register_factory(
    iree_hal_driver_registry_t* registry,
    const iree_hal_driver_factory_t* factory);
iree_status_t iree_hal_driver_registry_unregister_factory(
    iree_hal_driver_registry_t* registry,
    const iree_hal_driver_factory_t* factory);
iree_status_t iree_hal_driver_registry_enumerate(
    iree_hal_driver_registry_t* registry,
    iree_allocator_t host_allocator,
    iree_host_size_t* out_driver_info_count,
    iree_hal_driver_info_t**out_driver_infos);
iree_status_t iree_hal_driver_registry_try_create(
    iree_hal_driver_registry_t* registry,
    iree_string_view_t driver_name,
    iree_allocator_t host_allocator,
    iree_hal_driver_t**out_driver);
iree_status_t iree_hal_create_device(
    iree_hal_driver_registry_t* registry,
    iree_string_view_t device_uri,
    iree_allocator_t host_allocator,
    iree_hal_device_t**out_device);

#endif  // IREEC_DECLS_IREE_HAL_DRIVER_REGISTRY_H_
