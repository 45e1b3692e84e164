// Helpers IREE's loop and wait source headers define as static inline
// functions (iree/base/loop.h, loop_inline.h, loop_sync.h, wait_source.h),
// exported so C programs and the cffi binding can call them by IREE's names.

#include <string.h>

#include "iree/base/api.h"
#include "iree/base/loop_sync.h"

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//

IREE_API_EXPORT iree_loop_t iree_loop_null(void) {
  iree_loop_t loop = {NULL, NULL};
  return loop;
}

// The inline loop keeps the first failure in *out_status (its self).
IREE_API_EXPORT iree_loop_t iree_loop_inline(iree_status_t* out_status) {
  iree_loop_t loop = {out_status, iree_loop_inline_ctl};
  return loop;
}

IREE_API_EXPORT iree_loop_t
iree_loop_inline_initialize(iree_loop_inline_storage_t* storage) {
  storage->status = iree_ok_status();
  iree_loop_t loop = {storage, iree_loop_inline_using_storage_ctl};
  return loop;
}

// Drops a failure nobody collected; safe on NULL.
IREE_API_EXPORT void iree_loop_inline_deinitialize(
    iree_loop_inline_storage_t* storage) {
  if (!storage) return;
  iree_status_ignore(storage->status);
  storage->status = iree_ok_status();
}

IREE_API_EXPORT iree_loop_t iree_loop_sync_scope(iree_loop_sync_scope_t* scope) {
  iree_loop_t loop = {scope, iree_loop_sync_ctl};
  return loop;
}

//===----------------------------------------------------------------------===//
// Wait primitives and sources
//===----------------------------------------------------------------------===//

IREE_API_EXPORT iree_wait_primitive_t iree_make_wait_primitive(
    iree_wait_primitive_type_t type, iree_wait_primitive_value_t value) {
  iree_wait_primitive_t primitive;
  memset(&primitive, 0, sizeof(primitive));
  primitive.type = type;
  primitive.value = value;
  return primitive;
}

// A primitive of type NONE: waiting on it completes at once.
IREE_API_EXPORT iree_wait_primitive_t iree_wait_primitive_immediate(void) {
  iree_wait_primitive_value_t value;
  memset(&value, 0, sizeof(value));
  return iree_make_wait_primitive(IREE_WAIT_PRIMITIVE_TYPE_NONE, value);
}

IREE_API_EXPORT bool iree_wait_primitive_is_immediate(
    iree_wait_primitive_t wait_primitive) {
  return wait_primitive.type == IREE_WAIT_PRIMITIVE_TYPE_NONE;
}

// A source with no ctl is already resolved.
IREE_API_EXPORT iree_wait_source_t iree_wait_source_immediate(void) {
  iree_wait_source_t wait_source;
  memset(&wait_source, 0, sizeof(wait_source));
  return wait_source;
}

IREE_API_EXPORT bool iree_wait_source_is_immediate(
    iree_wait_source_t wait_source) {
  return wait_source.ctl == NULL;
}

// Resolves at |deadline_ns|: the deadline rides in the source's data word.
IREE_API_EXPORT iree_wait_source_t iree_wait_source_delay(
    iree_time_t deadline_ns) {
  iree_wait_source_t wait_source;
  memset(&wait_source, 0, sizeof(wait_source));
  wait_source.data = (uint64_t)deadline_ns;
  wait_source.ctl = iree_wait_source_delay_ctl;
  return wait_source;
}

IREE_API_EXPORT bool iree_wait_source_is_delay(iree_wait_source_t wait_source) {
  return wait_source.ctl == iree_wait_source_delay_ctl;
}
