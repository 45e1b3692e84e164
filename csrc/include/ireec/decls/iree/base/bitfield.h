// Declarations of IREE's iree/base/bitfield.h: bitfield formatting and parsing:
// flag values to and from text.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_BASE_BITFIELD_H_
#define IREEC_DECLS_IREE_BASE_BITFIELD_H_

#include <stdint.h>

#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_builder.h"
#include "ireec/decls/iree/base/string_view.h"

typedef struct iree_bitfield_string_mapping_t iree_bitfield_string_mapping_t;

struct iree_bitfield_string_mapping_t {
  uint32_t bits;
  iree_string_view_t string;
};

iree_status_t iree_bitfield_parse(
    iree_string_view_t value,
    iree_host_size_t mapping_count,
    const iree_bitfield_string_mapping_t* mappings,
    uint32_t* out_value);
iree_status_t iree_bitfield_format(
    uint32_t value,
    iree_host_size_t mapping_count,
    const iree_bitfield_string_mapping_t* mappings,
    iree_string_builder_t* string_builder);

typedef struct iree_bitfield_string_temp_t iree_bitfield_string_temp_t;

struct iree_bitfield_string_temp_t {
  char buffer[128];
};

iree_string_view_t iree_bitfield_format_inline(
    uint32_t value,
    iree_host_size_t mapping_count,
    const iree_bitfield_string_mapping_t* mappings,
    iree_bitfield_string_temp_t* out_temp);

#endif  // IREEC_DECLS_IREE_BASE_BITFIELD_H_
