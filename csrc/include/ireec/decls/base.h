// IREE base: allocators, statuses, string views and spans, time and timeouts, string builders.
//
// Plain C declarations (no macros with arguments, no inline bodies) so that the
// same text is both C and the cffi cdef. Layouts and signatures are those of
// IREE at commit 0f64f41a0ae3; tests/test_abi_facts.py checks them.
#ifndef IREEC_DECLS_BASE_H_
#define IREEC_DECLS_BASE_H_

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdarg.h>

#define IREE_HOST_SIZE_MAX 0xffffffffffffffffull
#define IREE_DEVICE_SIZE_MAX 0xffffffffffffffffull
#define IREE_STRING_VIEW_NPOS 0xffffffffffffffffull
#define IREE_DURATION_INFINITE 0x7fffffffffffffffll
#define IREE_DURATION_ZERO 0
#define IREE_TIME_INFINITE_FUTURE 0x7fffffffffffffffll
#define IREE_TIME_INFINITE_PAST (-9223372036854775807 - 1)
#define IREE_MAX_PATH 2047
#define IREE_STATUS_MODE 2

typedef enum iree_allocator_command_e {
  IREE_ALLOCATOR_COMMAND_MALLOC = 0,
  IREE_ALLOCATOR_COMMAND_CALLOC = 1,
  IREE_ALLOCATOR_COMMAND_REALLOC = 2,
  IREE_ALLOCATOR_COMMAND_FREE = 3,
} iree_allocator_command_t;

typedef enum iree_status_code_e {
  IREE_STATUS_OK = 0,
  IREE_STATUS_CANCELLED = 1,
  IREE_STATUS_UNKNOWN = 2,
  IREE_STATUS_INVALID_ARGUMENT = 3,
  IREE_STATUS_DEADLINE_EXCEEDED = 4,
  IREE_STATUS_NOT_FOUND = 5,
  IREE_STATUS_ALREADY_EXISTS = 6,
  IREE_STATUS_PERMISSION_DENIED = 7,
  IREE_STATUS_RESOURCE_EXHAUSTED = 8,
  IREE_STATUS_FAILED_PRECONDITION = 9,
  IREE_STATUS_ABORTED = 10,
  IREE_STATUS_OUT_OF_RANGE = 11,
  IREE_STATUS_UNIMPLEMENTED = 12,
  IREE_STATUS_INTERNAL = 13,
  IREE_STATUS_UNAVAILABLE = 14,
  IREE_STATUS_DATA_LOSS = 15,
  IREE_STATUS_UNAUTHENTICATED = 16,
  IREE_STATUS_DEFERRED = 17,
  IREE_STATUS_INCOMPATIBLE = 18,
  IREE_STATUS_CODE_MASK = 31,
} iree_status_code_t;

typedef enum iree_timeout_type_e {
  IREE_TIMEOUT_ABSOLUTE = 0,
  IREE_TIMEOUT_RELATIVE = 1,
} iree_timeout_type_t;

typedef uint64_t iree_device_size_t;
typedef int64_t iree_duration_t;
typedef size_t iree_host_size_t;
typedef int64_t iree_time_t;

typedef struct iree_allocator_t iree_allocator_t;
typedef struct iree_bitfield_string_mapping_t iree_bitfield_string_mapping_t;
typedef struct iree_bitfield_string_temp_t iree_bitfield_string_temp_t;
typedef struct iree_byte_span_t iree_byte_span_t;
typedef struct iree_const_byte_span_t iree_const_byte_span_t;
typedef struct iree_status_handle_t* iree_status_t;
typedef struct iree_string_builder_t iree_string_builder_t;
typedef struct iree_string_pair_builder_t iree_string_pair_builder_t;
typedef struct iree_string_pair_t iree_string_pair_t;
typedef struct iree_string_view_t iree_string_view_t;
typedef struct iree_timeout_t iree_timeout_t;
struct iree_status_handle_t;

typedef struct iree_status_handle_t* (*iree_allocator_ctl_fn_t)(void*, iree_allocator_command_t, const void*, void**);

struct iree_allocator_t {
  void* self;
  iree_allocator_ctl_fn_t ctl;
};

struct iree_const_byte_span_t {
  const uint8_t* data;
  iree_host_size_t data_length;
};

struct iree_string_view_t {
  const char* data;
  iree_host_size_t size;
};

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

struct iree_byte_span_t {
  uint8_t* data;
  iree_host_size_t data_length;
};

struct iree_timeout_t {
  iree_timeout_type_t type;
  iree_time_t nanos;
};

// Value types callers place on their own stack (layouts from the facts).

struct iree_bitfield_string_mapping_t {
  uint32_t bits;
  iree_string_view_t string;
};

struct iree_bitfield_string_temp_t {
  char buffer[128];
};

struct iree_string_builder_t {
  iree_allocator_t allocator;
  char* buffer;
  iree_host_size_t size;
  iree_host_size_t capacity;
};

struct iree_string_pair_builder_t {
  iree_allocator_t allocator;
  iree_string_pair_t* pairs;
  iree_host_size_t pairs_size;
  iree_host_size_t pairs_capacity;
  char**temp_strings;
  iree_host_size_t temp_strings_size;
  iree_host_size_t temp_strings_capacity;
};

uint32_t iree_absolute_deadline_to_timeout_ms(iree_time_t deadline_ns);
iree_duration_t iree_absolute_deadline_to_timeout_ns(iree_time_t deadline_ns);
iree_status_t iree_allocator_clone(
    iree_allocator_t allocator,
    iree_const_byte_span_t source_bytes,
    void**out_ptr);
void iree_allocator_free(iree_allocator_t allocator, void* ptr);
void iree_allocator_free_aligned(iree_allocator_t allocator, void* ptr);
iree_status_t iree_allocator_libc_ctl(
    void* self,
    iree_allocator_command_t command,
    const void* params,
    void**inout_ptr);
iree_status_t iree_allocator_malloc(
    iree_allocator_t allocator,
    iree_host_size_t byte_length,
    void**out_ptr);
iree_status_t iree_allocator_malloc_aligned(
    iree_allocator_t allocator,
    iree_host_size_t byte_length,
    iree_host_size_t min_alignment,
    iree_host_size_t offset,
    void**out_ptr);
iree_status_t iree_allocator_malloc_uninitialized(
    iree_allocator_t allocator,
    iree_host_size_t byte_length,
    void**out_ptr);
iree_status_t iree_allocator_realloc(
    iree_allocator_t allocator,
    iree_host_size_t byte_length,
    void**inout_ptr);
iree_status_t iree_allocator_realloc_aligned(
    iree_allocator_t allocator,
    iree_host_size_t byte_length,
    iree_host_size_t min_alignment,
    iree_host_size_t offset,
    void**inout_ptr);
iree_status_t iree_bitfield_format(
    uint32_t value,
    iree_host_size_t mapping_count,
    const iree_bitfield_string_mapping_t* mappings,
    iree_string_builder_t* string_builder);
iree_string_view_t iree_bitfield_format_inline(
    uint32_t value,
    iree_host_size_t mapping_count,
    const iree_bitfield_string_mapping_t* mappings,
    iree_bitfield_string_temp_t* out_temp);
iree_status_t iree_bitfield_parse(
    iree_string_view_t value,
    iree_host_size_t mapping_count,
    const iree_bitfield_string_mapping_t* mappings,
    uint32_t* out_value);
iree_time_t iree_relative_timeout_to_deadline_ns(iree_duration_t timeout_ns);
void iree_status_abort(iree_status_t status);
iree_status_t iree_status_allocate(
    iree_status_code_t code,
    const char* file,
    uint32_t line,
    iree_string_view_t message);
iree_status_t iree_status_allocate_f(
    iree_status_code_t code,
    const char* file,
    uint32_t line,
    const char* format,
    ...);
iree_status_t iree_status_annotate(
    iree_status_t base_status,
    iree_string_view_t message);
iree_status_t iree_status_annotate_f(
    iree_status_t base_status,
    const char* format,
    ...);
iree_status_t iree_status_clone(iree_status_t status);
iree_status_code_t iree_status_code_from_errno(int error_number);
const char* iree_status_code_string(iree_status_code_t code);
iree_status_code_t iree_status_consume_code(iree_status_t status);
bool iree_status_format(
    iree_status_t status,
    iree_host_size_t buffer_capacity,
    char* buffer,
    iree_host_size_t* out_buffer_length);
void iree_status_fprint(FILE* file, iree_status_t status);
void iree_status_free(iree_status_t status);
iree_status_t iree_status_freeze(iree_status_t status);
iree_status_t iree_status_ignore(iree_status_t status);
iree_status_t iree_status_join(
    iree_status_t base_status,
    iree_status_t new_status);
bool iree_status_to_string(
    iree_status_t status,
    const iree_allocator_t* allocator,
    char**out_buffer,
    iree_host_size_t* out_buffer_length);
iree_status_t iree_string_builder_append_cstring(
    iree_string_builder_t* builder,
    const char* value);
iree_status_t iree_string_builder_append_format(
    iree_string_builder_t* builder,
    const char* format,
    ...);
iree_status_t iree_string_builder_append_inline(
    iree_string_builder_t* builder,
    iree_host_size_t count,
    char**out_head);
iree_status_t iree_string_builder_append_string(
    iree_string_builder_t* builder,
    iree_string_view_t value);
const char* iree_string_builder_buffer(const iree_string_builder_t* builder);
iree_host_size_t iree_string_builder_capacity(
    const iree_string_builder_t* builder);
void iree_string_builder_commit_append(
    iree_string_builder_t* builder,
    iree_host_size_t append_size);
void iree_string_builder_deinitialize(iree_string_builder_t* builder);
void iree_string_builder_initialize(
    iree_allocator_t allocator,
    iree_string_builder_t* out_builder);
void iree_string_builder_initialize_with_storage(
    char* buffer,
    iree_host_size_t buffer_capacity,
    iree_string_builder_t* out_builder);
iree_status_t iree_string_builder_reserve(
    iree_string_builder_t* builder,
    iree_host_size_t minimum_capacity);
iree_status_t iree_string_builder_reserve_for_append(
    iree_string_builder_t* builder,
    iree_host_size_t minimum_additional_capacity,
    char**out_buffer,
    iree_host_size_t* out_capacity);
void iree_string_builder_reset(iree_string_builder_t* builder);
iree_host_size_t iree_string_builder_size(const iree_string_builder_t* builder);
char* iree_string_builder_take_storage(iree_string_builder_t* builder);
iree_string_view_t iree_string_builder_view(
    const iree_string_builder_t* builder);
iree_status_t iree_string_pair_builder_add(
    iree_string_pair_builder_t* builder,
    iree_string_pair_t pair);
iree_status_t iree_string_pair_builder_add_int32(
    iree_string_pair_builder_t* builder,
    iree_string_view_t key,
    int32_t value);
void iree_string_pair_builder_deinitialize(iree_string_pair_builder_t* builder);
iree_status_t iree_string_pair_builder_emplace_string(
    iree_string_pair_builder_t* builder,
    iree_string_view_t* inout_string);
void iree_string_pair_builder_initialize(
    iree_allocator_t allocator,
    iree_string_pair_builder_t* out_builder);
iree_host_size_t iree_string_view_append_to_buffer(
    iree_string_view_t source_value,
    iree_string_view_t* target_value,
    char* buffer);
bool iree_string_view_atod(iree_string_view_t value, double* out_value);
bool iree_string_view_atof(iree_string_view_t value, float* out_value);
bool iree_string_view_atoi_int32(iree_string_view_t value, int32_t* out_value);
bool iree_string_view_atoi_int32_base(
    iree_string_view_t value,
    int base,
    int32_t* out_value);
bool iree_string_view_atoi_int64(iree_string_view_t value, int64_t* out_value);
bool iree_string_view_atoi_int64_base(
    iree_string_view_t value,
    int base,
    int64_t* out_value);
bool iree_string_view_atoi_uint32(
    iree_string_view_t value,
    uint32_t* out_value);
bool iree_string_view_atoi_uint32_base(
    iree_string_view_t value,
    int base,
    uint32_t* out_value);
bool iree_string_view_atoi_uint64(
    iree_string_view_t value,
    uint64_t* out_value);
bool iree_string_view_atoi_uint64_base(
    iree_string_view_t value,
    int base,
    uint64_t* out_value);
int iree_string_view_compare(iree_string_view_t lhs, iree_string_view_t rhs);
bool iree_string_view_consume_prefix(
    iree_string_view_t* value,
    iree_string_view_t prefix);
bool iree_string_view_consume_suffix(
    iree_string_view_t* value,
    iree_string_view_t suffix);
bool iree_string_view_ends_with(
    iree_string_view_t value,
    iree_string_view_t suffix);
bool iree_string_view_equal(iree_string_view_t lhs, iree_string_view_t rhs);
bool iree_string_view_equal_case(
    iree_string_view_t lhs,
    iree_string_view_t rhs);
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
bool iree_string_view_match_pattern(
    iree_string_view_t value,
    iree_string_view_t pattern);
iree_status_t iree_string_view_parse_device_size(
    iree_string_view_t value,
    iree_device_size_t* out_size);
bool iree_string_view_parse_hex_bytes(
    iree_string_view_t value,
    iree_host_size_t buffer_length,
    uint8_t* out_buffer);
iree_string_view_t iree_string_view_remove_prefix(
    iree_string_view_t value,
    iree_host_size_t n);
iree_string_view_t iree_string_view_remove_suffix(
    iree_string_view_t value,
    iree_host_size_t n);
void iree_string_view_replace_char(
    iree_string_view_t value,
    char old_char,
    char new_char);
intptr_t iree_string_view_split(
    iree_string_view_t value,
    char split_char,
    iree_string_view_t* out_lhs,
    iree_string_view_t* out_rhs);
bool iree_string_view_starts_with(
    iree_string_view_t value,
    iree_string_view_t prefix);
iree_string_view_t iree_string_view_strip_prefix(
    iree_string_view_t value,
    iree_string_view_t prefix);
iree_string_view_t iree_string_view_strip_suffix(
    iree_string_view_t value,
    iree_string_view_t suffix);
iree_string_view_t iree_string_view_substr(
    iree_string_view_t value,
    iree_host_size_t pos,
    iree_host_size_t n);
void iree_string_view_to_cstring(
    iree_string_view_t value,
    char* buffer,
    iree_host_size_t buffer_length);
iree_string_view_t iree_string_view_trim(iree_string_view_t value);
iree_time_t iree_time_now(void);
bool iree_wait_until(iree_time_t deadline_ns);
iree_allocator_t iree_allocator_system(void);
iree_allocator_t iree_allocator_null(void);
bool iree_allocator_is_null(iree_allocator_t allocator);
iree_byte_span_t iree_make_byte_span(void* data, iree_host_size_t data_length);
iree_const_byte_span_t iree_make_const_byte_span(
    const void* data,
    iree_host_size_t data_length);
iree_byte_span_t iree_byte_span_empty(void);
iree_const_byte_span_t iree_const_byte_span_empty(void);
iree_string_view_t iree_make_string_view(
    const char* str,
    iree_host_size_t str_length);
iree_string_view_t iree_make_cstring_view(const char* str);
iree_string_view_t iree_string_view_empty(void);
iree_timeout_t iree_infinite_timeout(void);
iree_timeout_t iree_immediate_timeout(void);
iree_timeout_t iree_make_timeout_ns(iree_duration_t timeout_ns);
iree_timeout_t iree_make_timeout_ms(iree_duration_t timeout_ms);
iree_timeout_t iree_make_deadline(iree_time_t deadline_ns);
bool iree_timeout_is_infinite(iree_timeout_t timeout);
bool iree_timeout_is_immediate(iree_timeout_t timeout);
iree_time_t iree_timeout_as_deadline_ns(iree_timeout_t timeout);
void iree_convert_timeout_to_absolute(iree_timeout_t* timeout);
iree_timeout_t iree_timeout_min(iree_timeout_t lhs, iree_timeout_t rhs);

// The runtime's command-line flag parser (iree/base/internal/flags.h): the
// tools hand it --dump_task_topologies so IREE itself prints the topology
// its --task_* flags define.
typedef uint32_t iree_flags_parse_mode_t;
enum iree_flags_parse_mode_bits_t {
  IREE_FLAGS_PARSE_MODE_DEFAULT = 0,
  IREE_FLAGS_PARSE_MODE_UNDEFINED_OK = 1,
  IREE_FLAGS_PARSE_MODE_CONTINUE_AFTER_HELP = 2,
};
iree_status_t iree_flags_parse(
    iree_flags_parse_mode_t mode,
    int* argc,
    char*** argv);

// ---------------------------------------------------------------------------
// ireec extensions: not part of IREE's API (hence the ireec_ prefix).
// ---------------------------------------------------------------------------

// The system allocator (blocks from either may be freed by the other), also
// advising the kernel to back each allocation of 4 MiB or more with
// transparent huge pages (madvise MADV_HUGEPAGE), as numpy does for its own
// arrays. The CPU drivers allocate device memory from it when their host
// allocator is the system allocator (csrc/base/huge_page_allocator.c).
iree_allocator_t ireec_allocator_system_huge_pages(void);

#endif  // IREEC_DECLS_BASE_H_
