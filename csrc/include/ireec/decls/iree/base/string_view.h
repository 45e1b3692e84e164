// Declarations of IREE's iree/base/string_view.h: string views and string
// pairs.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_BASE_STRING_VIEW_H_
#define IREEC_DECLS_IREE_BASE_STRING_VIEW_H_

#include <stdbool.h>
#include <stdint.h>

#include "ireec/decls/iree/base/config.h"

struct iree_status_handle_t;
typedef struct iree_status_handle_t* iree_status_t;

#define IREE_STRING_VIEW_NPOS 0xffffffffffffffffull

typedef struct iree_string_view_t iree_string_view_t;

struct iree_string_view_t {
  const char* data;
  iree_host_size_t size;
};

iree_string_view_t iree_string_view_empty(void);
iree_string_view_t iree_make_string_view(
    const char* str,
    iree_host_size_t str_length);
iree_string_view_t iree_make_cstring_view(const char* str);

typedef struct iree_string_pair_t iree_string_pair_t;

struct iree_string_pair_t {
  union {
    iree_string_view_t first;
    iree_string_view_t key;
  };
  union {
    iree_string_view_t second;
    iree_string_view_t value;
  };
};

bool iree_string_view_equal(iree_string_view_t lhs, iree_string_view_t rhs);
bool iree_string_view_equal_case(
    iree_string_view_t lhs,
    iree_string_view_t rhs);
int iree_string_view_compare(iree_string_view_t lhs, iree_string_view_t rhs);
iree_host_size_t iree_string_view_find_char(
    iree_string_view_t value,
    char c,
    iree_host_size_t pos);
iree_host_size_t iree_string_view_find_first_of(
    iree_string_view_t value,
    iree_string_view_t s,
    iree_host_size_t pos);
iree_host_size_t iree_string_view_find_last_of(
    iree_string_view_t value,
    iree_string_view_t s,
    iree_host_size_t pos);
bool iree_string_view_starts_with(
    iree_string_view_t value,
    iree_string_view_t prefix);
bool iree_string_view_ends_with(
    iree_string_view_t value,
    iree_string_view_t suffix);
iree_string_view_t iree_string_view_remove_prefix(
    iree_string_view_t value,
    iree_host_size_t n);
iree_string_view_t iree_string_view_remove_suffix(
    iree_string_view_t value,
    iree_host_size_t n);
iree_string_view_t iree_string_view_strip_prefix(
    iree_string_view_t value,
    iree_string_view_t prefix);
iree_string_view_t iree_string_view_strip_suffix(
    iree_string_view_t value,
    iree_string_view_t suffix);
bool iree_string_view_consume_prefix(
    iree_string_view_t* value,
    iree_string_view_t prefix);
bool iree_string_view_consume_suffix(
    iree_string_view_t* value,
    iree_string_view_t suffix);
iree_string_view_t iree_string_view_trim(iree_string_view_t value);
iree_string_view_t iree_string_view_substr(
    iree_string_view_t value,
    iree_host_size_t pos,
    iree_host_size_t n);
intptr_t iree_string_view_split(
    iree_string_view_t value,
    char split_char,
    iree_string_view_t* out_lhs,
    iree_string_view_t* out_rhs);
void iree_string_view_replace_char(
    iree_string_view_t value,
    char old_char,
    char new_char);
bool iree_string_view_match_pattern(
    iree_string_view_t value,
    iree_string_view_t pattern);
void iree_string_view_to_cstring(
    iree_string_view_t value,
    char* buffer,
    iree_host_size_t buffer_length);
iree_host_size_t iree_string_view_append_to_buffer(
    iree_string_view_t source_value,
    iree_string_view_t* target_value,
    char* buffer);
bool iree_string_view_atoi_int32_base(
    iree_string_view_t value,
    int base,
    int32_t* out_value);
bool iree_string_view_atoi_int32(iree_string_view_t value, int32_t* out_value);
bool iree_string_view_atoi_uint32_base(
    iree_string_view_t value,
    int base,
    uint32_t* out_value);
bool iree_string_view_atoi_uint32(
    iree_string_view_t value,
    uint32_t* out_value);
bool iree_string_view_atoi_int64_base(
    iree_string_view_t value,
    int base,
    int64_t* out_value);
bool iree_string_view_atoi_int64(iree_string_view_t value, int64_t* out_value);
bool iree_string_view_atoi_uint64_base(
    iree_string_view_t value,
    int base,
    uint64_t* out_value);
bool iree_string_view_atoi_uint64(
    iree_string_view_t value,
    uint64_t* out_value);
bool iree_string_view_atof(iree_string_view_t value, float* out_value);
bool iree_string_view_atod(iree_string_view_t value, double* out_value);
bool iree_string_view_parse_hex_bytes(
    iree_string_view_t value,
    iree_host_size_t buffer_length,
    uint8_t* out_buffer);
iree_status_t iree_string_view_parse_device_size(
    iree_string_view_t value,
    iree_device_size_t* out_size);

#endif  // IREEC_DECLS_IREE_BASE_STRING_VIEW_H_
