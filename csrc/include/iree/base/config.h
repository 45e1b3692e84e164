// The build configuration of the runtime ireec binds (the shortfin 3.9.0 IREE
// runtime), as IREE's configuration macros name it. Code written for IREE
// tests these to choose what to compile; their values here are those the
// runtime was built with, so such code makes the same choices.
#ifndef IREE_BASE_CONFIG_H_
#define IREE_BASE_CONFIG_H_

#include <stddef.h>
#include <stdint.h>

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls_end.h"

#include "iree/base/target_platform.h"

// IREE_HOST_SIZE_MAX, IREE_DEVICE_SIZE_MAX, IREE_MAX_PATH and
// IREE_STATUS_MODE (2: statuses carry source locations and annotations, no
// stack traces) come with the declarations.
// printf conversions of iree_host_size_t and iree_device_size_t (both size_t).
#define PRIhsz "zu"
#define PRIdsz "zu"

#define IREE_STATUS_MAX_STACK_TRACE_FRAMES 16

// Tracing is compiled out; statistics are kept.
#define IREE_TRACING_MODE 0
#define IREE_STATISTICS_ENABLE 1

#define IREE_THREADING_ENABLE 1
#define IREE_SYNCHRONIZATION_DISABLE_UNSAFE 0
#define IREE_FILE_IO_ENABLE 1

#define IREE_HAL_COMMAND_BUFFER_VALIDATION_ENABLE 1
#define IREE_HAL_MODULE_STRING_UTIL_ENABLE 1
#define IREE_HAL_VERBOSE_TRACING_ENABLE 0

#define IREE_VM_BACKTRACE_ENABLE 1
#define IREE_VM_BYTECODE_VERIFICATION_ENABLE 1
#define IREE_VM_BYTECODE_DISPATCH_COMPUTED_GOTO_ENABLE 0
#define IREE_VM_EXECUTION_TRACING_ENABLE 0
#define IREE_VM_EXECUTION_TRACING_FORCE_ENABLE 0
#define IREE_VM_EXECUTION_TRACING_SRC_LOC_ENABLE 0
#define IREE_VM_EXT_F32_ENABLE 1
#define IREE_VM_EXT_F64_ENABLE 1
#define IREE_VM_UBSAN_CHECKABLE_ENABLE 0

#endif  // IREE_BASE_CONFIG_H_
