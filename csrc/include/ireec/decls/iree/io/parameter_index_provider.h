// Declarations of IREE's iree/io/parameter_index_provider.h: a parameter
// provider serving one scope from a parameter index.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_IO_PARAMETER_INDEX_PROVIDER_H_
#define IREEC_DECLS_IREE_IO_PARAMETER_INDEX_PROVIDER_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/io/parameter_index.h"
#include "ireec/decls/iree/io/parameter_provider.h"

#define IREE_IO_PARAMETER_INDEX_PROVIDER_DEFAULT_MAX_CONCURRENT_OPERATIONS 16

iree_status_t iree_io_parameter_index_provider_create(
    iree_string_view_t scope,
    iree_io_parameter_index_t* index,
    iree_host_size_t max_concurrent_operations,
    iree_allocator_t host_allocator,
    iree_io_parameter_provider_t** out_provider);

#endif  // IREEC_DECLS_IREE_IO_PARAMETER_INDEX_PROVIDER_H_
