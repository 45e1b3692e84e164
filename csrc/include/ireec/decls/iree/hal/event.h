// Declarations of IREE's iree/hal/event.h: HAL events: device-side signals
// within command buffers.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_EVENT_H_
#define IREEC_DECLS_IREE_HAL_EVENT_H_

#include <stdint.h>

#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/buffer.h"
#include "ireec/decls/iree/hal/queue.h"

enum iree_hal_event_flag_bits_t {
  IREE_HAL_EVENT_FLAG_NONE = 0x0,
};

typedef uint32_t iree_hal_event_flags_t;

typedef struct iree_hal_event_t iree_hal_event_t;

iree_status_t iree_hal_event_create(
    iree_hal_device_t* device,
    iree_hal_queue_affinity_t queue_affinity,
    iree_hal_event_flags_t flags,
    iree_hal_event_t**out_event);
void iree_hal_event_retain(iree_hal_event_t* event);
void iree_hal_event_release(iree_hal_event_t* event);

typedef struct iree_hal_event_vtable_t iree_hal_event_vtable_t;

struct iree_hal_event_vtable_t {
  void (*destroy)(iree_hal_event_t* event);
};

// Destroys the event: what its release does when the last reference
// goes. For implementations; everything else releases.
void iree_hal_event_destroy(iree_hal_event_t* event);

#endif  // IREEC_DECLS_IREE_HAL_EVENT_H_
