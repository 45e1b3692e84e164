// The inline loop, which runs each operation on the calling thread as it is
// scheduled, and the storage it keeps its pending operations in.
#ifndef IREE_BASE_LOOP_INLINE_H_
#define IREE_BASE_LOOP_INLINE_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/base/loop_inline.h"
#include "ireec/decls_end.h"

#include "iree/base/loop.h"

// IREE aligns the storage to iree_max_align_t (16 bytes) with an attribute on
// its typedef, which leaves sizeof at 520. The cdef cannot spell attributes,
// so the typedef is plain and the alignment sits on the record here: storage
// is 16-byte aligned as the runtime expects, and 8 bytes larger (528) than
// IREE's, which only ever touches the first 520.
struct iree_alignas(16) iree_loop_inline_storage_t {
  uint8_t opaque[IREE_LOOP_INLINE_STORAGE_SIZE];
  iree_status_t status;
};

#ifdef __cplusplus
static_assert(offsetof(iree_loop_inline_storage_t, status) == 512,
              "iree_loop_inline_storage_t.status");
#else
_Static_assert(offsetof(iree_loop_inline_storage_t, status) == 512,
               "iree_loop_inline_storage_t.status");
#endif

#endif  // IREE_BASE_LOOP_INLINE_H_
