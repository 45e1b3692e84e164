// Declarations of IREE's iree/vm/bytecode/archive.h: parsing bytecode module
// archives. A .vmfb is a flatbuffer followed by read-only data segments (a
// zip-style archive); these find the parts.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_VM_BYTECODE_ARCHIVE_H_
#define IREEC_DECLS_IREE_VM_BYTECODE_ARCHIVE_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"

#define IREE_VM_ARCHIVE_SEGMENT_ALIGNMENT 64

iree_status_t iree_vm_bytecode_archive_parse_header(
    iree_const_byte_span_t archive_contents,
    iree_const_byte_span_t* out_flatbuffer_contents,
    iree_host_size_t* out_rodata_offset);

// The total size |archive_contents| declares (it may be larger or truncated).
iree_status_t iree_vm_bytecode_archive_infer_size(
    iree_const_byte_span_t archive_contents,
    iree_host_size_t* out_inferred_size);

#endif  // IREEC_DECLS_IREE_VM_BYTECODE_ARCHIVE_H_
