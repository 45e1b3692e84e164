// Declarations of IREE's iree/modules/hal/debugging.h: HAL module debug sinks
// (where hal.buffer_view.trace goes).
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_MODULES_HAL_DEBUGGING_H_
#define IREEC_DECLS_IREE_MODULES_HAL_DEBUGGING_H_

#include <stdio.h>

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/buffer_view.h"

typedef void (*iree_hal_module_debug_sink_release_callback_fn_t)(void*);
typedef struct iree_hal_module_debug_sink_release_callback_t iree_hal_module_debug_sink_release_callback_t;

struct iree_hal_module_debug_sink_release_callback_t {
  iree_hal_module_debug_sink_release_callback_fn_t fn;
  void* user_data;
};

typedef struct iree_status_handle_t* (*iree_hal_module_buffer_view_trace_callback_fn_t)(void*, iree_string_view_t, unsigned long, iree_hal_buffer_view_t**, iree_allocator_t);
typedef struct iree_hal_module_buffer_view_trace_callback_t iree_hal_module_buffer_view_trace_callback_t;

struct iree_hal_module_buffer_view_trace_callback_t {
  iree_hal_module_buffer_view_trace_callback_fn_t fn;
  void* user_data;
};

typedef struct iree_hal_module_debug_sink_t iree_hal_module_debug_sink_t;

struct iree_hal_module_debug_sink_t {
  iree_hal_module_debug_sink_release_callback_t release;
  iree_hal_module_buffer_view_trace_callback_t buffer_view_trace;
};

// A debug sink that drops every trace.
iree_hal_module_debug_sink_t iree_hal_module_debug_sink_null(void);

// Where hal.buffer_view.trace and friends print.
iree_hal_module_debug_sink_t iree_hal_module_debug_sink_stdio(FILE* file);

#endif  // IREEC_DECLS_IREE_MODULES_HAL_DEBUGGING_H_
