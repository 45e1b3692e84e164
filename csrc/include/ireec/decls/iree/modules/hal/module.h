// Declarations of IREE's iree/modules/hal/module.h: the HAL VM module (the
// "hal" imports of compiled programs) and its options.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_MODULES_HAL_MODULE_H_
#define IREEC_DECLS_IREE_MODULES_HAL_MODULE_H_

#include <stdint.h>

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/buffer.h"
#include "ireec/decls/iree/hal/queue.h"
#include "ireec/decls/iree/modules/hal/debugging.h"
#include "ireec/decls/iree/vm/module.h"
#include "ireec/decls/iree/vm/ref.h"

typedef struct iree_hal_device_queue_affinity_pair_t iree_hal_device_queue_affinity_pair_t;

struct iree_hal_device_queue_affinity_pair_t {
  iree_hal_device_t* device;
  iree_hal_queue_affinity_t queue_affinity;
};

typedef struct iree_status_handle_t* (*iree_hal_module_device_allocator_select_callback_fn_t)(void*, unsigned long, const iree_hal_device_queue_affinity_pair_t*, unsigned int, unsigned int, unsigned long, unsigned long*);
typedef struct iree_hal_module_device_allocator_select_callback_t iree_hal_module_device_allocator_select_callback_t;

struct iree_hal_module_device_allocator_select_callback_t {
  iree_hal_module_device_allocator_select_callback_fn_t fn;
  void* user_data;
};

typedef struct iree_hal_module_device_policy_t iree_hal_module_device_policy_t;

struct iree_hal_module_device_policy_t {
  iree_hal_module_device_allocator_select_callback_t allocator_select;
};

iree_hal_module_device_policy_t iree_hal_module_device_policy_default(void);

enum iree_hal_module_flag_bits_t {
  IREE_HAL_MODULE_FLAG_NONE = 0x0,
  IREE_HAL_MODULE_FLAG_SYNCHRONOUS = 0x1,
};

typedef uint32_t iree_hal_module_flags_t;

iree_status_t iree_hal_module_create(
    iree_vm_instance_t* instance,
    iree_hal_module_device_policy_t device_policy,
    iree_host_size_t device_count,
    iree_hal_device_t**devices,
    iree_hal_module_flags_t flags,
    iree_hal_module_debug_sink_t debug_sink,
    iree_allocator_t host_allocator,
    iree_vm_module_t**out_module);
iree_host_size_t iree_hal_module_state_device_count(
    iree_vm_module_state_t* module_state);
iree_hal_device_t* iree_hal_module_state_device_get(
    iree_vm_module_state_t* module_state,
    iree_host_size_t index);

#endif  // IREEC_DECLS_IREE_MODULES_HAL_MODULE_H_
