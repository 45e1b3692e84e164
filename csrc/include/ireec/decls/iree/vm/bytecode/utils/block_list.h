// Declarations of IREE's iree/vm/bytecode/utils/block_list.h: the list of
// basic blocks the bytecode verifier builds for a function, each block marked
// declared (a branch targets it) or defined (its start was seen), sorted by
// program counter.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_VM_BYTECODE_UTILS_BLOCK_LIST_H_
#define IREEC_DECLS_IREE_VM_BYTECODE_UTILS_BLOCK_LIST_H_

#include <stdint.h>

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"

// How many blocks a list holds before it allocates.
#define IREE_VM_BYTECODE_INLINE_BLOCK_LIST_CAPACITY 32

typedef struct iree_vm_bytecode_block_t iree_vm_bytecode_block_t;

struct iree_vm_bytecode_block_t {
  uint32_t defined : 1;
  uint32_t reserved : 7;
  uint32_t pc : 24;
};

typedef struct iree_vm_bytecode_block_list_t iree_vm_bytecode_block_list_t;

struct iree_vm_bytecode_block_list_t {
  uint32_t capacity;
  uint32_t count;
  // inline_storage, or an allocation once the list outgrows it.
  iree_vm_bytecode_block_t* values;
  iree_vm_bytecode_block_t inline_storage[32];
};

// An empty list for |capacity| blocks (allocated from |allocator| beyond the
// inline capacity).
iree_status_t iree_vm_bytecode_block_list_initialize(
    uint32_t capacity,
    iree_allocator_t allocator,
    iree_vm_bytecode_block_list_t* out_block_list);
void iree_vm_bytecode_block_list_deinitialize(
    iree_vm_bytecode_block_list_t* block_list,
    iree_allocator_t allocator);

// The ordinal of the block starting at |pc|; NOT_FOUND when there is none,
// with |out_ordinal| where it would be inserted. Ordinals change with each
// insertion.
iree_status_t iree_vm_bytecode_block_list_find(
    const iree_vm_bytecode_block_list_t* block_list,
    uint32_t pc,
    iree_host_size_t* out_ordinal);

// The block starting at |pc|, added (declared, not yet defined) when new;
// fails past the list's capacity. The pointer is valid until the next insert.
iree_status_t iree_vm_bytecode_block_list_insert(
    iree_vm_bytecode_block_list_t* block_list,
    uint32_t pc,
    iree_vm_bytecode_block_t** out_block);

// Checks every block was defined and starts at a block marker in
// |bytecode_data|.
iree_status_t iree_vm_bytecode_block_list_verify(
    const iree_vm_bytecode_block_list_t* block_list,
    iree_const_byte_span_t bytecode_data);

#endif  // IREEC_DECLS_IREE_VM_BYTECODE_UTILS_BLOCK_LIST_H_
