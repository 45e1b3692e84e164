// Declarations of IREE's iree/base/string_builder.h: string builders: growable
// text buffers.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_BASE_STRING_BUILDER_H_
#define IREEC_DECLS_IREE_BASE_STRING_BUILDER_H_

#include <stdint.h>

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"

typedef struct iree_string_builder_t iree_string_builder_t;

struct iree_string_builder_t {
  iree_allocator_t allocator;
  char* buffer;
  iree_host_size_t size;
  iree_host_size_t capacity;
};

void iree_string_builder_initialize(
    iree_allocator_t allocator,
    iree_string_builder_t* out_builder);
void iree_string_builder_initialize_with_storage(
    char* buffer,
    iree_host_size_t buffer_capacity,
    iree_string_builder_t* out_builder);
void iree_string_builder_deinitialize(iree_string_builder_t* builder);
const char* iree_string_builder_buffer(const iree_string_builder_t* builder);
iree_host_size_t iree_string_builder_size(const iree_string_builder_t* builder);
iree_host_size_t iree_string_builder_capacity(
    const iree_string_builder_t* builder);
iree_string_view_t iree_string_builder_view(
    const iree_string_builder_t* builder);
char* iree_string_builder_take_storage(iree_string_builder_t* builder);
iree_status_t iree_string_builder_reserve(
    iree_string_builder_t* builder,
    iree_host_size_t minimum_capacity);
iree_status_t iree_string_builder_reserve_for_append(
    iree_string_builder_t* builder,
    iree_host_size_t minimum_additional_capacity,
    char**out_buffer,
    iree_host_size_t* out_capacity);
void iree_string_builder_commit_append(
    iree_string_builder_t* builder,
    iree_host_size_t append_size);
void iree_string_builder_reset(iree_string_builder_t* builder);
iree_status_t iree_string_builder_append_inline(
    iree_string_builder_t* builder,
    iree_host_size_t count,
    char**out_head);
iree_status_t iree_string_builder_append_string(
    iree_string_builder_t* builder,
    iree_string_view_t value);
iree_status_t iree_string_builder_append_cstring(
    iree_string_builder_t* builder,
    const char* value);
iree_status_t iree_string_builder_append_format(
    iree_string_builder_t* builder,
    const char* format,
    ...);

typedef struct iree_string_pair_builder_t iree_string_pair_builder_t;

struct iree_string_pair_builder_t {
  iree_allocator_t allocator;
  iree_string_pair_t* pairs;
  iree_host_size_t pairs_size;
  iree_host_size_t pairs_capacity;
  char**temp_strings;
  iree_host_size_t temp_strings_size;
  iree_host_size_t temp_strings_capacity;
};

void iree_string_pair_builder_initialize(
    iree_allocator_t allocator,
    iree_string_pair_builder_t* out_builder);
void iree_string_pair_builder_deinitialize(iree_string_pair_builder_t* builder);
iree_status_t iree_string_pair_builder_add(
    iree_string_pair_builder_t* builder,
    iree_string_pair_t pair);
iree_status_t iree_string_pair_builder_add_int32(
    iree_string_pair_builder_t* builder,
    iree_string_view_t key,
    int32_t value);
iree_status_t iree_string_pair_builder_emplace_string(
    iree_string_pair_builder_t* builder,
    iree_string_view_t* inout_string);

#endif  // IREEC_DECLS_IREE_BASE_STRING_BUILDER_H_
