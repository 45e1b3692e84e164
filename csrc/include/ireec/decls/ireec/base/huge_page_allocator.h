// ireec's own declarations (not IREE's): the system allocator with large blocks
// on transparent huge pages (csrc/base/huge_page_allocator.c).
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef.
#ifndef IREEC_DECLS_IREEC_BASE_HUGE_PAGE_ALLOCATOR_H_
#define IREEC_DECLS_IREEC_BASE_HUGE_PAGE_ALLOCATOR_H_

#include "ireec/decls/iree/base/allocator.h"

// The system allocator (blocks from either may be freed by the other), also
// advising the kernel to back each allocation of 4 MiB or more with
// transparent huge pages (madvise MADV_HUGEPAGE), as numpy does for its own
// arrays. The CPU drivers allocate device memory from it when their host
// allocator is the system allocator (csrc/base/huge_page_allocator.c).
iree_allocator_t ireec_allocator_system_huge_pages(void);

#endif  // IREEC_DECLS_IREEC_BASE_HUGE_PAGE_ALLOCATOR_H_
