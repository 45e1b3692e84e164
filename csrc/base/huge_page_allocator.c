// ireec_allocator_system_huge_pages: the system allocator, with large
// allocations advised to be backed by transparent huge pages.
//
// Why: where the kernel's transparent huge pages are set to "madvise" (a
// common default), memory gets huge pages only when asked. numpy asks for
// every array of 4 MiB or more; the system allocator never does. Device
// memory of the CPU drivers is plain host memory from their allocator, so
// without this a large result sits on 4 KiB pages while the numpy array it is
// read into sits on 2 MiB ones, and copying it out (or a program streaming
// through it) pays a TLB miss every 4 KiB: measured here, reading back a
// 64 MiB result took about 1.5x as long as numpy copying its own 64 MiB.

#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

#include "iree/base/api.h"
#include "ireec/decls/ireec/base/huge_page_allocator.h"

// numpy's threshold for the same advice (its hugepage allocation hint).
#define IREEC_HUGE_PAGE_ADVICE_MIN_BYTES ((iree_host_size_t)4 << 20)

// The parameters IREE passes with MALLOC, CALLOC and REALLOC (allocator.h's
// iree_allocator_alloc_params_t: one field, the byte length). Not in the
// bound declarations: Python never builds one.
typedef struct ireec_allocator_alloc_params_t {
  iree_host_size_t byte_length;
} ireec_allocator_alloc_params_t;

static void ireec_advise_huge_pages(void* ptr, iree_host_size_t byte_length) {
  // madvise takes whole pages: advise the pages wholly inside the block.
  uintptr_t page_size = (uintptr_t)sysconf(_SC_PAGESIZE);
  uintptr_t begin = ((uintptr_t)ptr + page_size - 1) & ~(page_size - 1);
  uintptr_t end = ((uintptr_t)ptr + byte_length) & ~(page_size - 1);
  if (end <= begin) return;
  // Advice only: a kernel without transparent huge pages refuses it, and the
  // memory is as usable as before.
  (void)madvise((void*)begin, end - begin, MADV_HUGEPAGE);
}

static iree_status_t ireec_allocator_system_huge_pages_ctl(
    void* self, iree_allocator_command_t command, const void* params,
    void** inout_ptr) {
  // The system allocator does the allocating, so blocks from this allocator
  // and from iree_allocator_system() may be freed by either.
  IREE_RETURN_IF_ERROR(
      iree_allocator_libc_ctl(self, command, params, inout_ptr));
  if (command != IREE_ALLOCATOR_COMMAND_FREE && params && *inout_ptr) {
    iree_host_size_t byte_length =
        ((const ireec_allocator_alloc_params_t*)params)->byte_length;
    if (byte_length >= IREEC_HUGE_PAGE_ADVICE_MIN_BYTES) {
      ireec_advise_huge_pages(*inout_ptr, byte_length);
    }
  }
  return iree_ok_status();
}

IREE_API_EXPORT iree_allocator_t ireec_allocator_system_huge_pages(void) {
  iree_allocator_t allocator = {NULL, ireec_allocator_system_huge_pages_ctl};
  return allocator;
}
