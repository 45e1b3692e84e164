// Declarations of IREE's iree/base/status.h: statuses: codes, allocation,
// annotation, formatting and consumption.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_BASE_STATUS_H_
#define IREEC_DECLS_IREE_BASE_STATUS_H_

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"

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
iree_status_t iree_status_ignore(iree_status_t status);
void iree_status_abort(iree_status_t status);
iree_status_code_t iree_status_code_from_errno(int error_number);
const char* iree_status_code_string(iree_status_code_t code);
iree_status_t iree_status_clone(iree_status_t status);
iree_status_t iree_status_freeze(iree_status_t status);
void iree_status_free(iree_status_t status);
iree_status_t iree_status_join(
    iree_status_t base_status,
    iree_status_t new_status);
iree_status_code_t iree_status_consume_code(iree_status_t status);
bool iree_status_format(
    iree_status_t status,
    iree_host_size_t buffer_capacity,
    char* buffer,
    iree_host_size_t* out_buffer_length);
bool iree_status_to_string(
    iree_status_t status,
    const iree_allocator_t* allocator,
    char**out_buffer,
    iree_host_size_t* out_buffer_length);
void iree_status_fprint(FILE* file, iree_status_t status);

#endif  // IREEC_DECLS_IREE_BASE_STATUS_H_
