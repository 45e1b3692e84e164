// Declarations of IREE's iree/base/internal/arena.h: arena block pools (fixed-
// size blocks reused by arenas).
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_BASE_INTERNAL_ARENA_H_
#define IREEC_DECLS_IREE_BASE_INTERNAL_ARENA_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"

typedef struct iree_arena_block_pool_t iree_arena_block_pool_t;

void iree_arena_block_pool_initialize(iree_host_size_t total_block_size,
                                      iree_allocator_t block_allocator,
                                      iree_arena_block_pool_t* out_block_pool);
void iree_arena_block_pool_deinitialize(iree_arena_block_pool_t* block_pool);
void iree_arena_block_pool_trim(iree_arena_block_pool_t* block_pool);

#endif  // IREEC_DECLS_IREE_BASE_INTERNAL_ARENA_H_
