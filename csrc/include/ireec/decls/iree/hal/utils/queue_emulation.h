// Declarations of IREE's iree/hal/utils/queue_emulation.h: queue operations
// emulated with command buffers.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_UTILS_QUEUE_EMULATION_H_
#define IREEC_DECLS_IREE_HAL_UTILS_QUEUE_EMULATION_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/buffer.h"
#include "ireec/decls/iree/hal/command_buffer.h"
#include "ireec/decls/iree/hal/executable.h"
#include "ireec/decls/iree/hal/queue.h"
#include "ireec/decls/iree/hal/semaphore.h"

iree_status_t iree_hal_device_queue_emulated_dispatch(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_executable_t* executable,
    iree_hal_executable_export_ordinal_t export_ordinal,
    const iree_hal_dispatch_config_t config, iree_const_byte_span_t constants,
    const iree_hal_buffer_ref_list_t bindings, iree_hal_dispatch_flags_t flags);

#endif  // IREEC_DECLS_IREE_HAL_UTILS_QUEUE_EMULATION_H_
