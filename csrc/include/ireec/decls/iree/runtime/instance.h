// Declarations of IREE's iree/runtime/instance.h: iree_runtime_instance_t: the
// root object of the high-level runtime API. The runtime we bind does not
// export these; libireec_runtime implements them (csrc/runtime/instance.c) with
// exactly IREE's declarations.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_RUNTIME_INSTANCE_H_
#define IREEC_DECLS_IREE_RUNTIME_INSTANCE_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/buffer.h"
#include "ireec/decls/iree/hal/driver_registry.h"
#include "ireec/decls/iree/vm/ref.h"

typedef struct iree_runtime_instance_t iree_runtime_instance_t;
typedef struct iree_runtime_instance_options_t iree_runtime_instance_options_t;

struct iree_runtime_instance_options_t {
  iree_hal_driver_registry_t* driver_registry;
};

void iree_runtime_instance_options_initialize(
    iree_runtime_instance_options_t* out_options);
void iree_runtime_instance_options_use_all_available_drivers(
    iree_runtime_instance_options_t* options);
iree_status_t iree_runtime_instance_create(
    const iree_runtime_instance_options_t* options,
    iree_allocator_t host_allocator,
    iree_runtime_instance_t**out_instance);
void iree_runtime_instance_retain(iree_runtime_instance_t* instance);
void iree_runtime_instance_release(iree_runtime_instance_t* instance);
iree_allocator_t iree_runtime_instance_host_allocator(
    const iree_runtime_instance_t* instance);
iree_vm_instance_t* iree_runtime_instance_vm_instance(
    const iree_runtime_instance_t* instance);
iree_hal_driver_registry_t* iree_runtime_instance_driver_registry(
    const iree_runtime_instance_t* instance);
iree_status_t iree_runtime_instance_try_create_default_device(
    iree_runtime_instance_t* instance,
    iree_string_view_t driver_name,
    iree_hal_device_t**out_device);

#endif  // IREEC_DECLS_IREE_RUNTIME_INSTANCE_H_
