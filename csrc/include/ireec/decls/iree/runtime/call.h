// Declarations of IREE's iree/runtime/call.h: iree_runtime_call_t: a stateful
// helper for invoking one function of a session. The runtime we bind does not
// export these; libireec_runtime implements them (csrc/runtime/call.c) with
// exactly IREE's declarations.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_RUNTIME_CALL_H_
#define IREEC_DECLS_IREE_RUNTIME_CALL_H_

#include <stdint.h>

#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/buffer_view.h"
#include "ireec/decls/iree/runtime/session.h"
#include "ireec/decls/iree/vm/list.h"
#include "ireec/decls/iree/vm/module.h"

enum iree_runtime_call_flag_bits_t {
  IREE_RUNTIME_CALL_FLAG_RESERVED = 0x0,
};

typedef uint32_t iree_runtime_call_flags_t;

typedef struct iree_runtime_call_t iree_runtime_call_t;

struct iree_runtime_call_t {
  iree_runtime_session_t* session;
  iree_vm_function_t function;
  iree_vm_list_t* inputs;
  iree_vm_list_t* outputs;
};

iree_status_t iree_runtime_call_initialize(
    iree_runtime_session_t* session,
    iree_vm_function_t function,
    iree_runtime_call_t* out_call);
iree_status_t iree_runtime_call_initialize_by_name(
    iree_runtime_session_t* session,
    iree_string_view_t full_name,
    iree_runtime_call_t* out_call);
void iree_runtime_call_deinitialize(iree_runtime_call_t* call);
void iree_runtime_call_reset(iree_runtime_call_t* call);
iree_vm_list_t* iree_runtime_call_inputs(const iree_runtime_call_t* call);
iree_vm_list_t* iree_runtime_call_outputs(const iree_runtime_call_t* call);
iree_status_t iree_runtime_call_invoke(
    iree_runtime_call_t* call,
    iree_runtime_call_flags_t flags);
iree_status_t iree_runtime_call_inputs_push_back_buffer_view(
    iree_runtime_call_t* call,
    iree_hal_buffer_view_t* buffer_view);
iree_status_t iree_runtime_call_outputs_pop_front_buffer_view(
    iree_runtime_call_t* call,
    iree_hal_buffer_view_t**out_buffer_view);

#endif  // IREEC_DECLS_IREE_RUNTIME_CALL_H_
