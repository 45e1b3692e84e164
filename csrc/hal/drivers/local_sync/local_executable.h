// Private to the local-sync driver: the leading fields of IREE's local
// executable and the pieces of IREE's internal utilities (fpu state,
// processor ids, arena block pools) that the inline command buffer and the
// sync device need and that ireec does not declare publicly. The executable
// library ABI and local executables' functions are public
// (iree/hal/local/executable_library.h, local_executable.h).
//
// Each layout is IREE's at the commit we bind and is pinned below with static
// assertions against IREE's ABI facts, so a mismatch fails the build instead
// of corrupting memory. Only the leading fields of a local executable are
// read here (its dispatch attributes); the rest stays opaque.
#ifndef IREEC_HAL_DRIVERS_LOCAL_SYNC_LOCAL_EXECUTABLE_H_
#define IREEC_HAL_DRIVERS_LOCAL_SYNC_LOCAL_EXECUTABLE_H_

#include <stddef.h>
#include <stdint.h>

#include "iree/hal/api.h"
#include "iree/base/internal/arena.h"
#include "iree/hal/local/executable_library.h"
#include "iree/hal/local/local_executable.h"

// Helpers shared between the files of this driver stay out of
// libireec_runtime's exported symbols.
#define IREE_HAL_LOCAL_SYNC_INTERNAL __attribute__((visibility("hidden")))

// IREE's printf length for iree_host_size_t (a size_t).
#ifndef PRIhsz
#define PRIhsz "zu"
#endif

//===----------------------------------------------------------------------===//
// iree/hal/local/local_executable.h
//===----------------------------------------------------------------------===//

// The leading fields of IREE's iree_hal_local_executable_t (136 bytes, the
// executable environment following at offset 40 is not read here).
typedef struct ireec_local_executable_prefix_t {
  iree_hal_resource_t resource;
  iree_allocator_t host_allocator;
  const iree_hal_executable_dispatch_attrs_v0_t* dispatch_attrs;
} ireec_local_executable_prefix_t;

_Static_assert(offsetof(ireec_local_executable_prefix_t, host_allocator) ==
                   16, "iree_hal_local_executable_t.host_allocator");
_Static_assert(offsetof(ireec_local_executable_prefix_t, dispatch_attrs) ==
                   32, "iree_hal_local_executable_t.dispatch_attrs");

//===----------------------------------------------------------------------===//
// iree/base/internal: fpu state, processor ids, arena block pools
//===----------------------------------------------------------------------===//

typedef uint32_t iree_fpu_state_flags_t;
#define IREE_FPU_STATE_FLAG_FLUSH_DENORMALS_TO_ZERO 1u

typedef struct iree_fpu_state_t {
  uint64_t previous_value;
  uint64_t current_value;
} iree_fpu_state_t;
_Static_assert(sizeof(iree_fpu_state_t) == 16, "iree_fpu_state_t");

iree_fpu_state_t iree_fpu_state_push(iree_fpu_state_flags_t flags);
void iree_fpu_state_pop(iree_fpu_state_t state);

typedef uint32_t iree_cpu_processor_tag_t;
typedef uint32_t iree_cpu_processor_id_t;
void iree_cpu_requery_processor_id(iree_cpu_processor_tag_t* restrict tag,
                                   iree_cpu_processor_id_t* restrict
                                       processor_id);
iree_status_t iree_cpu_lookup_data_by_key(iree_string_view_t key,
                                          int64_t* restrict out_value);

// Storage for an iree_arena_block_pool_t (48 bytes, 16-aligned: it holds an
// atomic list head guarded by a slim mutex), used only through IREE's
// functions.
typedef struct ireec_arena_block_pool_storage_t {
  _Alignas(16) uint8_t bytes[48];
} ireec_arena_block_pool_storage_t;

#endif  // IREEC_HAL_DRIVERS_LOCAL_SYNC_LOCAL_EXECUTABLE_H_
