// The layout of the CPU data fields (iree/base/internal/cpu.h): how many
// 64-bit words there are, and a constant per feature bit,
// IREE_CPU_DATA<field>_<ARCH>_<NAME> (IREE_CPU_DATA0_X86_64_AVX2, ...),
// marked unused so a file using a few of them compiles without warnings.
#ifndef IREE_SCHEMAS_CPU_DATA_H_
#define IREE_SCHEMAS_CPU_DATA_H_

#include <stdint.h>

#include "iree/base/attributes.h"

#define IREE_CPU_DATA_FIELD_COUNT 8

#define IREE_CPU_FEATURE_BIT_NAME(arch, field_index, bit_name) \
  IREE_CPU_DATA##field_index##_##arch##_##bit_name

#define IREE_CPU_FEATURE_BIT(arch, field_index, bit_pos, bit_name, llvm_name) \
  IREE_ATTRIBUTE_UNUSED static const uint64_t IREE_CPU_FEATURE_BIT_NAME(     \
      arch, field_index, bit_name) = 1ull << (bit_pos);
#include "iree/schemas/cpu_feature_bits.inl"
#undef IREE_CPU_FEATURE_BIT
#undef IREE_CPU_FEATURE_BIT_NAME

#endif  // IREE_SCHEMAS_CPU_DATA_H_
