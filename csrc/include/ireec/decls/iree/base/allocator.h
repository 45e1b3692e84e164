// Declarations of IREE's iree/base/allocator.h: byte spans and allocators (the
// (self, ctl) pair every allocation goes through).
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_BASE_ALLOCATOR_H_
#define IREEC_DECLS_IREE_BASE_ALLOCATOR_H_

#include <stdbool.h>
#include <stdint.h>

#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"

typedef struct iree_byte_span_t iree_byte_span_t;

struct iree_byte_span_t {
  uint8_t* data;
  iree_host_size_t data_length;
};

iree_byte_span_t iree_make_byte_span(void* data, iree_host_size_t data_length);
iree_byte_span_t iree_byte_span_empty(void);

typedef struct iree_const_byte_span_t iree_const_byte_span_t;

struct iree_const_byte_span_t {
  const uint8_t* data;
  iree_host_size_t data_length;
};

iree_const_byte_span_t iree_make_const_byte_span(
    const void* data,
    iree_host_size_t data_length);
iree_const_byte_span_t iree_const_byte_span_empty(void);

typedef enum iree_allocator_command_e {
  IREE_ALLOCATOR_COMMAND_MALLOC = 0,
  IREE_ALLOCATOR_COMMAND_CALLOC = 1,
  IREE_ALLOCATOR_COMMAND_REALLOC = 2,
  IREE_ALLOCATOR_COMMAND_FREE = 3,
} iree_allocator_command_t;

typedef struct iree_status_handle_t* (*iree_allocator_ctl_fn_t)(void*, iree_allocator_command_t, const void*, void**);
typedef struct iree_allocator_t iree_allocator_t;

struct iree_allocator_t {
  void* self;
  iree_allocator_ctl_fn_t ctl;
};

iree_status_t iree_allocator_malloc(
    iree_allocator_t allocator,
    iree_host_size_t byte_length,
    void**out_ptr);
iree_status_t iree_allocator_malloc_uninitialized(
    iree_allocator_t allocator,
    iree_host_size_t byte_length,
    void**out_ptr);
iree_status_t iree_allocator_realloc(
    iree_allocator_t allocator,
    iree_host_size_t byte_length,
    void**inout_ptr);
iree_status_t iree_allocator_clone(
    iree_allocator_t allocator,
    iree_const_byte_span_t source_bytes,
    void**out_ptr);
void iree_allocator_free(iree_allocator_t allocator, void* ptr);
iree_allocator_t iree_allocator_null(void);
bool iree_allocator_is_null(iree_allocator_t allocator);

// The allocator over a caller's inline arena (iree/base/allocator.h).
iree_status_t iree_allocator_inline_arena_ctl(void* self,
                                              iree_allocator_command_t command,
                                              const void* params,
                                              void** inout_ptr);

iree_status_t iree_allocator_libc_ctl(
    void* self,
    iree_allocator_command_t command,
    const void* params,
    void**inout_ptr);
iree_allocator_t iree_allocator_system(void);
iree_status_t iree_allocator_malloc_aligned(
    iree_allocator_t allocator,
    iree_host_size_t byte_length,
    iree_host_size_t min_alignment,
    iree_host_size_t offset,
    void**out_ptr);
iree_status_t iree_allocator_realloc_aligned(
    iree_allocator_t allocator,
    iree_host_size_t byte_length,
    iree_host_size_t min_alignment,
    iree_host_size_t offset,
    void**inout_ptr);
void iree_allocator_free_aligned(iree_allocator_t allocator, void* ptr);

#endif  // IREEC_DECLS_IREE_BASE_ALLOCATOR_H_
