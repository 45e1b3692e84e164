// Declarations of IREE's iree/base/status_payload.h: status payloads, the
// extra data a status carries beyond its message (annotations, user records),
// formatted into the status text by each payload's formatter.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_BASE_STATUS_PAYLOAD_H_
#define IREEC_DECLS_IREE_BASE_STATUS_PAYLOAD_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"

typedef struct iree_status_storage_t iree_status_storage_t;

typedef enum iree_status_payload_type_e {
  IREE_STATUS_PAYLOAD_TYPE_OPAQUE = 0,
  IREE_STATUS_PAYLOAD_TYPE_MESSAGE = 1,
  IREE_STATUS_PAYLOAD_TYPE_STACK_TRACE = 2,
  IREE_STATUS_PAYLOAD_TYPE_MIN_USER = 0x70000000,
} iree_status_payload_type_t;

typedef struct iree_status_payload_t iree_status_payload_t;

typedef void (*iree_status_payload_formatter_t)(
    const iree_status_payload_t* payload, iree_host_size_t buffer_capacity,
    char* buffer, iree_host_size_t* out_buffer_length);

struct iree_status_payload_t {
  iree_status_payload_t* next;
  iree_status_payload_type_t type;
  iree_allocator_t allocator;
  iree_status_payload_formatter_t formatter;
};

// Appends |payload| to the payload list in |storage| (|status|'s own storage,
// whose layout IREE keeps private: in IREE this is an implementation detail)
// and returns |status|, which then frees the payload with payload->allocator.
iree_status_t iree_status_append_payload(iree_status_t status,
                                         iree_status_storage_t* storage,
                                         iree_status_payload_t* payload);

#endif  // IREEC_DECLS_IREE_BASE_STATUS_PAYLOAD_H_
