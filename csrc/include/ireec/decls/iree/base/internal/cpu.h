// Declarations of IREE's iree/base/internal/cpu.h: what the runtime knows of
// the host CPU. The data fields are IREE_CPU_DATA_FIELD_COUNT 64-bit words of
// feature bits (iree/schemas/cpu_feature_bits.inl says which bit is which
// feature on each architecture), filled in by iree_cpu_initialize.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_BASE_INTERNAL_CPU_H_
#define IREEC_DECLS_IREE_BASE_INTERNAL_CPU_H_

#include <stdint.h>

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/status.h"
#include "ireec/decls/iree/base/string_view.h"

// Queries the host CPU and fills in the data fields.
void iree_cpu_initialize(iree_allocator_t temp_allocator);
// Sets the data fields from |fields| instead (missing ones are zero).
void iree_cpu_initialize_with_data(
    iree_host_size_t field_count,
    const uint64_t* fields);

// The data fields (IREE_CPU_DATA_FIELD_COUNT of them), one field, or a copy
// of the first |field_count| (zero past the known ones).
const uint64_t* iree_cpu_data_fields(void);
uint64_t iree_cpu_data_field(iree_host_size_t field);
void iree_cpu_read_data(
    iree_host_size_t field_count,
    uint64_t* out_fields);

// 1 or 0 for a feature named as LLVM names it ("avx2"), looked up on the
// host's architecture; NOT_FOUND for a name it does not know.
iree_status_t iree_cpu_lookup_data_by_key(
    iree_string_view_t key,
    int64_t* restrict out_value);

// The processor the calling thread runs on (a hint: threads move).
typedef uint32_t iree_cpu_processor_id_t;
typedef uint32_t iree_cpu_processor_tag_t;

iree_cpu_processor_id_t iree_cpu_query_processor_id(void);
// Updates |processor_id| when |tag| says the thread may have moved.
void iree_cpu_requery_processor_id(
    iree_cpu_processor_tag_t* restrict tag,
    iree_cpu_processor_id_t* restrict processor_id);

#endif  // IREEC_DECLS_IREE_BASE_INTERNAL_CPU_H_
