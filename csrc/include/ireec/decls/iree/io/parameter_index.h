// Declarations of IREE's iree/io/parameter_index.h: parameter indices: named
// ranges of files (or splat patterns) by key.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_IO_PARAMETER_INDEX_H_
#define IREEC_DECLS_IREE_IO_PARAMETER_INDEX_H_

#include <stdint.h>
#include <stdio.h>

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_builder.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/io/file_handle.h"

typedef enum iree_io_parameter_index_entry_storage_type_e {
  IREE_IO_PARAMETER_INDEX_ENTRY_STORAGE_TYPE_SPLAT = 0,
  IREE_IO_PARAMETER_INDEX_ENTRY_STORAGE_TYPE_FILE = 1,
} iree_io_parameter_index_entry_storage_type_t;

#define IREE_IO_PARAMETER_MAX_SPLAT_PATTERN_LENGTH 16

typedef struct iree_io_parameter_index_entry_t {
  iree_string_view_t key;
  iree_const_byte_span_t metadata;
  uint64_t length;
  iree_io_parameter_index_entry_storage_type_t type;
  union {
    struct {
      uint8_t pattern_length;
      // IREE_IO_PARAMETER_MAX_SPLAT_PATTERN_LENGTH
      uint8_t pattern[16];
    } splat;
    struct {
      iree_io_file_handle_t* handle;
      uint64_t offset;
    } file;
  } storage;
} iree_io_parameter_index_entry_t;

typedef struct iree_io_parameter_index_t iree_io_parameter_index_t;

iree_status_t iree_io_parameter_index_create(
    iree_allocator_t host_allocator,
    iree_io_parameter_index_t** out_index);
void iree_io_parameter_index_retain(iree_io_parameter_index_t* index);
void iree_io_parameter_index_release(iree_io_parameter_index_t* index);
iree_host_size_t iree_io_parameter_index_count(
    iree_io_parameter_index_t* index);
iree_status_t iree_io_parameter_index_reserve(
    iree_io_parameter_index_t* index,
    iree_host_size_t new_capacity);
iree_status_t iree_io_parameter_index_add(
    iree_io_parameter_index_t* index,
    const iree_io_parameter_index_entry_t* entry);
iree_status_t iree_io_parameter_index_get(
    iree_io_parameter_index_t* index,
    iree_host_size_t i,
    const iree_io_parameter_index_entry_t** out_entry);
iree_status_t iree_io_parameter_index_lookup(
    iree_io_parameter_index_t* index,
    iree_string_view_t key,
    const iree_io_parameter_index_entry_t** out_entry);
iree_status_t iree_io_parameter_index_dump(
    iree_string_view_t scope,
    iree_io_parameter_index_t* index,
    iree_string_builder_t* builder);
iree_status_t iree_io_parameter_index_fprint(
    FILE* file,
    iree_string_view_t scope,
    iree_io_parameter_index_t* index);

#endif  // IREEC_DECLS_IREE_IO_PARAMETER_INDEX_H_
