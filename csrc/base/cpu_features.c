// ireec_cpu_features: IREE's table of CPU feature bits for the architecture
// this library is built for, as data Python can read (the table itself is a
// list of macro invocations, which only a C compiler can expand).

#include "iree/base/api.h"
#include "ireec/decls/ireec/base/cpu_features.h"

iree_host_size_t ireec_cpu_features(iree_host_size_t capacity,
                                    ireec_cpu_feature_t* out_features) {
  iree_host_size_t count = 0;
#define IREE_CPU_FEATURE_BIT(arch, field, bit, bit_name, name) \
  if (IREE_ARCH_ENUM == IREE_ARCH_ENUM_##arch) {               \
    if (count < capacity) {                                    \
      out_features[count].llvm_name = name;                    \
      out_features[count].field_index = field;                 \
      out_features[count].bit_pos = bit;                       \
    }                                                          \
    ++count;                                                   \
  }
#include "iree/schemas/cpu_feature_bits.inl"
#undef IREE_CPU_FEATURE_BIT
  return count;
}
