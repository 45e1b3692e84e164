// Declarations of IREE's iree/runtime/session.h: iree_runtime_session_t: a VM
// context with a device and the modules loaded into it. The runtime we bind
// does not export these; libireec_runtime implements them
// (csrc/runtime/session.c) with exactly IREE's declarations.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_RUNTIME_SESSION_H_
#define IREEC_DECLS_IREE_RUNTIME_SESSION_H_

#include <stdint.h>

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/buffer.h"
#include "ireec/decls/iree/runtime/instance.h"
#include "ireec/decls/iree/vm/context.h"
#include "ireec/decls/iree/vm/list.h"
#include "ireec/decls/iree/vm/module.h"

typedef struct iree_runtime_session_t iree_runtime_session_t;

enum iree_runtime_session_builtins_bits_t {
  IREE_RUNTIME_SESSION_BUILTIN_ALL = 0xffffffffffffffffull,
};

typedef uint64_t iree_runtime_session_builtins_t;

typedef struct iree_runtime_session_options_t iree_runtime_session_options_t;

struct iree_runtime_session_options_t {
  iree_vm_context_flags_t context_flags;
  iree_runtime_session_builtins_t builtin_modules;
};

void iree_runtime_session_options_initialize(
    iree_runtime_session_options_t* out_options);
iree_status_t iree_runtime_session_create_with_device(
    iree_runtime_instance_t* instance,
    const iree_runtime_session_options_t* options,
    iree_hal_device_t* device,
    iree_allocator_t host_allocator,
    iree_runtime_session_t**out_session);
void iree_runtime_session_retain(iree_runtime_session_t* session);
void iree_runtime_session_release(iree_runtime_session_t* session);
iree_allocator_t iree_runtime_session_host_allocator(
    const iree_runtime_session_t* session);
iree_runtime_instance_t* iree_runtime_session_instance(
    const iree_runtime_session_t* session);
iree_vm_context_t* iree_runtime_session_context(
    const iree_runtime_session_t* session);
iree_hal_device_t* iree_runtime_session_device(
    const iree_runtime_session_t* session);
iree_hal_allocator_t* iree_runtime_session_device_allocator(
    const iree_runtime_session_t* session);
iree_status_t iree_runtime_session_trim(iree_runtime_session_t* session);
iree_status_t iree_runtime_session_append_module(
    iree_runtime_session_t* session,
    iree_vm_module_t* module);
iree_status_t iree_runtime_session_append_bytecode_module_from_memory(
    iree_runtime_session_t* session,
    iree_const_byte_span_t flatbuffer_data,
    iree_allocator_t flatbuffer_allocator);
iree_status_t iree_runtime_session_append_bytecode_module_from_file(
    iree_runtime_session_t* session,
    const char* file_path);
iree_status_t iree_runtime_session_append_bytecode_module_from_stdin(
    iree_runtime_session_t* session);
iree_status_t iree_runtime_session_lookup_function(
    const iree_runtime_session_t* session,
    iree_string_view_t full_name,
    iree_vm_function_t* out_function);
iree_status_t iree_runtime_session_call(
    iree_runtime_session_t* session,
    const iree_vm_function_t* function,
    iree_vm_list_t* input_list,
    iree_vm_list_t* output_list);
iree_status_t iree_runtime_session_call_by_name(
    iree_runtime_session_t* session,
    iree_string_view_t full_name,
    iree_vm_list_t* input_list,
    iree_vm_list_t* output_list);
iree_status_t iree_runtime_session_call_direct(
    iree_runtime_session_t* session,
    const iree_vm_function_call_t call);

#endif  // IREEC_DECLS_IREE_RUNTIME_SESSION_H_
