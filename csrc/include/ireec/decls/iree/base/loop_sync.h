// Declarations of IREE's iree/base/loop_sync.h: the synchronous loop, a queue
// drained by the thread that waits on it; scopes group the operations of one
// user and collect their failures through an error callback.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_BASE_LOOP_SYNC_H_
#define IREEC_DECLS_IREE_BASE_LOOP_SYNC_H_

#include <stdint.h>

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/loop.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/base/time.h"

typedef struct iree_loop_sync_options_t {
  iree_host_size_t max_queue_depth;
  iree_host_size_t max_wait_count;
} iree_loop_sync_options_t;

typedef struct iree_loop_sync_t iree_loop_sync_t;

iree_status_t iree_loop_sync_allocate(iree_loop_sync_options_t options,
                                      iree_allocator_t allocator,
                                      iree_loop_sync_t** out_loop_sync);
void iree_loop_sync_free(iree_loop_sync_t* loop_sync);
iree_status_t iree_loop_sync_wait_idle(iree_loop_sync_t* loop_sync,
                                       iree_timeout_t timeout);

typedef void (*iree_loop_sync_error_fn_t)(void* user_data,
                                          iree_status_t status);

typedef struct iree_loop_sync_scope_t {
  iree_loop_sync_t* loop_sync;
  int32_t pending_count;
  iree_loop_sync_error_fn_t error_fn;
  void* error_user_data;
} iree_loop_sync_scope_t;

void iree_loop_sync_scope_initialize(iree_loop_sync_t* loop_sync,
                                     iree_loop_sync_error_fn_t error_fn,
                                     void* error_user_data,
                                     iree_loop_sync_scope_t* out_scope);
void iree_loop_sync_scope_deinitialize(iree_loop_sync_scope_t* scope);
iree_status_t iree_loop_sync_ctl(void* self, iree_loop_command_t command,
                                 const void* params, void** inout_ptr);

// The loop of a scope (IREE's static inline, exported by us).
iree_loop_t iree_loop_sync_scope(iree_loop_sync_scope_t* scope);

#endif  // IREEC_DECLS_IREE_BASE_LOOP_SYNC_H_
