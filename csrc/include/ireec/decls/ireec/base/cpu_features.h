// ireec's own declarations (not IREE's): the CPU features the runtime knows on
// the architecture ireec was built for, from IREE's table of feature bits
// (iree/schemas/cpu_feature_bits.inl), for tools that print them (`python -m
// ireec cpuinfo`, as iree-cpuinfo) without a C compiler (csrc/base/cpu_features.c).
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef.
#ifndef IREEC_DECLS_IREEC_BASE_CPU_FEATURES_H_
#define IREEC_DECLS_IREEC_BASE_CPU_FEATURES_H_

#include <stdint.h>

#include "ireec/decls/iree/base/config.h"

// One feature: the name LLVM gives it ("avx2"), and where iree_cpu_initialize
// records it (bit |bit_pos| of data field |field_index|).
typedef struct ireec_cpu_feature_t {
  const char* llvm_name;
  uint32_t field_index;
  uint32_t bit_pos;
} ireec_cpu_feature_t;

// The features of this architecture, in the table's order: writes the first
// |capacity| of them to |out_features| (which may be NULL when |capacity| is
// 0) and returns how many there are.
iree_host_size_t ireec_cpu_features(
    iree_host_size_t capacity,
    ireec_cpu_feature_t* out_features);

#endif  // IREEC_DECLS_IREEC_BASE_CPU_FEATURES_H_
