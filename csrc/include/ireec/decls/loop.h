// IREE's loops (iree/base/loop.h, loop_inline.h, loop_sync.h), the wait
// source operations (iree/base/wait_source.h) and status payloads
// (iree/base/status_payload.h).
//
// Plain C declarations (no macros with arguments, no inline bodies) so that the
// same text is both C and the cffi cdef. Layouts and signatures are those of
// IREE at commit 0f64f41a0ae3; tests/test_abi_facts.py checks them.
#ifndef IREEC_DECLS_LOOP_H_
#define IREEC_DECLS_LOOP_H_

#include "ireec/decls/base.h"
#include "ireec/decls/hal.h"

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//
// A loop is a (self, ctl) pair: every operation is one call of ctl with a
// command and that command's parameter record. Callbacks receive the loop they
// run on and the status of the operation that scheduled them, which they own.

#define IREE_LOOP_INLINE_STORAGE_SIZE 512

enum iree_loop_command_e {
  IREE_LOOP_COMMAND_CALL = 0,
  IREE_LOOP_COMMAND_DISPATCH = 1,
  IREE_LOOP_COMMAND_WAIT_UNTIL = 2,
  IREE_LOOP_COMMAND_WAIT_ONE = 3,
  IREE_LOOP_COMMAND_WAIT_ANY = 4,
  IREE_LOOP_COMMAND_WAIT_ALL = 5,
  IREE_LOOP_COMMAND_DRAIN = 6,
  IREE_LOOP_COMMAND_MAX = 6,
};
// The ctl function takes the command as a plain 32-bit value.
typedef uint32_t iree_loop_command_t;

typedef enum iree_loop_priority_e {
  IREE_LOOP_PRIORITY_DEFAULT = 0,
} iree_loop_priority_t;

typedef struct iree_loop_t iree_loop_t;
typedef iree_status_t (*iree_loop_ctl_fn_t)(void* self,
                                             iree_loop_command_t command,
                                             const void* params,
                                             void** inout_ptr);
struct iree_loop_t {
  void* self;
  iree_loop_ctl_fn_t ctl;
};

typedef iree_status_t (*iree_loop_callback_fn_t)(void* user_data,
                                                  iree_loop_t loop,
                                                  iree_status_t status);
typedef iree_status_t (*iree_loop_workgroup_fn_t)(void* user_data,
                                                   iree_loop_t loop,
                                                   uint32_t workgroup_x,
                                                   uint32_t workgroup_y,
                                                   uint32_t workgroup_z);

typedef struct iree_loop_callback_t {
  iree_loop_callback_fn_t fn;
  void* user_data;
} iree_loop_callback_t;

// The parameter record of each command, as ctl receives it.
typedef struct iree_loop_call_params_t {
  iree_loop_callback_t callback;
  iree_loop_priority_t priority;
} iree_loop_call_params_t;

typedef struct iree_loop_dispatch_params_t {
  iree_loop_callback_t callback;
  iree_loop_workgroup_fn_t workgroup_fn;
  uint32_t workgroup_count_xyz[3];
} iree_loop_dispatch_params_t;

typedef struct iree_loop_wait_until_params_t {
  iree_loop_callback_t callback;
  iree_time_t deadline_ns;
} iree_loop_wait_until_params_t;

typedef struct iree_loop_wait_one_params_t {
  iree_loop_callback_t callback;
  iree_time_t deadline_ns;
  iree_wait_source_t wait_source;
} iree_loop_wait_one_params_t;

typedef struct iree_loop_wait_multi_params_t {
  iree_loop_callback_t callback;
  iree_time_t deadline_ns;
  iree_host_size_t count;
  iree_wait_source_t* wait_sources;
} iree_loop_wait_multi_params_t;

typedef struct iree_loop_drain_params_t {
  iree_time_t deadline_ns;
} iree_loop_drain_params_t;

// A loop that fails every operation (IREE's static inline, exported by us).
iree_loop_t iree_loop_null(void);

// Schedules |callback| to run on the loop.
iree_status_t iree_loop_call(iree_loop_t loop, iree_loop_priority_t priority,
                             iree_loop_callback_fn_t callback, void* user_data);
// Runs |workgroup_callback| once per workgroup of the 3D grid, then
// |completion_callback|.
iree_status_t iree_loop_dispatch(iree_loop_t loop,
                                 const uint32_t workgroup_count_xyz[3],
                                 iree_loop_workgroup_fn_t workgroup_callback,
                                 iree_loop_callback_fn_t completion_callback,
                                 void* user_data);
iree_status_t iree_loop_wait_until(iree_loop_t loop, iree_timeout_t timeout,
                                   iree_loop_callback_fn_t callback,
                                   void* user_data);
iree_status_t iree_loop_wait_one(iree_loop_t loop,
                                 iree_wait_source_t wait_source,
                                 iree_timeout_t timeout,
                                 iree_loop_callback_fn_t callback,
                                 void* user_data);
iree_status_t iree_loop_wait_any(iree_loop_t loop, iree_host_size_t count,
                                 iree_wait_source_t* wait_sources,
                                 iree_timeout_t timeout,
                                 iree_loop_callback_fn_t callback,
                                 void* user_data);
iree_status_t iree_loop_wait_all(iree_loop_t loop, iree_host_size_t count,
                                 iree_wait_source_t* wait_sources,
                                 iree_timeout_t timeout,
                                 iree_loop_callback_fn_t callback,
                                 void* user_data);
// Runs the loop until nothing is pending or |timeout| passes.
iree_status_t iree_loop_drain(iree_loop_t loop, iree_timeout_t timeout);

//===----------------------------------------------------------------------===//
// The inline loop
//===----------------------------------------------------------------------===//
// Runs every operation on the calling thread as it is scheduled. The first
// failure is stored in the status the loop was made with (or in the storage).

// Storage for a loop's pending operations and its first failure. IREE aligns
// it beyond its members (to iree_max_align_t) with an attribute on the
// typedef, which the cdef cannot spell: the body is in iree/base/loop_inline.h
// and Python makes these loops with iree_loop_inline instead.
typedef struct iree_loop_inline_storage_t iree_loop_inline_storage_t;

iree_status_t iree_loop_inline_ctl(void* self, iree_loop_command_t command,
                                   const void* params, void** inout_ptr);
iree_status_t iree_loop_inline_using_storage_ctl(void* self,
                                                 iree_loop_command_t command,
                                                 const void* params,
                                                 void** inout_ptr);

// IREE's static inline constructors, exported by us.
iree_loop_t iree_loop_inline(iree_status_t* out_status);
iree_loop_t iree_loop_inline_initialize(iree_loop_inline_storage_t* storage);
void iree_loop_inline_deinitialize(iree_loop_inline_storage_t* storage);

//===----------------------------------------------------------------------===//
// The synchronous loop
//===----------------------------------------------------------------------===//
// A queue drained by the thread that waits on it; scopes group the operations
// of one user and collect their failures through an error callback.

typedef struct iree_loop_sync_t iree_loop_sync_t;

typedef struct iree_loop_sync_options_t {
  iree_host_size_t max_queue_depth;
  iree_host_size_t max_wait_count;
} iree_loop_sync_options_t;

typedef void (*iree_loop_sync_error_fn_t)(void* user_data,
                                          iree_status_t status);

typedef struct iree_loop_sync_scope_t {
  iree_loop_sync_t* loop_sync;
  int32_t pending_count;
  iree_loop_sync_error_fn_t error_fn;
  void* error_user_data;
} iree_loop_sync_scope_t;

iree_status_t iree_loop_sync_allocate(iree_loop_sync_options_t options,
                                      iree_allocator_t allocator,
                                      iree_loop_sync_t** out_loop_sync);
void iree_loop_sync_free(iree_loop_sync_t* loop_sync);
iree_status_t iree_loop_sync_ctl(void* self, iree_loop_command_t command,
                                 const void* params, void** inout_ptr);
iree_status_t iree_loop_sync_wait_idle(iree_loop_sync_t* loop_sync,
                                       iree_timeout_t timeout);
void iree_loop_sync_scope_initialize(iree_loop_sync_t* loop_sync,
                                     iree_loop_sync_error_fn_t error_fn,
                                     void* error_user_data,
                                     iree_loop_sync_scope_t* out_scope);
void iree_loop_sync_scope_deinitialize(iree_loop_sync_scope_t* scope);
// The loop of a scope (IREE's static inline, exported by us).
iree_loop_t iree_loop_sync_scope(iree_loop_sync_scope_t* scope);

//===----------------------------------------------------------------------===//
// Wait sources
//===----------------------------------------------------------------------===//
// The record and its ctl commands are in ireec/decls/hal.h; these are the
// operations on them.

typedef struct iree_wait_source_export_params_t {
  iree_wait_primitive_type_t target_type;
  iree_timeout_t timeout;
} iree_wait_source_export_params_t;

typedef struct iree_wait_source_wait_params_t {
  iree_timeout_t timeout;
} iree_wait_source_wait_params_t;

// Wraps a platform primitive (an eventfd, a pipe, ...) as a wait source.
iree_status_t iree_wait_source_import(iree_wait_primitive_t wait_primitive,
                                      iree_wait_source_t* out_wait_source);
// Makes a platform primitive that is signaled when |wait_source| is.
iree_status_t iree_wait_source_export(iree_wait_source_t wait_source,
                                      iree_wait_primitive_type_t target_type,
                                      iree_timeout_t timeout,
                                      iree_wait_primitive_t* out_wait_primitive);
// Sets |out_wait_status_code| to OK once resolved, DEFERRED while pending, or
// the code it failed with; the returned status is the query's own.
iree_status_t iree_wait_source_query(iree_wait_source_t wait_source,
                                     iree_status_code_t* out_wait_status_code);
iree_status_t iree_wait_source_wait_one(iree_wait_source_t wait_source,
                                        iree_timeout_t timeout);
// The ctl of the wait sources iree_wait_source_delay makes.
iree_status_t iree_wait_source_delay_ctl(iree_wait_source_t wait_source,
                                         iree_wait_source_command_t command,
                                         const void* params, void** inout_ptr);

// IREE's static inline constructors and predicates, exported by us.
iree_wait_primitive_t iree_make_wait_primitive(iree_wait_primitive_type_t type,
                                               iree_wait_primitive_value_t value);
iree_wait_primitive_t iree_wait_primitive_immediate(void);
bool iree_wait_primitive_is_immediate(iree_wait_primitive_t wait_primitive);
iree_wait_source_t iree_wait_source_immediate(void);
bool iree_wait_source_is_immediate(iree_wait_source_t wait_source);
iree_wait_source_t iree_wait_source_delay(iree_time_t deadline_ns);
bool iree_wait_source_is_delay(iree_wait_source_t wait_source);

//===----------------------------------------------------------------------===//
// Status payloads
//===----------------------------------------------------------------------===//
// Extra data a status carries beyond its message (annotations, user records),
// formatted into the status text by each payload's formatter.

typedef enum iree_status_payload_type_e {
  IREE_STATUS_PAYLOAD_TYPE_OPAQUE = 0,
  IREE_STATUS_PAYLOAD_TYPE_MESSAGE = 1,
  IREE_STATUS_PAYLOAD_TYPE_STACK_TRACE = 2,
  IREE_STATUS_PAYLOAD_TYPE_MIN_USER = 0x70000000,
} iree_status_payload_type_t;

typedef struct iree_status_payload_t iree_status_payload_t;
typedef struct iree_status_storage_t iree_status_storage_t;
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

// The allocator over a caller's inline arena (iree/base/allocator.h).
iree_status_t iree_allocator_inline_arena_ctl(void* self,
                                              iree_allocator_command_t command,
                                              const void* params,
                                              void** inout_ptr);

#endif  // IREEC_DECLS_LOOP_H_
