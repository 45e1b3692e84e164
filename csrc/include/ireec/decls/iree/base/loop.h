// Declarations of IREE's iree/base/loop.h: loops, the (self, ctl) interface
// asynchronous work is scheduled on. Every operation is one call of ctl with a
// command and that command's parameter record. Callbacks receive the loop they
// run on and the status of the operation that scheduled them, which they own.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_BASE_LOOP_H_
#define IREEC_DECLS_IREE_BASE_LOOP_H_

#include <stdint.h>

#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/base/time.h"
#include "ireec/decls/iree/base/wait_source.h"

typedef struct iree_loop_t iree_loop_t;

// The ctl function takes the command as a plain 32-bit value.
typedef uint32_t iree_loop_command_t;

typedef enum iree_loop_priority_e {
  IREE_LOOP_PRIORITY_DEFAULT = 0,
} iree_loop_priority_t;

typedef iree_status_t (*iree_loop_callback_fn_t)(void* user_data,
                                                  iree_loop_t loop,
                                                  iree_status_t status);
typedef iree_status_t (*iree_loop_workgroup_fn_t)(void* user_data,
                                                   iree_loop_t loop,
                                                   uint32_t workgroup_x,
                                                   uint32_t workgroup_y,
                                                   uint32_t workgroup_z);

typedef iree_status_t (*iree_loop_ctl_fn_t)(void* self,
                                             iree_loop_command_t command,
                                             const void* params,
                                             void** inout_ptr);
struct iree_loop_t {
  void* self;
  iree_loop_ctl_fn_t ctl;
};

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

#endif  // IREEC_DECLS_IREE_BASE_LOOP_H_
