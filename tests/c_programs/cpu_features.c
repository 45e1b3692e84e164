// The host CPU's features as the runtime sees them, printed as IREE's
// iree-cpuinfo tool prints them: one line per feature of this architecture
// (iree/schemas/cpu_feature_bits.inl), its LLVM name and 0 or 1, read from
// the data fields iree_cpu_initialize fills in. Then the same features
// through iree_cpu_lookup_data_by_key, which must agree, and a name the
// runtime does not know.

#include <stdbool.h>
#include <stdio.h>

#include "iree/base/api.h"
#include "iree/base/internal/cpu.h"

int main(void) {
  iree_cpu_initialize(iree_allocator_system());
  const uint64_t* fields = iree_cpu_data_fields();

  int disagreements = 0;
#define IREE_CPU_FEATURE_BIT(arch, field_index, bit_pos, bit_name, llvm_name) \
  if (IREE_ARCH_ENUM == IREE_ARCH_ENUM_##arch) {                              \
    bool present = (fields[field_index] >> (bit_pos)) & 1;                    \
    printf("%-20s %d\n", llvm_name, (int)present);                            \
    int64_t looked_up = -1;                                                   \
    iree_status_t status =                                                    \
        iree_cpu_lookup_data_by_key(IREE_SV(llvm_name), &looked_up);          \
    if (!iree_status_is_ok(status) || looked_up != (int64_t)present) {        \
      ++disagreements;                                                        \
    }                                                                         \
    iree_status_ignore(status);                                               \
  }
#include "iree/schemas/cpu_feature_bits.inl"
#undef IREE_CPU_FEATURE_BIT

  int64_t unknown = 0;
  iree_status_t status = iree_cpu_lookup_data_by_key(IREE_SV("no-such-feature"), &unknown);
  fprintf(stderr, "lookups disagreeing: %d\nunknown feature: %s\n", disagreements,
          iree_status_code_string(iree_status_code(status)));
  iree_status_ignore(status);
  return disagreements == 0 ? 0 : 1;
}
