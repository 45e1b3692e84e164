// Declarations of IREE's iree/base/loop_inline.h: the inline loop, which runs
// each operation on the calling thread as it is scheduled. The first failure
// is stored in the status the loop was made with (or in the storage).
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_BASE_LOOP_INLINE_H_
#define IREEC_DECLS_IREE_BASE_LOOP_INLINE_H_

#include "ireec/decls/iree/base/loop.h"
#include "ireec/decls/iree/base/string_view.h"

iree_status_t iree_loop_inline_ctl(void* self, iree_loop_command_t command,
                                   const void* params, void** inout_ptr);
iree_status_t iree_loop_inline_using_storage_ctl(void* self,
                                                 iree_loop_command_t command,
                                                 const void* params,
                                                 void** inout_ptr);

// IREE's static inline constructor, exported by us.
iree_loop_t iree_loop_inline(iree_status_t* out_status);

#define IREE_LOOP_INLINE_STORAGE_SIZE 512

// Storage for a loop's pending operations and its first failure. IREE aligns
// it beyond its members (to iree_max_align_t) with an attribute on the
// typedef, which the cdef cannot spell: the body is in iree/base/loop_inline.h
// and Python makes these loops with iree_loop_inline instead.
typedef struct iree_loop_inline_storage_t iree_loop_inline_storage_t;

// IREE's static inline constructors, exported by us.
iree_loop_t iree_loop_inline_initialize(iree_loop_inline_storage_t* storage);
void iree_loop_inline_deinitialize(iree_loop_inline_storage_t* storage);

#endif  // IREEC_DECLS_IREE_BASE_LOOP_INLINE_H_
